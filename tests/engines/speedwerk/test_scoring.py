from __future__ import annotations

from games.speedwerk.engine.rules import P_OVER
from tests.engines.speedwerk.helpers import E, play, start


def _round(bids: list[int]):
    st = start([["R15", "R14"], ["B1", "B2"], ["G1", "G2"]], "R9", (), bids)
    play(st, "G1")
    play(st, "R15")
    play(st, "B1")
    play(st, "R14")  # seat 0 leads
    play(st, "B2")
    play(st, "G2")
    return st


def test_exact_bid_scores_twenty_plus_ten_per_trick() -> None:
    st = _round([2, 0, 1])
    assert st.sheet[-1]["points"][0] == 40
    assert st.sheet[-1]["points"][1] == 20


def test_missed_bid_costs_ten_per_trick_off() -> None:
    st = _round([2, 0, 1])
    assert st.sheet[-1]["points"][2] == -10
    st = _round([0, 1, 2])
    assert st.sheet[-1]["points"] == [-20, -10, -20]


def test_score_sheet_keeps_bids_tricks_points_and_totals() -> None:
    st = _round([2, 0, 1])
    row = E.view(st, 1)["sheet"][-1]
    assert row == {
        "round": 2,
        "dealer": 1,
        "bids": [2, 0, 1],
        "won": [2, 0, 0],
        "points": [40, 20, -10],
        "totals": [40, 20, -10],
    }
    assert E.view(st, 1)["scores"] == [40, 20, -10]


def test_the_game_ends_after_the_last_round_with_a_result() -> None:
    st = E.new_game(3, None, 5, first_round=20)
    while E.actors(st):
        seat = min(E.actors(st))
        E.apply(st, seat, E.timeout_action(st, seat))
    assert st.phase == P_OVER
    res = E.result(st)
    assert res is not None and res.scores == st.scores and res.leaderboard == st.scores


def test_tied_seats_share_a_place() -> None:
    st = E.new_game(3, None, 5)
    st.phase = P_OVER
    st.scores = [50, 50, 10]
    res = E.result(st)
    assert res is not None
    assert res.places == [1, 1, 3] and res.winners == [0, 1]
