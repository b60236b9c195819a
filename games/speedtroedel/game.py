"""Speedtrödel as the platform sees it (``games.definition.GameDef``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from games.definition import (
    ADVICE_KEY,
    LAST_TRICK_KEY,
    LEAVE_PENALTY,
    GameDef,
    Page,
    engine_points,
    with_other_people,
)
from games.engines.base import get_engine
from games.speedtroedel.presenter import SpeedtroedelPresenter
from games.speedtroedel.texts import TEXTS


def leave_penalty(match: Any, seat: Any, seats: list[Any]) -> int:
    """Leaving a game with other people in it costs −10 at any time; alone it costs nothing."""
    if seat.left_time is None:
        return 0
    return LEAVE_PENALTY if with_other_people(seat, seats) else 0


GAME = GameDef(
    slug="speedtroedel",
    engine=get_engine("speedtroedel"),
    presenter=SpeedtroedelPresenter(),
    texts=TEXTS,
    tagline=_("Stichspiel mit Deckbau auf dem Flohmarkt"),
    description=_(
        "Was du heute im Stich erhandelst, ist morgen dein Blatt: vom Knopf zur Taschenuhr "
        "zum Grammophon."
    ),
    solo_title=_("Rekordjagd – solo gegen Computer"),
    key_help=(
        _("1–9 Karte (auch Schnäppchenblick und Tauschrunde), 1–5 Farbe bei „Heute gefragt“"),
        ADVICE_KEY,
        LAST_TRICK_KEY,
        _("D Dein Laden"),
    ),
    accent="#8a5a2b",
    css=("css/speedtroedel.css",),
    daily_title=_("Tagesmarkt"),
    # final points (never below 0) plus a place bonus 10/5/2: the engine's Result.leaderboard
    points=engine_points,
    leave_penalty=leave_penalty,
    pages=(
        Page(
            title=_("Händlerschule"),
            url_name="school:index",
            urls="games.speedtroedel.school.urls",
            blurb=_("Die Regeln Schritt für Schritt, mit einer Prüffrage je Lektion."),
            key="school",
            link=_("Zur Händlerschule"),
        ),
    ),
)
