"""The games the site knows: every ``GAME`` of the packages in ``games.catalog``, in its order.

The platform asks this module about a game (``game(slug)``, ``GAMES``) instead of branching on
its slug. ``registered(definition)`` adds a game for a while (tests: a toy game played through
lobby, match and leaderboard) and removes it again.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module

from django.utils.translation import gettext

from games import wording
from games.catalog import GAME_PACKAGES
from games.definition import GameDef
from games.engines import base as engine_base
from games.presenters.base import Presenter

GAMES: list[GameDef] = [import_module(f"{p}.game").GAME for p in GAME_PACKAGES]
BY_SLUG: dict[str, GameDef] = {g.slug: g for g in GAMES}
#: every game's slug, in the site's order
SLUGS: list[str] = [g.slug for g in GAMES]


class NotLive(Exception):
    """A game whose table screen does not exist yet; ``message`` is German."""

    def __init__(self, game: GameDef) -> None:
        self.game = game
        self.message = gettext("Den Spieltisch für %(game)s gibt es noch nicht.") % {
            "game": game.name
        }
        super().__init__(self.message)


def game(slug: str) -> GameDef | None:
    return BY_SLUG.get(slug)


def get(slug: str) -> GameDef:
    """The game ``slug``; ``KeyError`` for an unknown one."""
    return BY_SLUG[slug]


def live_game(slug: str) -> GameDef:
    """The game ``slug`` if it can be played; ``KeyError`` for an unknown slug, ``NotLive``
    for a game without its table screen."""
    g = BY_SLUG[slug]
    if not g.live:
        raise NotLive(g)
    return g


def presenter_of(slug: str) -> Presenter:
    """The presenter of a live game: fails loudly (``KeyError``) for any other."""
    presenter = BY_SLUG[slug].presenter
    if presenter is None:
        raise KeyError(slug)
    return presenter


@contextmanager
def registered(definition: GameDef) -> Iterator[GameDef]:
    """Add a game (and its engine) to the site for the duration of the block."""
    if definition.slug in BY_SLUG:
        raise ValueError(f"a game is already registered as {definition.slug!r}")
    engine_base.add_engine(definition.engine)
    GAMES.append(definition)
    BY_SLUG[definition.slug] = definition
    SLUGS.append(definition.slug)
    try:
        yield definition
    finally:
        GAMES.remove(definition)
        del BY_SLUG[definition.slug]
        SLUGS.remove(definition.slug)
        engine_base.remove_engine(definition.slug)


def say(slug: str, message: engine_base.Msg | str) -> str:
    """One of a game's engine codes in the player's language (``GameDef.say``); an engine
    registered without a definition (a test's) has only the common words."""
    found = game(slug)
    return found.say(message) if found is not None else wording.say(message)
