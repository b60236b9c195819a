"""Speedbasar as the platform sees it (``games.definition.GameDef``)."""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.definition import Achievements, GameDef, Page
from games.engines.base import get_engine
from games.speedbasar.engine import ACHIEVEMENTS, achievements
from games.speedbasar.engine.rules import RULE_KEYS
from games.speedbasar.presenter import SpeedbasarPresenter


def daily_options(rng: random.Random) -> dict[str, Any]:
    """The Tagesbasar: no Extrascharf rule or one of the engine's seven."""
    pick = rng.choice([None, *RULE_KEYS])
    return {"extrascharf": "auswahl", "regeln": [pick]} if pick else {"extrascharf": "aus"}


GAME = GameDef(
    slug="speedbasar",
    engine=get_engine("speedbasar"),
    presenter=SpeedbasarPresenter(),
    tagline=_("Bluffen auf dem Gewürzbasar"),
    description=_(
        "Lege verdeckt und sag an, was es sein soll. Glaubst du es – oder zweifelst du an "
        "Zahl oder Gewürz?"
    ),
    key_help=_(
        "1–9 Karte wählen, D zweite Karte dazu (Doppelladung), Enter legen, Esc abbrechen, "
        "P passen, G glauben, Z Zahl anzweifeln, W Gewürz anzweifeln, S Stimmt genau, R Rat, "
        "M Marktbuch, Leertaste hält das automatische Glauben an"
    ),
    accent="#c57b12",
    css=("css/speedbasar.css",),
    js=("js/basar.js",),
    daily_options=daily_options,
    achievements=Achievements(ACHIEVEMENTS, achievements),
    pages=(
        Page(
            title=_("Händlerreise"),
            url_name="journey:map",
            urls="games.speedbasar.journey.urls",
            in_menu=True,
            blurb=_(
                "Die Solo-Kampagne: sieben Stationen von Kairo nach Samarkand, an jeder eine "
                "Extrascharf-Regel und stärkere Gegner."
            ),
            key="journey",
            link=_("Zur Reisekarte"),
        ),
    ),
)
