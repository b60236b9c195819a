"""Speedwerk: the steampunk bidding trick-taker (3–6 players, nine switchable special cards)."""

from games.engines.benchspec import BenchSpec, Tournament
from games.engines.speedwerk.rules import SpeedwerkEngine

ALL_SPECIALS = list(SpeedwerkEngine.ALL_SPECIALS)

BENCH = BenchSpec(
    random_players=4,
    random_options={"specials": ALL_SPECIALS},
    tournaments=(
        Tournament("stark", "normal", 4, 500, 4, {"specials": ALL_SPECIALS}, "alle Sonderkarten"),
        Tournament("stark", "normal", 4, 500, 4, {}, "ohne Sonderkarten"),
        Tournament("normal", "leicht", 4, 500, 20, {"specials": ALL_SPECIALS}, "alle Sonderkarten"),
        Tournament("normal", "leicht", 4, 500, 20, {}, "ohne Sonderkarten"),
    ),
)

__all__ = ["BENCH", "SpeedwerkEngine"]
