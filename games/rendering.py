"""Render a match for one seat: the same templates serve the first page load, the htmx response
and the fragment a consumer pushes, so a reload or reconnect shows exactly the live state."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string

from games.catalog import BY_SLUG
from games.engines.base import get_engine
from games.models import Match, Seat
from games.presenters import present


def board_context(match: Match, seat: Seat | None, message: str = "") -> dict[str, Any]:
    engine = get_engine(match.game)
    state = engine.from_json(match.state)
    index = seat.index if seat is not None else None
    view = engine.view(state, index)
    running = match.status == Match.Status.RUNNING
    legal = engine.legal_actions(state, index) if index is not None and running else []
    seats = list(match.seats.all())
    ctx = present(match.game, view, seat.prefs if seat else {}, legal)
    actors = sorted(engine.actors(state)) if running else []
    ctx.update(
        {
            "match": match,
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


def render_board(match: Match, seat: Seat | None, message: str = "", oob: bool = False) -> str:
    ctx = board_context(match, seat, message)
    ctx["oob"] = oob
    return render_to_string(f"games/{match.game}/board.html", ctx)
