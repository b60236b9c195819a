"""Publishing a changed match: the receiver of ``games.signals.match_changed``.

The write path (``games.actions``) only announces that a match is at a new version; this module
renders each person's seat its own board (``games.rendering.render_seat_boards``, from
``engine.view`` of that seat, so nobody receives another seat's cards) and publishes them in one
message to the players' group; while somebody watches, the public board (the view of no seat,
``render_board(match, None)``) is rendered once and published to the spectators' group, whose
sockets only forward it (issue 23: before, each spectator socket rendered its own). The rendered
boards stay on the match object (``match.pushed_boards``): an HTTP move answers with the mover's
board from there.

A consumer that plays a move from its event loop wraps the call in ``collecting_broadcasts`` and
sends the messages itself (``send_broadcasts``) instead of blocking a worker thread until the loop
has time for them.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

from games import rendering
from games.models import Match, Seat

Broadcast = list[tuple[str, dict[str, Any]]]

log = logging.getLogger("speedgames.ws")

_local = threading.local()


@contextmanager
def collecting_broadcasts() -> Iterator[Broadcast]:
    """Inside this block (in one thread) broadcasts are collected instead of sent: a consumer
    sends them itself from its event loop (``send_broadcasts``) rather than blocking a worker
    thread until the loop has time for them."""
    out: Broadcast = []
    _local.outbox = out
    try:
        yield out
    finally:
        _local.outbox = None


async def send_broadcasts(layer: Any, messages: Broadcast) -> bool:
    """Publish ``messages``; False when the channel layer (Redis) failed. The change is committed
    either way: the pages repair a lost push by their periodic check."""
    try:
        for group, message in messages:
            await layer.group_send(group, message)
    except Exception as exc:  # noqa: BLE001 - Redis down or unreachable
        log.warning("push not sent (%s): the pages catch up by their periodic check", exc)
        return False
    return True


def broadcast_match(match: Match, seats: list[Seat], state: Any) -> None:
    """Push the new board: each person's seat gets its own rendering, the spectators all one
    public board (rendered once, however many watch)."""
    version = match.version
    words = rendering.MoveWords.of(match, seats)  # the same for every board of the move
    boards = rendering.render_seat_boards(match, seats, state, words)
    match.pushed_boards = boards  # an HTTP move answers with the mover's board from here
    messages: Broadcast = []
    if boards:  # one publish per move: each seat's socket forwards only its own seat's board
        messages.append(
            (
                players_group(match.pk),
                {
                    "type": "match.boards",
                    "version": version,
                    "boards": {str(index): html for index, html in boards.items()},
                },
            )
        )
    if match.watchers:  # the public board (the view of no seat), once per language for everyone
        public = rendering.render_public_boards(match, seats, state, words)
        default = public.pop(settings.LANGUAGE_CODE)
        messages.append(
            (
                watch_group(match.pk),
                {
                    "type": "match.spectate",
                    "version": version,
                    "html": default,
                    # the same board in the other languages: each socket forwards its own
                    "languages": public,
                },
            )
        )
    outbox = getattr(_local, "outbox", None)
    if outbox is not None:
        outbox.extend(messages)
        return
    layer = get_channel_layer()
    if layer is not None and not async_to_sync(send_broadcasts)(layer, messages):
        match.delivery_trouble = True


def on_match_changed(match: Match, seats: list[Seat], state: Any, **kwargs: Any) -> None:
    """The receiver of ``match_changed`` (connected in ``GamesConfig.ready``)."""
    broadcast_match(match, seats, state)


def players_group(match_id: int) -> str:
    """The sockets of the people at the table (spectators: ``watch_group``). A move publishes
    every seat's board in one message to it; Redis stays inside the server, and each socket
    sends on only the board of its own seat."""
    return f"match-{match_id}-seats"


def watch_group(match_id: int) -> str:
    """The spectators' sockets: one ``match.spectate`` message per move carries the public board."""
    return f"match-{match_id}-watch"
