"""Speedbasar as the platform sees it (``games.definition.GameDef``)."""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.definition import ADVICE_KEY, Achievements, GameDef, Key, KeySituation, Page
from games.engines.base import get_engine
from games.speedbasar.engine import achievements
from games.speedbasar.engine.rules import RULE_KEYS
from games.speedbasar.presenter import SpeedbasarPresenter
from games.speedbasar.texts import ACHIEVEMENTS, TEXTS


def daily_options(rng: random.Random) -> dict[str, Any]:
    """The Tagesbasar: no Extrascharf rule or one of the engine's seven."""
    pick = rng.choice([None, *RULE_KEYS])
    return {"extrascharf": "auswahl", "regeln": [pick]} if pick else {"extrascharf": "aus"}


def _rule_on(situation: KeySituation, rule: str) -> bool:
    """An Extrascharf rule is in play (its key exists only then)."""
    return rule in situation.view.get("rules", ())


def _auto_believe(situation: KeySituation) -> bool:
    """The automatic Glauben runs (solo helps with the pref ``autoglauben``): Space pauses it."""
    return situation.helps and situation.prefs.get("autoglauben", False) is True


GAME = GameDef(
    slug="speedbasar",
    engine=get_engine("speedbasar"),
    presenter=SpeedbasarPresenter(),
    texts=TEXTS,
    tagline=_("Bluffen auf dem Gewürzbasar"),
    description=_(
        "Lege verdeckt und sag an, was es sein soll. Glaubst du es – oder zweifelst du an "
        "Zahl oder Gewürz?"
    ),
    key_help=(
        _("1–9 Karte wählen"),
        Key(_("D zweite Karte dazu (Doppelladung)"), lambda s: _rule_on(s, "doppelladung")),
        _(
            "Enter legen, Esc abbrechen, P passen, G glauben, Z Zahl anzweifeln, W Gewürz anzweifeln"
        ),
        Key(_("S Stimmt genau"), lambda s: _rule_on(s, "handschlag")),
        ADVICE_KEY,
        _("M Marktbuch"),
        Key(_("Leertaste hält das automatische Glauben an"), _auto_believe),
    ),
    accent="#c57b12",
    css=("css/speedbasar.css",),
    js=("js/games/speedbasar.js",),
    daily_options=daily_options,
    daily_title=_("Tagesbasar"),
    lobby_title=_("Basartor"),
    # the doubt window is real time: whoever doubts first wins it – no move for days
    turn_based=False,
    turn_based_refusal=_(
        "Speedbasar gibt es nicht als Fernpartie: das Zweifeln nach dem Legen geht um Sekunden "
        "(wer zuerst zweifelt, gewinnt den Streit), das passt nicht zu einem Zug pro Tag."
    ),
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
