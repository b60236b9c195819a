"""Render a match for one seat: the same fragment serves the first page load, the htmx response
and the socket push, so a reload or reconnect shows exactly the live state.

The shared frame (``frame_html``) draws seats, turn line, countdown, ticker, round summary and game
end from the common view keys; the game's presenter (``games.presenters``) supplies the context
and the HTML of its own board (a template, or built in Python where it is rendered on every move).
"""

from __future__ import annotations

import hashlib
import re
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache
from typing import Any, NamedTuple

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.safestring import SafeData
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from accounts.language import seat_languages
from accounts.templatetags.players import player_link
from games import kinds, ratings, registry
from games.clock import phase_clock
from games.definition import KeySituation
from games.engines.base import get_engine
from games.html import Html, Markup, attr, esc, h
from games.kinds import kind_of
from games.models import PREFS_REVISION, Match, Seat
from games.presenters import Frame, action_json
from games.presenters.base import word_table

URL_NAMES = ("act", "sort", "leave", "advice", "reclaim", "board")


@lru_cache(maxsize=4096)
def _match_urls(match_id: int) -> tuple[tuple[str, str], ...]:
    # escaped once (as ``Markup``): every frame puts them into attributes
    return tuple(
        (name, Markup(esc(reverse(f"games:{name}", args=[match_id])))) for name in URL_NAMES
    )


def match_urls(match_id: int) -> dict[str, str]:
    """The match's endpoints (reversed once per match and process: every push needs them)."""
    return dict(_match_urls(match_id))


def turn_text(view: dict[str, Any], names: list[str], me: int | None) -> str:
    actors = view["actors"]
    if not actors:
        return ""
    t = _turn_words(get_language())
    if len(actors) > 1:
        if me in actors:
            return t["all_you"]
        return t["together"] % {"names": ", ".join(names[a] for a in actors)}
    if actors[0] == me:
        return t["you"]
    return t["other"] % {"name": names[actors[0]]}


@lru_cache(maxsize=8)
def _turn_words(language: str | None) -> dict[str, str]:
    """The turn line's words in ``language`` (the memo key; the active one): every board says it."""
    return {
        "all_you": _("Alle wählen gleichzeitig – du auch."),
        "together": _("Gleichzeitig am Zug: %(names)s."),
        "you": _("Du bist am Zug."),
        "other": _("%(name)s ist am Zug."),
    }


def event_lines(
    match: Match, presenter: Any, names: list[str], shown: list[str] | None = None
) -> list[dict[str, str]]:
    """The public events of the last moves in words, oldest first, from the events stored with
    the match; ``seq`` ("version.index") orders them across pushes (the screen reader's
    announcement takes every line newer than the last it read). With ``shown`` (each seat's name
    as HTML, ``name_html``) the names in the lines are those: a registered person's a link to
    their profile (the presenter writes placeholders, ``_NAME_MARKS``, swapped afterwards, so no
    name is searched for in a sentence)."""
    lines: list[dict[str, str]] = []
    names_html = tuple(shown) if shown is not None else ()
    if shown is not None:
        names = _NAME_MARKS[: len(names)]
    language = get_language()
    said_names = tuple(names)
    for entry in match.recent or []:
        version = entry.get("v", 0)
        for i, event in enumerate(entry.get("events", [])):
            # an event is written once and never changes: its line is said once per language
            key = (language, match.pk, version, i, event.get("type"), said_names)
            text = _SAID.get(key)
            if text is None:
                text = _say_event(event, presenter, names)
                # a match that is not stored (a lesson's board) has nothing that identifies it
                if match.pk is not None:
                    if len(_SAID) >= _SAID_SIZE:
                        _SAID.clear()
                    _SAID[key] = text
            if text and names_html and "\ue000" in text:
                text = _unmark(text, names_html)
            if text:
                lines.append({"text": text, "by": entry.get("by", ""), "seq": f"{version}.{i}"})
    return lines


#: ``event_lines``' memo: (language, match, version, event's index, its type, the names as
#: written) → the line. The ticker says the last moves again on every push; a stored event never
#: changes, so each is worded once per language and process (cleared when full)
_SAID: dict[tuple[Any, ...], str] = {}
_SAID_SIZE = 16384


def _say_event(event: dict[str, Any], presenter: Any, names: list[str]) -> str:
    """One stored event in words ("" when the ticker does not show it)."""
    said = SEAT_EVENTS.get(event.get("type"))
    seat = event.get("seat")
    if said is not None and isinstance(seat, int) and 0 <= seat < len(names):
        return str(said) % {"name": names[seat]}
    return presenter.describe(event, names) or ""


#: the platform's own ticker lines: a seat changing hands (``games.actions.seats``) – leaving and a
#: lost connection said apart
SEAT_EVENTS: dict[str, Any] = {
    "seat_left": gettext_lazy("%(name)s hat die Partie verlassen – der Computer spielt weiter."),
    "seat_gone": gettext_lazy(
        "%(name)s hat die Verbindung verloren – der Computer spielt vorerst weiter."
    ),
    "seat_back": gettext_lazy("%(name)s ist wieder da und spielt selbst weiter."),
}

#: the seats' names as a presenter writes them into a ticker line for ``event_lines``:
#: private-use characters no name or game text contains (a game has at most 12 seats)
_NAME_MARKS = [f"\ue000{i}\ue001" for i in range(12)]
_MARK = re.compile("\ue000([0-9]+)\ue001")


@lru_cache(maxsize=4096, typed=True)
def _unmark(text: str, shown: tuple[str, ...]) -> Markup:
    """A ticker line written with ``_NAME_MARKS``: as HTML with each seat's shown name (in one
    pass: a name is never read as a placeholder). Memoised: the ticker shows the same lines for
    every seat and for ten moves."""
    html = text if hasattr(text, "__html__") else esc(text)
    return Markup(_MARK.sub(lambda m: shown[int(m.group(1))], html))


def name_html(seats: list[Seat]) -> list[str]:
    """Each seat's name as HTML: a registered person's a link to their public profile (seat,
    turn line, ticker, round summary, game over), a guest's or a bot's plain text. The seat
    knows which it is: no query."""
    return [profile_link(s.name) if _registered(s) else esc(s.name) for s in seats]


#: a registered person's seat (not a bot's, not a guest's): their name has a profile and a Wertung
_registered = ratings.rated


def name_links(seats: list[Seat], shown: list[str]) -> dict[str, Markup]:
    """The registered people's names → their links (``shown``: ``name_html``)."""
    return {s.name: link for s, link in zip(seats, shown, strict=True) if _registered(s)}


def link_names(text: str, links: dict[str, Markup]) -> Markup:
    """``text`` (a turn line: it is written with the plain names) as HTML with the registered
    people's names (``links``, ``name_links``), where they stand as whole words, as links."""
    if not links or not text:
        return Markup(esc(text))
    return _link_names(text, tuple(links.items()))


@lru_cache(maxsize=4096)
def _link_names(text: str, links: tuple[tuple[str, Markup], ...]) -> Markup:
    # memoised: a turn line stands for several pushes, the same for every seat
    escaped = {esc(name): link for name, link in links}
    return Markup(_names_pattern(tuple(escaped)).sub(lambda m: escaped[m.group(0)], esc(text)))


def _linked_summary(summary: dict[str, Any], links: dict[str, Markup]) -> dict[str, Any]:
    """A round summary with the registered people's names as links: the cell a row begins with
    (every game's rows begin with the seat's name) and names in the title („… spielt aus“)."""
    rows = summary.get("rows")
    if not links or not isinstance(rows, list):
        return summary
    title = summary.get("title")
    if type(title) is str:
        summary = {**summary, "title": link_names(title, links)}
    linked = []
    for row in rows:
        cells = row.get("cells") if isinstance(row, dict) else None
        first = cells[0] if isinstance(cells, list) and cells else None
        if type(first) is str and first in links:
            row = {**row, "cells": [links[first], *cells[1:]]}
        linked.append(row)
    return {**summary, "rows": linked}


@lru_cache(maxsize=1024)
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    # longest first: "Bob Ölmüller" before "Bob"; not inside a longer name or word
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w@+.-])(?:{alternatives})(?![\w@+-])")


def ticker_lines(match: Match, presenter: Any, names: list[str]) -> list[dict[str, str]]:
    """The last moves in words, newest first (also within a move)."""
    return event_lines(match, presenter, names)[::-1][:10]


def advice_blocked(match: Match) -> str:
    """Why the match's kind has no Rat ("" if it has: ``MatchKind.advice``)."""
    kind = kind_of(match)
    return "" if kind.advice else str(kind.advice_refusal)


def booked_seats(match: Match, seats: list[Seat]) -> tuple[bool, ...]:
    """Per seat, whether the leaderboard books its points (``Frame.booked``): a registered
    person playing their own seat, no guest at the table, and a match whose kind counts it
    (a day's deal only in the counted attempt). Bots, guests and a seat the computer plays for
    its person book nothing."""
    if any(s.is_guest for s in seats) or not kind_of(match).counts_for_leaderboard(match):
        return tuple(False for _ in seats)
    return tuple(bool(s.is_human and s.user_id is not None and not s.bot_strength) for s in seats)


class EndNote(NamedTuple):
    """A line on the end screen that is not a success (a Händlerreise station not passed):
    shown plainly, without the ★ box a plain ``str`` note gets. ``way_on``: the note is the
    screen's one way on (a table's „Nochmal – gleicher Tisch“): the frame leaves its own
    button („Zum Tisch“, „Neue Partie“) out."""

    text: str
    celebrate: bool = False
    way_on: bool = False


def _end_notes(match: Match, seat: Seat) -> list[EndNote]:
    """The notes the match's kind puts on the end screen (``games.kinds.end_notes``)."""
    return [
        n if isinstance(n, EndNote) else EndNote(n, celebrate=True)
        for n in kinds.end_notes(match, seat)
    ]


def helps_available(match: Match, seat: Seat | None) -> bool:
    """The solo helps (Rat, Speedbasar's Händler-Instinkt): only in solo games, only for the
    person at the table, never in a daily game."""
    if seat is None or not match.solo or match.status != Match.Status.RUNNING:
        return False
    return not advice_blocked(match)


def helps_switched_off(seat: Seat | None) -> bool:
    """„Hilfen ausblenden“: the seat switched its helps off (the pref ``hilfen``)."""
    return seat is not None and seat.prefs.get("hilfen", True) is False


def advice_allowed(match: Match, seat: Seat | None) -> bool:
    """Rat: where the helps are available and the seat has not switched them off."""
    return helps_available(match, seat) and not helps_switched_off(seat)


def advice_refusal(match: Match, seat: Seat | None) -> str:
    """Why this seat gets no Rat here, in German ("": it may ask)."""
    if match.status != Match.Status.RUNNING:
        return _("Die Partie ist vorbei – Rat gibt es nur während des Spiels.")
    if seat is None or not match.solo:
        return _("Rat gibt es nur in Solo-Partien gegen den Computer.")
    blocked = advice_blocked(match)
    if blocked:
        return blocked
    if helps_switched_off(seat):
        return _("Die Hilfen sind ausgeblendet – mit „Hilfen zeigen“ gibt es wieder Rat.")
    return ""


def decision_key(engine: Any, state: Any, legal: list[Any]) -> str:
    """Names the decision a seat has to make: the same while the person still has the same
    choice (a bot's pick in a Tauschrunde leaves it), another once they act or the phase moves
    on. A Rat stays on the page while the board's key is the one it was given for."""
    if not legal:
        return ""
    raw = "\n".join([engine.simultaneous_key(state) or "", *sorted(map(action_json, legal))])
    return hashlib.blake2s(raw.encode(), digest_size=8).hexdigest()


@dataclass(frozen=True, slots=True)
class MoveWords:
    """What every seat's board of one version shows alike: the names (plain and as HTML, with
    the registered people's links), their Wertung (``games.ratings``: read once per match and
    process, not per move) and the ticker's event lines. Built once per move for all the boards
    a move pushes (``render_seat_boards``), not once per seat."""

    names: list[str]
    shown: list[str]
    links: dict[str, Markup]
    lines: list[dict[str, str]]
    shown_ratings: tuple[ratings.ShownRating | None, ...] = ()

    @classmethod
    def of(cls, match: Match, seats: list[Seat]) -> MoveWords:
        names = [s.name for s in seats]
        shown = name_html(seats)
        presenter = registry.presenter_of(match.game)
        return cls(
            names,
            shown,
            name_links(seats, shown),
            event_lines(match, presenter, names, shown),
            ratings.of_seats(match, seats),
        )


def board_context(
    match: Match,
    seat: Seat | None,
    message: str = "",
    *,
    seats: list[Seat] | None = None,
    state: Any = None,
    words: MoveWords | None = None,
) -> dict[str, Any]:
    """Everything the frame and the game's board need for one seat (``None``: a spectator).
    ``seats``, ``state`` and ``words`` may be passed by a caller that holds them already."""
    message = message or match.abort_notice()  # an aborted match shows the staff's reason
    game = registry.BY_SLUG[match.game]
    presenter = registry.presenter_of(match.game)
    engine = get_engine(match.game, match.rules_version)
    if state is None:
        state = engine.from_json(match.state)
    if seats is None:
        seats = list(match.seats.all())
    index = seat.index if seat is not None else None
    view = engine.view(state, index)
    running = match.status == Match.Status.RUNNING
    # while the computer plays for this person, the board offers no controls
    bot_for_me = seat is not None and bool(seat.bot_strength) and seat.is_human
    legal = engine.legal_actions(state, index) if index is not None and running else []
    if bot_for_me:
        legal = []
    urls = match_urls(match.pk)
    if words is None:
        words = MoveWords.of(match, seats)
    names, shown, links = words.names, words.shown, words.links
    seat_ratings = words.shown_ratings or (None,) * len(seats)
    frame = Frame(
        names=names,
        urls=urls,
        prefs=seat.prefs if seat else {},
        advice=helps_available(match, seat),
        booked=booked_seats(match, seats),
    )
    ctx = presenter.present(view, legal, frame)
    actors = list(view["actors"]) if running else []
    teams = engine.teams(match.players, match.options) or []
    my_team = next((t for t in teams if index in t), [])
    stats = ctx.get("seat_stats") or [[] for _ in seats]
    infos = ctx.get("seat_info")  # per seat a Karten-Info (HTML), optional
    stale = timezone.now() - timedelta(seconds=3 * settings.HEARTBEAT_SECONDS)
    frame_seats = [
        {
            **s.label(),
            "index": s.index,
            # a page that spoke since the last socket closed (a second tab) is connected again
            "connected": (s.disconnected_at is None or s.disconnected_at < s.last_seen)
            and s.last_seen >= stale,
            "score": view["scores"][s.index],
            "cards": view["hand_counts"][s.index],
            "turn": s.index in actors,
            "me": s.index == index,
            "partner": s.index != index and s.index in my_team,
            "dealer": view.get("dealer") == s.index and running,
            "stats": stats[s.index],
            "info": infos[s.index] if infos else None,
            "rating": seat_ratings[s.index] if s.index < len(seat_ratings) else None,
        }
        for s in seats
    ]
    text = ctx.get("turn_text") or turn_text({"actors": actors}, names, index)
    if bot_for_me and index in actors:
        text = _("Der Computer ist für dich am Zug.")
    lines = words.lines
    ticker = lines[::-1][:10]
    # the turn line (and a presenter's own words): read after the moves the page has not read yet
    announce = " ".join(x for x in (text, str(ctx.get("announce") or "")) if x)
    advice_ok = frame.advice and not bot_for_me and not helps_switched_off(seat)
    # a solo game without Rat (a daily game): the button is there and says why
    refusal = ""
    if running and seat is not None and match.solo and not bot_for_me and not frame.advice:
        refusal = advice_blocked(match)
    keys = KeySituation(
        view=view,
        options=match.options,
        prefs=frame.prefs,
        helps=frame.advice,
        advice=advice_ok,
        seated=seat is not None,
    )
    finished = match.status == Match.Status.FINISHED
    notes = _end_notes(match, seat) if finished and seat is not None else []
    language = get_language()
    clock = None
    # the clock stopped while its person was away (``actions.pause_clock``): shown frozen
    stopped = running and match.deadline is None and match.clock_left is not None
    stopped_note = ""
    if running and (match.deadline is not None or stopped):
        clock = phase_clock(engine, state, match, seats)
    if stopped:
        waiting = [s.name for s in seats if s.index in actors and s.is_human and not s.bot_strength]
        mine = index is not None and index in actors
        stopped_note = _stopped_words(mine, tuple(waiting))
        announce = " ".join(x for x in (announce, stopped_note) if x)
    ctx.update(
        {
            "language": language,
            "seats_html": seats_html(frame_seats, language),
            "ticker_html": ticker_html(ticker, language),
            "match": match,
            "game": game,
            "view": view,
            "urls": urls,
            "me": seat,
            "frame_seats": frame_seats,
            "actors": actors,
            "my_turn": index is not None and index in actors and not bot_for_me,
            "turn_text": text,
            "turn_html": link_names(text, links) if running else "",
            "name_links": links,
            "deadline": match.deadline,
            "clock_grace": int(clock.grace) if clock else 0,
            "clock_stopped": (match.clock_left, stopped_note) if stopped else None,
            "message": message,
            "ticker": ticker,
            "announce": announce,
            "announce_html": announce_html(lines, announce),
            "advice_allowed": advice_ok,
            "advice_refusal": refusal,
            "decision": decision_key(engine, state, legal) if advice_ok else "",
            "keys_text": game.keys_text(keys),
            "bot_for_me": bot_for_me and running,
            "result": match.result if finished else None,
            "places": sorted(seats, key=lambda s: (s.place or 99, s.index)) if finished else [],
            "seat_ratings": seat_ratings,
            "winner_names": Markup(
                ", ".join(
                    _stand_in(s) or n for s, n in zip(seats, shown, strict=True) if s.place == 1
                )
            )
            if finished
            else "",
            "end_notes": notes,
            "way_on": any(n.way_on for n in notes),
        }
    )
    return ctx


def _aborted_html(match: Match, me: Seat | None) -> Markup:
    """The end of a match the staff aborted: the stakes came back, nothing is booked, and the
    way on (back to the table, a new game, the start page) – the reason stands in the message."""
    refunds = (match.result or {}).get("refunds") or {}
    mine = refunds.get(str(me.index), 0) if me is not None else 0
    return Markup(
        render_to_string(
            "games/_aborted.html", {"match": match, "refunds": refunds, "my_refund": mine}
        )
    )


def _stand_in(seat: Seat) -> Markup | None:
    """„Computer für Vera“: a seat the computer played to the end after its person left – the
    computer won it, not the person (who got any leaving penalty); ``None`` for any other."""
    if not (seat.is_human and seat.bot_strength):
        return None
    return Markup(esc(_("Computer für %(name)s") % {"name": seat.name}))


def frame_html(ctx: dict[str, Any], *, oob: bool = False) -> Markup:
    """The match frame every game shares (``#board``): messages, game end, round summary, the
    game's status line, seats, turn line with countdown, the game's own board
    (``Presenter.board_html``), Rat, leaving, the move ticker. One fragment is what the page
    shows, what an htmx answer swaps and what a socket pushes (``oob``: ``hx-swap-oob``).

    Built with ``games.html`` like the seats strip: it is rendered for every seat on every move,
    and the Django template of it cost more than the move itself. Its fixed pieces are memoised
    per match, language or move (head, countdown, Rat, leaving), the values between them escaped.
    The rare parts are templates: game over (``games/_game_over.html``) and the round summary
    (``games/_round_summary.html``, memoised: in Speedone it stands for a whole round)."""
    match, game, urls = ctx["match"], ctx["game"], ctx["urls"]
    language = ctx.get("language") or get_language()
    running = match.status == Match.Status.RUNNING
    me = ctx["me"]
    prefs = me.prefs if me is not None else {}
    head, mid = _frame_head(
        game.slug,
        oob,
        match.status,
        urls["act"],
        urls["board"],
        bool(ctx["my_turn"]) and running,
        prefs.get("bewegung", True) is not False,
        prefs.get("zugton", False) is True,
        len(ctx["frame_seats"]),
        me.index if me is not None else 0,
        prefs.get(PREFS_REVISION, 0),
    )
    parts = [head, esc(match.version), mid, flash_html(ctx["message"], oob=oob)]
    if ctx["result"]:
        parts.append(esc(render_to_string("games/_game_over.html", ctx)))
    elif match.status == Match.Status.ABORTED:
        parts.append(_aborted_html(match, me))
    summary = ctx.get("round_summary")
    if summary:
        summary = _linked_summary(summary, ctx.get("name_links") or {})
        parts.append(round_summary_html(summary, language))
    if ctx.get("status"):
        parts.append(h('\n<p class="status-line" id="status-line">{}</p>', ctx["status"]))
    if ctx["bot_for_me"]:
        parts.append(_reclaim_html(language, urls["reclaim"]))
    refusal = ctx.get("advice_refusal") or ""
    rat = running and (ctx["advice_allowed"] or bool(refusal))
    if running:
        turn = ctx.get("turn_html") or ctx["turn_text"]  # the names linked (``link_names``)
        if ctx["my_turn"]:
            parts.append(_TURN_MINE.format(esc(turn)))
        else:
            parts.append(_TURN_OTHER.format(esc(turn)))
        if ctx["deadline"]:
            parts.append(
                _countdown_html(language, timezone.localtime(ctx["deadline"]), ctx["clock_grace"])
            )
        elif ctx.get("clock_stopped"):
            parts.append(_stopped_clock_html(*ctx["clock_stopped"], ctx["clock_grace"]))
        if rat:  # Rat at the top of the board: its answer is on a phone's first screen
            parts.append(
                _advice_html(
                    language,
                    urls["advice"],
                    bool(ctx["my_turn"]) or bool(refusal),
                    ctx.get("decision") or "",
                    refusal,
                )
            )
        parts.append("</p>\n")
        if ctx.get("clock_stopped") and not ctx["deadline"]:
            parts.append(_stopped_note_html(ctx["clock_stopped"][1]))
        if rat:
            parts.append(_ADVICE_PANEL)
    # the table: the seats around the game's centre, the person's own seat and hand at the
    # bottom (``static/css/table.css`` places them by ``data-n``/``data-me`` of the frame)
    parts += [_RING_OPEN, esc(ctx["seats_html"]), _SKIP_TARGET]
    # the game's board is HTML by the presenter's contract (built with ``games.html``)
    board = registry.presenter_of(game.slug).board_html(ctx)
    parts.append(board if isinstance(board, SafeData) else str(board))
    if me and running and not ctx["bot_for_me"]:
        parts.append(_leave_html(language, urls["leave"]))
    if ctx.get("keys_text"):
        parts.append(_keys_html(language, ctx["keys_text"]))
    parts.append(_RING_END)
    parts += [
        _SIDE_OPEN,
        esc(ctx["ticker_html"]),
        _SIDE_END,
        esc(ctx["announce_html"]),
        _FRAME_END,
    ]
    return Markup("".join(parts))


# the frame's fixed pieces (``frame_html`` joins them with escaped values: the memoised ones are
# built with ``games.html``, the two format strings get an escaped text)
_TURN_MINE = (
    '\n<p class="turn-line" id="turn-line"><span class="turn-text"><strong>{}</strong></span>'
)
_TURN_OTHER = '\n<p class="turn-line" id="turn-line"><span class="turn-text">{}</span>'
_RING_OPEN = Markup('\n<div class="table-ring">')
_RING_END = Markup("\n</div>")
_SIDE_OPEN = Markup('\n</div>\n<aside class="side">')
_SIDE_END = Markup("</aside>\n")
_FRAME_END = Markup("\n</div>")
# the answer of Rat goes here (``static/js/match.js`` keeps it across pushes of the same decision)
_ADVICE_PANEL = Markup('\n<div id="advice-panel" class="advice-panel" aria-live="polite"></div>')
# where „Zum Spiel springen“ lands (the script moves the focus on to the first card)
_SKIP_TARGET = Markup('\n<span id="spiel" class="skip-target" tabindex="-1"></span>')
# the light bulb of Rat (decoration: the button's name is the word)
_BULB = Markup(
    '<svg class="bulb" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" '
    'focusable="false"><path fill="currentColor" d="M12 2a7 7 0 0 0-4 12.74V17a1 1 0 0 0 1 1h6'
    "a1 1 0 0 0 1-1v-2.26A7 7 0 0 0 12 2zm2 11.7-.5.3V16h-3v-2l-.5-.3a5 5 0 1 1 4 0zM9 20h6v1.2"
    'a.8.8 0 0 1-.8.8H9.8a.8.8 0 0 1-.8-.8V20z"/></svg>'
)


def announce_html(lines: list[dict[str, str]], turn: str) -> Markup:
    """The hidden source of the screen reader's announcement: the event lines of the last moves,
    oldest first, each with its ``seq``, then the turn line. ``static/js/match.js`` reads every
    line newer than the last one it announced, in order, then the turn."""
    key = tuple((t["seq"], t["text"], hasattr(t["text"], "__html__")) for t in lines)
    return _announce_html(key, turn)


@lru_cache(maxsize=4096)
def _announce_html(lines: tuple[tuple[str, str, bool], ...], turn: str) -> Markup:
    out = Html()
    out('<div class="sr-only" id="announce-src" hidden>')
    for seq, raw, safe in lines:
        out('<p data-seq="{}">{}</p>', seq, Markup(raw) if safe else raw)
    out("<p data-turn>{}</p></div>", turn)
    return out.markup()


@lru_cache(maxsize=1024)
def _keys_html(language: str | None, keys: str) -> Markup:
    """The key help: only the keys that work for this seat (``GameDef.keys_text``)."""
    return h(
        '\n<p class="keys-help muted" id="keys-help">{}: {}</p>',
        _frame_words(language)["keys"],
        keys,
    )


@lru_cache(maxsize=4096)
def _frame_head(
    slug: str,
    oob: bool,
    status: str,
    act_url: str,
    board_url: str,
    my_turn: bool = False,
    motion: bool = True,
    sound: bool = False,
    n: int = 0,
    viewer: int = 0,
    prefs_rev: int = 0,
) -> tuple[Markup, Markup]:
    """The frame's opening tag around its version: the same for every move of a match.
    ``my_turn`` (``data-my-turn``) tells the page's script to alert a hidden tab; ``motion``
    (``data-motion="0"``: the seat switched „Bewegung“ off) and ``sound`` (``data-turn-sound``:
    „Ton bei deinem Zug“) are the seat's switches (shown by ``games/match.html``, outside the
    pushed board: the page's script sets them from these attributes). ``n`` (``data-n``) is the
    number of seats and ``viewer`` (``data-me``) the seat shown at the bottom of the table (a
    spectator sees seat 0 there): ``static/css/table.css`` places every seat and every play of a
    trick (``data-seat``) around the centre from them. ``prefs_rev`` (``data-prefs``, left out
    while 0) counts the seat's switches: a board rendered from the seat as it was before a switch
    (a move's push that crossed the switch's answer) carries a lower one, and the page does not
    let it undo the switch."""
    head = h('<div id="board" class="board game-{}"{} data-version="', slug, _OOB if oob else "")
    mid = h(
        '" data-status="{}" data-act-url="{}" data-board-url="{}" data-game="{}" data-n="{}" '
        'data-me="{}" data-my-turn="{}"{}{}{}>\n<div class="main-col">\n',
        status,
        act_url,
        board_url,
        slug,
        n,
        viewer,
        "1" if my_turn else "0",
        "" if motion else _NO_MOTION,
        _TURN_SOUND if sound else "",
        h(' data-prefs="{}"', prefs_rev) if prefs_rev else "",
    )
    return head, mid


_NO_MOTION = Markup(' data-motion="0"')
_TURN_SOUND = Markup(' data-turn-sound="1"')


def _countdown_html(language: str | None, deadline: Any, grace: int) -> Markup:
    """The countdown of a move (the same for every seat of it)."""
    return _countdown(language, deadline, deadline.utcoffset(), grace)


@lru_cache(maxsize=256)
def _countdown(language: str | None, deadline: Any, offset: Any, grace: int) -> Markup:
    # ``offset``: equal datetimes of different time zones write differently
    return h(
        ' <span class="countdown" id="countdown" data-deadline="{}" data-grace="{}" '
        'aria-live="off" title="{}"></span>',
        deadline.isoformat(),
        grace,
        _frame_words(language)["clock"],
    )


def clock_text(left: float, grace: int) -> str:
    """The countdown's words for ``left`` seconds, ``grace`` of them the visible grace – what
    ``static/js/match.js`` (``tick``) writes for a running clock: „0:52 (+5 s)“,
    „Nachspielzeit 0:04“."""
    left = max(0, round(left))
    main = left - grace
    shown = main if main > 0 else left
    text = f"{shown // 60}:{shown % 60:02d}"
    if main <= 0:
        return _("Nachspielzeit %(time)s") % {"time": text}
    return f"{text} (+{grace} s)" if grace else text


def _stopped_words(mine: bool, waiting: tuple[str, ...]) -> str:
    """Why the clock stands still, for the screen reader and under the frozen time."""
    if mine or not waiting:
        return _(
            "Die Uhr ist angehalten, solange du nicht da bist – sie läuft mit der übrigen Zeit "
            "weiter, sobald du wieder verbunden bist."
        )
    return _(
        "Die Uhr ist angehalten, solange %(name)s nicht da ist – sie läuft mit der übrigen Zeit "
        "weiter, sobald %(name)s zurück ist."
    ) % {"name": ", ".join(waiting)}


def _stopped_clock_html(left: float, note: str, grace: int) -> Markup:
    """The countdown frozen at the time that was left when its person went (no
    ``data-deadline``: the page's script does not tick it), „Uhr angehalten“ beside it; why and
    until when (``note``) stands under the turn line (``_stopped_note_html``)."""
    return h(
        ' <span class="countdown stopped" id="countdown" data-left="{}" data-grace="{}" '
        'title="{}"><span class="stopped-time">{}</span> <span class="stopped-word">{}</span>'
        "</span>",
        round(left),
        grace,
        note,
        clock_text(left, grace),
        _("Uhr angehalten"),
    )


def _stopped_note_html(note: str) -> Markup:
    return h('\n<p class="clock-note" id="clock-note">{}</p>', note)


@lru_cache(maxsize=4096)
def _reclaim_html(language: str | None, reclaim_url: str) -> Markup:
    t = _frame_words(language)
    return h(
        '\n<div class="panel reclaim" id="reclaim" role="status"><p>{}</p>'
        '<button type="button" class="button" hx-post="{}" hx-target="#board" '
        'hx-swap="outerHTML" id="reclaim-button">{}</button></div>',
        t["computer_plays"],
        reclaim_url,
        t["back"],
    )


@lru_cache(maxsize=4096)
def _advice_html(
    language: str | None, advice_url: str, enabled: bool, decision: str, refusal: str
) -> Markup:
    """The light-bulb button of Rat in the turn line (``static/js/match.js`` asks and shows the
    answer below it). ``decision``: the seat's pending decision (``decision_key``);
    ``refusal``: why there is no Rat here (a daily game) – the button then answers that."""
    word = _frame_words(language)["advice"]
    return h(
        ' <button type="button" class="button small advice-button{}" id="advice" data-key="r" '
        'data-advice-url="{}" data-decision="{}" aria-label="{}" aria-keyshortcuts="R"{}{}>'
        '{}<span aria-hidden="true">{}</span> <kbd class="key-cap" aria-hidden="true" data-cap="R"></kbd></button>',
        " refused" if refusal else "",
        advice_url,
        decision,
        word,
        attr("title", refusal),
        "" if enabled else _DISABLED,
        _BULB,
        word,
    )


@lru_cache(maxsize=4096)
def _leave_html(language: str | None, leave_url: str) -> Markup:
    t = _frame_words(language)
    return h(
        '\n<form hx-post="{}" hx-confirm="{}" class="leave">'
        '<button type="submit" class="link">{}</button></form>',
        leave_url,
        t["leave_confirm"],
        t["leave"],
    )


def round_summary_html(summary: dict[str, Any], language: str | None = None) -> Markup:
    """The round summary (``games/_round_summary.html``), memoised on what it shows: it stands on
    every seat's board from a round's end until the next round gets going (in Speedone the whole
    next round), and the template took longer than the rest of the frame."""
    try:
        key = (
            language or get_language(),
            _typed(summary["title"]),
            _typed(summary["columns"]),
            tuple((bool(r.get("winner")), _typed(r["cells"])) for r in summary["rows"]),
        )
        hash(key)
    except (KeyError, TypeError, AttributeError):  # not the usual shape: rendered as it is
        return Markup(render_to_string(_ROUND_SUMMARY, {"round_summary": summary}))
    html = _SUMMARIES.get(key)
    if html is None:
        if len(_SUMMARIES) >= 512:
            _SUMMARIES.clear()
        html = _SUMMARIES[key] = Markup(
            render_to_string(_ROUND_SUMMARY, {"round_summary": summary})
        )
    return html


def _typed(values: Any) -> tuple[Any, ...]:
    """Values with their types (a ``str`` and the ``Markup`` of the same text render differently
    but are equal as keys)."""
    if isinstance(values, str):
        return (type(values), values)
    return (*map(type, values), *values)


_ROUND_SUMMARY = "games/_round_summary.html"
#: the memo of ``round_summary_html`` (emptied when full)
_SUMMARIES: dict[tuple[Any, ...], Markup] = {}


_OOB = Markup(' hx-swap-oob="true"')
_DISABLED = Markup(" disabled")


def flash_html(message: str, *, oob: bool = False) -> Markup:
    """The message area (an error of the last action, or empty)."""
    if message:
        return h(
            '<div id="flash" class="flash-area"{} aria-live="assertive">'
            '<p class="flash error" role="alert">{}</p></div>',
            _OOB if oob else "",
            message,
        )
    return _EMPTY_FLASH[oob]


_EMPTY_FLASH = {
    oob: h('<div id="flash" class="flash-area"{} aria-live="assertive"></div>', _OOB if oob else "")
    for oob in (False, True)
}


def seats_html(frame_seats: list[dict[str, Any]], language: str | None = None) -> Markup:
    """The seats strip of the frame (names, badges, counts, the game's per-seat stats and
    Karten-Info), built with ``games.html``: it is the largest part of every pushed board, and
    Django's template engine took three times as long for it."""
    language = language or get_language()
    out = Html()
    out('<section class="seats" aria-label="{}">', _frame_words(language)["seats"])
    for s in frame_seats:
        stats = tuple(
            (st.get("cls") or "", st.get("title"), st.get("label"), st["value"])
            for st in s["stats"]
        )
        out.add(
            _seat_html(
                language,
                s["index"],
                s["name"],
                s["guest"],
                s["bot"],
                s["strength"],
                s["left"],
                s["connected"],
                s["score"],
                s["cards"],
                s["turn"],
                s["me"],
                s["partner"],
                s["dealer"],
                stats,
                s.get("info"),
                s.get("rating"),
            )
        )
    out("</section>")
    return out.markup()


@lru_cache(maxsize=4096)
def _seat_html(
    language: str | None,
    index: int,
    name: str,
    guest: bool,
    bot: bool,
    strength: str,
    left: bool,
    connected: bool,
    score: Any,
    cards: int | None,
    turn: bool,
    me: bool,
    partner: bool,
    dealer: bool,
    stats: tuple[tuple[Any, ...], ...],
    info: Markup | None,
    rating: ratings.ShownRating | None = None,
) -> Markup:
    """One seat of the strip, memoised on what it shows: a seat looks the same for most viewers
    and from move to move (hand size, score and the game's stats change now and then)."""
    t = _frame_words(language)
    out = Html()
    out(
        '<div class="seat{}" data-seat="{}"{}><div class="name">{}{}{}{}{}</div>'
        '<div class="stats">{}<span class="score" title="{}">{} P.</span>',
        (" turn" if turn else "")
        + (" me" if me else "")
        + (" partner" if partner else "")
        + (" has-info" if info else ""),
        index,
        _FOCUS if info else "",
        _avatar(name),
        _TURN_MARK if turn else "",
        h('<span class="seat-name">{}</span>', name) if guest or bot else profile_link(name),
        ratings.rating_html(rating),
        _badges(
            {
                "guest": guest,
                "bot": bot,
                "strength": strength,
                "left": left,
                "connected": connected,
                "partner": partner,
                "dealer": dealer,
            },
            t,
        ),
        h('<span class="count" title="{}">{}</span> ', t["cards"], cards)
        if cards is not None
        else "",
        t["points"],
        score,
    )
    for cls, title, label, value in stats:
        out(
            ' <span class="stat {}"{}>{}{}</span>',
            cls,
            attr("title", title),
            h('<span class="stat-label">{}</span> ', label) if label else "",
            value,
        )
    # the seat on turn shows the countdown too (``static/js/match.js`` writes it; empty without one)
    out("{}</div>{}</div>", _SEAT_CLOCK if turn else "", info or "")
    return out.markup()


def _avatar(name: str) -> Markup:
    """A seat's round badge with the first letters of its name (decoration: the name follows),
    in the seat's colour (``table.css``: ``[data-seat]``)."""
    letters = "".join(ch for ch in name if ch.isalnum())[:2] or "?"
    return h('<span class="avatar" aria-hidden="true">{}</span>', letters)


@lru_cache(maxsize=4096)
def profile_link(name: str) -> Markup:
    """A registered person's seat name as a link to their public profile (/spieler/<name>/),
    opened in a new tab so that a tap on it does not leave the match (memoised: the frame shows
    the same few names on every push, and ``reverse`` costs more than the rest of a seat)."""
    return Markup(player_link(name, new_tab=True))


def _badges(s: dict[str, Any], t: dict[str, Markup]) -> Markup:
    """The badges after a seat's name (guest, computer, offline, partner, dealer)."""
    out = Html()
    if s["guest"]:
        out(' <span class="badge guest">{}</span>', t["guest"])
    if s["bot"]:
        out(' <span class="badge bot">{} {}</span>', t["bot"], s["strength"])
    elif s["left"]:
        out(' <span class="badge bot">{}</span>', t["left"])
    elif not s["connected"]:
        out(' <span class="badge offline" title="{}">{}</span>', t["lost"], t["offline"])
    if s["partner"]:
        out(' <span class="badge team">{}</span>', t["partner"])
    if s["dealer"]:
        out(' <span class="badge dealer" title="{}">{}</span>', t["dealer"], t["dealer"])
    return out.markup()


_FOCUS = Markup(' tabindex="0"')
_SEAT_CLOCK = Markup(' <span class="seat-clock" aria-hidden="true"></span>')
_TURN_MARK = Markup('<span class="turn-mark" aria-hidden="true"></span> ')


def ticker_html(lines: list[dict[str, str]], language: str | None = None) -> Markup:
    """The move ticker (newest first). Every seat of a move gets the same one, so it is built once
    per move and process."""
    key = tuple((t["text"], t.get("by", ""), hasattr(t["text"], "__html__")) for t in lines)
    return _ticker_html(language or get_language(), key)


@lru_cache(maxsize=2048)
def _ticker_html(language: str | None, lines: tuple[tuple[str, str, bool], ...]) -> Markup:
    t = _frame_words(language)
    out = Html()
    out(
        '<section class="ticker panel" id="ticker" aria-label="{}"><h2>{}</h2>',
        t["ticker"],
        t["ticker"],
    )
    if lines:
        out('<ul class="ticker-list">')
        for raw, by, safe in lines:
            text = Markup(raw) if safe else raw
            if by == "timeout":
                out(
                    '<li class="timeout">{} <small class="muted">({})</small></li>',
                    text,
                    t["timeout"],
                )
            else:
                out("<li>{}</li>", text)
        out("</ul>")
    else:
        out('<p class="muted">{}</p>', t["no_moves"])
    out("</section>")
    return out.markup()


@word_table
def _frame_words() -> dict[str, str]:
    """The frame's fixed words."""
    return {
        "seats": _("Mitspieler"),
        "guest": _("Gast"),
        "bot": _("Computer"),
        "left": _("Computer spielt weiter"),
        "lost": _("Verbindung unterbrochen"),
        "offline": _("offline"),
        "partner": _("Partner"),
        "dealer": _("Geber"),
        "cards": _("Karten auf der Hand"),
        "points": _("Punkte"),
        "ticker": _("Letzte Züge"),
        "timeout": _("Zeit abgelaufen"),
        "no_moves": _("Noch keine Züge."),
        "computer_plays": _("Der Computer spielt gerade für dich."),
        "back": _("Ich bin wieder da"),
        "clock": _("Bedenkzeit"),
        "advice": _("Rat"),
        "keys": _("Tasten"),
        "leave_confirm": _("Partie wirklich verlassen? Der Computer spielt für dich weiter."),
        "leave": _("Partie verlassen"),
    }


def render_board(
    match: Match,
    seat: Seat | None,
    message: str = "",
    oob: bool = False,
    *,
    seats: list[Seat] | None = None,
    state: Any = None,
    words: MoveWords | None = None,
) -> str:
    ctx = board_context(match, seat, message, seats=seats, state=state, words=words)
    return frame_html(ctx, oob=oob)


def render_seat_boards(
    match: Match, seats: list[Seat], state: Any, words: MoveWords | None = None
) -> dict[int, str]:
    """The pushed board of every seat a person holds (or held: who left may still watch), rendered
    once per move by whoever made the move, so no socket needs a database query to follow it.
    Each in its person's language (``accounts.language.seat_languages``); what the boards of one
    language share (``MoveWords``) is built once for all of them."""
    languages = seat_languages(seats)
    current = get_language()
    shared: dict[str, MoveWords] = {}
    if words is not None:
        shared[current] = words
    boards: dict[int, str] = {}
    for seat in seats:
        if not seat.is_human:
            continue
        language = languages.get(seat.index, current)
        # the active language needs no switch (a switch costs two context-local writes)
        with translation.override(language) if language != current else nullcontext():
            if language not in shared:
                shared[language] = MoveWords.of(match, seats)
            boards[seat.index] = render_board(
                match, seat, oob=True, seats=seats, state=state, words=shared[language]
            )
    return boards


def render_public_boards(
    match: Match, seats: list[Seat], state: Any, words: MoveWords | None = None
) -> dict[str, str]:
    """The public board (the view of no seat) in every language of the site, for the spectators:
    each socket forwards the one in its own language."""
    current = get_language()
    boards: dict[str, str] = {}
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            shared = words if words is not None and language == current else None
            boards[language] = render_board(
                match, None, oob=True, seats=seats, state=state, words=shared
            )
    return boards
