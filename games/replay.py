"""The replay of an ended match (``/partie/<id>/?zug=N``): the position after move ``N`` with
every hand revealed, the move list with the current move marked, step links and the round
summaries – rebuilt from the stored moves with ``engine.replay``, never from a running match
(``games.views.match_page`` redirects a running match's replay to its live page).

What a position shows: the board from one seat's view („Blatt von“, ``?blatt=i``; the person's
own seat by default, else the first), rendered read-only (no legal actions, the match's ended
status, so no controls), the shared seats strip and round summary of ``games.rendering``, and
„Alle Hände“ – every seat's hand with the game's own card faces (``Presenter.card_html``).

Everything shown comes from the seats' views of the replayed state (``engine.view``), so a
replay reveals what some player saw at that moment – hands, the cards laid face down – and never
what nobody saw (the draw pile, the deck's order, the seed).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games import registry
from games.engines.base import (
    Engine,
    IllegalAction,
    InvalidOptions,
    UnknownRulesVersion,
    get_engine,
    replay,
)
from games.html import Markup
from games.models import Match, Move, Seat
from games.presenters import Frame
from games.rendering import booked_seats, match_urls, round_summary_html, seats_html, turn_text

log = logging.getLogger("speedgames.games")

#: the statuses whose replay may be shown: the match has ended, nothing is hidden any more
ENDED = (Match.Status.FINISHED, Match.Status.ABORTED)


class NoReplay(Exception):
    """The stored moves do not replay (a rules version no longer kept, or moves the rules
    refuse): a German message."""


@dataclass(frozen=True)
class Step:
    """One move of the move list: who, in words (the move itself, then its public events)."""

    number: int
    seat: int
    name: str
    text: str
    events: tuple[str, ...]
    #: the faces of the cards a move laid face down (``action["cards"]``: Speedbasar's lay),
    #: which the words of the move do not name
    faces: tuple[Markup, ...]
    timeout: bool
    round_end: bool


@dataclass(frozen=True)
class Hand:
    """One seat's hand at a position, as card faces."""

    seat: int
    name: str
    faces: tuple[Markup, ...]
    count: int
    note: str


#: the move lists of ended matches (they never change): (match, seed, version, language) → steps
_STEPS: dict[tuple[int, int, int, str | None], tuple[Step, ...]] = {}


def parse_position(raw: str | None, total: int) -> tuple[int, str]:
    """The position a ``?zug=`` value asks for, clamped to ``0 … total``, and a German note when
    the value was no move number or out of range ("" otherwise)."""
    text = (raw or "").strip()
    if not text:
        return 0, ""
    sign = -1 if text.startswith("-") else 1
    digits = text[1:] if sign < 0 else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
        return 0, _("„%(raw)s“ ist keine Zugnummer – gezeigt wird der Anfang.") % {"raw": text[:20]}
    n = sign * int(digits)
    if n < 0:
        return 0, _("Zugnummern beginnen bei 0 – gezeigt wird der Anfang.")
    if n > total:
        return total, ngettext(
            "Die Partie hat nur %(n)s Zug – gezeigt wird das Ende.",
            "Die Partie hat nur %(n)s Züge – gezeigt wird das Ende.",
            total,
        ) % {"n": total}
    return n, ""


def engine_of(match: Match) -> Engine[Any]:
    """The engine playing by the rules the match was recorded under (``Match.rules_version``);
    ``NoReplay`` when that version is no longer kept."""
    try:
        return get_engine(match.game, match.rules_version)
    except UnknownRulesVersion as exc:
        log.warning("replay failed match=%s: %s", match.pk, exc)
        raise NoReplay(_("Diese Partie lässt sich nicht nachspielen.")) from exc


def stored_moves(match: Match) -> list[tuple[int, dict[str, Any], str]]:
    """The match's move log: (seat, action, by), in order."""
    return list(match.moves.order_by("number").values_list("seat", "action", "by"))


def steps_of(
    match: Match, moves: list[tuple[int, dict[str, Any], str]], names: list[str]
) -> tuple[Step, ...]:
    """The move list: every move replayed once, its public events in the presenter's words.
    Memoised per ended match (a Speedwerk game has a few hundred moves)."""
    key = (match.pk, match.seed, match.version, get_language())
    cached = _STEPS.get(key)
    if cached is not None and len(cached) == len(moves):
        return cached
    engine = engine_of(match)
    presenter = registry.presenter_of(match.game)
    steps: list[Step] = []
    try:
        state = engine.new_game(match.players, match.options, match.seed, match.deck)
    except InvalidOptions as exc:
        raise NoReplay(_("Diese Partie lässt sich nicht nachspielen.")) from exc
    for number, (seat, action, by) in enumerate(moves, start=1):
        try:
            events = engine.apply(state, seat, action)
        except (IllegalAction, KeyError, TypeError, ValueError, IndexError) as exc:
            # a stored move the rules refuse today (a match from before a rules change)
            log.warning("replay failed match=%s move=%s: %s", match.pk, number, exc)
            raise NoReplay(_("Diese Partie lässt sich nicht nachspielen.")) from exc
        name = names[seat] if 0 <= seat < len(names) else "?"
        text = f"{name} {registry.say(match.game, engine.describe_action(action))}."
        lines = [t for e in events if (t := presenter.describe(e, names))]
        steps.append(
            Step(
                number=number,
                seat=seat,
                name=name,
                text=text,
                events=tuple(t for t in lines if not _restates(t, text, name)),
                faces=tuple(
                    f
                    for c in action.get("cards") or ()
                    if isinstance(c, str) and (f := presenter.card_html(c)) is not None
                ),
                timeout=by == Move.By.TIMEOUT,
                round_end=engine.ends_round(events),
            )
        )
    result = tuple(steps)
    if len(_STEPS) >= 64:
        _STEPS.clear()
    _STEPS[key] = result
    return result


def _restates(line: str, text: str, name: str) -> bool:
    """Whether an event line only says the move again in other words („Zora legt Messing 5.“
    after „Zora spielt Messing 5.“): the same mover and the same object after the verb."""

    def rest(t: str) -> str:
        t = t.rstrip(".").removeprefix(name).strip()
        return t.partition(" ")[2]

    return line.rstrip(".") == text.rstrip(".") or (
        line.startswith(name + " ") and bool(rest(line)) and rest(line) == rest(text)
    )


def _hand_codes(views: list[dict[str, Any]], seat: int) -> tuple[list[str], bool]:
    """The cards of ``seat`` and whether the seat did not see them itself (Speedwerk's blind
    round: the others see the one card, its holder does not)."""
    hand = views[seat].get("hand") or []
    codes = [c["card"] if isinstance(c, dict) else c for c in hand]
    if codes or not views[seat]["hand_counts"][seat]:
        return codes, False
    for other, view in enumerate(views):
        blind = view.get("blind_cards") if other != seat else None
        if blind and blind[seat]:
            return [blind[seat]], True
    return codes, False


def position_context(
    match: Match, seats: list[Seat], n: int, board_seat: int, moves: list[Any]
) -> dict[str, Any]:
    """Everything the replay page shows of position ``n`` (the state after ``n`` moves) with the
    board from ``board_seat``'s view. Only for an ended match."""
    if match.status not in ENDED:
        raise PermissionError("the replay of a running match is never shown")
    engine = engine_of(match)
    presenter = registry.presenter_of(match.game)
    game = registry.BY_SLUG[match.game]
    names = [s.name for s in seats]
    steps = steps_of(match, moves, names)
    state = replay(
        engine,
        match.players,
        match.options,
        match.seed,
        ((seat, action) for seat, action, _by in moves[:n]),
        deck=match.deck,
    )
    views = [engine.view(state, s) for s in range(match.players)]
    view = views[board_seat]
    language = get_language()
    frame = Frame(names=names, urls=match_urls(match.pk), booked=booked_seats(match, seats))
    ctx = presenter.present(view, [], frame)
    actors = list(view["actors"])
    stats = ctx.get("seat_stats") or [[] for _ in seats]
    frame_seats = [
        {
            **s.label(),
            "connected": True,
            "score": view["scores"][s.index],
            "cards": view["hand_counts"][s.index],
            "turn": s.index in actors,
            "me": s.index == board_seat,
            "partner": False,
            "dealer": view.get("dealer") == s.index,
            "stats": stats[s.index],
            "info": None,
        }
        for s in seats
    ]
    ctx.update(
        {
            "language": language,
            "match": match,
            "game": game,
            "view": view,
            "urls": frame.urls,
            "me": None,
            "my_turn": False,
            "frame_seats": frame_seats,
        }
    )
    hands = []
    for s in seats:
        codes, blind = _hand_codes(views, s.index)
        faces = tuple(f for c in codes if (f := presenter.card_html(c)) is not None)
        hands.append(
            Hand(
                seat=s.index,
                name=s.name,
                faces=faces,
                count=len(codes),
                note=_("sieht die eigene Karte nicht") if blind else "",
            )
        )
    summary = ctx.get("round_summary")
    current = steps[n - 1] if n else None
    return {
        "game": game,
        "match": match,
        "position": n,
        "total": len(moves),
        "steps": steps,
        "current": current,
        "seats": seats,
        "board_seat": board_seat,
        "turn_text": turn_text({"actors": actors}, names, None) if not view["over"] else "",
        "status_line": ctx.get("status") or "",
        "round_summary_html": round_summary_html(summary, language) if summary else "",
        # open on top right after the move that ended a round (and at the end), else folded
        # below the board: Speedone keeps the last round's summary through the next round
        "summary_open": bool(summary) and (view["over"] or bool(current and current.round_end)),
        "summary_title": str(summary.get("title", "")) if summary else "",
        "seats_html": seats_html(frame_seats, language),
        "board_html": presenter.board_html(ctx),
        "hands": hands,
    }
