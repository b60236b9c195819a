"""The shared conformance suite for 3–6 players and several card selections."""

from __future__ import annotations

import pytest

from games.engines.base import get_engine
from games.speedwerk.engine.rules import ALL_SPECIALS
from tests.engines.conformance import check_random_games

ENGINE = get_engine("speedwerk")
ALL = list(ALL_SPECIALS)

SELECTIONS = {
    "ohne": [],
    "alle": ALL,
    "koloss_fee_kessel": ["dampfkoloss", "funkenfee", "kesselberster"],
    "fliessband_wolke_blaupause": ["fliessband", "dampfwolke", "blaupause"],
    "trafo_prototyp_schrott": ["transformator", "prototyp", "schrottsammlerin", "blaupause"],
}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("selection", sorted(SELECTIONS))
def test_random_games_conform(players: int, selection: str) -> None:
    seeds = range(1000 * players, 1000 * players + 3)
    stats = check_random_games(
        ENGINE, players, {"specials": SELECTIONS[selection]}, seeds, check_every=17
    )
    assert stats.games == 3
    assert stats.view_checks > 0


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("selection", ["ohne", "alle"])
def test_many_random_games_conform(players: int, selection: str) -> None:
    """Volume: 2,000 games in all, with the expensive checks only now and then."""
    seeds = range(50_000 + 1000 * players, 50_000 + 1000 * players + 250)
    stats = check_random_games(
        ENGINE, players, {"specials": SELECTIONS[selection]}, seeds, check_every=1500
    )
    assert stats.games == 250
