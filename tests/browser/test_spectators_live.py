"""A spectator's page in headless Chromium when the server refuses its socket (issue 23): the
German message stays on the page, and the page neither reconnects nor polls the board."""

from __future__ import annotations

import time

import pytest
import redis
from django.conf import settings

from accounts.models import User
from games import actions
from games.actions import SeatSpec
from tests.browser.serverside import in_thread
from tests.browser.test_speedone_live import register
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, no_overflow, shot

pytestmark = [pytest.mark.browser]
SMALL = {"width": 360, "height": 740}


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_spectator_refused_for_a_full_match_reads_why_and_the_page_stays_quiet(
    live_site, page, viewport
):
    alice = User.objects.create_user("Alice", password="kartenglück-42")
    bob = User.objects.create_user("Bob", password="kartenglück-42")
    match = actions.start_match(
        "speedone", [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)]
    )
    # the match is full: as many live places as the server's cap, held by other processes' sockets
    key = f"{live_site.env['CACHE_PREFIX']}:sockets:match:{match.pk}"
    r = redis.Redis.from_url(settings.REDIS_URL)
    r.zadd(key, {f"specific.other!{i}": time.time() + 300 for i in range(500)})
    try:
        page.set_viewport_size(viewport)
        register(page, live_site.url, "Zuschauerin")
        sockets: list[str] = []
        polls: list[str] = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.on("request", lambda req: polls.append(req.url) if "/brett/" in req.url else None)
        page.goto(f"{live_site.url}/partie/{match.pk}/")
        flash = page.locator("#flash .flash.error")
        flash.wait_for()
        assert "Dieser Partie schauen schon 500 Leute zu" in flash.inner_text()
        if viewport == PHONE:  # the page's timers know no viewport: one quiet wait proves it
            page.wait_for_timeout(10_000)  # longer than the page's 8 s check
            assert "Dieser Partie schauen schon 500 Leute zu" in flash.inner_text()
        assert len(sockets) == 1, f"the page reconnected: {sockets}"
        assert polls == [], f"the page polled the board: {polls}"
        no_overflow(page)
        shot(page, f"spectator-refused-{viewport['width']}")
    finally:
        r.delete(key)
        r.close()


@pytest.mark.parametrize(
    "viewport", [SMALL, PHONE, DESKTOP], ids=["small-phone", "phone", "desktop"]
)
def test_a_spectator_is_told_they_watch_and_gets_no_players_keys(live_site, page, viewport):
    """Issue 41.17: „Du schaust zu“ with the game and the people, no key help of the players
    (only L, the last trick, which only shows), no „Partie verlassen“, and the way out."""
    alice = User.objects.create_user("Alice", password="kartenglück-42")
    bob = User.objects.create_user("Bob", password="kartenglück-42")
    match = in_thread(
        actions.start_match,
        "speedtroedel",
        [
            SeatSpec("Alice", user=alice),
            SeatSpec("Bob", user=bob),
            SeatSpec("Carl", bot_strength="normal"),
        ],
        move_seconds=None,
        bot_delay=600,  # the computer waits: the board stays as it is while we look
    )
    page.set_viewport_size(viewport)
    register(page, live_site.url, "Zuschauerin")
    page.goto(f"{live_site.url}/partie/{match.pk}/")
    box = page.locator("#watching")
    box.wait_for()
    said = box.inner_text()
    assert "Du schaust zu" in said and "Speedtrödel" in said
    assert "Alice, Bob und Carl (Computer)" in said
    assert page.locator("#keys-help").inner_text() == "Tasten: L letzter Stich"
    assert page.locator("form.leave").count() == 0 and page.locator("#advice").count() == 0
    assert page.locator("#board [data-action]").count() == 0
    no_overflow(page)
    shot(page, f"spectator-watching-{viewport['width']}")
    page.locator("#stop-watching").click()
    page.wait_for_url(f"{live_site.url}/spiele/speedtroedel/")
