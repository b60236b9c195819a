"""Speedone scenario tests: one rule per test, on stacked decks and set-up tables."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.engines.base import IllegalAction, InvalidOptions
from games.speedone.engine.cards import DECK, NAME
from games.speedone.texts import TEXTS
from games.wording import knows
from tests.engines.speedone.helpers import (
    ENGINE,
    SEED,
    draw,
    full_deal,
    hand,
    one,
    play,
    refused,
    table,
)

H0 = ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]
H1 = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"]
H2 = ["G1", "G2", "G3", "G4", "G5", "G6", "G7"]
H3 = ["B1", "B2", "B3", "B4", "B5", "B6", "B7"]


def dump(state) -> str:
    return json.dumps(ENGINE.to_json(state), sort_keys=True)


# -- deck and deal -------------------------------------------------------------------------------
def test_deck_has_108_cards_with_the_seed_composition():
    counts = Counter(NAME[c] for c in DECK)
    assert len(DECK) == 108
    assert counts["R0"] == 1 and counts["R9"] == 2 and counts["GS"] == 2
    assert counts["BR"] == 2 and counts["Y+2"] == 2
    assert counts["W"] == 4 and counts["W+4"] == 4


def test_each_player_gets_seven_cards_and_left_of_dealer_begins():
    state = ENGINE.new_game(3, {}, SEED, full_deal(3, [H0, H1, H2], "B9"))
    assert [len(h) for h in state.hands] == [7, 7, 7]
    assert state.dealer == 2 and state.turn == 0
    assert len(state.pile) == 108 - 21 - 1


def test_stacked_deck_deals_hands_in_seat_order():
    deck = full_deal(2, [H0, H1], "G9")
    state = ENGINE.new_game(2, {}, SEED, deck)
    assert hand(state, 0) == H0 and hand(state, 1) == H1
    assert ENGINE.view(state, 0)["top"] == "G9"


@pytest.mark.parametrize("first", ["W", "W+4"])
def test_first_card_wild_is_shuffled_back(first):
    deck = full_deal(2, [H0, H1], first)
    state = ENGINE.new_game(2, {}, SEED, deck)
    top = ENGINE.view(state, 0)["top"]
    assert top not in ("W", "W+4")
    assert len(state.pile) == 108 - 14 - 1
    assert sorted(state.pile + state.discard + sum(state.hands, [])) == sorted(DECK)


def test_first_card_skip_skips_the_first_player():
    state = ENGINE.new_game(4, {}, SEED, full_deal(4, [H0, H1, H2, H3], "GS"))
    assert state.dealer == 3
    assert state.turn == 1


def test_first_card_skip_with_two_players_dealer_begins():
    state = ENGINE.new_game(2, {}, SEED, full_deal(2, [H0, H1], "GS"))
    assert state.turn == state.dealer == 1


def test_first_card_reverse_dealer_begins_and_play_runs_the_other_way():
    state = ENGINE.new_game(4, {}, SEED, full_deal(4, [H0, H1, H2, H3], "GR"))
    assert state.turn == 3 and state.direction == -1
    draw(state, 3)
    assert state.turn == 2


def test_first_card_reverse_with_two_players_dealer_begins():
    state = ENGINE.new_game(2, {}, SEED, full_deal(2, [H0, H1], "RR"))
    assert state.turn == state.dealer == 1


def test_first_card_draw2_first_player_must_draw_two():
    state = ENGINE.new_game(3, {}, SEED, full_deal(3, [H0, H1, H2], "B+2"))
    assert state.turn == 0 and state.pending == 2
    assert ENGINE.legal_actions(state, 0) == [{"type": "draw"}]
    draw(state, 0)
    assert len(state.hands[0]) == 9 and state.turn == 1 and state.pending == 0


def test_first_card_draw2_may_be_answered_with_draw2_when_passing_on():
    h0 = ["R+2", "R2", "R3", "R4", "R5", "R6", "R7"]
    state = ENGINE.new_game(3, {"stacking": True}, SEED, full_deal(3, [h0, H1, H2], "B+2"))
    assert {"type": "play", "card": "R+2"} in ENGINE.legal_actions(state, 0)
    play(state, 0, "R+2")
    assert state.pending == 4 and state.turn == 1


# -- laying cards --------------------------------------------------------------------------------
def test_card_of_same_colour_fits():
    state = table([["R9", "Y1"], ["B1", "B2"]], "R2")
    play(state, 0, "R9")
    assert ENGINE.view(state, 1)["top"] == "R9" and state.turn == 1


def test_card_of_same_value_fits():
    state = table([["Y2", "B1", "B3"], ["B1", "B2"]], "R2")
    play(state, 0, "Y2")
    assert ENGINE.view(state, 1)["color"] == "Y"


def test_card_of_other_colour_and_value_is_illegal():
    state = table([["Y3", "B1", "B3"], ["B1", "B2"]], "R2")
    before = dump(state)
    with refused(IllegalAction, "Verlangt ist Rot oder 2"):
        play(state, 0, "Y3")
    assert dump(state) == before


def test_action_symbols_match_across_colours():
    state = table([["YS", "B1", "B3"], ["B1", "B2"], ["G1", "G2"]], "RS")
    play(state, 0, "YS")
    assert state.turn == 2


def test_playing_a_card_not_in_hand_is_illegal():
    state = table([["R3", "B1"], ["B1", "B2"]], "R2")
    with refused(IllegalAction, "nicht"):
        play(state, 0, "R5")


def test_playing_out_of_turn_is_illegal():
    state = table([["R3", "B1"], ["R4", "B2"]], "R2")
    with refused(IllegalAction, "nicht am Zug"):
        play(state, 1, "R4")


# -- action cards ---------------------------------------------------------------------------------
def test_skip_skips_the_next_player():
    state = table([["RS", "B1", "B5"], ["R1", "B2"], ["R1", "B2"]], "R2")
    events = play(state, 0, "RS")
    assert state.turn == 2
    assert {"type": "skip", "seat": 1} in events


def test_skip_with_two_players_lets_the_player_lay_again():
    state = table([["RS", "B1", "B5"], ["R1", "B2"]], "R2")
    play(state, 0, "RS")
    assert state.turn == 0


def test_reverse_changes_direction():
    state = table([["RR", "B1", "B5"], ["R1", "B2"], ["R1", "B2"]], "R2", turn=0)
    play(state, 0, "RR")
    assert state.direction == -1 and state.turn == 2


def test_reverse_with_two_players_acts_as_skip():
    state = table([["RR", "B1", "B5"], ["R1", "B2"]], "R2")
    play(state, 0, "RR")
    assert state.turn == 0


def test_draw2_makes_the_next_player_draw_two_and_lose_the_turn():
    state = table([["R+2", "B1", "B5"], ["R1", "B2"], ["R1", "B2"]], "R2")
    play(state, 0, "R+2")
    assert state.turn == 1 and state.pending == 2
    assert ENGINE.legal_actions(state, 1) == [{"type": "draw"}, {"type": "one"}]
    draw(state, 1)
    assert len(state.hands[1]) == 4 and state.turn == 2 and state.pending == 0


def test_two_players_draw2_gives_the_layer_the_next_turn():
    state = table([["R+2", "B1", "B5"], ["R1", "B2", "B3"]], "R2")
    play(state, 0, "R+2")
    draw(state, 1)
    assert state.turn == 0


def test_wild_sets_the_wished_colour():
    state = table([["W", "B1", "B5"], ["R1", "B2"]], "R2")
    play(state, 0, "W", "G")
    view = ENGINE.view(state, 1)
    assert view["top"] == "W" and view["color"] == "G"
    assert ENGINE.legal_actions(state, 1) == [{"type": "draw"}, {"type": "one"}]


def test_wild_without_a_wish_is_illegal():
    state = table([["W", "B1", "B5"], ["R1", "B2"]], "R2")
    with refused(IllegalAction, "Farbe"):
        play(state, 0, "W")
    with pytest.raises(IllegalAction):
        play(state, 0, "W", "X")


def test_colour_with_a_non_wild_is_illegal():
    state = table([["R5", "B1", "B5"], ["R1", "B2"]], "R2")
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, {"type": "play", "card": "R5", "color": "G"})


def test_on_a_wild_only_the_wished_colour_fits():
    state = table([["G5", "R1", "B5"], ["R1", "B2"]], "W", color="G")
    legal = ENGINE.legal_actions(state, 0)
    assert legal == [{"type": "play", "card": "G5"}, {"type": "draw"}]


def test_plus4_makes_the_next_player_draw_four():
    state = table([["W+4", "B1", "B5"], ["R1", "B2"], ["R1"]], "R2")
    play(state, 0, "W+4", "B")
    assert state.pending == 4 and state.color == 3
    draw(state, 1)
    assert len(state.hands[1]) == 6 and state.turn == 2


def test_plus4_illegal_while_holding_demanded_colour():
    state = table([["W+4", "R9", "B5"], ["R1", "B2"]], "R2")
    assert all(a.get("card") != "W+4" for a in ENGINE.legal_actions(state, 0))
    with refused(IllegalAction, "keine Karte in Rot"):
        play(state, 0, "W+4", "B")


def test_plus4_legal_when_only_same_value_of_other_colour_fits():
    state = table([["W+4", "Y2", "B5"], ["R1", "B2"]], "R2")
    assert {"type": "play", "card": "W+4", "color": "B"} in ENGINE.legal_actions(state, 0)


def test_plus4_legal_when_holding_a_plain_wild():
    state = table([["W+4", "W", "B5"], ["R1", "B2"]], "R2")
    assert {"type": "play", "card": "W+4", "color": "Y"} in ENGINE.legal_actions(state, 0)


def test_plus4_checks_the_wished_colour_after_a_wild():
    state = table([["W+4", "R5", "B5"], ["R1", "B2"]], "W", color="B")
    assert all(a.get("card") != "W+4" for a in ENGINE.legal_actions(state, 0))


# -- passing on (Plus weitergeben) -----------------------------------------------------------------
STACK = {"stacking": True}


def test_without_passing_on_a_draw2_cannot_be_answered():
    state = table([["B1", "B5"], ["R+2", "Y+2", "B2"]], "G+2", turn=1, pending=2)
    assert ENGINE.legal_actions(state, 1) == [{"type": "draw"}]


def test_passing_on_draw2_on_draw2_adds_up():
    state = table([["R+2", "B1"], ["Y+2", "B2", "B3"], ["G1", "G2"]], "R5", options=STACK, turn=0)
    play(state, 0, "R+2")
    play(state, 1, "Y+2")
    assert state.pending == 4 and state.turn == 2
    assert ENGINE.legal_actions(state, 2) == [{"type": "draw"}, {"type": "one"}]
    draw(state, 2)
    assert len(state.hands[2]) == 6 and state.pending == 0 and state.turn == 0


def test_passing_on_allows_only_draw2_on_draw2():
    state = table([["W+4", "R5", "R9"], ["B1"]], "G+2", options=STACK, pending=2)
    assert ENGINE.legal_actions(state, 0) == [{"type": "draw"}]


def test_draw2_on_plus4_is_never_allowed():
    state = table([["R+2", "B5", "B9"], ["B1"]], "W+4", color="R", options=STACK, pending=4)
    assert ENGINE.legal_actions(state, 0) == [{"type": "draw"}]
    with refused(IllegalAction, "Auf eine Wunsch Plus4 passt nur eine Wunsch Plus4"):
        play(state, 0, "R+2")


def test_plus4_on_plus4_checks_the_colour_the_previous_plus4_named():
    ok = table([["W+4", "B5", "B9"], ["B1"]], "W+4", color="R", options=STACK, pending=4)
    assert {"type": "play", "card": "W+4", "color": "G"} in ENGINE.legal_actions(ok, 0)
    bad = table([["W+4", "R5", "B9"], ["B1"]], "W+4", color="R", options=STACK, pending=4)
    assert ENGINE.legal_actions(bad, 0) == [{"type": "draw"}]


def test_the_drawer_of_a_plus4_stack_draws_all_and_loses_the_turn():
    state = table(
        [["W+4", "B5", "B9"], ["B1"], ["G1", "G2"]],
        "W+4",
        color="R",
        options=STACK,
        pending=4,
        pile=["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9"],
    )
    play(state, 0, "W+4", "G")
    draw(state, 1)
    assert len(state.hands[1]) == 9 and state.turn == 2 and state.color == 2


# -- drawing ------------------------------------------------------------------------------------
def test_drawing_ends_the_turn_even_if_the_drawn_card_fits():
    state = table([["B1", "B5"], ["B2"]], "R2", pile=["R9"])
    draw(state, 0)
    assert hand(state, 0) == ["R9", "B1", "B5"] and state.turn == 1


def test_drawing_voluntarily_is_allowed_with_a_fitting_card():
    state = table([["R1", "B5"], ["B2"]], "R2")
    assert {"type": "draw"} in ENGINE.legal_actions(state, 0)


def test_voluntary_draw_is_remembered_with_the_demanded_colour():
    state = table([["B1", "B5"], ["B2"]], "W", color="G")
    draw(state, 0)
    assert ENGINE.view(state, 1)["seats"][0]["missed"] == ["G"]


def test_hand_limit_22_forfeits_the_rest_of_a_draw():
    big = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"] * 2 + ["Y1", "Y2"]
    state = table([["R+2", "B5", "B6"], big], "R2")
    assert len(state.hands[1]) == 20
    play(state, 0, "R+2")
    state.hands[1].append(state.hands[1][0])
    state.hands[1].sort()
    draw(state, 1)
    assert len(state.hands[1]) == 22 and len(state.pile) == 7


def test_drawing_at_22_cards_is_a_pass():
    big = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"] * 2 + ["Y1", "Y2", "Y3", "Y4"]
    state = table([big, ["G1"]], "R2")
    events = draw(state, 0)
    assert len(state.hands[0]) == 22 and state.turn == 1
    assert events[-1]["count"] == 0


def test_empty_pile_is_refilled_from_the_discards_except_the_top():
    state = table([["B1", "B5"], ["B2"]], "R2", pile=[], discard_below=["G7", "W", "Y3"])
    events = draw(state, 0)
    assert len(state.hands[0]) == 3 and len(state.pile) == 2
    assert ENGINE.view(state, 1)["discard"] == ["R2"]
    assert events[0]["type"] == "reshuffle"


def test_nothing_left_to_draw_loses_the_draw():
    state = table([["B1", "B5"], ["B2"]], "R2", pile=[])
    draw(state, 0)
    assert hand(state, 0) == ["B1", "B5"] and state.turn == 1


def test_timeout_action_is_draw():
    state = table([["R1", "B5"], ["B2"]], "R2")
    assert ENGINE.timeout_action(state, 0) == {"type": "draw"}


# -- ONE ----------------------------------------------------------------------------------------
def test_one_is_legal_only_with_two_cards():
    state = table([["R1", "B5", "B6"], ["B2"]], "R2")
    assert {"type": "one"} not in ENGINE.legal_actions(state, 0)
    with refused(IllegalAction, "zwei Karten"):
        one(state, 0)


def test_pressing_one_before_the_second_to_last_card_avoids_the_penalty():
    state = table([["R1", "B5"], ["B2", "B3"]], "R2")
    one(state, 0)
    assert state.turn == 0 and {"type": "one"} not in ENGINE.legal_actions(state, 0)
    play(state, 0, "R1")
    assert hand(state, 0) == ["B5"]
    assert ENGINE.view(state, 1)["seats"][0]["one"] is True


def test_forgetting_one_draws_two_automatically():
    state = table([["R1", "B5"], ["B2", "B3"]], "R2", pile=["G1", "G2", "G3"])
    events = play(state, 0, "R1")
    assert hand(state, 0) == ["G1", "G2", "B5"]
    assert {"type": "penalty", "seat": 0, "count": 2} in events


def test_one_flag_is_cleared_after_drawing():
    state = table([["R1", "B5"], ["B2", "B3"]], "R2")
    one(state, 0)
    draw(state, 0)
    assert ENGINE.view(state, 1)["seats"][0]["one"] is False


# -- round end ----------------------------------------------------------------------------------
def test_going_out_ends_the_round_and_each_counts_own_cards():
    state = table([["R1"], ["B2", "GS", "W"], ["Y9", "Y0"]], "R2")
    play(state, 0, "R1")
    last = ENGINE.view(state, 0)["last_round"]
    assert last["winners"] == [0]
    assert last["points"] == [0, 72, 9]
    assert state.scores == [0, 72, 9]
    assert last["hands"][1] == ["GS", "B2", "W"]
    assert state.round == 2


def test_action_cards_count_20_and_wilds_50():
    state = table([["R1"], ["GS", "BR", "Y+2", "W", "W+4"]], "R2")
    play(state, 0, "R1")
    assert state.scores == [0, 160]


def test_winner_collects_everyone_elses_points():
    state = table([["R1"], ["B2", "GS"], ["Y9"]], "R2", options={"scoring": "winner"})
    play(state, 0, "R1")
    assert state.scores == [31, 0, 0]


def test_going_out_on_draw2_the_next_player_still_draws_first():
    state = table([["R+2"], ["B2"], ["Y9"]], "R2", pile=["G9", "G8", "G7"])
    play(state, 0, "R+2")
    assert ENGINE.view(state, 0)["last_round"]["hands"][1] == ["G8", "G9", "B2"]
    assert state.scores == [0, 19, 9]


def test_dealer_rotates_and_new_round_is_dealt():
    state = table([["R1"], ["B2"], ["Y9"]], "R2")
    dealer = state.dealer
    play(state, 0, "R1")
    assert state.dealer == (dealer + 1) % 3
    assert [len(h) for h in state.hands] == [7, 7, 7]
    assert sorted(state.pile + state.discard + sum(state.hands, [])) == sorted(DECK)


def test_game_ends_after_the_round_reaching_the_target_lowest_wins():
    state = table([["R1"], ["W", "W", "W", "W+4"], ["Y9"]], "R2")
    play(state, 0, "R1")
    assert state.over and ENGINE.actors(state) == frozenset()
    result = ENGINE.result(state)
    assert result.scores == [0, 200, 9]
    assert result.winners == [0] and result.places == [1, 3, 2]


def test_winner_collects_mode_highest_score_wins():
    state = table([["R1"], ["W", "W", "W", "W+4"], ["Y9"]], "R2", options={"scoring": "winner"})
    play(state, 0, "R1")
    result = ENGINE.result(state)
    assert result.scores == [209, 0, 0] and result.winners == [0]
    assert result.places == [1, 2, 2]


def test_equal_scores_share_the_win():
    state = table([["R1"], ["W", "W", "W", "W+4"], ["Y9"]], "R2")
    state.scores = [9, 0, 0]
    play(state, 0, "R1")
    result = ENGINE.result(state)
    assert result.scores == [9, 200, 9] and result.winners == [0, 2]


def test_leaderboard_points_per_round_by_player_count():
    for n, loser in ((2, -4), (3, -5), (4, -6)):
        hands = [["R1"]] + [["B2"]] * (n - 1)
        state = table(hands, "R2")
        play(state, 0, "R1")
        assert state.round_points[-1] == [10] + [loser] * (n - 1)


def test_result_sums_round_leaderboard_points_and_lists_round_winners():
    state = table([["R1"], ["W", "W", "W", "W+4"], ["Y9"]], "R2")
    state.round_points = [[-5, 10, -5]]
    state.round_winners = [[1]]
    play(state, 0, "R1")
    result = ENGINE.result(state)
    assert result.round_winners == [[1], [0]]
    assert result.leaderboard == [5, 5, -10]
    assert result.details["round_leaderboard"] == [[-5, 10, -5], [10, -5, -5]]


# -- partner mode -------------------------------------------------------------------------------
PARTNERS = {"partners": True}


def test_partner_mode_needs_four_players():
    with refused(InvalidOptions, "zu viert"):
        ENGINE.new_game(3, PARTNERS, SEED)


def test_partner_mode_each_team_scores_both_partners_hands():
    state = table([["R1"], ["B2"], ["Y9"], ["G5"]], "R2", options=PARTNERS)
    play(state, 0, "R1")
    assert state.scores == [9, 7, 9, 7]
    assert state.round_winners[-1] == [0, 2]
    assert state.round_points[-1] == [10, -5, 10, -5]


def test_partner_mode_winner_team_collects_opponents_hands():
    state = table([["R1"], ["B2"], ["Y9"], ["G5"]], "R2", options={**PARTNERS, "scoring": "winner"})
    play(state, 0, "R1")
    assert state.scores == [7, 0, 7, 0]


def test_partner_mode_team_with_fewer_points_wins_even_if_both_reach_target():
    state = table([["R1"], ["B2"], ["Y9"], ["G5"]], "R2", options=PARTNERS)
    state.scores = [195, 198, 195, 198]
    play(state, 0, "R1")
    result = ENGINE.result(state)
    assert result.scores == [204, 205, 204, 205]
    assert result.winners == [0, 2]


def test_partner_mode_equal_team_points_both_teams_win():
    state = table([["R1"], ["B2"], ["Y2"], ["G5"]], "R2", options=PARTNERS)
    state.scores = [205, 200, 205, 200]
    play(state, 0, "R1")
    result = ENGINE.result(state)
    assert result.winners == [0, 1, 2, 3]


# -- options and forged input ---------------------------------------------------------------------
def test_default_options():
    state = ENGINE.new_game(4, None, SEED)
    assert state.options == {
        "target": 200,
        "scoring": "each",
        "stacking": False,
        "partners": False,
    }


@pytest.mark.parametrize(
    "options",
    [{"target": 300}, {"target": True}, {"scoring": "all"}, {"stacking": 1}, {"foo": 1}],
)
def test_invalid_options_are_rejected(options):
    with pytest.raises(InvalidOptions):
        ENGINE.new_game(4, options, SEED)


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_is_two_to_four(players):
    with pytest.raises(InvalidOptions):
        ENGINE.new_game(players, {}, SEED)


@pytest.mark.parametrize(
    "bad",
    [
        None,
        {},
        "play",
        {"type": "play", "card": 7},
        {"type": "play", "card": ["R1"]},
        {"type": "draw", "x": 1},
        {"type": "one", "card": "R1"},
        {"type": "play", "card": "W", "color": ["R"]},
        {"type": "play", "card": "W", "color": None},
    ],
)
def test_forged_actions_raise_and_change_nothing(bad):
    state = table([["R1", "W", "B5"], ["B2"]], "R2")
    before = dump(state)
    with pytest.raises(IllegalAction) as exc:
        ENGINE.apply(state, 0, bad)
    assert knows(exc.value.code, TEXTS)
    assert dump(state) == before


def test_json_round_trip_and_clone_are_independent():
    state = ENGINE.new_game(4, {"stacking": True}, SEED)
    copy = ENGINE.clone(state)
    assert dump(copy) == dump(state)
    draw(copy, copy.turn)
    assert dump(copy) != dump(state)
    assert dump(ENGINE.from_json(json.loads(dump(state)))) == dump(state)
