"""Speedbasar: the bluffing game of the spice bazaar (3–6 players)."""

from games.engines.benchspec import BenchSpec, Tournament
from games.speedbasar.engine.engine import SpeedbasarEngine
from games.speedbasar.engine.extras import ACHIEVEMENTS, achievements, marktbuch
from games.speedbasar.engine.instinct import claim_probabilities, instinct

BENCH = BenchSpec(
    random_players=4,
    tournaments=(
        Tournament(hero="stark", field="normal", players=4, games=1000, quick_games=100),
        Tournament(hero="normal", field="leicht", players=4, games=1000, quick_games=100),
        Tournament(
            hero="stark",
            field="normal",
            players=4,
            games=400,
            quick_games=40,
            options={"extrascharf": "zufall"},
            label="Extrascharf: 2 zufällige",
        ),
    ),
)

__all__ = [
    "ACHIEVEMENTS",
    "BENCH",
    "SpeedbasarEngine",
    "achievements",
    "claim_probabilities",
    "instinct",
    "marktbuch",
]
