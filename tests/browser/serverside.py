"""Service calls from a browser test: the test process shares the live site's database, so a
test can set a match up or play it on without clicking every move (a whole game by clicking is
what the few tests about playing do; a test about the end screen only needs to get there)."""

from __future__ import annotations

import random
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.db import connection

from games import actions, queue
from games.engines.base import get_engine
from games.models import Match


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


def finish_on_the_server(page: Any, seed: int = 7) -> None:
    """Play the page's running match to its end through the services – the person's moves at
    random, the bots' as the worker plays them – then reload: the page shows the end screen."""
    found = re.search(r"/partie/(\d+)/", page.url)
    assert found, page.url
    in_thread(_play_to_the_end, int(found.group(1)), random.Random(seed))
    page.reload()
    page.locator("#game-over").wait_for()


def _play_to_the_end(match_id: int, rng: random.Random, limit: int = 5000) -> None:
    for _ in range(limit):
        match = Match.objects.get(pk=match_id)
        if match.status != Match.Status.RUNNING:
            return
        engine = get_engine(match.game)
        state = engine.from_json(match.state)
        seat = min(engine.actors(state))
        bot = next(s for s in match.seats.all() if s.index == seat).bot_strength
        with queue.capturing():  # the worker's own tasks for the bots are still under way
            try:
                if bot:
                    actions.run_bot(match.pk, match.version, seat)
                else:
                    legal = engine.legal_actions(state, seat)
                    actions.play(match.pk, seat, rng.choice(legal), version=match.version)
            except actions.ActionRejected:
                pass  # the worker moved first: the next round reads the new state
    raise AssertionError(f"match {match_id} did not end within {limit} moves")
