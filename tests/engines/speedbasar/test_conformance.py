"""The shared conformance suite over thousands of random games: 3–6 players, no Extrascharf,
two random rules, every single rule and all seven together."""

from __future__ import annotations

import random

import pytest

from games.speedbasar.engine.rules import RULE_KEYS
from tests.engines.conformance import check_random_games

from .helpers import E

RULE_SETS: list[dict | None] = [
    None,
    {"extrascharf": "zufall"},
    *({"extrascharf": "auswahl", "regeln": [k]} for k in RULE_KEYS),
    {"extrascharf": "auswahl", "regeln": list(RULE_KEYS)},
]
GAMES = 50


def _seeds(players: int, index: int) -> list[int]:
    rng = random.Random(players * 1000 + index)
    return [rng.getrandbits(63) for _ in range(GAMES)]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("index", range(len(RULE_SETS)))
def test_random_games_conform(players: int, index: int) -> None:
    stats = check_random_games(E, players, RULE_SETS[index], _seeds(players, index), check_every=60)
    assert stats.games == GAMES and stats.view_checks > 0 and stats.bot_checks > 0


def test_stark_bot_passes_the_conformance_checks_too() -> None:
    seeds = [random.Random(77).getrandbits(63) for _ in range(1)] + [1234567890123]
    check_random_games(
        E, 4, {"extrascharf": "zufall"}, seeds, check_every=15, bot_strengths=("stark",)
    )
