"""Schnellspiel in headless Chromium (issue 42): two and three people pressing „Schnellspiel“ in
a lobby land in one match; the wait counts people and seconds, shows up in the others' seek
list, „Abbrechen“ works by keyboard and a closed page leaves the pool.
Screenshots at 360×740, 390×844 and 1366×900 go to ``SHOTS`` (default /tmp/shots/schnellspiel)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.browser.test_speedone_live import register
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, no_overflow

pytestmark = [pytest.mark.browser]

SHOTS = Path(os.environ.get("SHOTS", "/tmp/shots/schnellspiel"))
SMALL = {"width": 360, "height": 740}
MATCH = re.compile(r".*/partie/(\d+)/$")


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("small", SMALL), ("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        no_overflow(page)
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)


def person(browser, url: str, name: str, viewport: dict[str, int]):
    ctx = browser.new_context(locale="de-DE", viewport=viewport)
    page = ctx.new_page()
    register(page, url, name)
    return ctx, page


def lobby(page, url: str, game: str) -> None:
    page.goto(url + f"/spiele/{game}/")
    page.wait_for_function("() => document.querySelector('.room') !== null")


def press(page, players: str) -> None:
    page.locator("#quick-players").select_option(players)
    page.get_by_role("button", name="Schnellspiel", exact=True).click()


def test_two_people_pressing_schnellspiel_land_in_one_match(live_site, browser):
    url = live_site.url
    anna_ctx, anna = person(browser, url, "Anna", DESKTOP)
    ben_ctx, ben = person(browser, url, "Ben", PHONE)
    try:
        lobby(anna, url, "speedone")
        press(anna, "2")
        wait = anna.locator("#quick-wait")
        wait.wait_for()
        assert "Suche Mitspieler für Speedone" in wait.inner_text()
        assert "1 Person sucht gerade dieses Spiel" in wait.inner_text()
        # the waited time counts up on the page
        anna.wait_for_function(
            "() => !['0:00', ''].includes(document.querySelector('.quick-clock').textContent)"
        )
        shoot(anna, "waiting")
        anna.set_viewport_size(DESKTOP)

        # Ben sees Anna's seek in the lobby's list with her rating, tempo and player count
        lobby(ben, url, "speedone")
        row = ben.locator(".seek-row", has_text="Anna")
        row.wait_for()
        assert "1500" in row.inner_text() and "2 Spieler" in row.inner_text()
        assert "60 s" in row.inner_text()
        shoot(ben, "seeks")
        ben.set_viewport_size(PHONE)

        press(ben, "2")
        ben.wait_for_url(MATCH)
        anna.wait_for_url(MATCH)
        assert anna.url == ben.url
        anna.locator("#board").wait_for()
    finally:
        anna_ctx.close()
        ben_ctx.close()


def test_three_people_land_in_one_match(live_site, browser):
    url = live_site.url
    people = [person(browser, url, n, PHONE) for n in ("Anna", "Ben", "Carla")]
    try:
        for _ctx, page in people:
            lobby(page, url, "speedwerk")
        for _ctx, page in people[:2]:
            press(page, "3")
            page.locator("#quick-wait").wait_for()
        press(people[2][1], "0")  # „egal“ fits the table of three
        for _ctx, page in people:
            page.wait_for_url(MATCH)
        assert len({page.url for _ctx, page in people}) == 1
        names = people[0][1].locator("#board").inner_text()
        assert all(n in names for n in ("Anna", "Ben", "Carla"))
    finally:
        for ctx, _page in people:
            ctx.close()


def test_cancel_by_keyboard_and_a_closed_page_leave_the_pool(live_site, browser):
    url = live_site.url
    anna_ctx, anna = person(browser, url, "Anna", SMALL)
    ben_ctx, ben = person(browser, url, "Ben", DESKTOP)
    try:
        lobby(anna, url, "speedone")
        lobby(ben, url, "speedone")
        anna.locator("#quick-guests").focus()
        anna.keyboard.press("Tab")  # from the last checkbox to the button, pressed by keyboard
        anna.wait_for_function("() => document.activeElement.id === 'quick-start'")
        anna.keyboard.press("Enter")
        anna.locator("#quick-wait").wait_for()
        ben.locator(".seek-row", has_text="Anna").wait_for()
        # „Abbrechen“ by keyboard: the focus sits on it after the press
        anna.wait_for_function("() => document.activeElement.id === 'quick-cancel'")
        anna.keyboard.press("Enter")
        anna.get_by_role("button", name="Schnellspiel", exact=True).wait_for()
        ben.locator(".seek-row", has_text="Anna").wait_for(state="detached")
        shoot(anna, "form")

        # again, then the page closes: within seconds she is gone from Ben's list
        anna.get_by_role("button", name="Schnellspiel", exact=True).click()
        anna.locator("#quick-wait").wait_for()
        ben.locator(".seek-row", has_text="Anna").wait_for()
        anna.close()
        ben.locator(".seek-row", has_text="Anna").wait_for(state="detached", timeout=20_000)
        assert "Gerade sucht niemand" in ben.locator("#open-seeks").inner_text()
    finally:
        anna_ctx.close()
        ben_ctx.close()


def test_one_click_on_an_open_seek_starts_the_match(live_site, browser):
    url = live_site.url
    anna_ctx, anna = person(browser, url, "Anna", DESKTOP)
    ben_ctx, ben = person(browser, url, "Ben", SMALL)
    try:
        lobby(anna, url, "speedone")
        press(anna, "0")
        anna.locator("#quick-wait").wait_for()
        lobby(ben, url, "speedone")
        ben.locator(".seek-row", has_text="Anna").get_by_role(
            "button", name="Mit Anna spielen"
        ).click()
        ben.wait_for_url(MATCH)
        anna.wait_for_url(MATCH)
        assert anna.url == ben.url
    finally:
        anna_ctx.close()
        ben_ctx.close()
