"""Render a match for one seat: the same fragment serves the first page load, the htmx response
and the socket push, so a reload or reconnect shows exactly the live state.

The shared frame (``frame_html``) draws seats, turn line, countdown, ticker, round summary and game
end from the common view keys; the game's presenter (``games.presenters``) supplies the context
and the HTML of its own board (a template, or built in Python where it is rendered on every move).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from functools import lru_cache
from typing import Any, NamedTuple

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeData
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import registry
from games.engines.base import get_engine
from games.html import Html, Markup, attr, esc, h
from games.models import Match, Seat
from games.presenters import Frame
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
    if len(actors) > 1:
        if me in actors:
            return "Alle wählen gleichzeitig – du auch."
        return "Gleichzeitig am Zug: " + ", ".join(names[a] for a in actors) + "."
    if actors[0] == me:
        return "Du bist am Zug."
    return f"{names[actors[0]]} ist am Zug."


def ticker_lines(match: Match, presenter: Any, names: list[str]) -> list[dict[str, str]]:
    """The last moves in words, newest first, from the public events stored with the match."""
    lines: list[dict[str, str]] = []
    for entry in reversed(match.recent or []):
        for event in reversed(entry.get("events", [])):  # newest first, also within a move
            text = presenter.describe(event, names)
            if text:
                lines.append({"text": text, "by": entry.get("by", "")})
    return lines[:10]


#: predicates other apps add to forbid advice in a match (the leaderboards: a daily game)
advice_blockers: list[Callable[[Match], bool]] = []


class EndNote(NamedTuple):
    """A line on the end screen that is not a success (a Händlerreise station not passed):
    shown plainly, without the ★ box a plain ``str`` note gets."""

    text: str
    celebrate: bool = False


#: lines other apps add to a finished match's result for one seat (the leaderboards: a new
#: personal best); each returns a German sentence (celebrated with ★), an ``EndNote`` or ``None``
end_notes: list[Callable[[Match, Seat], str | EndNote | None]] = []


def _end_notes(match: Match, seat: Seat) -> list[EndNote]:
    return [
        n if isinstance(n, EndNote) else EndNote(n, celebrate=True)
        for f in end_notes
        if (n := f(match, seat))
    ]


def helps_available(match: Match, seat: Seat | None) -> bool:
    """The solo helps (Rat, Speedbasar's Händler-Instinkt): only in solo games, only for the
    person at the table, never in a daily game."""
    if seat is None or not match.solo or match.status != Match.Status.RUNNING:
        return False
    return not any(blocked(match) for blocked in advice_blockers)


def helps_switched_off(seat: Seat | None) -> bool:
    """„Hilfen ausblenden“: the seat switched its helps off (the pref ``hilfen``)."""
    return seat is not None and seat.prefs.get("hilfen", True) is False


def advice_allowed(match: Match, seat: Seat | None) -> bool:
    """Rat: where the helps are available and the seat has not switched them off."""
    return helps_available(match, seat) and not helps_switched_off(seat)


def board_context(
    match: Match,
    seat: Seat | None,
    message: str = "",
    *,
    seats: list[Seat] | None = None,
    state: Any = None,
) -> dict[str, Any]:
    """Everything the frame and the game's board need for one seat (``None``: a spectator).
    ``seats`` and ``state`` may be passed by a caller that holds them already."""
    game = registry.BY_SLUG[match.game]
    presenter = registry.presenter_of(match.game)
    engine = get_engine(match.game)
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
    names = [s.name for s in seats]
    frame = Frame(
        names=names,
        urls=urls,
        prefs=seat.prefs if seat else {},
        advice=helps_available(match, seat),
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
            "connected": s.disconnected_at is None and s.last_seen >= stale,
            "score": view["scores"][s.index],
            "cards": view["hand_counts"][s.index],
            "turn": s.index in actors,
            "me": s.index == index,
            "partner": s.index != index and s.index in my_team,
            "dealer": view.get("dealer") == s.index and running,
            "stats": stats[s.index],
            "info": infos[s.index] if infos else None,
        }
        for s in seats
    ]
    text = ctx.get("turn_text") or turn_text({"actors": actors}, names, index)
    if bot_for_me and index in actors:
        text = "Der Computer ist für dich am Zug."
    ticker = ticker_lines(match, presenter, names)
    announce = " ".join(x for x in (ticker[0]["text"] if ticker else "", text) if x)
    finished = match.status == Match.Status.FINISHED
    language = get_language()
    clock = None
    if running and match.deadline is not None:
        clock = engine.phase_clock(state, match.move_seconds, solo=match.solo)
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
            "deadline": match.deadline,
            "clock_grace": int(clock.grace) if clock else 0,
            "message": message,
            "ticker": ticker,
            "announce": announce,
            "advice_allowed": frame.advice and not bot_for_me and not helps_switched_off(seat),
            "bot_for_me": bot_for_me and running,
            "result": match.result if finished else None,
            "places": sorted(seats, key=lambda s: (s.place or 99, s.index)) if finished else [],
            "winner_names": ", ".join(s.name for s in seats if s.place == 1) if finished else "",
            "end_notes": _end_notes(match, seat) if finished and seat is not None else [],
        }
    )
    return ctx


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
    head, mid = _frame_head(game.slug, oob, match.status, urls["act"], urls["board"])
    parts = [head, esc(match.version), mid, flash_html(ctx["message"], oob=oob)]
    if ctx["result"]:
        parts.append(esc(render_to_string("games/_game_over.html", ctx)))
    summary = ctx.get("round_summary")
    if summary:
        parts.append(round_summary_html(summary, language))
    if ctx.get("status"):
        parts.append(h('\n<p class="status-line" id="status-line">{}</p>', ctx["status"]))
    parts.append(esc(ctx["seats_html"]))
    if ctx["bot_for_me"]:
        parts.append(_reclaim_html(language, urls["reclaim"]))
    if running:
        if ctx["my_turn"]:
            parts.append(_TURN_MINE.format(esc(ctx["turn_text"])))
        else:
            parts.append(_TURN_OTHER.format(esc(ctx["turn_text"])))
        if ctx["deadline"]:
            parts.append(
                _countdown_html(language, timezone.localtime(ctx["deadline"]), ctx["clock_grace"])
            )
        parts.append("</p>\n")
    # the game's board is HTML by the presenter's contract (built with ``games.html``)
    board = registry.presenter_of(game.slug).board_html(ctx)
    parts.append(board if isinstance(board, SafeData) else str(board))
    if ctx["advice_allowed"] and running:
        parts.append(_advice_html(language, urls["advice"], bool(ctx["my_turn"])))
    if ctx["me"] and running and not ctx["bot_for_me"]:
        parts.append(_leave_html(language, urls["leave"]))
    parts += [
        _SIDE_OPEN,
        esc(ctx["ticker_html"]),
        _ANNOUNCE_OPEN,
        esc(ctx["announce"]),
        _FRAME_END,
    ]
    return Markup("".join(parts))


# the frame's fixed pieces (``frame_html`` joins them with escaped values: the memoised ones are
# built with ``games.html``, the two format strings get an escaped text)
_TURN_MINE = (
    '\n<p class="turn-line" id="turn-line"><span class="turn-text"><strong>{}</strong></span>'
)
_TURN_OTHER = '\n<p class="turn-line" id="turn-line"><span class="turn-text">{}</span>'
_SIDE_OPEN = Markup('\n</div>\n<aside class="side">')
_ANNOUNCE_OPEN = Markup('</aside>\n<p class="sr-only" id="announce-src" hidden>')
_FRAME_END = Markup("</p>\n</div>")


@lru_cache(maxsize=4096)
def _frame_head(
    slug: str, oob: bool, status: str, act_url: str, board_url: str
) -> tuple[Markup, Markup]:
    """The frame's opening tag around its version: the same for every move of a match."""
    head = h('<div id="board" class="board game-{}"{} data-version="', slug, _OOB if oob else "")
    mid = h(
        '" data-status="{}" data-act-url="{}" data-board-url="{}" data-game="{}">\n'
        '<div class="main-col">\n',
        status,
        act_url,
        board_url,
        slug,
    )
    return head, mid


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
def _advice_html(language: str | None, advice_url: str, my_turn: bool) -> Markup:
    return h(
        '\n<div class="advice-tools"><button type="button" class="button secondary small" '
        'id="advice" data-key="r" hx-post="{}" hx-target="#advice-panel" '
        'hx-swap="innerHTML"{}>{} <kbd>R</kbd></button></div>',
        advice_url,
        _DISABLED if not my_turn else "",
        _frame_words(language)["advice"],
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
) -> Markup:
    """One seat of the strip, memoised on what it shows: a seat looks the same for most viewers
    and from move to move (hand size, score and the game's stats change now and then)."""
    t = _frame_words(language)
    out = Html()
    out(
        '<div class="seat{}" data-seat="{}"{}><div class="name">{}{}{}</div>'
        '<div class="stats">{}<span class="score" title="{}">{} P.</span>',
        (" turn" if turn else "")
        + (" me" if me else "")
        + (" partner" if partner else "")
        + (" has-info" if info else ""),
        index,
        _FOCUS if info else "",
        _TURN_MARK if turn else "",
        name,
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
        h('<span class="count" title="{}">🂠 {}</span> ', t["cards"], cards)
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
    out("</div>{}</div>", info or "")
    return out.markup()


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
        out(' <span class="badge" title="{}">{}</span>', t["dealer"], t["dealer"])
    return out.markup()


_FOCUS = Markup(' tabindex="0"')
_TURN_MARK = Markup('<span class="turn-mark" aria-hidden="true">▶</span> ')


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
        '<section class="ticker panel" id="ticker" aria-label="{}"><h3>{}</h3>',
        t["ticker"],
        t["ticker"],
    )
    if lines:
        out('<ol class="ticker-list">')
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
        out("</ol>")
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
) -> str:
    return frame_html(board_context(match, seat, message, seats=seats, state=state), oob=oob)


def render_seat_boards(match: Match, seats: list[Seat], state: Any) -> dict[int, str]:
    """The pushed board of every seat a person holds (or held: who left may still watch), rendered
    once per move by whoever made the move, so no socket needs a database query to follow it."""
    return {
        seat.index: render_board(match, seat, oob=True, seats=seats, state=state)
        for seat in seats
        if seat.is_human
    }
