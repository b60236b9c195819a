"""Timing and table structure of Speedtrödel: Bedenkzeit plus the seed's 10-second Nachfrist,
the Tauschrunde as the simultaneous phase."""

from __future__ import annotations

from games.engines.base import PhaseClock
from tests.engines.speedtroedel.helpers import ENGINE, game, trick


def swap(st, seat, card):
    return ENGINE.apply(st, seat, {"type": "swap", "card": card})


def test_bedenkzeit_comes_with_ten_seconds_of_grace() -> None:
    st = game([["P5", "S1"], ["P6", "S2"], ["P7", "S3"]])
    for seconds in (30, 60, 90, 120):
        assert ENGINE.phase_clock(st, seconds, solo=False) == PhaseClock(seconds, grace=10)
        assert ENGINE.phase_clock(st, seconds, solo=True) == PhaseClock(seconds, grace=10)
    assert ENGINE.phase_clock(st, None, solo=False) is None
    assert ENGINE.phase_clock(st, 0, solo=True) is None


def test_the_tauschrunde_is_one_simultaneous_phase_and_each_one_has_its_own_key() -> None:
    st = game([["T", "S1", "B1", "M1"], ["P6", "S2", "B2", "M2"], ["P7", "S3", "B3", "M3"]])
    assert ENGINE.simultaneous_key(st) is None
    trick(st, "T", "P6", "P7")
    key = ENGINE.simultaneous_key(st)
    assert key is not None and ENGINE.actors(st) == frozenset({0, 1, 2})
    swap(st, 2, "S3")
    assert ENGINE.simultaneous_key(st) == key
    assert {"type": "swap", "card": "B1"} in ENGINE.legal_actions(st, 0)
    swap(st, 0, "B1")
    swap(st, 1, "S2")
    assert ENGINE.simultaneous_key(st) is None


def test_bots_may_decide_at_once_and_everyone_plays_alone() -> None:
    st = game([["P5", "S1"], ["P6", "S2"], ["P7", "S3"]])
    assert ENGINE.bot_earliest(st, 0, solo=True) == 0.0
    assert ENGINE.teams(4, {}) is None
