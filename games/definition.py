"""A game as the platform sees it: one ``GameDef`` per game, overriding the platform's defaults.

Like a variant in scalachess or a ``game.ts`` in boardgame.io, a game's package says everything
the site needs from it in one object (``games/<slug>/game.py``: ``GAME``); the platform (lobby,
leaderboards, views, templates, bench, admin) asks ``games.registry`` instead of branching on a
slug. Every field has a default, so a game overrides only what differs.

This module sits between the engines and the platform apps: it imports the engine protocol and
the presenter base, never ``lobby``, ``leaderboards`` or the match services. Extra pages (the
Händlerreise, the Händlerschule) are named by module path (``Page.urls``) and loaded by
``config.urls``, so a definition does not import the code above it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.engines.base import Engine
from games.presenters.base import Presenter

#: who leaves a running match after this long is penalised (the default leaving rule)
LATE_LEAVE = timedelta(minutes=2)
LEAVE_PENALTY = -10
#: the default points rule: points per opponent finished ahead of (or behind)
PLACE_STEP = 3

Text = str | Promise
#: ``(log, seat, context) -> keys`` of the Erfolge a finished game earned
AchievementRule = Callable[[Sequence[dict[str, Any]], int, dict[str, Any]], list[str]]


def place_points(result: dict[str, Any], seat: int, step: int = PLACE_STEP) -> int:
    """+``step`` for each seat with a worse place, −``step`` for each seat with a better one."""
    places = list(result["places"])
    mine = places[seat]
    return step * sum((p > mine) - (p < mine) for i, p in enumerate(places) if i != seat)


def engine_points(result: dict[str, Any], seat: int) -> int:
    """The leaderboard points the engine computed itself (``Result.leaderboard``)."""
    return int(result["leaderboard"][seat])


def late_leave_penalty(match: Any, seat: Any, seats: list[Any]) -> int:
    """``LEAVE_PENALTY`` for a person who left the running match after ``LATE_LEAVE``."""
    if seat.left_at is None:
        return 0
    return LEAVE_PENALTY if seat.left_at - match.created > LATE_LEAVE else 0


def no_daily_options(rng: random.Random) -> dict[str, Any]:
    """The daily game is played with the standard rules."""
    return {}


@dataclass(frozen=True)
class PersonalBest:
    """What a solo game's personal best measures: a ``Seat`` field and its unit on screen."""

    field: str = "score"
    unit: Text = _("Punkte")


@dataclass(frozen=True)
class Achievements:
    """A game's Erfolge: the catalogue (key -> (title, what it asks for)) and the rule that
    reads them from the public log of a finished game."""

    catalogue: dict[str, tuple[str, str]]
    rule: AchievementRule


@dataclass(frozen=True)
class Page:
    """An extra page of one game (the Händlerreise, the Händlerschule): its title in the menu
    and lobby, the URL name of its entry page (reversed without arguments), and the module of
    its URL patterns."""

    title: Text
    url_name: str
    urls: str
    #: shown in the site's main menu beside the game (not only in the game's lobby)
    in_menu: bool = False
    blurb: Text = ""
    #: the page's element ids: ``nav-<key>`` in the menu, ``<key>-entry`` / ``<key>-link`` in
    #: the game's lobby
    key: str = ""
    #: the text of the link in the game's lobby (default: the title)
    link: Text = ""


@dataclass(frozen=True)
class GameDef:
    slug: str
    engine: Engine[Any]
    tagline: Text
    description: Text
    #: the table screen; a game without one is not live (its lobby shows the rules, every
    #: endpoint that would start or show one of its matches refuses with a German page)
    presenter: Presenter | None = None
    #: what the lobby calls playing alone against the computer
    solo_title: Text = _("Solo gegen Computer")
    #: the keys of the match page, shown under the board
    key_help: Text = ""
    #: the colour of the game's tile and menu entry
    accent: str = "#555"
    #: static files its match page loads besides the shared ones
    css: tuple[str, ...] = ()
    js: tuple[str, ...] = ()
    #: leaderboard points of a seat from the engine's result (before the leaving penalty)
    points: Callable[[dict[str, Any], int], int] = place_points
    #: the leaving penalty of a seat whose person left the running match (0 or negative)
    leave_penalty: Callable[[Any, Any, list[Any]], int] = late_leave_penalty
    #: the solo personal best
    best: PersonalBest = field(default_factory=PersonalBest)
    #: the daily game's options, drawn from the day's seed
    daily_options: Callable[[random.Random], dict[str, Any]] = no_daily_options
    #: whether fewer points rank higher in the daily list with these options
    daily_low_wins: Callable[[dict[str, Any]], bool] = lambda options: False
    achievements: Achievements | None = None
    pages: tuple[Page, ...] = ()

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
    def live(self) -> bool:
        """Whether its table screen exists."""
        return self.presenter is not None

    @property
    def menu_pages(self) -> tuple[Page, ...]:
        return tuple(p for p in self.pages if p.in_menu)
