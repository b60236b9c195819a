"""Speedone: the UNO-style shedding game (rules in docs/rules/speedone.md)."""

from games.engines.benchspec import BenchSpec, Tournament
from games.speedone.engine.engine import SpeedoneEngine
from games.speedone.engine.info import card_info, requirement, sort_hand
from games.speedone.engine.rules import State

#: tournaments count rounds; default options reach the 200-point target in about 4 rounds
BENCH = BenchSpec(
    random_players=4,
    random_options={},
    tournaments=(
        Tournament("stark", "normal", 4, games=450, quick_games=5),
        Tournament("normal", "leicht", 4, games=450, quick_games=20),
        Tournament("stark", "leicht", 4, games=450, quick_games=5),
    ),
    bot_decisions=300,
    bot_decisions_quick=60,
)

__all__ = ["BENCH", "SpeedoneEngine", "State", "card_info", "requirement", "sort_hand"]
