"""The shared conformance suite over every Speedone player count and option combination.

Random play draws often, so a random Speedone game runs to some 15,000 moves; the seed counts
are sized to keep this module at about a minute and a half on one core.
"""

from __future__ import annotations

import itertools

import pytest

from games.engines.base import get_engine
from tests.engines.conformance import check_random_games

ENGINE = get_engine("speedone")

COMBOS = [
    (players, {"target": target, "scoring": scoring, "stacking": stacking, "partners": partners})
    for players, target, scoring, stacking, partners in itertools.product(
        (2, 3, 4), (200, 500), ("each", "winner"), (False, True), (False, True)
    )
    if not partners or players == 4
]


#: every player count with every option combination
each_combo = pytest.mark.parametrize(
    ("players", "options"),
    COMBOS,
    ids=[f"{p}p-" + "-".join(map(str, o.values())) for p, o in COMBOS],
)


@each_combo
def test_random_games_conform(players, options):
    games = 6 if options["target"] == 200 else 2
    base = 10**12 + 1000 * COMBOS.index((players, options))
    stats = check_random_games(ENGINE, players, options, range(base, base + games), check_every=300)
    assert stats.games == games
    assert stats.view_checks > 0 and stats.bot_checks > 0 and stats.illegal_checks > 0


def test_random_games_conform_with_the_strong_bot_checked():
    stats = check_random_games(
        ENGINE,
        4,
        {"stacking": True},
        range(10**13, 10**13 + 2),
        check_every=400,
        bot_strengths=("leicht", "normal", "stark"),
    )
    assert stats.bot_checks > 0


def eager(legal, rng):
    """Random, but a card is played whenever one fits (uniform random play mostly draws, and its
    games run to some 15,000 moves)."""
    plays = [a for a in legal if a["type"] != "draw"]
    return rng.choice(plays or legal)


@each_combo
def test_thousands_of_eager_random_games_conform(players, options):
    games = 80 if options["target"] == 200 else 40
    base = 10**12 + 10**6 + 1000 * COMBOS.index((players, options))
    stats = check_random_games(
        ENGINE, players, options, range(base, base + games), check_every=500, policy=eager
    )
    assert stats.games == games
