"""Scenario tests of the seven Extrascharf rules, alone and in pairs."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from games.speedbasar.engine import cards as C
from games.speedbasar.engine import rules

from .helpers import E, believe_all, doubt, game, hand, lay

HANDS_JOKER = [
    ["W", "M", "R3", "R4", "R5", "R6"],
    ["K1", "K2", "K3", "K4", "K5", "K6"],
    ["S1", "S2", "S3", "S4", "S5", "S6"],
]


def claims(state) -> list[str]:
    return [f"{C.SPICES[s]}{v}" for s, v in rules.claims_now(state)]


def last_card(state, seat: int, keep: str) -> None:
    """Leave ``seat`` with the single card ``keep``."""
    state.hands[seat] = [C.parse(keep)]


# -- 1. Gleicher Preis ----------------------------------------------------------------------------
def test_gleicher_preis_allows_repeating_the_last_number() -> None:
    state = game(rules=["gleicher_preis"])
    lay(state, 0, "R2", "R2")
    believe_all(state)
    assert claims(state)[:2] == ["R2", "R3"]
    lay(state, 1, "K2", "R2")
    assert state.phase == 1


def test_without_gleicher_preis_the_number_must_rise() -> None:
    state = game()
    lay(state, 0, "R2", "R2")
    believe_all(state)
    with pytest.raises(IllegalAction):
        lay(state, 1, "K2", "R2")


def test_gleicher_preis_after_a_ten_allows_ten_again_or_1_to_3() -> None:
    state = game(rules=["gleicher_preis"])
    lay(state, 0, "R1", "R1")
    believe_all(state)
    lay(state, 1, "K6", "R10")
    believe_all(state)
    assert sorted(claims(state)) == ["R1", "R10", "R2", "R3"]


# -- 2. Feilschen ----------------------------------------------------------------------------------
def test_feilschen_number_doubt_fails_when_the_real_number_is_higher() -> None:
    state = game(rules=["feilschen"])
    lay(state, 0, "R5", "R2")
    doubt(state, 1, "number")
    assert len(state.points[0]) == 1 and len(state.hands[1]) == 8


def test_feilschen_number_doubt_wins_when_the_real_number_is_lower() -> None:
    state = game(rules=["feilschen"])
    lay(state, 0, "R1", "R1")
    believe_all(state)
    lay(state, 1, "K1", "R3")
    doubt(state, 2, "number")
    assert len(state.points[2]) == 2


def test_feilschen_still_beats_the_gewuerzmuehle_on_the_number() -> None:
    state = game(hands=HANDS_JOKER, rules=["feilschen"])
    lay(state, 0, "M", "R1")
    doubt(state, 1, "number")
    assert len(state.points[1]) == 1


def test_without_feilschen_a_higher_real_number_is_a_lie() -> None:
    state = game()
    lay(state, 0, "R5", "R2")
    doubt(state, 1, "number")
    assert len(state.points[1]) == 1


# -- 3. Enge Gasse ---------------------------------------------------------------------------------
def test_enge_gasse_only_the_next_player_may_doubt() -> None:
    state = game(rules=["enge_gasse"])
    lay(state, 0, "R5", "R1")
    assert E.actors(state) == frozenset({1})
    with pytest.raises(IllegalAction, match="error.enge_gasse"):
        doubt(state, 2, "number")


def test_enge_gasse_believing_of_the_next_player_closes_the_window() -> None:
    state = game(rules=["enge_gasse"])
    lay(state, 0, "R1", "R1")
    believe_all(state)
    assert state.turn == 1 and state.phase == 0


# -- 4. Zehnerzoll ----------------------------------------------------------------------------------
def _at_ten(rules: list[str]):
    state = game(rules=rules)
    lay(state, 0, "R1", "R1")
    believe_all(state)
    lay(state, 1, "K6", "R9")
    believe_all(state)
    return state


def test_zehnerzoll_caught_on_a_ten_draws_four() -> None:
    state = _at_ten(["zehnerzoll"])
    lay(state, 2, "S6", "R10")
    doubt(state, 0, "number")
    assert len(state.hands[2]) == 5 + 4


def test_zehnerzoll_wrong_doubt_on_a_true_ten_draws_four() -> None:
    state = game(hands=[["R10", *HANDS_JOKER[0][2:], "R1"], *HANDS_JOKER[1:]], rules=["zehnerzoll"])
    lay(state, 0, "R1", "R1")
    believe_all(state)
    lay(state, 1, "K6", "R9")
    believe_all(state)
    state.turn = 0  # seat 0 lays its true 10 next
    lay(state, 0, "R10", "R10")
    doubt(state, 1, "number")
    assert len(state.hands[1]) == 5 + 4


def test_zehnerzoll_does_not_touch_a_nine() -> None:
    state = game(rules=["zehnerzoll"])
    lay(state, 0, "R1", "R1")
    believe_all(state)
    lay(state, 1, "K6", "R9")
    doubt(state, 2, "number")
    assert len(state.hands[1]) == 5 + 2


def test_without_zehnerzoll_a_ten_costs_two() -> None:
    state = _at_ten([])
    lay(state, 2, "S6", "R10")
    doubt(state, 0, "number")
    assert len(state.hands[2]) == 5 + 2


# -- 5. Reine Ware ----------------------------------------------------------------------------------
def test_reine_ware_joker_on_the_last_card_loses_every_doubt() -> None:
    state = game(hands=HANDS_JOKER, rules=["reine_ware"])
    last_card(state, 0, "W")
    lay(state, 0, "W", "K2")
    doubt(state, 1, "number")
    assert len(state.points[1]) == 1 and state.krugs[0] == 0


def test_reine_ware_leaves_jokers_alone_before_the_last_card() -> None:
    state = game(hands=HANDS_JOKER, rules=["reine_ware"])
    lay(state, 0, "W", "K2")
    doubt(state, 1, "number")
    assert len(state.points[0]) == 1


def test_without_reine_ware_a_last_joker_survives_and_earns_the_krug() -> None:
    state = game(hands=HANDS_JOKER)
    last_card(state, 0, "M")
    lay(state, 0, "M", "K2")
    doubt(state, 1, "spice")
    assert state.krugs[0] == 1


# -- 6. Handschlag ----------------------------------------------------------------------------------
def test_handschlag_right_gives_the_caller_the_pile_and_the_claimant_opens_freely() -> None:
    state = game(rules=["handschlag"])
    lay(state, 0, "R1", "R1")
    doubt(state, 2, "exact")
    assert len(state.points[2]) == 1
    assert len(state.hands[0]) == 5 and state.turn == 0


def test_handschlag_wrong_costs_the_caller_two_cards() -> None:
    state = game(rules=["handschlag"])
    lay(state, 0, "R5", "R1")
    doubt(state, 2, "exact")
    assert len(state.points[0]) == 1 and len(state.hands[2]) == 8 and state.turn == 2


def test_handschlag_a_joker_is_never_exactly_right() -> None:
    state = game(hands=HANDS_JOKER, rules=["handschlag"])
    lay(state, 0, "W", "R1")
    doubt(state, 1, "exact")
    assert len(state.points[0]) == 1 and len(state.hands[1]) == 8


def test_handschlag_is_no_action_without_the_rule() -> None:
    state = game()
    lay(state, 0, "R1", "R1")
    assert {"type": "doubt", "feature": "exact", "window": 1} not in E.legal_actions(state, 1)
    with pytest.raises(IllegalAction):
        doubt(state, 1, "exact")


# -- 7. Doppelladung --------------------------------------------------------------------------------
def test_doppelladung_lays_two_cards_under_one_claim() -> None:
    state = game(
        hands=[["R1", "R1", "R3", "R4", "R5", "R6"], *HANDS_JOKER[1:]], rules=["doppelladung"]
    )
    lay(state, 0, ["R1", "R1"], "R1")
    assert len(state.hands[0]) == 4 and len(state.pile[-1][3]) == 2


def test_doppelladung_a_doubt_checks_both_cards() -> None:
    state = game(rules=["doppelladung"])
    lay(state, 0, ["R1", "R2"], "R1")
    doubt(state, 1, "number")
    assert len(state.points[1]) == 2 and len(state.hands[0]) == 4 + 2


def test_doppelladung_both_cards_true_survive() -> None:
    state = game(rules=["doppelladung"])
    lay(state, 0, ["R1", "R2"], "R1")
    doubt(state, 1, "spice")
    assert len(state.points[0]) == 2


def test_without_doppelladung_two_cards_are_rejected() -> None:
    state = game()
    with pytest.raises(IllegalAction, match="error.lay_one"):
        lay(state, 0, ["R1", "R2"], "R1")


def test_doppelladung_the_last_two_cards_earn_the_krug() -> None:
    state = game(rules=["doppelladung"])
    state.hands[0] = [C.parse("R1"), C.parse("R1")]
    lay(state, 0, ["R1", "R1"], "R1")
    believe_all(state)
    assert state.krugs[0] == 1 and len(state.hands[0]) == 6


def test_doppelladung_cards_must_follow_hand_order() -> None:
    state = game(rules=["doppelladung"])
    with pytest.raises(IllegalAction, match="error.hand_order"):
        lay(state, 0, ["R2", "R1"], "R1")


# -- pairs ------------------------------------------------------------------------------------------
def test_pair_feilschen_and_reine_ware_a_last_waage_loses_the_number_doubt() -> None:
    state = game(hands=HANDS_JOKER, rules=["feilschen", "reine_ware"])
    last_card(state, 0, "W")
    lay(state, 0, "W", "R1")
    doubt(state, 1, "number")
    assert len(state.points[1]) == 1


def test_pair_feilschen_and_doppelladung_both_cards_must_reach_the_number() -> None:
    state = game(rules=["feilschen", "doppelladung"])
    lay(state, 0, ["R2", "R5"], "R3")
    doubt(state, 1, "number")
    assert len(state.points[1]) == 2
    lay(state, 0, ["R3", "R4"], "R3")
    doubt(state, 1, "number")
    assert len(state.points[0]) == 2


def test_pair_zehnerzoll_and_handschlag_a_wrong_handshake_on_a_ten_costs_four() -> None:
    state = _at_ten(["zehnerzoll", "handschlag"])
    lay(state, 2, "S6", "R10")
    doubt(state, 0, "exact")
    assert len(state.hands[0]) == 5 + 4 and len(state.points[2]) == 3


def test_pair_enge_gasse_and_handschlag_only_the_next_player_shakes_hands() -> None:
    state = game(rules=["enge_gasse", "handschlag"])
    lay(state, 0, "R1", "R1")
    assert E.actors(state) == frozenset({1})
    with pytest.raises(IllegalAction, match="error.enge_gasse"):
        doubt(state, 2, "exact")
    doubt(state, 1, "exact")
    assert len(state.points[1]) == 1


def test_pair_gleicher_preis_and_doppelladung_two_cards_at_the_same_price() -> None:
    state = game(
        hands=[
            ["R2", "R2", "R3", "R4", "R5", "R6"],
            ["K1", "R1", "R1", "K4", "K5", "K6"],
            HANDS_JOKER[2],
        ],
        rules=["gleicher_preis", "doppelladung"],
    )
    lay(state, 0, ["R2", "R2"], "R2")
    believe_all(state)
    lay(state, 1, ["R1", "R1"], "R2")
    doubt(state, 2, "spice")
    assert len(state.points[1]) == 4


def test_pair_reine_ware_and_handschlag_a_last_honest_card_handshake_still_gives_the_krug() -> None:
    state = game(rules=["reine_ware", "handschlag"])
    last_card(state, 0, "R1")
    lay(state, 0, "R1", "R1")
    doubt(state, 1, "exact")
    assert len(state.points[1]) == 1 and state.krugs[0] == 1 and len(state.hands[0]) == 6


def test_pair_enge_gasse_and_zehnerzoll_the_next_player_pays_four_for_a_wrong_doubt() -> None:
    state = game(
        hands=[["R10", "R2", "R3", "R4", "R5", "R6"], *HANDS_JOKER[1:]],
        rules=["enge_gasse", "zehnerzoll"],
    )
    lay(state, 0, "R2", "R2")
    believe_all(state)
    lay(state, 1, "K6", "R9")
    believe_all(state)
    state.turn = 0
    lay(state, 0, "R10", "R10")
    assert E.actors(state) == frozenset({1})
    doubt(state, 1, "number")
    assert hand(state, 1).count("K1") == 1 and len(state.hands[1]) == 5 + 4
