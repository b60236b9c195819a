"""Karten-Info: hand groups, card info and table texts from a view."""

from __future__ import annotations

import json

from games.speedbasar.engine.info import card_info, hand_groups, table_info

from .helpers import E, believe_all, doubt, game, lay

HANDS = [
    ["R1", "R2", "K3", "S4", "W", "M"],
    ["K1", "K2", "K3", "K4", "K5", "K6"],
    ["S7", "S8", "S9", "S10", "K7", "K8"],
]


def test_hand_is_grouped_by_spice_with_jokers_last() -> None:
    groups = hand_groups(E.view(game(hands=HANDS), 0))
    assert [g["group"] for g in groups] == ["R", "K", "S", "J"]
    assert [c["card"] for c in groups[0]["cards"]] == ["R1", "R2"]


def test_card_info_counts_copies_and_names_honest_claims() -> None:
    state = game(hands=HANDS)
    info = card_info(E.view(state, 0), "R1")
    assert info["in_hand"] == 1 and info["revealed"] == 0 and info["copies"] == 3
    assert info["honest_claims"] == [{"spice": "R", "number": 1}]
    assert "ehrlich als „Rosenpfeffer 1“" in info["now"]


def test_card_info_of_a_joker_explains_the_half_truth() -> None:
    info = card_info(E.view(game(hands=HANDS), 0), "W")
    assert "Zahl" in info["text"] and info["now"].startswith("½ passt")


def test_card_info_counts_revealed_copies() -> None:
    state = game(hands=HANDS)
    lay(state, 0, "S4", "R1")
    doubt(state, 1, "number")
    assert card_info(E.view(state, 2), "S4")["revealed"] == 1


def test_table_info_names_the_stake_and_the_last_card() -> None:
    state = game(hands=HANDS)
    lay(state, 0, "R1", "R1")
    believe_all(state)
    state.hands[2] = state.hands[2][:1]
    info = table_info(E.view(state, 1))
    assert "1 Karten" in info["pile"] and "Rosenpfeffer 1" in info["claim"]
    assert info["seats"][2]["last_card"] is True
    assert "Noch 12 Karten" in info["draw"]


def test_table_info_reveals_nothing_hidden() -> None:
    state = game(hands=HANDS)
    lay(state, 0, "S4", "R1")
    text = json.dumps(table_info(E.view(state, 1)))
    assert "S4" not in text and "Safran 4" not in text
