"""Table structure of Speedone: partners sit opposite each other in partner mode."""

from __future__ import annotations

from games.engines.base import PhaseClock
from tests.engines.speedone.helpers import ENGINE, table


def test_partner_mode_pairs_opposite_seats() -> None:
    options = ENGINE.validate_options({"partners": True}, 4)
    assert ENGINE.teams(4, options) == [[0, 2], [1, 3]]
    assert ENGINE.teams(4, ENGINE.validate_options({}, 4)) is None
    assert ENGINE.teams(3, ENGINE.validate_options({}, 3)) is None


def test_turns_use_the_bedenkzeit_and_nothing_is_simultaneous() -> None:
    state = table([["R1", "R2"], ["G1", "G2"]], "R5")
    assert ENGINE.phase_clock(state, 30, solo=True) == PhaseClock(30)
    assert ENGINE.phase_clock(state, None, solo=False) is None
    assert ENGINE.simultaneous_key(state) is None
    assert ENGINE.bot_earliest(state, 0, solo=False) == 0.0
