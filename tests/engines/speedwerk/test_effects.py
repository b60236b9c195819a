"""What happens after a trick: Fließband passing, Dampfwolke bid change, Schrottsammlerin swap."""

from __future__ import annotations

import json

import pytest

from games.engines.base import IllegalAction
from games.speedwerk.engine.rules import P_ADJUST, P_PASS, P_PLAY, P_SWAP
from tests.engines.speedwerk.helpers import E, bid_all, deal, play, start


def _fliessband_trick():
    st = start([["FB", "B4"], ["R6", "B2"], ["R7", "G2"]], "Y1", ("fliessband",))
    play(st, "R7")
    play(st, "FB", color="R")
    play(st, "R6")
    return st


def test_fliessband_opens_a_simultaneous_passing_phase() -> None:
    st = _fliessband_trick()
    assert st.phase == P_PASS and E.actors(st) == {0, 1, 2}


def test_passing_moves_one_card_of_each_seat_to_the_left() -> None:
    st = _fliessband_trick()
    E.apply(st, 1, {"type": "pass", "card": "B2"})
    E.apply(st, 0, {"type": "pass", "card": "B4"})
    E.apply(st, 2, {"type": "pass", "card": "G2"})
    assert E.view(st, 0)["hand"] == ["G2"]
    assert E.view(st, 1)["hand"] == ["B4"]
    assert E.view(st, 2)["hand"] == ["B2"]
    assert st.phase == P_PLAY and st.turn == 0


def test_a_chosen_passing_card_stays_hidden_from_the_others() -> None:
    st = _fliessband_trick()
    events = E.apply(st, 0, {"type": "pass", "card": "B4"})
    assert "B4" not in json.dumps(events)
    v1 = E.view(st, 1)
    assert v1["passing"] == {"done": [True, False, False], "mine": None}
    assert "B4" not in json.dumps(v1)
    assert E.view(st, 0)["passing"]["mine"] == "B4"


def test_passing_events_never_show_a_card() -> None:
    st = _fliessband_trick()
    events = []
    for seat, card in ((0, "B4"), (1, "B2"), (2, "G2")):
        events += E.apply(st, seat, {"type": "pass", "card": card})
    text = json.dumps(events)
    assert not any(c in text for c in ("B4", "B2", "G2"))


def test_the_passer_remembers_the_card_it_gave_to_the_left() -> None:
    st = _fliessband_trick()
    for seat, card in ((0, "B4"), (1, "B2"), (2, "G2")):
        E.apply(st, seat, {"type": "pass", "card": card})
    assert E.view(st, 0)["passed_card"] == "B4"
    assert E.view(st, 1)["passed_card"] == "B2"


def test_a_seat_cannot_pass_twice() -> None:
    st = _fliessband_trick()
    E.apply(st, 0, {"type": "pass", "card": "B4"})
    with pytest.raises(IllegalAction):
        E.apply(st, 0, {"type": "pass", "card": "B4"})


def test_no_passing_after_the_last_trick() -> None:
    st = start([["FB"], ["R6"], ["R7"], ["B1"]], "Y1", ("fliessband",))  # round 1 is blind
    while st.phase == P_PLAY:
        E.apply(st, st.turn, {"type": "play_blind"})
    assert st.round_no == 2 and st.phase != P_PASS


def test_dampfwolke_winner_with_bid_zero_may_only_raise() -> None:
    st = start([["DW", "B4"], ["R13", "B2"], ["R12", "G2"]], "Y1", ("dampfwolke",))
    play(st, "R12")
    play(st, "DW", color="Y")
    play(st, "R13")
    assert st.phase == P_ADJUST and st.turn == 0
    assert E.legal_actions(st, 0) == [{"type": "adjust", "delta": 1}]
    E.apply(st, 0, {"type": "adjust", "delta": 1})
    assert E.view(st, 1)["bids"][0] == 1 and st.phase == P_PLAY


def test_dampfwolke_winner_with_bid_equal_to_round_number_may_only_lower() -> None:
    st = start([["DW", "B4"], ["R13", "B2"], ["R12", "G2"]], "Y1", ("dampfwolke",), [2, 1, 0])
    play(st, "R12")
    play(st, "DW", color="Y")
    play(st, "R13")
    assert E.legal_actions(st, 0) == [{"type": "adjust", "delta": -1}]


def test_dampfwolke_bid_change_belongs_to_the_trick_winner() -> None:
    st = start([["DW", "B4"], ["R13", "B2"], ["Y15", "G2"]], "Y1", ("dampfwolke",), [1, 1, 1])
    play(st, "Y15")
    play(st, "DW", color="Y")
    play(st, "R13")
    assert st.phase == P_ADJUST and E.actors(st) == {2}
    assert E.legal_actions(st, 2) == [
        {"type": "adjust", "delta": -1},
        {"type": "adjust", "delta": 1},
    ]


def test_no_bid_change_when_a_kesselberster_lay_in_the_trick() -> None:
    specials = ("dampfwolke", "kesselberster")
    st = start([["DW", "B4"], ["KB", "B2"], ["R12", "G2"]], "Y1", specials)
    play(st, "R12")
    play(st, "DW", color="Y")
    play(st, "KB")
    assert st.phase == P_PLAY and st.won == [0, 0, 0] and st.turn == 0


def _schrott_trick():
    st = deal(
        [["R10", "B5", "B6"], ["SS", "B2", "G3"], ["R12", "G5", "G6"]],
        "Y1",
        ("schrottsammlerin",),
    )
    bid_all(st)  # round 3: dealer 2, seat 0 leads
    play(st, "R10")
    play(st, "SS")
    play(st, "R12")
    return st


def test_schrottsammlerin_may_swap_a_hand_card_for_another_card_of_the_trick() -> None:
    st = _schrott_trick()
    assert st.phase == P_SWAP and E.actors(st) == {1}
    legal = E.legal_actions(st, 1)
    assert {"type": "keep"} in legal
    assert {"type": "swap", "give": "B2", "take": "R12"} in legal
    assert all(a.get("take") != "SS" for a in legal)
    assert len(legal) == 1 + 2 * 2


def test_schrottsammlerin_swap_leaves_the_trick_result_and_is_public() -> None:
    st = _schrott_trick()
    E.apply(st, 1, {"type": "swap", "give": "B2", "take": "R12"})
    assert st.won == [0, 0, 1]
    assert E.view(st, 1)["hand"] == ["R12", "G3"]
    v0 = E.view(st, 0)
    assert v0["known"][1] == ["R12"]
    assert sorted(v0["pile"]) == ["B2", "R10", "SS"]
    assert v0["swaps"] == [{"trick": 0, "seat": 1, "gave": "B2", "took": "R12"}]
    assert st.phase == P_PLAY and st.turn == 2


def test_schrottsammlerin_may_keep_her_hand() -> None:
    st = _schrott_trick()
    E.apply(st, 1, {"type": "keep"})
    assert E.view(st, 1)["hand"] == ["B2", "G3"] and st.phase == P_PLAY


def test_after_a_trick_passing_comes_before_bid_change_before_swap() -> None:
    specials = ("fliessband", "dampfwolke", "schrottsammlerin")
    hands = [["DW", "B4", "B5"], ["SS", "B6", "B7"], ["R2", "B8", "B9"], ["FB", "B10", "B11"]]
    st = start(hands, "G1", specials)  # round 3: dealer 2, seat 3 leads
    play(st, "FB", color="R")
    play(st, "DW", color="G")
    play(st, "SS")
    play(st, "R2")
    assert st.won == [1, 0, 0, 0]
    assert st.phase == P_PASS and E.actors(st) == {0, 1, 2, 3}
    for seat in range(4):
        E.apply(st, seat, E.legal_actions(st, seat)[0])
    assert st.phase == P_ADJUST and E.actors(st) == {0}
    E.apply(st, 0, {"type": "adjust", "delta": 1})
    assert st.phase == P_SWAP and E.actors(st) == {1}
    E.apply(st, 1, {"type": "keep"})
    assert st.phase == P_PLAY and st.turn == 0
