"""The shared conformance suite over random games: every player count and every house rule."""

from __future__ import annotations

import pytest

from tests.engines.conformance import check_random_games
from tests.engines.speedtroedel.helpers import ENGINE

OPTION_SETS = [
    {},
    {"partie_kurz": True},
    {"ohne_sonderkarten": True},
    {"faelschung_ohne_strafe": True},
    {"dachboden_offen": True},
    {"partie_kurz": True, "dachboden_offen": True, "faelschung_ohne_strafe": True},
]

# large seeds: the suite checks that the seed's digits never appear in a view
BASE = 7_000_000_000_000


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "standard")
def test_random_games_conform(players, options):
    offset = BASE + 100_000 * players + 1000 * OPTION_SETS.index(options)
    stats = check_random_games(ENGINE, players, options, range(offset, offset + 60), check_every=60)
    assert stats.games == 60
    assert stats.view_checks > 0 and stats.bot_checks > 0


def test_strong_bot_is_honest_in_random_games():
    """The strong bot decides from the view only (same view, other hidden cards: same choice)."""
    import games.speedtroedel.engine.bots as bots
    from games.speedtroedel.engine.bots import StrongBot

    original = bots.STARK_ROLLOUTS
    bots.STARK_ROLLOUTS = 12
    try:
        stats = check_random_games(
            ENGINE, 4, {}, range(BASE, BASE + 3), check_every=40, bot_strengths=("stark",)
        )
    finally:
        bots.STARK_ROLLOUTS = original
    assert stats.bot_checks > 0
    assert StrongBot(12).rollouts == 12
