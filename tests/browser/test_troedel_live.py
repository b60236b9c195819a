"""Speedtrödel end to end in headless Chromium: a stacked game by clicking (Tauschrunde,
Schnäppchenblick, Heute gefragt, Kassensturz), two people and a bot at one table, the phone
layout of a solo game."""

from __future__ import annotations

import re

import pytest

from lobby.models import Table
from tests.browser.test_speedone_live import (
    change_setting,
    guest_joins,
    open_table,
    ready_and_start,
    register,
    settled_change,
)
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, act_once, no_overflow, shot
from tests.games.test_troedel_screen import DECK

pytestmark = [pytest.mark.browser]

BOT1_CODES = ("P6", "P7", "P8", "P9", "P10", "S5", "S6", "S7", "S8")


def check_option(page, name: str) -> None:
    settled_change(page, lambda: page.locator(f"#settings input[name={name}]").check())
    assert page.locator(f"#settings input[name={name}]").is_checked()


def stacked_table(page, url: str, seats: str = "3") -> int:
    table_id = open_table(page, url, "speedtroedel")
    change_setting(page, "seats", seats)
    change_setting(page, "move_seconds", "0")
    change_setting(page, "bot_strength", "leicht")
    change_setting(page, "bot_tempo", "schnell")
    check_option(page, "opt_partie_kurz")
    # the stacked start cards are not the usual ones: only the easy bot (no re-dealing) fits
    Table.objects.filter(pk=table_id).update(deck=DECK)
    return table_id


def wait_for_move(page, version: str) -> None:
    page.wait_for_function(
        "v => document.getElementById('board').dataset.version !== v",
        arg=version,
        timeout=30_000,
    )


def test_a_stacked_game_by_clicking_with_every_decision(live_site, page):
    url = live_site.url
    page.set_viewport_size(DESKTOP)
    register(page, url, "Anton")
    stacked_table(page, url)
    page.get_by_role("button", name="Partie starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))
    board = page.locator("#board")
    assert page.locator(".seat").count() == 3
    assert "Runde 1 von 4" in page.locator("#status-line").inner_text()
    assert "Noch keine Bedienfarbe" in page.locator("#follow-line").inner_text()
    assert "Dachboden" in page.locator("#attic").inner_text()
    # the Fälschung is outlined red
    fake = page.locator('.hand [data-card="F"]')
    assert fake.evaluate("e => e.classList.contains('fake')")
    # Vorschau: pointing at a card says what it would do
    page.locator('.hand [data-card="E5"]').hover()
    assert "Mit Smaragd 5 spielst du aus." in page.locator("#vorschau").inner_text()
    shot(page, "troedel-desktop-start")

    # Anton leads the Tauschrunde; after the trick everyone passes a card at once
    version = board.get_attribute("data-version")
    page.locator('.hand button[data-card="T"]').click()
    wait_for_move(page, version)
    page.locator("#swap-dialog").wait_for(timeout=30_000)
    assert "Tauschrunde" in page.locator("#turn-line").inner_text()
    shot(page, "troedel-desktop-tauschrunde")
    page.locator('.hand button[data-card="B3"]').click()
    page.locator("#ticker", has_text="Getauscht").wait_for(timeout=30_000)

    seen = set()
    for _ in range(300):
        if page.locator("#game-over").count():
            break
        version = board.get_attribute("data-version")
        if page.locator("#pick-dialog").count():
            seen.add("pick")
            shot(page, "troedel-desktop-schnaeppchenblick")
            page.keyboard.press("1")
            wait_for_move(page, version)
            continue
        if page.locator("#ask-dialog").count():
            seen.add("ask")
            shot(page, "troedel-desktop-heute-gefragt")
            page.keyboard.press("5")  # Smaragd
            wait_for_move(page, version)
            assert "Heute gefragt: Smaragd" in page.locator("#follow-line").inner_text()
            continue
        if page.locator("#round-summary").count() and "summary" not in seen:
            seen.add("summary")
            assert re.search(
                r"Kassensturz nach Runde \d", page.locator("#round-summary").inner_text()
            )
            shot(page, "troedel-desktop-kassensturz")
        preferred = page.locator(
            '.hand button.playable[data-card="P0"], .hand button.playable[data-card="H"]'
        )
        if preferred.count():
            preferred.first.click()
            wait_for_move(page, version)
            continue
        if not act_once(page):
            page.wait_for_function(
                "summary => document.querySelector('#game-over') || "
                "(!summary && document.querySelector('#round-summary')) || "
                "document.querySelector('#board [data-action]:not([disabled])')",
                arg="summary" in seen,
                timeout=30_000,
            )
    assert {"pick", "ask", "summary"} <= seen, seen
    page.locator("#game-over").wait_for()
    over = page.locator("#game-over").inner_text()
    assert "Partie beendet" in over and "Anton" in over
    last = page.locator("#last-trick")
    if last.count():
        last.locator("summary").click()
        assert "hat den Stich gefangen" in last.inner_text()
    shot(page, "troedel-desktop-game-over")


def test_two_people_and_a_bot_see_each_others_cards_live(live_site, browser):
    url = live_site.url
    host = browser.new_context(locale="de-DE")
    guest = browser.new_context(locale="de-DE")
    try:
        alice = host.new_page()
        alice.set_viewport_size(DESKTOP)
        register(alice, url, "Alice")
        table_id = stacked_table(alice, url)
        invite = alice.locator("#invite-link").input_value()
        gustav = guest_joins(guest, invite)
        gustav.set_viewport_size(PHONE)
        assert gustav.url.endswith(f"/tisch/{table_id}/")
        ready_and_start(alice, gustav)
        assert alice.locator(".seat").count() == 3
        assert alice.locator(".seat .badge.bot").count() == 1

        # Alice (first seat) leads Porzellan 4; Gustav sees it at once and must follow
        alice.locator('.hand button[data-card="P4"]').click()
        gustav.locator("#trick .trick-play", has_text="Alice").wait_for()
        gustav.locator('#trick .card[aria-label="Porzellan 4"]').wait_for()
        assert "Bedienen: Porzellan" in gustav.locator("#follow-line").inner_text()
        assert gustav.locator(".hand button.playable").count() == 6  # P5–P10 only
        # the computer may close the trick at once: Alice's page notes every trick it shows
        alice.evaluate(
            "window.__tricks = []; new MutationObserver(() => { const t ="
            " document.getElementById('trick'); if (t) window.__tricks.push(t.innerText); })"
            ".observe(document.body, {childList: true, subtree: true, characterData: true})"
        )
        gustav.locator('.hand button[data-card="P5"]').click()
        alice.wait_for_function(  # names under the cards
            "() => window.__tricks.some(t => t.includes('Gustav') && t.includes('Porzellan 5'))"
        )
        # Alice never sees Gustav's cards: no code of his in a card or action attribute
        html = alice.locator("#board").inner_html()
        shown = set(re.findall(r'data-card="([^"]+)"', html))
        shown |= set(re.findall(r"&quot;card&quot;:&quot;([^&]+)&quot;", html))
        assert not shown & set(BOT1_CODES)
        no_overflow(gustav)
        shot(gustav, "troedel-phone-guest")
        shot(alice, "troedel-desktop-host")
    finally:
        host.close()
        guest.close()


def test_phone_layout_of_a_solo_game_fits(live_site, page):
    url = live_site.url
    page.set_viewport_size(PHONE)
    register(page, url, "Berta")
    page.goto(url + "/spiele/speedtroedel/")
    no_overflow(page)
    page.locator("select[name=bots]").select_option("4")
    page.locator("select[name=strength]").select_option("leicht")
    page.locator(".solo-options summary").click()
    page.locator("input[name=opt_partie_kurz]").check()
    shot(page, "troedel-phone-lobby")
    page.get_by_role("button", name="Solo starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))
    assert page.locator(".seat").count() == 5
    page.locator(".hand button.playable").first.wait_for(timeout=30_000)
    no_overflow(page)
    shot(page, "troedel-phone-start")
    # a tap on the own Ladentisch or Kiste at the seat opens "Dein Laden"
    page.locator(".seat.me .shop-link").first.click()
    page.wait_for_function("() => document.getElementById('shop').open")
    assert "Kiste" in page.locator("#shop").inner_text()
    no_overflow(page)
    shot(page, "troedel-phone-shop")
    # the panel stays open while the board changes
    assert act_once(page)
    assert page.evaluate("document.getElementById('shop').open")
    for _ in range(200):
        if page.locator("#round-summary").count():
            break
        if not act_once(page):
            page.wait_for_function(
                "() => document.querySelector('#round-summary') || "
                "document.querySelector('#board [data-action]:not([disabled])')",
                timeout=30_000,
            )
        no_overflow(page)
    page.locator("#round-summary").wait_for()
    no_overflow(page)
    shot(page, "troedel-phone-kassensturz")


def test_on_a_touch_screen_the_first_tap_shows_the_vorschau_the_second_plays(live_site, browser):
    url = live_site.url
    context = browser.new_context(locale="de-DE", viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        register(page, url, "Anna")
        stacked_table(page, url)
        page.get_by_role("button", name="Partie starten").click()
        page.wait_for_url(re.compile(r".*/partie/\d+/$"))
        board = page.locator("#board")
        version = board.get_attribute("data-version")
        card = page.locator('.hand button[data-card="E5"]')
        card.tap()
        assert page.locator("#vorschau").inner_text() == "Mit Smaragd 5 spielst du aus."
        # the point: time passes after the first tap and still nothing is played (a move would
        # land within these 500 ms on the local site)
        page.wait_for_timeout(500)
        assert board.get_attribute("data-version") == version, "the first tap plays nothing"
        card.tap()
        wait_for_move(page, version)
        assert "Anna legt Smaragd 5." in page.locator("#ticker").inner_text()
        no_overflow(page)
    finally:
        context.close()


def test_the_haendlerschule_on_a_phone(live_site, page):
    url = live_site.url
    page.set_viewport_size(PHONE)
    page.goto(url + "/spiele/speedtroedel/")
    page.locator("#school-link").click()
    page.get_by_role("link", name="Schnäppchenblick").click()
    page.get_by_label("Eine Karte deiner Wahl aus dem Stich").check()
    page.get_by_role("button", name="Antworten").click()
    assert "Richtig!" in page.locator("#verdict").inner_text()
    no_overflow(page)
    shot(page, "troedel-phone-schule")
    page.get_by_role("link", name="Alle Lektionen").click()
    assert "Bestanden: 1 von 5" in page.locator("#school").inner_text()


def test_the_tauschrunde_with_both_people_choosing_at_once(live_site, browser):
    """Alice leads the Tauschrunde card; after the trick she and her guest pick their cards at
    the same moment: neither pick is refused because the other came first."""
    url = live_site.url
    host = browser.new_context(locale="de-DE", viewport=DESKTOP)
    guest = browser.new_context(locale="de-DE", viewport=PHONE)
    try:
        alice = host.new_page()
        register(alice, url, "Alice")
        stacked_table(alice, url)
        gustav = guest_joins(guest, alice.locator("#invite-link").input_value())
        ready_and_start(alice, gustav)
        alice.locator('.hand button[data-card="T"]').click()
        gustav.locator("#trick .trick-play", has_text="Alice").wait_for()
        act_once(gustav)  # Gustav adds a card to the trick, then the bot
        alice.locator("#swap-dialog").wait_for(timeout=30_000)
        gustav.locator("#swap-dialog").wait_for(timeout=30_000)
        # both press without waiting for each other's push
        alice.locator('.hand button[data-card="B3"]').click()
        gustav.locator("#swap-dialog ~ .hand button.playable, .hand button.playable").first.click()
        for page in (alice, gustav):
            page.locator("#ticker", has_text="Getauscht").wait_for(timeout=30_000)
            assert not page.locator('#flash [role="alert"]').count(), page.locator(
                "#flash"
            ).inner_text()
        shot(gustav, "troedel-phone-tauschrunde-guest")
    finally:
        host.close()
        guest.close()
