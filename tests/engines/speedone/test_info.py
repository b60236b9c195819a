"""Karten-Info and hand sorting (pure functions of a view)."""

from __future__ import annotations

import pytest

from games.speedone.info import card_info, requirement, sort_hand
from tests.engines.speedone.helpers import ENGINE, table

NAMES = ["Anna", "Ben", "Cem", "Dora"]

HAND = ["W", "B+2", "R9", "Y0", "RS", "R1", "W+4", "BS", "B3"]


def test_sort_mode_1_puts_action_cards_beside_the_highest_of_their_colour():
    assert sort_hand(HAND, 1) == ["R1", "R9", "RS", "Y0", "B3", "BS", "B+2", "W", "W+4"]


def test_sort_mode_2_puts_all_action_cards_after_the_numbers():
    assert sort_hand(HAND, 2) == ["R1", "R9", "Y0", "B3", "RS", "BS", "B+2", "W", "W+4"]


def test_sort_rejects_unknown_mode_and_cards():
    with pytest.raises(ValueError):
        sort_hand(HAND, 3)
    with pytest.raises(ValueError):
        sort_hand(["X1"], 1)


def test_card_info_of_a_fitting_number_card():
    state = table([["R9", "B5", "B6"], ["B2"], ["G1"]], "R2")
    info = card_info(ENGINE.view(state, 0), "R9", names=NAMES)
    assert info["color_name"] == "Rot" and info["value"] == "9" and info["points"] == 9
    assert info["playable"] is True and info["reason"] is None
    assert info["next_seat"] == 1


def test_card_info_says_why_a_card_does_not_fit():
    state = table([["Y9", "B5", "B6"], ["B2"]], "R2")
    info = card_info(ENGINE.view(state, 0), "Y9", names=NAMES)
    assert info["playable"] is False
    assert info["reason"] == "Verlangt ist Rot oder 2."


def test_card_info_of_plus4_explains_the_colour_check():
    state = table([["W+4", "R5", "B6"], ["B2"]], "R2")
    info = card_info(ENGINE.view(state, 0), "W+4", names=NAMES)
    assert info["playable"] is False and "Rot" in info["reason"]
    assert info["points"] == 50 and info["next_draws"] == 4


def test_card_info_of_skip_names_the_skipped_seat():
    state = table([["RS", "B5", "B6"], ["B2"], ["G1"]], "R2")
    info = card_info(ENGINE.view(state, 0), "RS", names=NAMES)
    assert info["skipped_seat"] == 1 and info["next_seat"] == 2
    assert info["triggers"] == "Ben setzt aus, dann ist Cem dran."
    assert "Platz" not in info["triggers"]


def test_card_info_of_draw2_counts_the_stack():
    state = table([["R+2", "B5", "B6"], ["B2"]], "G+2", pending=2, options={"stacking": True})
    info = card_info(ENGINE.view(state, 0), "R+2", names=NAMES)
    assert info["playable"] is True and info["next_draws"] == 4


def test_card_info_warns_about_one():
    state = table([["R5", "B6"], ["B2"]], "R2")
    info = card_info(ENGINE.view(state, 0), "R5", names=NAMES)
    assert info["one_warning"] is True and "ONE" in info["triggers"]


def test_card_info_of_the_top_wild_names_the_wish():
    state = table([["R5", "B6"], ["B2"]], "W", color="G")
    info = card_info(ENGINE.view(state, 0), "W", names=NAMES)
    assert info["playable"] is None and "Grün" in info["effect"]


def test_requirement_counts_fitting_cards():
    state = table([["R5", "Y2", "B6", "W"], ["B2"]], "R2")
    req = requirement(ENGINE.view(state, 0))
    assert req["fitting"] == 3 and req["fitting_cards"] == ["R5", "Y2", "W"]
    assert req["text"].startswith("Verlangt: Rot oder 2.")


def test_requirement_with_a_pending_stack():
    state = table([["R5"], ["B2"]], "W+4", color="B", pending=4)
    req = requirement(ENGINE.view(state, 0))
    assert req["pending"] == 4 and req["fitting"] == 0
    assert req["text"].startswith("4 Karten ziehen")


def test_card_info_matches_engine_legality():
    state = ENGINE.new_game(4, {"stacking": True}, 10**12 + 77)
    import random

    rng = random.Random(3)
    for _ in range(400):
        if not ENGINE.actors(state):
            break
        seat = state.turn
        view = ENGINE.view(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        legal_cards = {a["card"] for a in legal if a["type"] == "play"}
        for card in set(view["hand"]):
            assert card_info(view, card, names=NAMES)["playable"] == (card in legal_cards)
        assert requirement(view)["fitting"] == sum(1 for c in view["hand"] if c in legal_cards)
        ENGINE.apply(state, seat, rng.choice(legal))
