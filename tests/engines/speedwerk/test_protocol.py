"""Timing and table structure of Speedwerk: the Fließband passing is the simultaneous phase."""

from __future__ import annotations

from games.engines.base import PhaseClock
from tests.engines.speedwerk.helpers import E, play, start


def _fliessband_trick():
    st = start([["FB", "B4"], ["R6", "B2"], ["R7", "G2"]], "Y1", ("fliessband",))
    play(st, "R7")
    play(st, "FB", color="R")
    play(st, "R6")
    return st


def test_the_passing_phase_keeps_its_key_until_everyone_passed() -> None:
    st = _fliessband_trick()
    key = E.simultaneous_key(st)
    assert key is not None and E.actors(st) == frozenset({0, 1, 2})
    before = E.legal_actions(st, 0)
    E.apply(st, 1, {"type": "pass", "card": "B2"})
    assert E.simultaneous_key(st) == key
    assert E.legal_actions(st, 0) == before
    E.apply(st, 0, {"type": "pass", "card": "B4"})
    E.apply(st, 2, {"type": "pass", "card": "G2"})
    assert E.simultaneous_key(st) is None


def test_bidding_and_playing_are_turns() -> None:
    st = start([["B4"], ["B2"], ["G2"]], "Y1")
    assert E.simultaneous_key(st) is None
    assert E.phase_clock(st, 30, solo=False) == PhaseClock(30)
    assert E.phase_clock(st, None, solo=False) is None
    assert E.bot_earliest(st, st.turn, solo=False) == 0.0
    assert E.teams(4, {"specials": []}) is None
