"""Timing and table structure of Speedbasar: the doubt window's own clock, its simultaneous key
and when bots may decide in it (seed: „Anzweifeln“)."""

from __future__ import annotations

from games.engines.base import PhaseClock

from .helpers import E, believe, doubt, game, lay


def test_turns_use_the_tables_bedenkzeit() -> None:
    state = game()
    assert E.phase_clock(state, 60, solo=False) == PhaseClock(60)
    assert E.phase_clock(state, None, solo=False) is None
    assert E.phase_clock(state, 0, solo=True) is None
    assert E.simultaneous_key(state) is None
    assert E.bot_earliest(state, 0, solo=False) == 0.0


def test_the_doubt_window_runs_on_its_own_clock_at_tables_even_without_bedenkzeit() -> None:
    for seconds in (3, 5, 8):
        state = E.new_game(3, {"zweifel_sekunden": seconds}, 123456789012)
        lay_seat = state.turn
        card = E.legal_actions(state, lay_seat)[1]
        E.apply(state, lay_seat, card)
        assert E.phase_clock(state, None, solo=False) == PhaseClock(seconds)
        assert E.phase_clock(state, 120, solo=False) == PhaseClock(seconds)


def test_alone_the_doubt_window_waits_without_a_clock() -> None:
    state = game()
    lay(state, 0, "R1", "R1")
    assert E.phase_clock(state, None, solo=True) is None
    assert E.phase_clock(state, 60, solo=True) is None


def test_bots_wait_a_second_alone_and_half_the_window_at_tables() -> None:
    state = game()  # default window: 5 seconds
    lay(state, 0, "R1", "R1")
    assert E.bot_earliest(state, 1, solo=True) == 1.0
    assert E.bot_earliest(state, 1, solo=False) == 2.5


def test_the_doubt_window_key_lasts_while_seats_believe_and_is_new_for_each_claim() -> None:
    state = game()
    lay(state, 0, "R1", "R1")
    key = E.simultaneous_key(state)
    assert key is not None
    believe(state, 2)
    assert E.simultaneous_key(state) == key
    believe(state, 1)
    assert E.simultaneous_key(state) is None
    lay(state, 1, "K2", "R2")
    assert E.simultaneous_key(state) not in (None, key)
    doubt(state, 2, "spice")
    assert E.simultaneous_key(state) is None


def test_enge_gasse_has_no_simultaneous_window() -> None:
    state = game(rules=["enge_gasse"])
    lay(state, 0, "R1", "R1")
    assert E.actors(state) == frozenset({1})
    assert E.simultaneous_key(state) is None


def test_everyone_plays_alone() -> None:
    assert E.teams(4, {}) is None
