"""The one list of games the site knows, derived from the engines.

Everything the site needs to know about a game comes from here: the engine (slug, German name,
player counts, options schema) and the site's own additions (blurbs, the presenter that draws its
table screen). A game without a presenter is not live: its lobby shows the rules, and every
endpoint that would start or show one of its matches refuses with a German page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.engines.base import Engine, get_engine
from games.presenters import PRESENTERS, Presenter


@dataclass(frozen=True)
class Game:
    slug: str
    tagline: str | Promise
    description: str | Promise
    #: what the lobby calls playing alone against the computer (Speedtrödel: „Rekordjagd“)
    solo_title: str | Promise = _("Solo gegen Computer")

    @property
    def engine(self) -> Engine[Any]:
        return get_engine(self.slug)

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def min_players(self) -> int:
        return self.engine.min_players

    @property
    def max_players(self) -> int:
        return self.engine.max_players

    @property
    def players(self) -> str:
        return f"{self.min_players}–{self.max_players} Spieler"

    @property
    def presenter(self) -> Presenter | None:
        return PRESENTERS.get(self.slug)

    @property
    def live(self) -> bool:
        """Whether its table screen exists (a presenter is registered)."""
        return self.slug in PRESENTERS


GAMES: tuple[Game, ...] = (
    Game(
        "speedtroedel",
        _("Stichspiel mit Deckbau auf dem Flohmarkt"),
        _(
            "Was du heute im Stich erhandelst, ist morgen dein Blatt: vom Knopf zur Taschenuhr "
            "zum Grammophon."
        ),
        _("Rekordjagd – solo gegen Computer"),
    ),
    Game(
        "speedone",
        _("Schnelles Ablegespiel"),
        _(
            "Farbe oder Wert bedienen, Aussetzen, Richtungswechsel, Farbwunsch – und ONE drücken, "
            "bevor die vorletzte Karte fällt."
        ),
    ),
    Game(
        "speedbasar",
        _("Bluffen auf dem Gewürzbasar"),
        _(
            "Lege verdeckt und sag an, was es sein soll. Glaubst du es – oder zweifelst du an "
            "Zahl oder Gewürz?"
        ),
    ),
    Game(
        "speedwerk",
        _("Stiche ansagen im Dampfwerk"),
        _(
            "Sag voraus, wie viele Stiche du holst – mit blinder erster Runde und neun "
            "Sonderkarten aus der Werkstatt."
        ),
    ),
)

BY_SLUG: dict[str, Game] = {g.slug: g for g in GAMES}
#: every game's slug, in the site's order
SLUGS: tuple[str, ...] = tuple(BY_SLUG)


class NotLive(Exception):
    """A game whose table screen does not exist yet; ``message`` is German."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.message = f"Den Spieltisch für {game.name} gibt es noch nicht."
        super().__init__(self.message)


def game(slug: str) -> Game | None:
    return BY_SLUG.get(slug)


def live_game(slug: str) -> Game:
    """The game ``slug`` if it can be played; ``KeyError`` for an unknown slug, ``NotLive``
    for a game without its table screen."""
    g = BY_SLUG[slug]
    if not g.live:
        raise NotLive(g)
    return g


def presenter_of(slug: str) -> Presenter:
    """The presenter of a live game: fails loudly (``KeyError``) for any other."""
    return PRESENTERS[slug]
