"""Speedbasar end to end in headless Chromium: solo by clicking (laying with a claim, doubting,
the reveal, Marktbuch, Rat and Händler-Instinkt), a live table with a guest where both people press
in the same doubt window, and the phone-size layout."""

from __future__ import annotations

import os
import re
import time

import pytest

from tests.browser.serverside import finish_on_the_server
from tests.browser.test_look_live import open_settings
from tests.browser.test_speedone_live import (
    change_setting,
    guest_joins,
    open_table,
    ready_and_start,
    register,
)
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, no_overflow, shot

pytestmark = [pytest.mark.browser]

WAIT = "#board [data-action]:not([disabled]):visible, #board [data-dialog]:visible, #game-over"


def start_solo(page, url: str, bots: int = 2) -> None:
    page.goto(url + "/spiele/speedbasar/")
    page.locator("select[name=bots]").select_option(str(bots))
    page.locator("select[name=strength]").select_option("leicht")
    page.get_by_role("button", name="Solo starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))


def wait_for_change(page, version: str | None) -> None:
    page.wait_for_function(
        "v => document.getElementById('board').dataset.version !== v", arg=version
    )


def my_move(page, *, doubt: bool) -> str:
    """One decision of the person by clicking: in the doubt window doubt the number (``doubt``)
    or believe, on the own turn lay the first card with the first (honest if possible) claim.
    Returns what was done ("" when the board offers nothing)."""
    # the answer to the previous move may still be under way (the push came first)
    page.wait_for_function("!document.getElementById('board').classList.contains('sending')")
    board = page.locator("#board")
    version = board.get_attribute("data-version")
    if page.locator("#doubt-number").count():
        page.locator("#doubt-number" if doubt else "#believe").click()
        wait_for_change(page, version)
        return "doubt" if doubt else "believe"
    opener = board.locator(".basar-cards [data-dialog]")
    if opener.count():
        opener.first.click()
        dialog = page.locator("dialog[open]")
        assert "als was?" in dialog.inner_text()
        # the honest claim (if any) comes first and has the focus: Enter lays it
        page.keyboard.press("Enter")
        wait_for_change(page, version)
        return "lay"
    return ""


def test_a_solo_game_by_clicking_with_doubt_reveal_marktbuch_and_helps(live_site, page):
    url = live_site.url
    page.set_viewport_size(DESKTOP)
    register(page, url, "Anton")
    start_solo(page, url)
    assert page.locator(".seat").count() == 3
    assert "noch" in page.locator("#draw-pile").inner_text()
    # the hand: six cards, sorted by spice, "passt" on what can be claimed honestly
    assert page.locator(".basar-cards > li").count() == 6
    # the Marktbuch opens with M: 3 spices × 10 numbers, 3 dots each, plus the jokers
    page.keyboard.press("m")
    assert page.locator("#marktbuch[open]").count() == 1
    assert page.locator("#marktbuch table.book td .dot").count() == 90
    assert page.locator("#marktbuch td .dot.hand, #marktbuch .joker-row .dot.hand").count() == 6
    shot(page, "basar-desktop-start")
    page.keyboard.press("m")

    doubted = revealed = laid = 0
    instinct_seen = False
    for _ in range(120):
        if page.locator("#game-over").count():
            break
        if page.locator("#reveal").count():
            revealed += 1
        page.locator(WAIT).first.wait_for(timeout=30_000)
        if page.locator("#doubt-number").count():
            # solo: no clock in the doubt window, the Händler-Instinkt shows the odds
            assert page.locator("#countdown").count() == 0
            instinct = page.locator("#instinct")
            if instinct.count():
                instinct_seen = True
                assert "%" in instinct.inner_text()
            claim = page.locator("#doubt-number").inner_text()
            assert re.search(r"Nicht die \d+!", claim)
            assert "Kein " in page.locator("#doubt-spice").inner_text()
            if doubted < 2:
                if doubted == 0:
                    shot(page, "basar-desktop-doubt-window")
                my_move(page, doubt=True)
                doubted += 1
                page.locator("#reveal").wait_for()
                text = page.locator("#reveal").inner_text()
                assert "Anton hat zuerst gezweifelt" in text and "bekommt den Stapel" in text
                assert "Geprüft wurde die Zahl" in text
                assert "aufgedeckt" in page.locator("#ticker").inner_text()
                if doubted == 1:
                    shot(page, "basar-desktop-reveal")
                continue
        if page.locator("#pass").count() and laid == 1:
            page.keyboard.press("r")  # Rat on the own turn
            page.locator("#advice-panel .advice-text").wait_for()
            assert page.locator("#advice-panel").inner_text().strip()
        done = my_move(page, doubt=False)
        laid += done == "lay"
        if laid > 12 and doubted >= 2 and revealed:
            break
    assert doubted >= 1 and laid >= 1
    assert instinct_seen
    assert "verdeckt" in page.locator("#ticker").inner_text()
    # Hilfen off (in the gear menu): no Rat button and no Händler-Instinkt any more – while the
    # game runs (the bots may have ended it: the end screen has no gear;
    # test_basar_features_live switches the helps too)
    if page.locator("#helps-toggle").count() and not page.locator("#game-over").count():
        open_settings(page)
        page.locator("#helps-toggle").click()
        page.locator('#helps-toggle[aria-checked="false"]').wait_for()
        assert "Hilfen: aus" in page.locator("#helps-toggle").inner_text()
        assert not page.locator("#advice").is_visible()
        assert page.locator("#instinct").count() == 0


#: click a control at a wall-clock moment (ms), without waiting for it; ``window.__pressed``
#: says afterwards whether it was there to click
PRESS_AT = """([id, at]) => {
  window.__pressed = undefined;
  setTimeout(() => {
    const el = document.getElementById(id);
    window.__pressed = !!el;
    if (el) el.click();
  }, Math.max(0, at - Date.now()));
}"""


def test_two_people_press_in_the_same_doubt_window_first_press_wins(live_site, browser):
    url = live_site.url
    host = browser.new_context(locale="de-DE", viewport=DESKTOP)
    guest = browser.new_context(locale="de-DE", viewport=PHONE)
    try:
        alice = host.new_page()
        register(alice, url, "Alice")
        open_table(alice, url, "speedbasar")
        change_setting(alice, "seats", "3")
        change_setting(alice, "move_seconds", "0")
        change_setting(alice, "opt_zweifel_sekunden", "8")
        invite = alice.locator("#invite-link").input_value()

        gustav = guest_joins(guest, invite)
        ready_and_start(alice, gustav)

        pages = {"Alice": alice, "Gustav": gustav}
        pressed = False
        deadline = time.monotonic() + 180  # the bot lays every third turn; allow slow machines
        while time.monotonic() < deadline:
            both = all(p.locator("#doubt-number").count() for p in pages.values())
            if both:
                # the bot laid: both may doubt in the same window; the window runs on a clock
                assert alice.locator("#countdown").count() == 1
                shot(gustav, "basar-phone-doubt-window")
                # both press at the same moment of the shared clock: one Playwright call after
                # the other let the first press's push take the second page's button away
                at = int(time.time() * 1000) + 400
                alice.evaluate(PRESS_AT, ["doubt-number", at])
                gustav.evaluate(PRESS_AT, ["doubt-spice", at])
                for p in pages.values():
                    p.wait_for_function("window.__pressed !== undefined", timeout=5000)
                clicked = [p.evaluate("window.__pressed") for p in pages.values()]
                if not all(clicked):
                    continue  # a page's button was gone already: wait for the next window
                # the reveal right away (the bot may lay the next card soon after)
                reveals = [p.locator("#reveal").inner_text(timeout=5000) for p in pages.values()]
                pressed = True
                break
            for p in pages.values():
                if p.locator("#doubt-number").count():
                    # a person laid: the other one believes (G)
                    v = p.locator("#board").get_attribute("data-version")
                    p.keyboard.press("g")
                    wait_for_change(p, v)
                elif p.locator(".basar-cards [data-dialog]").count():
                    my_move(p, doubt=False)
            alice.wait_for_timeout(150)  # the poll's backoff: two pages, no one condition to await
        assert pressed, "the bot never laid a card both could doubt"
        first = "Alice" if "Alice hat zuerst" in reveals[0] else "Gustav"
        assert all(f"{first} hat zuerst gezweifelt" in r for r in reveals)
        later = pages["Gustav" if first == "Alice" else "Alice"]
        later.locator("#flash .flash").wait_for(timeout=5000)
        flash = later.locator("#flash").inner_text()
        # the later press gets a clear message (not an error page), the board stays
        assert "Zu spät" in flash and "schneller" in flash, flash
        assert f"{first} hat zuerst gezweifelt" in reveals[0]
        assert "Fehler" not in flash and "Error" not in later.content()
        assert later.locator("#board").count() == 1
        assert gustav.evaluate("document.documentElement.scrollWidth") <= 390
        shot(gustav, "basar-phone-guest-reveal")
        shot(alice, "basar-desktop-table-reveal")
    finally:
        host.close()
        guest.close()


def test_phone_layout_fits(live_site, page):
    url = live_site.url
    page.set_viewport_size(PHONE)
    register(page, url, "Berta")
    start_solo(page, url, bots=5)
    no_overflow(page)
    shot(page, "basar-phone-start")
    for _ in range(12):
        page.locator(WAIT).first.wait_for(timeout=30_000)
        if page.locator("#game-over").count():
            break
        if page.locator("#doubt-number").count():
            no_overflow(page)
            shot(page, "basar-phone-doubt")
        my_move(page, doubt=page.locator("#reveal").count() == 0)
        no_overflow(page)
    # a dialog to lay a card fits as well
    opener = page.locator(".basar-cards [data-dialog]")
    if opener.count():
        opener.first.click()
        no_overflow(page)
        shot(page, "basar-phone-lay-dialog")
        page.keyboard.press("Escape")
    page.keyboard.press("m")
    no_overflow(page)
    shot(page, "basar-phone-marktbuch")


def test_solo_auto_believe_runs_and_space_pauses_it(live_site, page):
    url = live_site.url
    page.set_viewport_size(DESKTOP)
    register(page, url, "Carla")
    start_solo(page, url)
    open_settings(page)
    page.locator("#auto-toggle").click()
    page.locator('#auto-toggle[aria-checked="true"]').wait_for()
    page.locator("#frame-prefs > summary").click()  # closed again: the table is in sight
    paused_and_resumed = False
    for _ in range(60):
        page.locator(WAIT).first.wait_for(timeout=30_000)
        if not page.locator("#autobelieve").count():
            my_move(page, doubt=False)
            continue
        window = page.locator("#doubt-window").get_attribute("data-window")
        page.keyboard.press(" ")
        page.locator("#autobelieve.paused").wait_for()
        shot(page, "basar-desktop-autobelieve-paused")
        # the point: the window's time passes while paused (unpaused, Carla would believe)
        page.wait_for_timeout(5000)
        if (
            not page.locator("#autobelieve").count()
            or page.locator("#doubt-window").get_attribute("data-window") != window
        ):
            # a bot doubted first: that window was decided (and maybe the next one is open),
            # try again; with a broken pause Carla would believe every time and never get here
            continue
        # paused: Carla has not believed (no clock alone, the window waits)
        page.keyboard.press(" ")
        page.wait_for_function(
            "w => !document.querySelector('#doubt-window #believe') || "
            "document.getElementById('doubt-window').dataset.window !== w",
            arg=window,
            timeout=8000,
        )
        paused_and_resumed = True
        break
    assert paused_and_resumed


NARROW = {"width": 360, "height": 844}

#: where an element is on the screen and whether a tap at its centre reaches it (nothing pinned
#: or fixed lies on it)
WHERE = """sel => {
  const e = document.querySelector(sel);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { top: r.top, bottom: r.bottom, height: r.height, vh: window.innerHeight,
           free: !!at && (at === e || e.contains(at)) };
}"""


def where(page, selector: str) -> dict:
    found = page.evaluate(WHERE, selector)
    assert found is not None, f"{selector} is not on the page"
    return found


def reachable(page, selector: str) -> None:
    """``selector`` is on the screen and a tap at its centre reaches it."""
    w = where(page, selector)
    assert w["top"] >= 0 and w["bottom"] <= w["vh"] + 0.5, f"{selector} off the screen: {w}"
    assert w["free"], f"{selector} is covered: {w}"


def view_shot(page, name: str) -> None:
    """What the screen shows (not the whole page: the pinned hand is the point)."""
    if os.environ.get("SCREENSHOT_DIR"):
        page.screenshot(path=f"{os.environ['SCREENSHOT_DIR']}/{name}.png")


def the_end_is_reachable(page, bar_top: float) -> None:
    """Scrolled to the very end, the page's last content ends above what is fixed at the bottom
    (the doubt buttons): nothing stays hidden under them."""
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(50)
    last = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('main > *')]"
        ".filter(e => e.offsetParent).map(e => e.getBoundingClientRect().bottom))"
    )
    assert last <= bar_top + 0.5, f"the page ends at {last}, under the bar at {bar_top}"


def check_doubt_on_a_phone(page, size: dict, name: str) -> None:
    """Someone else's claim to doubt: the doubt buttons are a bar at the bottom edge, each of them
    free to tap; the hand sits right on top of the bar; the page's end is reachable above it."""
    page.set_viewport_size(size)
    page.mouse.move(1, 1)  # no Karten-Info open under a resting mouse (a phone has none)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(50)
    bar = where(page, ".doubt-buttons")
    assert abs(bar["bottom"] - size["height"]) <= 1, bar
    for button in page.locator(".doubt-buttons .doubt-button").all():
        reachable(page, f"#{button.get_attribute('id')}")
    hand = where(page, ".basar-hand")
    # the hand ends where the bar begins, pinned there when its place is further down the page,
    # or above the bar where the whole table fits the screen (issue 44)
    assert hand["bottom"] <= bar["top"] + 1, (hand, bar)
    reachable(page, ".basar-hand .basar-cards")
    view_shot(page, f"{name}-{size['width']}")
    the_end_is_reachable(page, bar["top"])
    page.evaluate("window.scrollTo(0, 0)")


def check_lay_on_a_phone(page, size: dict, name: str) -> None:
    """The own turn to lay: the hand is pinned to the bottom edge with its tools; „Passen“ and a
    card are free to tap; the lay dialog's claims („Ansage“) are free to tap."""
    page.set_viewport_size(size)
    page.mouse.move(1, 1)  # no Karten-Info open under a resting mouse (a phone has none)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(50)
    hand = where(page, ".basar-hand")
    # on the screen: pinned to the bottom edge, or in its place where the table fits (issue 44)
    assert hand["bottom"] <= size["height"] + 1, hand
    reachable(page, "#pass")
    reachable(page, ".basar-cards [data-dialog]")
    view_shot(page, f"{name}-{size['width']}")
    page.locator(".basar-cards [data-dialog]").first.click()
    page.locator("#lay-dialog[open]").wait_for()
    claims = page.locator("#lay-dialog .claim-button")
    assert claims.count() >= 1
    for i in range(claims.count()):
        reachable(page, f"#lay-dialog .claim-button:nth-child({i + 1})")
    reachable(page, "#lay-confirm")
    view_shot(page, f"{name}-dialog-{size['width']}")
    page.keyboard.press("Escape")
    page.locator("#lay-dialog[open]").wait_for(state="detached")
    # the content below the hand (the Marktbuch) is reached by scrolling: the hand is in its
    # place then, not on top of it
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(50)
    reachable(page, "#marktbuch > summary")
    page.evaluate("window.scrollTo(0, 0)")


def test_the_hand_and_the_doubt_buttons_stay_within_thumb_reach_on_a_phone(live_site, page):
    url = live_site.url
    page.set_viewport_size(PHONE)
    register(page, url, "Petra")
    start_solo(page, url, bots=3)
    doubt_seen = lay_seen = False
    for _ in range(200):
        if doubt_seen and lay_seen:
            break
        page.locator(WAIT).first.wait_for(timeout=30_000)
        if page.locator("#game-over").count():
            break
        page.wait_for_function("!document.getElementById('board').classList.contains('sending')")
        if page.locator("#doubt-number").count() and not doubt_seen:
            for size in (PHONE, NARROW):
                check_doubt_on_a_phone(page, size, "basar-thumb-doubt")
            page.set_viewport_size(DESKTOP)
            shot(page, "basar-thumb-doubt-1366")
            page.set_viewport_size(PHONE)
            doubt_seen = True
        elif page.locator("#pass").count() and not lay_seen:
            for size in (PHONE, NARROW):
                check_lay_on_a_phone(page, size, "basar-thumb-lay")
            page.set_viewport_size(DESKTOP)
            shot(page, "basar-thumb-lay-1366")
            page.set_viewport_size(PHONE)
            lay_seen = True
        my_move(page, doubt=False)
    assert doubt_seen and lay_seen
    # to the end (played on by the services: the clicks are above): the end screen is not
    # covered by anything pinned
    finish_on_the_server(page)
    for size in (PHONE, NARROW):
        page.set_viewport_size(size)
        no_overflow(page)
        # in one step: the socket's first push after the reload may swap the board meanwhile
        page.evaluate("document.getElementById('game-over').scrollIntoView()")
        assert page.locator(".doubt-buttons, .basar-hand").count() == 0
        view_shot(page, f"basar-thumb-end-{size['width']}")
    page.set_viewport_size(DESKTOP)
    shot(page, "basar-thumb-end-1366")
