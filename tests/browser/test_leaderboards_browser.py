"""Leaderboard and daily challenge in headless Chromium against the live server."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_speedone_live import register

pytestmark = [pytest.mark.browser]


def test_own_row_on_the_leaderboard_and_the_daily_game_counts_once(live_site, page):
    from accounts.models import User
    from games.actions import SeatSpec
    from tests.leaderboards.helpers import finish_with, result_of, start

    url = live_site.url
    register(page, url, "Berta")
    berta = User.objects.get(username="Berta")
    rival = User.objects.create_user("Rudi", password="x")
    match = start("speedone", [SeatSpec("Berta", user=berta), SeatSpec("Rudi", user=rival)])
    finish_with(match, result_of([2, 1], [30, 0], [-4, 10]))

    page.get_by_role("link", name="Bestenliste").click()
    page.wait_for_url(url + "/bestenliste/")
    page.goto(url + "/bestenliste/speedone/")
    mine = page.locator("#monthly tr.me")
    assert re.sub(r"\s+", " ", mine.inner_text()).strip() == "2. Berta -4 1"
    assert "Rudi" in page.locator("#all-time").inner_text()

    page.get_by_role("link", name="Tagesspiel").first.click()
    page.wait_for_url(url + "/tagesspiel/")
    today_hash = page.locator("#daily-speedone [data-hash=today]").inner_text()
    assert re.fullmatch(r"[0-9a-f]{64}", today_hash)
    page.locator("#daily-speedone").get_by_role("button", name="Tagesblatt starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))
    assert "zählt für die Tagesliste" in page.content()
    assert page.locator(".seat").count() == 4

    page.goto(url + "/tagesspiel/")
    card = page.locator("#daily-speedone")
    assert "Dein gewerteter Versuch ist gespielt" in card.inner_text()
    card.get_by_role("button", name="Tagesblatt üben").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))
    assert "Übungspartie" in page.content()
