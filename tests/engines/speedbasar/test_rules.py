"""Scenario tests of the base rules on stacked decks (one rule per test)."""

from __future__ import annotations

import json

import pytest

from games.engines.base import IllegalAction
from games.registry import say
from games.speedbasar.engine import cards as C
from games.speedbasar.engine import rules

from .helpers import E, believe, believe_all, doubt, game, hand, lay, pass_


def claims(state) -> list[str]:
    return [f"{s}{v}" for s, v in ((C.SPICES[s], v) for s, v in rules.claims_now(state))]


# -- setup ------------------------------------------------------------------------------------
def test_each_player_gets_six_cards_from_the_top() -> None:
    state = game()
    assert hand(state, 0) == ["R1", "R2", "R3", "R4", "R5", "R6"]
    assert all(len(h) == 6 for h in state.hands)


def test_deck_holds_96_cards_with_both_joker_kinds() -> None:
    state = E.new_game(4, None, 12345678901)
    everything = [
        c for part in (*state.hands, state.draw, state.below, *state.points) for c in part
    ]
    assert len(everything) == 96
    assert everything.count(C.WAAGE) == 3 and everything.count(C.MUEHLE) == 3
    assert all(everything.count(k) == 3 for k in range(30))


@pytest.mark.parametrize("seed", range(10**9, 10**9 + 30))
def test_glut_lies_with_10_to_20_cards_under_it(seed: int) -> None:
    state = E.new_game(5, None, seed)
    assert 10 <= len(state.below) <= 20
    assert len(state.draw) == 96 - 30 - len(state.below)


def test_first_player_is_drawn_by_lot_from_the_seed() -> None:
    starts = {E.new_game(4, None, 10**12 + i).turn for i in range(40)}
    assert starts == {0, 1, 2, 3}
    assert E.new_game(4, None, 777_777_777).turn == E.new_game(4, None, 777_777_777).turn


def test_noch_counts_the_cards_above_the_glut() -> None:
    state = game(draw=["R7", "R8", "R9"])
    assert E.view(state, 0)["noch"] == 3


# -- claims -----------------------------------------------------------------------------------
def test_new_pile_allows_1_to_3_in_any_spice() -> None:
    state = game()
    assert claims(state) == ["R1", "R2", "R3", "K1", "K2", "K3", "S1", "S2", "S3"]


def test_claim_keeps_the_spice_and_must_be_higher() -> None:
    state = game()
    lay(state, 0, "R2", "R2")
    believe_all(state)
    assert claims(state) == [f"R{v}" for v in range(3, 11)]
    with pytest.raises(IllegalAction):
        lay(state, 1, "K4", "K4")
    with pytest.raises(IllegalAction):
        lay(state, 1, "K2", "R2")


def test_after_a_ten_the_same_spice_goes_on_with_1_to_3() -> None:
    state = game()
    lay(state, 0, "R1", "R1")
    believe_all(state)
    lay(state, 1, "K6", "R10")
    believe_all(state)
    assert claims(state) == ["R1", "R2", "R3"]


def test_laying_a_card_claiming_anything_allowed_is_fine_even_as_a_lie() -> None:
    state = game()
    lay(state, 0, "R6", "S3")
    assert state.hands[0] == [C.parse(c) for c in ["R1", "R2", "R3", "R4", "R5"]]
    assert state.phase == 1


def test_card_not_in_hand_is_rejected_and_state_untouched() -> None:
    state = game()
    before = json.dumps(E.to_json(state))
    with pytest.raises(IllegalAction, match="error.not_in_hand"):
        lay(state, 0, "K1", "K1")
    assert json.dumps(E.to_json(state)) == before


def test_passing_draws_one_card_and_the_next_player_moves() -> None:
    state = game(draw=["S9", "S8", "S7", "S10"])
    pass_(state, 0)
    assert hand(state, 0)[-1] == "S9" and len(state.hands[0]) == 7
    assert state.turn == 1
    assert E.view(state, 0)["noch"] == 3


def test_only_the_player_on_turn_may_lay() -> None:
    state = game()
    with pytest.raises(IllegalAction, match="error.not_your_turn"):
        lay(state, 1, "K1", "K1")


# -- the doubt window -------------------------------------------------------------------------
def test_a_claim_opens_the_doubt_window_for_everybody_else() -> None:
    state = game()
    lay(state, 0, "R1", "R1")
    assert E.actors(state) == frozenset({1, 2})
    assert E.legal_actions(state, 0) == []


def test_when_all_believe_the_next_player_lays_on_the_pile() -> None:
    state = game()
    lay(state, 0, "R1", "R1")
    believe(state, 2)
    assert E.actors(state) == frozenset({1})
    believe(state, 1)
    assert state.turn == 1 and state.phase == 0
    assert len(state.pile) == 1


def test_true_number_doubt_gives_pile_to_claimant_and_doubter_draws_two_and_opens() -> None:
    state = game()
    lay(state, 0, "R1", "R1")
    believe_all(state)
    lay(state, 1, "K2", "R2")  # number true, spice false
    doubt(state, 2, "number")
    assert len(state.points[1]) == 2
    assert len(state.hands[2]) == 8
    assert state.turn == 2 and not state.pile


def test_false_number_doubt_gives_pile_to_doubter_and_claimant_draws_two_and_opens() -> None:
    state = game()
    lay(state, 0, "R5", "R1")
    doubt(state, 1, "number")
    assert len(state.points[1]) == 1
    assert len(state.hands[0]) == 5 + 2
    assert state.turn == 0


def test_spice_doubt_checks_only_the_spice() -> None:
    state = game()
    lay(state, 0, "R5", "R1")  # spice true, number false
    doubt(state, 2, "spice")
    assert len(state.points[0]) == 1 and len(state.hands[2]) == 8


def test_messingwaage_survives_a_number_doubt() -> None:
    state = game(hands=[["W", "R2", "R3", "R4", "R5", "R6"], *HANDS_REST])
    lay(state, 0, "W", "K3")
    doubt(state, 1, "number")
    assert len(state.points[0]) == 1


def test_messingwaage_loses_a_spice_doubt() -> None:
    state = game(hands=[["W", "R2", "R3", "R4", "R5", "R6"], *HANDS_REST])
    lay(state, 0, "W", "K3")
    doubt(state, 1, "spice")
    assert len(state.points[1]) == 1


def test_gewuerzmuehle_survives_a_spice_doubt_and_loses_a_number_doubt() -> None:
    state = game(hands=[["M", "M", "R3", "R4", "R5", "R6"], *HANDS_REST])
    lay(state, 0, "M", "S1")
    doubt(state, 1, "spice")
    assert len(state.points[0]) == 1
    lay(state, 1, "K1", "K1")
    believe_all(state)
    lay(state, 2, "S2", "K2")
    believe_all(state)
    lay(state, 0, "M", "K3")
    doubt(state, 2, "number")
    assert len(state.points[2]) == 3


def test_the_first_doubt_decides_and_a_later_one_is_rejected_clearly() -> None:
    state = game()
    lay(state, 0, "R5", "R1")
    window = state.window
    doubt(state, 2, "spice")
    with pytest.raises(IllegalAction, match="error.late_doubted"):
        E.apply(state, 1, {"type": "doubt", "feature": "number", "window": window})


def test_a_doubt_for_an_older_claim_does_not_hit_the_new_one() -> None:
    state = game()
    lay(state, 0, "R1", "R1")
    old = state.window
    believe_all(state)
    lay(state, 1, "K5", "R2")
    with pytest.raises(IllegalAction, match="error.window_stale"):
        E.apply(state, 2, {"type": "doubt", "feature": "number", "window": old})
    assert state.phase == 1 and state.window == old + 1


def test_late_doubt_after_everybody_believed_is_rejected() -> None:
    state = game()
    lay(state, 0, "R1", "R1")
    window = state.window
    believe_all(state)
    with pytest.raises(IllegalAction, match="error.late_believed"):
        E.apply(state, 1, {"type": "doubt", "feature": "number", "window": window})


def test_who_believed_may_not_doubt_afterwards() -> None:
    state = game()
    lay(state, 0, "R5", "R1")
    believe(state, 1)
    with pytest.raises(IllegalAction, match="error.already_believed"):
        doubt(state, 1)


def test_the_claimant_cannot_doubt_the_own_claim() -> None:
    state = game()
    lay(state, 0, "R5", "R1")
    with pytest.raises(IllegalAction, match="error.own_claim"):
        doubt(state, 0)


def test_nobody_lays_while_the_window_is_open() -> None:
    state = game()
    lay(state, 0, "R1", "R1")
    with pytest.raises(IllegalAction, match="error.doubt_first"):
        lay(state, 1, "K2", "R2")


# -- last card, Krug and the end ----------------------------------------------------------------
def _one_card_left(draw: list[str] | None = None, krugs: tuple[int, ...] = (0, 0, 0)):
    state = game(draw=draw)
    for c in ["R2", "R3", "R4", "R5", "R6"]:
        state.hands[0].remove(C.parse(c))
    state.krugs = list(krugs)
    return state


def test_last_card_believed_gives_a_krug_and_six_new_cards() -> None:
    state = _one_card_left()
    lay(state, 0, "R1", "R1")
    events = believe_all(state)
    assert state.krugs[0] == 1 and len(state.hands[0]) == 6
    assert any(e["type"] == "krug" for e in events)
    assert state.turn == 1 and state.pile  # the pile goes on


def test_caught_on_the_last_card_draws_two_and_no_krug() -> None:
    state = _one_card_left()
    lay(state, 0, "R1", "S2")
    doubt(state, 1, "spice")
    assert state.krugs[0] == 0 and len(state.hands[0]) == 2 and state.turn == 0


def test_failed_doubt_on_the_last_card_gives_krug_and_pile() -> None:
    state = _one_card_left()
    lay(state, 0, "R1", "R1")
    doubt(state, 2, "number")
    assert state.krugs[0] == 1 and len(state.points[0]) == 1
    assert len(state.hands[0]) == 6 and len(state.hands[2]) == 8
    assert state.turn == 2


def test_second_krug_wins_at_once_even_with_fewer_points() -> None:
    state = _one_card_left(krugs=(1, 0, 0))
    state.points[1] = [C.parse("K9")] * 40
    lay(state, 0, "R1", "R1")
    believe_all(state)
    result = E.result(state)
    assert result is not None and result.winners == [0]
    assert result.scores[1] > result.scores[0]
    assert result.details["reason"] == "krug2"


def test_third_krug_given_ends_the_game() -> None:
    state = _one_card_left(krugs=(0, 1, 1))
    lay(state, 0, "R1", "R1")
    believe_all(state)
    result = E.result(state)
    assert result is not None and result.details["reason"] == "krug3"
    assert len(state.hands[0]) == 0  # no draw after the game ended


def test_glut_on_top_ends_the_game_and_the_open_pile_counts_for_nobody() -> None:
    state = game(draw=["S9"])
    lay(state, 0, "R1", "R1")
    believe_all(state)
    pass_(state, 1)
    result = E.result(state)
    assert result is not None and result.details["reason"] == "glut"
    assert result.details["point_piles"] == [0, 0, 0]
    assert E.actors(state) == frozenset()


def test_a_draw_reaching_the_glut_takes_what_is_left() -> None:
    state = game(draw=["S9"])
    lay(state, 0, "R5", "R1")
    doubt(state, 1, "number")
    assert len(state.hands[0]) == 5 + 1
    assert E.result(state) is not None


def test_scoring_counts_pile_cards_krugs_and_hand_cards() -> None:
    state = game(draw=["S9"])
    state.krugs = [1, 0, 0]
    state.points[0] = [C.parse("K9")] * 4
    pass_(state, 0)
    result = E.result(state)
    assert result is not None
    assert result.scores == [4 + 10 - 7, -6, -6]
    assert result.places == [1, 2, 2] and result.winners == [0]


def test_tie_break_more_krugs_then_fewer_hand_cards() -> None:
    state = game(draw=["S9"])
    state.krugs = [1, 0, 0]
    state.points[1] = [C.parse("K9")] * 9  # 9 - 6 = 3
    state.points[2] = [C.parse("K8")] * 8
    state.hands[2] = state.hands[2][:5]  # 8 - 5 = 3
    pass_(state, 0)  # 10 - 7 = 3, and the Glut ends the game
    result = E.result(state)
    assert result is not None and result.scores == [3, 3, 3]
    assert result.places == [1, 3, 2]


def test_equal_on_everything_shares_the_place() -> None:
    state = game(draw=["S9"])
    pass_(state, 0)
    result = E.result(state)
    assert result is not None and result.places == [3, 1, 1] and result.winners == [1, 2]


def test_timeout_is_believe_in_the_window_and_pass_on_a_turn() -> None:
    state = game()
    assert E.timeout_action(state, 0) == {"type": "pass"}
    lay(state, 0, "R1", "R1")
    assert E.timeout_action(state, 1) == {"type": "believe", "window": state.window}


def test_events_never_name_a_hidden_card() -> None:
    state = game()
    events = lay(state, 0, "R5", "R1") + believe_all(state) + pass_(state, 1)
    text = json.dumps(events)
    assert '"R5"' not in text and "S" + "6" not in text


@pytest.mark.parametrize(
    "action",
    [
        {"type": "lay", "cards": ["R1"], "spice": "R", "number": 1, "x": 1},
        {"type": "lay", "cards": "R1", "spice": "R", "number": 1},
        {"type": "lay", "cards": ["R1"], "spice": "X", "number": 1},
        {"type": "lay", "cards": ["R1"], "spice": "R", "number": True},
        {"type": "lay", "cards": ["R1"], "spice": "R", "number": "1"},
        {"type": "lay", "cards": ["R1", "R2"], "spice": "R", "number": 1},
        {"type": "lay", "cards": [], "spice": "R", "number": 1},
        {"type": "pass", "cards": ["R1"]},
        {"type": "believe"},
        {"type": "doubt", "feature": "number"},
    ],
)
def test_forged_actions_are_rejected_with_a_message(action: dict) -> None:
    state = game()
    before = json.dumps(E.to_json(state))
    with pytest.raises(IllegalAction) as info:
        E.apply(state, 0, action)
    assert say("speedbasar", info.value.msg)
    assert json.dumps(E.to_json(state)) == before


HANDS_REST = [
    ["K1", "K2", "K3", "K4", "K5", "K6"],
    ["S1", "S2", "S3", "S4", "S5", "S6"],
]


def test_turn_order_goes_on_from_the_player_who_opened_the_new_pile() -> None:
    state = game()
    lay(state, 0, "R5", "R1")
    doubt(state, 2, "number")  # seat 0 is caught and opens anew
    lay(state, 0, "R1", "R1")
    believe_all(state)
    assert state.turn == 1


def test_the_six_krug_cards_come_only_once_the_window_closes() -> None:
    state = game()
    state.hands[0] = [C.parse("R1")]
    lay(state, 0, "R1", "R1")
    believe(state, 1)
    assert E.view(state, 2)["hand_counts"][0] == 0 and state.krugs[0] == 0
    believe(state, 2)
    assert len(state.hands[0]) == 6 and state.krugs[0] == 1


def test_actions_are_described_in_german() -> None:
    def said(action: dict) -> str:
        return say("speedbasar", E.describe_action(action))

    assert said({"type": "pass"}) == "passt und zieht eine Karte"
    lay_text = said({"type": "lay", "cards": ["R5"], "spice": "K", "number": 7})
    assert lay_text == "legt eine Karte verdeckt: „Kardamom 7“"
    assert said({"type": "doubt", "feature": "spice", "window": 3}) == "zweifelt das Gewürz an"
    assert E.describe_action({"type": "pass"}).code == "move.pass"
