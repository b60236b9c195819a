"""Speedone: the UNO-style shedding game (rules in docs/rules/speedone.md)."""

from __future__ import annotations

from typing import Any

from games.engines.base import Action, Engine, View, register
from games.engines.benchspec import BenchSpec, Tournament
from games.speedone.engine import bots, rules, seat_view
from games.speedone.engine.rules import OPTIONS, State


@register("speedone")
class SpeedoneEngine(Engine[State]):
    """Speedone: partners sit opposite each other (``rules.teams``); tournaments count rounds."""

    slug = "speedone"
    name = "Speedone"
    min_players = 2
    max_players = 4
    tournament_unit = "round"
    card_notation = (
        "colours R (red), Y (yellow), G (green), B (blue); numbers R0–R9, skip RS, "
        "reverse RR, draw two R+2; wild W, wild draw four W+4."
    )
    options_schema = OPTIONS
    round_end_events = frozenset({"round_end"})
    rules = rules
    seat_view = seat_view
    bots = bots
    #: post-game analysis: card points of a round against the others' mean (penalty points by
    #: default: ``low_scores_win``); thresholds derived from measured losses (docs/analysis.md)
    analysis_thresholds = (28.1, 42.2, 63.3, 42.2)
    #: 24 re-deals: 4.5 s of one core for a whole game, median (bench/analysis.py)
    analysis_samples = 24

    def low_scores_win(self, options: dict[str, Any]) -> bool:
        """„Jeder zählt seine Karten“ (the default): everyone books their own hand's points, the
        fewest win."""
        return bool(options.get("scoring", rules.SCORING_EACH) == rules.SCORING_EACH)

    def decision_kind(self, view: View, action: Action) -> str:
        """Laying a card, a wild with its wish, drawing, ONE."""
        kind = str(action.get("type", ""))
        if kind == "play":
            return "wishing" if action.get("color") else "laying"
        return {"draw": "drawing", "one": "one"}.get(kind, kind)


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

__all__ = ["BENCH", "SpeedoneEngine", "State"]
