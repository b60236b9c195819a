"""The kind of a match: one object the platform asks instead of side tables and hook lists.

A kind answers the questions that differ between a plain solo game, a table, a daily game and a
station of the Händlerreise (and later a tournament or a correspondence game): is there Rat, is
there chat, which notes does the end screen add and in which order, does the match count for
personal bests, leaderboards and the rating, is „Nochmal“ offered, what happens while its person
is away, does the game's lobby show a panel for it, what does the Erfolge rule know about it.

A new kind is one subclass in its own module plus one ``register(...)`` line (in the app that
owns it: ``games.kinds`` for solo and table, ``leaderboards`` for the daily game, the Händlerreise
for its stations). The match stores its kind's ``name`` (``Match.kind``)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from django.utils.translation import gettext_lazy as _


class Away(StrEnum):
    """What happens to a seat while its person is not connected."""

    #: after ``LEAVE_GRACE`` a computer plays the seat (the person may take it back); the move
    #: clock runs on – fair to the other people at a table
    BOT = "bot"
    #: nobody else waits: the match waits for its person – the move clock stops while nobody is
    #: connected (``actions.seats.pause_clock``) and resumes with the time that was left
    WAIT = "wait"
    #: a turn-based game (a Fernpartie): the seat stays its person's however long they are away,
    #: no computer takes it and the clock runs on – at the deadline the rules' timeout move
    KEEP = "keep"


class MatchKind:
    """A kind of match; subclasses override what differs from a plain table."""

    #: stored in ``Match.kind`` (at most 20 characters, never changed once used)
    name: str = ""
    #: the solo helps (Rat, Speedbasar's Händler-Instinkt) in a solo match of this kind
    advice: bool = True
    #: why there is no Rat (German, shown in the match frame) where ``advice`` is off
    advice_refusal: Any = _("In dieser Partie gibt es keinen Rat.")
    #: chat among the people of the match (a game against the computer has no panel anyway)
    chat: bool = True
    #: why there is no chat (shown instead of the panel) where ``chat`` is off
    chat_refusal: Any = _("In dieser Partie gibt es keinen Chat.")
    #: the end screen's notes, in order: names of notes the apps provide (``games.kinds.notes``:
    #: "again" – „Nochmal“, "best" – a new personal best, "achievements" – new Erfolge) and
    #: "own" for the kind's own ``own_note``
    end_notes: tuple[str, ...] = ("again", "achievements")
    #: a won game may set a personal best („Meine Partien“)
    counts_for_bests: bool = False
    #: the match books leaderboard points (``counts_for_leaderboard`` may refine it per match)
    counts_for_leaderboards: bool = True
    #: a booked match moves the rating
    counts_for_rating: bool = True
    #: the end screen offers „Nochmal“ (a solo game: the same again; a table: the same table)
    again: bool = True
    #: what happens while the person is away (``Away``)
    away: Away = Away.BOT
    #: listed on „Jetzt live“ (``games.live``) while it runs: a table of people; never a game
    #: against the computer, nor a kind whose matches some may not watch (the daily deal)
    listed_live: bool = False
    #: the move timer is a task sent to the worker with a countdown (live clocks of seconds);
    #: off: only the beat sweep (``timers.sweep``) finds the stored, indexed deadline when it is
    #: due – a clock of days keeps no task waiting in the broker
    timer_task: bool = True
    #: after this many timeout moves in a row of one seat the seeds' leaving rule applies (the
    #: computer plays the seat on, the leaving penalty counts); 0: never
    timeouts_to_leave: int = 0
    #: its people get „Du bist dran“ outside the site (``alerts``: e-mail) when away
    turn_alerts: bool = False

    def board(self, match: Any) -> str:
        """The key of the leaderboard and rating the match counts for (``LeaderboardEntry``,
        ``LeaderboardTotal``, ``Rating``: their ``game``): the game's own (``match.game``); a
        Fernpartie has its own per game (``<game>:fern``)."""
        return str(match.game)

    def counts_for_leaderboard(self, match: Any) -> bool:
        """Whether this finished match books leaderboard points (a daily game: only the counted
        attempt)."""
        return self.counts_for_leaderboards

    def own_note(self, match: Any, seat: Any) -> Any:
        """The kind's own line on the end screen ("own" in ``end_notes``): a German sentence
        (celebrated), a ``games.rendering.EndNote`` or ``None``."""
        return None

    def watch_refusal(self, match: Any, player: Any) -> Any:
        """Why ``player`` (a visitor without a seat, or ``None``) may not see the match live or
        as a replay: a ``games.spectators.WatchRefusal``, or ``None`` when they may."""
        return None

    def lobby_panel(self, request: Any, game: Any) -> str:
        """A panel of this kind in a game's lobby (the daily game's box), HTML or ""."""
        return ""

    def achievement_context(self, match: Any, seat: Any) -> dict[str, Any]:
        """What only the site knows about the match, for the game's Erfolge rule."""
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
