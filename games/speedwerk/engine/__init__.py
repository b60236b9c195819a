"""Speedwerk: the steampunk bidding trick-taker (3–6 players, nine switchable special cards)."""

from games.engines.benchspec import BenchSpec, Tournament
from games.speedwerk.engine.engine import SpeedwerkEngine

ALL_SPECIALS = list(SpeedwerkEngine.ALL_SPECIALS)

#: The strong bot in the tournaments thinks with a smaller budget than the one on the site
#: (``stark`` = 6000 simulated card plays per decision), so that 1,000 full games of it fit
#: into about half an hour on two cores. ``bot_ms_per_decision`` measures the site's ``stark``.
BENCH_STARK = "stark:1500"

BENCH = BenchSpec(
    random_players=4,
    random_options={"specials": ALL_SPECIALS},
    tournaments=(
        Tournament(
            BENCH_STARK, "normal", 4, 500, 2, {"specials": ALL_SPECIALS}, "alle Sonderkarten"
        ),
        Tournament(BENCH_STARK, "normal", 4, 500, 2, {}, "ohne Sonderkarten"),
        Tournament("normal", "leicht", 4, 500, 8, {"specials": ALL_SPECIALS}, "alle Sonderkarten"),
        Tournament("normal", "leicht", 4, 500, 8, {}, "ohne Sonderkarten"),
    ),
    bot_decisions=300,
    bot_decisions_quick=40,
)

__all__ = ["BENCH", "SpeedwerkEngine"]
