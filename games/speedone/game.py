"""Speedone as the platform sees it (``games.definition.GameDef``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.definition import ADVICE_KEY, GameDef, PersonalBest, engine_points
from games.engines.base import get_engine
from games.speedone.presenter import SpeedonePresenter
from games.speedone.texts import TEXTS


def daily_options(rng: random.Random) -> dict[str, Any]:
    """The day's scoring and stacking rule; always to 200 points, never in partners."""
    return {
        "target": 200,
        "scoring": rng.choice(["each", "winner"]),
        "stacking": rng.random() < 0.5,
        "partners": False,
    }


def round_points(events: Sequence[dict[str, Any]]) -> list[int] | None:
    """The leaderboard points of the round a move finished (its ``round_end`` event)."""
    for event in events:
        if event.get("type") == "round_end":
            return [int(p) for p in event["leaderboard"]]
    return None


def daily_low_wins(options: dict[str, Any]) -> bool:
    """„Jeder zählt seine Karten“: fewer points are better (the engine says so)."""
    return get_engine("speedone").low_scores_win(options)


GAME = GameDef(
    slug="speedone",
    engine=get_engine("speedone"),
    presenter=SpeedonePresenter(),
    texts=TEXTS,
    tagline=_("Schnelles Ablegespiel"),
    description=_(
        "Farbe oder Wert bedienen, Aussetzen, Richtungswechsel, Farbwunsch – und ONE drücken, "
        "bevor die vorletzte Karte fällt."
    ),
    key_help=(_("1–9 Karte legen, D ziehen, O ONE"), ADVICE_KEY),
    accent="#d2352c",
    css=("css/speedone.css",),
    js=("js/games/speedone.js",),
    # per round: the winner +10, the others −6/−5/−4 (partners: +10/−5): Result.leaderboard
    points=engine_points,
    # ... booked when each round ends (the seed: „Nach jeder Runde gibt es Punkte“)
    round_points=round_points,
    # the scoring modes differ, so the best solo game is measured in leaderboard points
    best=PersonalBest("leaderboard_points", _("Bestenlisten-Punkte")),
    daily_options=daily_options,
    daily_title=_("Tagesblatt"),
    daily_low_wins=daily_low_wins,
)
