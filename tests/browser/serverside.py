"""Service calls from a browser test: the test process shares the live site's database, so a
test can set a match up or play it on without clicking every move (a whole game by clicking is
what the few tests about playing do; a test about the end screen only needs to get there)."""

from __future__ import annotations

import random
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import async_to_sync
from django.conf import settings
from django.db import connection

from config.channel_layer import PubSubChannelLayer
from games.broadcast import broadcast_match, collecting_broadcasts, send_broadcasts
from games.engines.base import get_engine
from games.models import Match, Seat
from tests.games.test_replay import play_out


def in_thread(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """Run a service call in a thread of its own: its pushes after the commit need a thread
    without Playwright's event loop."""

    def run() -> Any:
        try:
            return fn(*args, **kwargs)
        finally:
            connection.close()  # the thread's own database connection

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def push_the_board_again(match_id: int, prefix: str, seats: list[Seat] | None = None) -> None:
    """The server pushes the same board again over the socket (as a seat's connection badge
    does): a board update that changes nothing of the game. ``prefix``: the live site's channel
    prefix (this test process has its own); ``seats``: rendered from these (as a move loaded
    them) rather than from the seats as they are now."""
    match = Match.objects.get(pk=match_id)
    state = get_engine(match.game, match.rules_version).from_json(match.state)
    if seats is None:
        seats = list(match.seats.order_by("index"))
    with collecting_broadcasts() as messages:
        broadcast_match(match, seats, state)
    config = {**settings.CHANNEL_LAYERS["default"]["CONFIG"], "prefix": prefix}
    assert async_to_sync(send_broadcasts)(PubSubChannelLayer(**config), messages)


def match_id_of(page: Any) -> int:
    """The match the page shows (``/partie/<id>/``)."""
    found = re.search(r"/partie/(\d+)/", page.url)
    assert found, page.url
    return int(found.group(1))


def finish_on_the_server(page: Any, seed: int = 7) -> None:
    """Play the page's running match to its end through the services – the person's moves at
    random, the bots' as the worker plays them – then reload: the page shows the end screen."""
    in_thread(_play_to_the_end, match_id_of(page), random.Random(seed))
    page.reload()
    page.locator("#game-over").wait_for()


def _play_to_the_end(match_id: int, rng: random.Random) -> None:
    match = play_out(Match.objects.get(pk=match_id), rng, racing=True)
    assert match.status != Match.Status.RUNNING, f"match {match_id} did not end"
