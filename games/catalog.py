"""The four games as the site presents them (names, German blurbs, player counts)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str
    tagline: str
    description: str
    players: str


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "speedtroedel",
        "Speedtrödel",
        _("Stichspiel mit Deckbau auf dem Flohmarkt"),
        _(
            "Was du heute im Stich erhandelst, ist morgen dein Blatt: vom Knopf zur Taschenuhr "
            "zum Grammophon."
        ),
        _("3–5 Spieler"),
    ),
    GameInfo(
        "speedone",
        "Speedone",
        _("Schnelles Ablegespiel"),
        _(
            "Farbe oder Wert bedienen, Aussetzen, Richtungswechsel, Farbwunsch – und ONE drücken, "
            "bevor die vorletzte Karte fällt."
        ),
        _("2–4 Spieler"),
    ),
    GameInfo(
        "speedbasar",
        "Speedbasar",
        _("Bluffen auf dem Gewürzbasar"),
        _(
            "Lege verdeckt und sag an, was es sein soll. Glaubst du es – oder zweifelst du an "
            "Zahl oder Gewürz?"
        ),
        _("3–6 Spieler"),
    ),
    GameInfo(
        "speedwerk",
        "Speedwerk",
        _("Stiche ansagen im Dampfwerk"),
        _(
            "Sag voraus, wie viele Stiche du holst – mit blinder erster Runde und neun "
            "Sonderkarten aus der Werkstatt."
        ),
        _("3–6 Spieler"),
    ),
)

BY_SLUG = {g.slug: g for g in GAMES}
