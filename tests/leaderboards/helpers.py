"""Finishing matches for the leaderboard tests: for real (the last move through
``actions.play``) or by handing ``actions.finish_match`` an engine-shaped result."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import actions
from games.actions import SeatSpec
from games.models import Match


def start(game: str, specs: list[SeatSpec], options: dict[str, Any] | None = None, **kw) -> Match:
    return actions.start_match(game, specs, options or {}, **kw)


def finish_with(match: Match, result: dict[str, Any]) -> Match:
    """What ``actions.moves.apply_move`` does when the engine reports a result."""
    with transaction.atomic():
        locked = Match.objects.select_for_update().get(pk=match.pk)
        actions.finish_match(locked, dict(result))
        locked.save(update_fields=["status", "result", "finished", "deadline"])
    locked.refresh_from_db()
    return locked


def result_of(places: list[int], scores: list[int], leaderboard: list[int]) -> dict[str, Any]:
    return {
        "scores": scores,
        "places": places,
        "winners": [i for i, p in enumerate(places) if p == 1],
        "leaderboard": leaderboard,
        "round_winners": [],
        "details": {},
    }


def speedone_last_round(
    match: Match,
    *,
    hands: list[list[str]],
    scores: list[int],
    round_points: list[list[int]],
    winner: int = 0,
) -> Match:
    """Put a running Speedone match where ``winner`` (to move, one card left, ONE pressed) goes out
    with "R1" on a red pile and someone's score passes the target: the next move ends it."""
    state = dict(match.state)
    n = match.players
    state.update(
        {
            "hands": hands,
            "scores": scores,
            "round_points": round_points,
            "round_winners": [[0]] * len(round_points),
            "turn": winner,
            "direction": 1,
            "discard": ["R0"],
            "color": "R",
            "pending": 0,
            "one": [i == winner for i in range(n)],
            "missed": [[] for _ in range(n)],
        }
    )
    Match.objects.filter(pk=match.pk).update(state=state)
    match.refresh_from_db()
    return match


def play_out(match: Match, seat: int = 0, card: str = "R1") -> Match:
    actions.play(match.pk, seat, {"type": "play", "card": card}, version=match.version)
    match.refresh_from_db()
    return match


def left(match: Match, index: int, after: timedelta, *, came_back: bool = False) -> None:
    """The person of seat ``index`` left ``after`` the start: the computer plays the seat to the
    end, or (``came_back``: „Ich bin wieder da“) the person took it back."""
    match.seats.filter(index=index).update(
        left_at=match.created + after, bot_strength="" if came_back else "normal"
    )


def long_ago(minutes: int) -> Any:
    return timezone.now() - timedelta(minutes=minutes)
