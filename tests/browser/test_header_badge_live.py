"""Issue 41 item 9 in headless Chromium: the header's „laufende Partie · du bist dran“ and the
daily start's „Dein Tagesspiel läuft“ follow the board – no „du bist dran“ while the computer
plays the seat, no badge and no notice once the game is over."""

from __future__ import annotations

import re

import pytest

from accounts.models import User
from games import actions
from games.models import Match
from tests.browser.serverside import in_thread
from tests.browser.test_speedone_live import register

pytestmark = [pytest.mark.browser]


def match_id(page) -> int:
    return int(re.search(r"/partie/(\d+)/", page.url).group(1))


def test_the_badge_and_the_daily_notice_follow_the_board(live_site, page):
    url = live_site.url
    page.set_viewport_size({"width": 390, "height": 844})
    register(page, url, "Vera")
    page.goto(url + "/tagesspiel/")
    page.locator("form[action='/tagesspiel/speedbasar/starten/'] button").first.click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))
    page.locator("#board").wait_for()
    assert "Dein Tagesspiel läuft" in page.locator(".messages").inner_text()
    badge = page.locator("#nav-running")
    assert badge.is_visible() and "1 laufende Partie" in badge.inner_text()
    mid = match_id(page)
    seat = Match.objects.get(pk=mid).seats.get(user__username="Vera").index
    # the computer plays her seat: never „du bist dran“ (its class and its words)
    in_thread(actions.replace_with_bot, mid, seat, reason="gone")
    page.wait_for_function(
        "() => !document.getElementById('nav-running').classList.contains('your-turn')"
    )
    assert page.locator("#nav-running .turn-dot").is_hidden()
    page.screenshot(path="/tmp/fix41/badge_computer.png")
    # the game is over (aborted, the shortest way to an end): no badge, no running notice
    staff = User.objects.create_user("Chefin", password="kartenglück-42", is_staff=True)
    in_thread(actions.abort_match, mid, "Test des Abbruchs", staff)
    page.locator("#aborted").wait_for()
    page.wait_for_function("() => document.getElementById('nav-running').hidden")
    assert "Dein Tagesspiel läuft" not in page.content()
    page.screenshot(path="/tmp/fix41/aborted.png", full_page=True)
