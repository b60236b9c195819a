"""Issue 40 part 4 in headless Chromium: a solo game waits for its person. Mara closes the page;
her clock stops at the time that was left. A page that shows the game meanwhile (here one whose
socket is held back) shows the countdown frozen with „Uhr angehalten“; opening the game runs it
on from that time. With two tabs open, closing one leaves the clock running."""

from __future__ import annotations

import re
import time
from datetime import timedelta

import pytest
import redis
from django.conf import settings
from django.utils import timezone

from accounts.bots import bots_of
from accounts.models import User
from games import actions, presence
from games.actions import SeatSpec
from games.models import Match, Move, Seat
from tests.browser.serverside import in_thread
from tests.browser.test_speedone_live import register
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, no_overflow, shot
from tests.games.actions.helpers import HUMAN_RUN, OTHERS

pytestmark = [pytest.mark.browser]

SMALL = {"width": 360, "height": 740}
SOCKET = re.compile(r".*/ws/partie/\d+/(\?v=\d+)?$")


def until(what, timeout: float = 15.0) -> None:
    """Wait for a condition the server's side shows (the socket's opening or closing reached
    the server), asking again every 50 ms."""
    end = time.monotonic() + timeout
    while not what():
        if time.monotonic() > end:
            raise AssertionError(f"{what.__doc__ or what} did not happen")
        time.sleep(0.05)  # the poll's step, not a wait for a quiet moment


def seconds_shown(page) -> int:
    text = page.locator("#countdown").inner_text()
    found = re.search(r"(\d+):(\d\d)", text)
    assert found, text
    return int(found.group(1)) * 60 + int(found.group(2))


def start_against_a_bot(name: str) -> Match:
    """A solo game with a move clock (60 s), the person to play first."""
    bot = bots_of("leicht")[0]
    return actions.start_match(
        "speedone",
        [
            SeatSpec(name, user=User.objects.get(username=name)),
            SeatSpec(bot.username, user=bot, bot_strength="leicht"),
        ],
        {},
        deck=[*HUMAN_RUN, *OTHERS, "R0"],
        move_seconds=60,
        solo=True,
    )


def gone_an_hour_with(match_id: int, left: float) -> bool:
    """Her last page closed an hour ago with ``left`` seconds on her clock: the timer rings."""
    then = timezone.now() - timedelta(hours=1)
    Seat.objects.filter(match_id=match_id, index=0).update(last_seen=then, disconnected_at=then)
    Match.objects.filter(pk=match_id).update(deadline=then + timedelta(seconds=left))
    return actions.run_timeout(match_id, 0)


def ring_now(match_id: int) -> bool:
    Match.objects.filter(pk=match_id).update(deadline=timezone.now() - timedelta(seconds=1))
    return actions.run_timeout(match_id, 0)


def test_a_closed_solo_game_shows_its_clock_stopped_and_runs_on_from_what_was_left(
    live_site, browser, monkeypatch
):
    url = live_site.url
    # the live server's Redis keys (its own prefix): the timer rung here must see its sockets
    monkeypatch.setattr(presence, "SOCKETS_PREFIX", f"{live_site.env['CACHE_PREFIX']}:sockets")
    r = redis.Redis.from_url(settings.REDIS_URL)

    def sockets() -> int:
        key = presence.seat_key(match.pk, 0)
        return int(r.zcount(key, f"({time.time()}", "+inf"))

    context = browser.new_context(locale="de-DE", timezone_id="Europe/Berlin", viewport=PHONE)
    context.set_default_timeout(15_000)
    page = context.new_page()
    register(page, url, "Mara")
    match = in_thread(start_against_a_bot, "Mara")
    game_url = f"{url}/partie/{match.pk}/"
    page.goto(game_url)
    page.locator("#countdown[data-deadline]").wait_for()
    until(lambda: sockets() == 1)

    # she locks her phone: the page goes, and an hour later her clock rings with 42 s left
    page.close()
    until(lambda: sockets() == 0 and Seat.objects.get(match=match, index=0).disconnected_at)
    assert in_thread(gone_an_hour_with, match.pk, 42.0) is False
    match.refresh_from_db()
    assert match.deadline is None and match.clock_left == pytest.approx(42.0)
    assert not match.moves.exists()

    # a page that shows the game while the clock stands (its socket held back): frozen at 0:42
    held = context.new_page()
    held.route_web_socket(SOCKET, lambda ws: None)  # never reaches the server
    held.goto(game_url)
    clock = held.locator("#countdown.stopped")
    clock.wait_for()
    assert held.locator("#countdown[data-deadline]").count() == 0
    assert clock.locator(".stopped-time").inner_text() == "0:42"
    assert clock.locator(".stopped-word").inner_text() == "Uhr angehalten"
    assert "sobald du wieder verbunden bist" in held.locator("#clock-note").inner_text()
    assert "Die Uhr ist angehalten" in held.locator("#announce-src").text_content()
    no_overflow(held)
    shot(held, "clock-stopped-phone")
    held.set_viewport_size(SMALL)
    no_overflow(held)
    shot(held, "clock-stopped-small-phone")
    held.set_viewport_size(DESKTOP)
    shot(held, "clock-stopped-desktop")
    # her running games say so too (no socket of the match there: the clock stays stopped)
    held.goto(url + "/")
    assert "Uhr angehalten, bis du weiterspielst" in held.locator("#laufend").inner_text()
    shot(held, "clock-stopped-running-list")
    held.close()
    match.refresh_from_db()
    assert match.deadline is None and match.clock_left == pytest.approx(42.0)

    # she opens the game again: the countdown runs on from 0:42 – not 1:00, not 0:00
    back = context.new_page()
    back.goto(game_url)
    back.locator("#countdown[data-deadline]").wait_for()
    first = seconds_shown(back)
    assert 35 <= first <= 42, first
    back.wait_for_function(
        "s => { const m = document.getElementById('countdown').textContent.match(/(\\d+):(\\d\\d)/);"
        " return m && +m[1] * 60 + +m[2] < s; }",
        arg=first,
    )
    assert back.locator("#countdown.stopped").count() == 0
    match.refresh_from_db()
    assert match.clock_left is None
    assert 30 <= (match.deadline - timezone.now()).total_seconds() <= 42
    shot(back, "clock-running-again-phone")

    # two tabs: the second one opens, the first closes – the seat stays present, her clock
    # runs on: when it runs out the timeout plays instead of a stop
    second = context.new_page()
    second.goto(game_url)
    second.locator("#countdown[data-deadline]").wait_for()
    until(lambda: sockets() == 2)
    shown = int(second.locator("#board").get_attribute("data-version"))
    back.close()
    until(lambda: sockets() == 1)
    assert in_thread(ring_now, match.pk) is True
    match.refresh_from_db()
    assert match.clock_left is None
    assert match.moves.get().by == Move.By.TIMEOUT
    second.wait_for_function(
        "v => +document.getElementById('board').dataset.version > v", arg=shown
    )
    assert second.locator("#countdown.stopped").count() == 0
    assert Seat.objects.get(match=match, index=0).disconnected_at is None
    context.close()
