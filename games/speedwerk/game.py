"""Speedwerk as the platform sees it (``games.definition.GameDef``)."""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.definition import ADVICE_KEY, LAST_TRICK_KEY, GameDef
from games.engines.base import get_engine
from games.speedwerk.engine.rules import ALL_SPECIALS
from games.speedwerk.presenter import SpeedwerkPresenter
from games.speedwerk.texts import TEXTS

#: the Funkenfee comes only with the Dampfkoloss, so it is drawn after it
_DAILY_POOL = [s for s in ALL_SPECIALS if s != "funkenfee"]


def daily_options(rng: random.Random) -> dict[str, Any]:
    """Up to three special cards of the workshop (and the Funkenfee with the Dampfkoloss), in
    the „Kurze Partie“ (rounds 1 to 3): a few minutes like the other daily games, not the full
    15 rounds."""
    specials = sorted(rng.sample(_DAILY_POOL, rng.randint(0, 3)))
    if "dampfkoloss" in specials and rng.random() < 0.5:
        specials = sorted([*specials, "funkenfee"])
    return {"specials": specials, "kurz": True}


GAME = GameDef(
    slug="speedwerk",
    engine=get_engine("speedwerk"),
    presenter=SpeedwerkPresenter(),
    tagline=_("Stiche ansagen im Dampfwerk"),
    description=_(
        "Sag voraus, wie viele Stiche du holst – mit blinder erster Runde und neun "
        "Sonderkarten aus der Werkstatt."
    ),
    key_help=(
        _("0–9 ansagen, 1–9 Karte spielen"),
        ADVICE_KEY,
        LAST_TRICK_KEY,
        _("Esc schließt Dialoge"),
    ),
    accent="#4e5d6c",
    css=("css/speedwerk.css",),
    daily_options=daily_options,
    daily_title=_("Tagesschicht"),
    # a run-out clock plays the bots' own heuristic for the seat (``rules.timeout_action``): half
    # the time would cost a berserker little, the bonus point would come nearly free
    berserk=False,
    berserk_refusal=_(
        "Berserk gibt es in Speedwerk nicht: läuft deine Zeit ab, sagt und spielt der Computer "
        "mit seiner eigenen Schätzung für dich – die halbe Bedenkzeit wäre kaum ein Nachteil."
    ),
    texts=TEXTS,
)
