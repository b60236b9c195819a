"""Speedwerk end to end in headless Chromium: solo by clicking, a live table with a guest, and the
phone-size layout of every live game."""

from __future__ import annotations

import os
import re

import pytest

from tests.browser.test_speedone_live import (
    change_setting,
    guest_joins,
    open_table,
    play_red_run,
    ready_and_start,
    register,
    settled_change,
    start_stacked_game,
)

pytestmark = [pytest.mark.browser]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}


def shot(page, name: str) -> None:
    if os.environ.get("SCREENSHOT_DIR"):  # for a person to look at the screens
        page.screenshot(path=f"{os.environ['SCREENSHOT_DIR']}/{name}.png", full_page=True)


def no_overflow(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"page is {width}px wide"


def act_once(page) -> bool:
    """Press one control the board offers (open a dialog first where a card needs a choice).
    Returns False when the board offers nothing right now."""
    board = page.locator("#board")
    direct = board.locator("[data-action]:not([disabled]):visible")
    openers = board.locator("[data-dialog]:visible")
    version = board.get_attribute("data-version")
    if direct.count():
        direct.first.click()
    elif openers.count():
        openers.first.click()
        page.locator("dialog[open] [data-action]").first.click()
    else:
        return False
    page.wait_for_function(
        "v => document.getElementById('board').dataset.version !== v", arg=version
    )
    return True


def play_until(page, selector: str, limit: int = 400) -> None:
    for _ in range(limit):
        if page.locator(selector).count():
            return
        if not act_once(page):
            page.wait_for_function(
                "sel => document.querySelector(sel) || document.querySelector("
                "'#board [data-action]:not([disabled]), #board [data-dialog]')",
                arg=selector,
                timeout=30_000,
            )
    raise AssertionError(f"{selector} did not appear")


def start_solo(page, url: str, bots: int = 3) -> None:
    page.goto(url + "/spiele/speedwerk/")
    page.locator("select[name=bots]").select_option(str(bots))
    page.locator("select[name=strength]").select_option("leicht")
    page.locator(".solo-options summary").click()
    page.locator("input[name=opt_kurz]").check()
    page.get_by_role("button", name="Solo starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))


def test_a_whole_solo_game_by_clicking_with_rat_and_keys(live_site, page):
    url = live_site.url
    page.set_viewport_size(DESKTOP)
    register(page, url, "Anton")
    start_solo(page, url)
    board = page.locator("#board")
    assert page.locator(".seat").count() == 4
    assert "Runde 1 von 3" in page.locator("#status-line").inner_text()
    # the blind first round: the others' cards are shown, the own card is not
    assert page.locator(".seat:not(.me) .blind-card").count() == 3
    assert page.locator(".seat.me .blind-card").count() == 0
    # wait for Anton's bid, ask for advice with the key R, bid with a digit key
    page.locator(".bid-button[data-action]").first.wait_for(timeout=30_000)
    shot(page, "speedwerk-desktop-bid")
    page.keyboard.press("r")
    page.locator("#advice-panel .advice-text").wait_for()
    advised = page.locator("#advice-panel .advice-text").get_attribute("data-advised")
    assert page.locator("#advice-panel").inner_text().strip()
    # the advised bid is marked on the board (Anton deals round 1: one bid may be forbidden)
    page.locator(".bid-button.advised").wait_for()
    assert page.locator(".bid-button.advised").get_attribute("data-action") == advised
    key = page.locator(".bid-button[data-key]").first.get_attribute("data-key")
    version = board.get_attribute("data-version")
    page.keyboard.press(key)
    page.wait_for_function(
        "v => document.getElementById('board').dataset.version !== v", arg=version
    )
    assert f"Anton sagt {key} an." in page.locator("#ticker").inner_text()
    # the keyboard stays on the hand after the board was swapped; a screen reader hears the move
    assert page.evaluate("!!document.activeElement.closest('[data-hand]')")
    assert page.locator("#announcer").inner_text().strip()
    play_until(page, "#round-summary")
    shot(page, "speedwerk-desktop-round-summary")
    play_until(page, "#game-over")
    over = page.locator("#game-over").inner_text()
    assert "Partie beendet" in over and "Anton" in over
    assert page.locator("#score-sheet tbody tr").count() == 3
    shot(page, "speedwerk-desktop-game-over")


def test_phone_layout_fits_after_a_round_end(live_site, page):
    url = live_site.url
    page.set_viewport_size(PHONE)
    register(page, url, "Berta")
    start_solo(page, url, bots=5)
    no_overflow(page)
    play_until(page, "#round-summary")
    no_overflow(page)
    shot(page, "speedwerk-phone-round-summary")
    # round 2: a hand of two cards, the trick and the sheet still fit
    play_until(page, ".trick-play")
    no_overflow(page)
    shot(page, "speedwerk-phone-trick")


def test_speedone_phone_layout_fits_after_the_round_end(live_site, page):
    page.set_viewport_size(PHONE)
    start_stacked_game(page, live_site.url)
    no_overflow(page)
    play_red_run(page)
    page.locator("#game-over").wait_for()
    assert page.locator("#round-summary").is_visible()
    no_overflow(page)
    shot(page, "speedone-phone-game-over")


def test_two_people_and_a_bot_at_one_table_one_a_guest(live_site, browser):
    url = live_site.url
    host = browser.new_context(locale="de-DE", viewport=DESKTOP)
    guest = browser.new_context(locale="de-DE", viewport=PHONE)
    try:
        alice = host.new_page()
        register(alice, url, "Alice")
        open_table(alice, url, "speedwerk")
        change_setting(alice, "seats", "3")
        change_setting(alice, "move_seconds", "0")
        change_setting(alice, "bot_tempo", "schnell")
        # the special cards are a multi-choice; the others read them in words
        settled_change(
            alice, lambda: alice.locator("input[name=opt_specials][value=dampfkoloss]").check()
        )
        invite = alice.locator("#invite-link").input_value()

        gustav = guest_joins(guest, invite)
        settings = gustav.locator(".settings").inner_text()
        assert "Dampfkoloss" in settings and "ohne Uhr" in settings
        assert "gemaechlich" not in settings
        ready_and_start(alice, gustav)
        assert alice.locator(".seat .badge.bot").count() == 1

        # both bid and play by clicking until the second round has begun; each sees the other's
        # moves in the ticker without reloading
        pages = {"Alice": alice, "Gustav": gustav}
        for _ in range(60):
            if "Runde 2" in alice.locator("#status-line").inner_text():
                break
            for p in pages.values():
                if p.locator(
                    "#board [data-action]:not([disabled]):visible, #board [data-dialog]:visible"
                ).count():
                    act_once(p)
            alice.wait_for_timeout(100)  # the poll's backoff: two pages, no one condition to await
        assert "Runde 2" in alice.locator("#status-line").inner_text()
        gustav.locator("#status-line", has_text="Runde 2").wait_for()
        assert (
            "Alice sagt" in gustav.locator("#ticker").inner_text()
            or "Alice" in gustav.locator("#round-summary").inner_text()
        )
        assert "Gustav" in alice.locator("#round-summary").inner_text()
        # round 2: each holds two cards; neither board shows the other's hand
        a_cards = set(
            alice.locator(".hand [data-card]").evaluate_all("e => e.map(x => x.dataset.card)")
        )
        g_cards = set(
            gustav.locator(".hand [data-card]").evaluate_all("e => e.map(x => x.dataset.card)")
        )
        assert len(a_cards) == 2 and len(g_cards) == 2
        assert not a_cards & set(
            re.findall(r'data-card="([^"]+)"', gustav.locator("#board").inner_html())
        )
        assert not g_cards & set(
            re.findall(r'data-card="([^"]+)"', alice.locator("#board").inner_html())
        )
        assert gustav.evaluate("document.documentElement.scrollWidth") <= 390
        shot(gustav, "speedwerk-phone-guest")
        shot(alice, "speedwerk-desktop-table")
    finally:
        host.close()
        guest.close()


@pytest.mark.parametrize(
    "path",
    ["/", "/regeln/speedwerk/", "/regeln/speedtroedel/", "/konto/profil/", "/spiele/speedwerk/"],
)
def test_site_pages_fit_a_phone(live_site, page, path):
    page.set_viewport_size(PHONE)
    register(page, live_site.url, "Frieda")
    page.goto(live_site.url + path)
    no_overflow(page)
