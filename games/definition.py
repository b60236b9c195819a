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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games.engines.base import Engine, Msg
from games.presenters.base import Presenter
from games.wording import Catalogue, say

#: who leaves a running match after this long is penalised (the default leaving rule)
LATE_LEAVE = timedelta(minutes=2)
LEAVE_PENALTY = -10
#: the default points rule: points per opponent finished ahead of (or behind)
PLACE_STEP = 3

Text = str | Promise
#: ``GameDef.keys_text``'s joined words: (the game's ``key_help`` by identity – the tuples live as
#: long as the process –, which entries work, language) -> text
_KEYS_TEXT: dict[tuple[int, tuple[bool, ...], str | None], tuple[tuple[Any, ...], str]] = {}
#: ``(log, seat, context) -> keys`` of the Erfolge a finished game earned
AchievementRule = Callable[[Sequence[dict[str, Any]], int, dict[str, Any]], list[str]]


@dataclass(frozen=True)
class KeySituation:
    """What decides which keys work on one seat's match page."""

    #: the seat's view (the common keys plus the game's own, e.g. Speedbasar's ``rules``)
    view: Mapping[str, Any]
    options: Mapping[str, Any]
    prefs: Mapping[str, Any]
    #: the solo helps exist here (a solo game, not a daily one)
    helps: bool = False
    #: the seat may ask for Rat (the helps exist and are switched on)
    advice: bool = False
    #: a person playing a seat; ``False``: a spectator, who has only the keys that only look
    #: (``Key.watch``)
    seated: bool = True


@dataclass(frozen=True)
class Key:
    """One entry of a match page's key help; ``when`` (if given) says whether the key works in
    this situation, so the help lists only keys the page answers."""

    text: Text
    when: Callable[[KeySituation], bool] | None = None
    #: the key only shows something (the last trick): it works for a spectator too
    watch: bool = False

    def works(self, situation: KeySituation) -> bool:
        if not situation.seated and not self.watch:
            return False
        return self.when is None or self.when(situation)


def advice_on(situation: KeySituation) -> bool:
    """For the key of Rat: only where the seat may ask for it."""
    return situation.advice


#: the key of Rat, shared by the games that list it
ADVICE_KEY = Key(_("R Rat"), advice_on)
#: the key that opens the last trick (it only shows: a spectator has it too)
LAST_TRICK_KEY = Key(_("L letzter Stich"), watch=True)


def place_points(result: dict[str, Any], seat: int, step: int = PLACE_STEP) -> int:
    """+``step`` for each seat with a worse place, −``step`` for each seat with a better one."""
    places = list(result["places"])
    mine = places[seat]
    return step * sum((p > mine) - (p < mine) for i, p in enumerate(places) if i != seat)


def engine_points(result: dict[str, Any], seat: int) -> int:
    """The leaderboard points the engine computed itself (``Result.leaderboard``)."""
    return int(result["leaderboard"][seat])


def with_other_people(seat: Any, seats: list[Any]) -> bool:
    """Whether other people sat at the match: leaving a game against the computer alone never
    costs a leaving penalty."""
    return any(s.is_human and s.index != seat.index for s in seats)


def late_leave_penalty(match: Any, seat: Any, seats: list[Any]) -> int:
    """``LEAVE_PENALTY`` for a person who left a match with other people after ``LATE_LEAVE``:
    by „Partie verlassen“ or by not coming back before the end (``Seat.left_time``)."""
    left = seat.left_time
    if left is None or not with_other_people(seat, seats):
        return 0
    return LEAVE_PENALTY if left - match.created > LATE_LEAVE else 0


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
    #: the keys of the match page, shown under the board (entries with a condition are listed
    #: only where they work: ``keys_text``)
    key_help: Text | tuple[Key | Text, ...] = ""
    #: the colour of the game's tile and menu entry
    accent: str = "#555"
    #: static files its match page loads besides the shared ones
    css: tuple[str, ...] = ()
    js: tuple[str, ...] = ()
    #: leaderboard points of a seat from the engine's result (before the leaving penalty)
    points: Callable[[dict[str, Any], int], int] = place_points
    #: the leaving penalty of a seat whose person left the running match (0 or negative)
    leave_penalty: Callable[[Any, Any, list[Any]], int] = late_leave_penalty
    #: a game whose leaderboard points are earned per round (Speedone): the points of the round
    #: one move's events finished, per seat, or ``None``; each round is booked when it ends
    #: (``games.signals.round_finished``) and the end adds only the leaving penalty
    round_points: Callable[[Sequence[dict[str, Any]]], list[int] | None] | None = None
    #: the solo personal best
    best: PersonalBest = field(default_factory=PersonalBest)
    #: the daily game's options, drawn from the day's seed
    daily_options: Callable[[random.Random], dict[str, Any]] = no_daily_options
    #: whether fewer points rank higher in the daily list with these options
    daily_low_wins: Callable[[dict[str, Any]], bool] = lambda options: False
    #: the daily game's name (the seeds': „Tagesmarkt“, „Tagesbasar“)
    daily_title: Text = _("Tagesspiel")
    #: the name of the game's lobby, if it has its own (Speedbasar's „Basartor“)
    lobby_title: Text = ""
    #: whether its tables may be played turn-based, as a Fernpartie (``games.kinds.correspondence``)
    turn_based: bool = True
    #: why not (its lobby says so) where ``turn_based`` is off
    turn_based_refusal: Text = ""
    #: whether an arena tournament offers berserk (half the Bedenkzeit of one's own turns for a
    #: bonus point on a win, docs/tournaments.md); ``berserk_refusal`` says why not where it is off
    berserk: bool = True
    berserk_refusal: Text = ""
    achievements: Achievements | None = None
    pages: tuple[Page, ...] = ()
    #: the words of the engine's codes (``games/<slug>/texts.py``: ``TEXTS``; ``games.wording``)
    texts: Catalogue = field(default_factory=dict)

    def say(self, message: Msg | str | Promise) -> str:
        """One of the engine's codes (an error, a move, an advice reason) in the player's
        language, from the game's catalogue (``games.wording.say``)."""
        return say(message, self.texts)

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
        return str(
            _("%(low)s–%(high)s Spieler") % {"low": self.min_players, "high": self.max_players}
        )

    @property
    def live(self) -> bool:
        """Whether its table screen exists."""
        return self.presenter is not None

    def keys_text(self, situation: KeySituation) -> str:
        """The key help for one seat: the entries whose keys work in its situation (a spectator:
        only the keys that look, ``Key.watch``; a plain text entry is a player's). Which work is
        asked every time (cheap); the joined words are kept per language and choice of entries
        (every seat's board on every move shows them, and each lazy text is a translation)."""
        if not isinstance(self.key_help, tuple):
            return str(self.key_help) if situation.seated else ""
        works = tuple(
            k.works(situation) if isinstance(k, Key) else situation.seated for k in self.key_help
        )
        memo = (id(self.key_help), works, get_language())
        kept = _KEYS_TEXT.get(memo)
        if kept is not None and kept[0] is self.key_help:
            return kept[1]
        text = ", ".join(
            str(k.text if isinstance(k, Key) else k)
            for k, on in zip(self.key_help, works, strict=True)
            if on
        )
        if len(_KEYS_TEXT) < 4096:  # games × languages × situations: a few dozen
            _KEYS_TEXT[memo] = (self.key_help, text)  # the tuple kept: its id stays its own
        return text

    @property
    def menu_pages(self) -> tuple[Page, ...]:
        return tuple(p for p in self.pages if p.in_menu)
