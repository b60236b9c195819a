"""Render a match for one seat: the same templates serve the first page load, the htmx response
and the fragment a consumer pushes, so a reload or reconnect shows exactly the live state."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse

from games.catalog import BY_SLUG
from games.engines.base import get_engine
from games.models import Match, Seat
from games.presenters import present


def board_context(
    match: Match,
    seat: Seat | None,
    message: str = "",
    *,
    seats: list[Seat] | None = None,
    state: Any = None,
) -> dict[str, Any]:
    """Everything the board template needs for one seat (``None``: a spectator). ``seats`` and
    ``state`` may be passed by a caller that holds them already (the broadcast after a move)."""
    engine = get_engine(match.game)
    if state is None:
        state = engine.from_json(match.state)
    index = seat.index if seat is not None else None
    view = engine.view(state, index)
    running = match.status == Match.Status.RUNNING
    legal = engine.legal_actions(state, index) if index is not None and running else []
    if seats is None:
        seats = list(match.seats.all())
    urls = {name: reverse(f"games:{name}", args=[match.pk]) for name in ("act", "sort", "leave")}
    ctx = present(match.game, view, seat.prefs if seat else {}, legal, urls)
    actors = sorted(engine.actors(state)) if running else []
    ctx.update(
        {
            "match": match,
            "urls": urls,
            "game": BY_SLUG[match.game],
            "me": seat,
            "labels": [s.label() for s in seats],
            "actors": actors,
            "deadline": match.deadline,
            "message": message,
            "result": match.result if match.status == Match.Status.FINISHED else None,
            "finished_seats": seats if match.status == Match.Status.FINISHED else [],
        }
    )
    for s in ctx.get("seats", []):
        s["label"] = ctx["labels"][s["seat"]]
    last = ctx.get("last_round")
    if last:
        ctx["round_rows"] = [
            {
                "name": ctx["labels"][i]["name"],
                "hand": last["hands"][i],
                "points": last["points"][i],
                "booked": last["booked"][i],
                "score": last["scores"][i],
                "winner": i in last["winners"],
            }
            for i in range(match.players)
        ]
    return ctx


def render_board(
    match: Match,
    seat: Seat | None,
    message: str = "",
    oob: bool = False,
    *,
    seats: list[Seat] | None = None,
    state: Any = None,
) -> str:
    ctx = board_context(match, seat, message, seats=seats, state=state)
    ctx["oob"] = oob
    return render_to_string(f"games/{match.game}/board.html", ctx)


def render_seat_boards(match: Match, seats: list[Seat], state: Any) -> dict[int, str]:
    """The pushed board of every seat a person holds (or held: who left may still watch), rendered
    once per move by whoever made the move, so no socket needs a database query to follow it."""
    return {
        seat.index: render_board(match, seat, oob=True, seats=seats, state=state)
        for seat in seats
        if seat.is_human
    }
