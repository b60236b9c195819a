"""Issue 26 in headless Chromium: cards fly (and land) in every game, prefers-reduced-motion and
the switch „Bewegung“ turn it off, a hidden tab says „Du bist dran“ with its title and icon, no
page is wider than a phone, the header folds behind a menu button, and no page carries the emoji
the frame used before. With SCREENSHOT_DIR set, each game is photographed at 390×844 and
1366×900, mid-game and at its end."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_speedone_live import RED_RUN, hand, register, start_stacked_game
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, act_once, no_overflow, shot

pytestmark = [pytest.mark.browser]

SMALL = {"width": 360, "height": 740}
GAMES = ("speedtroedel", "speedone", "speedbasar", "speedwerk")
#: the font-dependent glyphs the frame used before (a seat's cards, the countdown's clock, the
#: turn mark)
OLD_GLYPHS = ("\U0001f0a0", "\u23f1", "\u25b6")
TURN_TITLE = "Du bist dran – Speedgames"
READY = "#board [data-action]:not([disabled]), #board [data-dialog], #game-over"

# counts the flights' elements as they come and go; a switchable `visibilityState` (a test cannot
# hide a headless tab)
WATCH = """(() => {
  window.__fly = { added: 0, removed: 0 };
  window.__hidden = false;
  const isFly = n => n.nodeType === 1 && n.classList.contains('motion-fly');
  new MutationObserver(records => {
    for (const r of records) {
      r.addedNodes.forEach(n => { if (isFly(n)) window.__fly.added += 1; });
      r.removedNodes.forEach(n => { if (isFly(n)) window.__fly.removed += 1; });
    }
  }).observe(document, { childList: true, subtree: true });
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true, get() { return window.__hidden ? 'hidden' : 'visible'; } });
  Object.defineProperty(Document.prototype, 'hidden', {
    configurable: true, get() { return !!window.__hidden; } });
})();"""


def start(page, url: str, slug: str) -> None:
    """A solo game against easy bots, short where the game has a short form (Speedone: the
    stacked red run of its own tests, which ends the game in one round)."""
    if slug == "speedone":
        start_stacked_game(page, url)
        return
    register(page, url, "Lena")
    page.goto(f"{url}/spiele/{slug}/")
    page.locator("select[name=bots]").select_option("3" if slug != "speedbasar" else "2")
    page.locator("select[name=strength]").select_option("leicht")
    short = page.locator("input[name=opt_kurz], input[name=opt_partie_kurz]")
    if short.count():
        page.locator(".solo-options summary").click()
        short.first.check()
    page.get_by_role("button", name="Solo starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))


def moves(page, n: int) -> None:
    """``n`` of the person's moves, waiting for the bots in between."""
    done = 0
    for _ in range(n * 20):
        if done >= n or page.locator("#game-over").count():
            return
        page.wait_for_function(
            "sel => document.querySelector(sel)", arg=READY, timeout=30_000, polling=100
        )
        if page.locator("#game-over").count():
            return
        page.wait_for_function("!document.getElementById('board').classList.contains('sending')")
        if act_once(page):
            done += 1


def to_the_end(page, limit: int = 500) -> None:
    for _ in range(limit):
        if page.locator("#game-over").count():
            return
        page.wait_for_function(
            "sel => document.querySelector(sel)", arg=READY, timeout=30_000, polling=100
        )
        if page.locator("#game-over").count():
            return
        page.wait_for_function("!document.getElementById('board').classList.contains('sending')")
        act_once(page)
    raise AssertionError("the game did not end")


def red_run(page, cards: list[str]) -> None:
    """Speedone's stacked red run, card by card (as ``play_red_run``, with ONE before the
    second-to-last card)."""
    for card in cards:
        page.locator(f'button.card-button.playable[data-card="{card}"]').wait_for(timeout=30_000)
        if len(hand(page)) == 2:
            page.locator("#one").click()
            page.locator(".seat.me .badge.one").wait_for()
        page.locator(f'button.card-button.playable[data-card="{card}"]').click()
        page.locator(f'.hand [data-card="{card}"]').wait_for(state="detached")


def no_old_glyphs(page) -> None:
    html = page.content()
    for glyph in OLD_GLYPHS:
        assert glyph not in html, f"U+{ord(glyph):04X} on the page"
    clock = page.locator("#countdown")
    if clock.count():
        assert not any(g in clock.inner_text() for g in OLD_GLYPHS)


def tables_fit(page) -> None:
    """Every table of the end screen and round summary shows all its columns (no scrolling)."""
    hidden = page.evaluate(
        """() => [...document.querySelectorAll('#board table')]
          .filter(t => t.offsetParent && t.scrollWidth > t.parentElement.clientWidth + 1)
          .map(t => (t.closest('[id]') ? t.closest('[id]').id : '?') + ' ' + t.scrollWidth + '>'
            + t.parentElement.clientWidth + ' ['
            + [...t.querySelectorAll('tr:first-child > *')].map(c => c.offsetWidth).join(',') + ']')"""
    )
    assert not hidden, f"tables wider than the screen: {hidden}"


def fits(page, name: str) -> None:
    """No horizontal overflow at 360, 390 and 1366 px (photographed at 390 and 1366)."""
    for size in (SMALL, PHONE, DESKTOP):
        page.set_viewport_size(size)
        no_overflow(page)
        if size is PHONE:
            tables_fit(page)
        if size is not SMALL:
            shot(page, f"{name}-{size['width']}")
    page.set_viewport_size(DESKTOP)


@pytest.mark.parametrize("slug", GAMES)
def test_cards_fly_and_land_in_every_game_and_every_page_fits(live_site, page, slug):
    page.add_init_script(WATCH)
    page.set_viewport_size(DESKTOP)
    start(page, live_site.url, slug)
    assert page.locator("#board").get_attribute("data-motion") is None  # on by default
    if slug == "speedone":
        red_run(page, RED_RUN[:3])
    else:
        moves(page, 3)
    # a move was shown: a flight appeared above the board …
    page.wait_for_function("window.__fly.added > 0", timeout=30_000)
    # … and ended: nothing of it stays, no card is left unseen
    page.wait_for_function(
        "window.__fly.removed === window.__fly.added && !document.querySelector('.motion-fly')"
        " && !document.querySelector('.motion-pending')",
        timeout=10_000,
    )
    no_old_glyphs(page)
    fits(page, f"look-{slug}-mid")
    if slug == "speedone":
        red_run(page, RED_RUN[3:])
    to_the_end(page)
    page.locator("#game-over").wait_for()
    no_old_glyphs(page)
    fits(page, f"look-{slug}-end")


def test_reduced_motion_and_the_switch_bewegung_turn_the_flights_off(live_site, browser):
    url = live_site.url
    reduced = browser.new_context(locale="de-DE", viewport=DESKTOP, reduced_motion="reduce")
    page = reduced.new_page()
    page.add_init_script(WATCH)
    start(page, url, "speedwerk")
    moves(page, 4)
    page.wait_for_timeout(600)
    assert page.evaluate("window.__fly.added") == 0
    assert page.evaluate("window.speedgamesMotion.flights") == 0
    reduced.close()

    context = browser.new_context(locale="de-DE", viewport=DESKTOP)
    page = context.new_page()
    page.add_init_script(WATCH)
    register(page, url, "Moritz")
    page.goto(url + "/spiele/speedwerk/")
    page.locator("select[name=strength]").select_option("leicht")
    page.get_by_role("button", name="Solo starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))
    switch = page.locator("#bewegung-toggle")
    assert switch.get_attribute("aria-checked") == "true"
    switch.click()
    page.locator('#board[data-motion="0"]').wait_for()
    assert page.locator("#bewegung-toggle").get_attribute("aria-checked") == "false"
    moves(page, 4)
    page.wait_for_timeout(600)
    assert page.evaluate("window.__fly.added") == 0
    # remembered for the account: the next match starts with the motion off
    page.goto(url + "/spiele/speedwerk/")
    page.get_by_role("button", name="Solo starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))
    page.locator('#board[data-motion="0"]').wait_for()
    assert "Bewegung: aus" in page.locator("#frame-prefs").inner_text()
    context.close()


def test_a_hidden_tab_says_du_bist_dran_with_title_and_icon_and_the_sound_plays(live_site, page):
    page.add_init_script(WATCH)
    page.set_viewport_size(DESKTOP)
    start(page, live_site.url, "speedwerk")
    title = page.title()
    assert title != TURN_TITLE
    icon = page.locator("link[rel=icon]")
    normal_icon = icon.get_attribute("href")
    # „Ton bei deinem Zug“ is off by default; switched on, it is on the board
    assert page.locator("#board").get_attribute("data-turn-sound") is None
    page.locator("#zugton-toggle").click()
    page.locator('#board[data-turn-sound="1"]').wait_for()
    for _ in range(40):
        page.locator(READY).first.wait_for(timeout=30_000)
        if page.locator("#game-over").count():
            pytest.fail("the game ended before a turn came back")
        if page.locator('#board[data-my-turn="1"]').count():
            break
    page.evaluate("window.__hidden = true")  # the person looks at another tab
    sounds = page.evaluate("window.speedgamesTurnSounds || 0")
    assert act_once(page)
    # the bots move, then it is the person's turn again: the hidden tab says so
    page.wait_for_function("t => document.title === t", arg=TURN_TITLE, timeout=30_000, polling=100)
    assert page.locator('#board[data-my-turn="1"]').count() == 1
    assert "favicon-turn" in icon.get_attribute("href")
    assert page.evaluate("window.speedgamesTurnSounds || 0") > sounds
    # back to the tab: title and icon as before
    page.evaluate("window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'))")
    assert page.title() == title
    assert icon.get_attribute("href") == normal_icon


def test_the_header_folds_behind_a_menu_button_on_a_phone(live_site, page):
    url = live_site.url
    register(page, url, "Paula")
    page.set_viewport_size(PHONE)
    for path in ("/", "/spiele/speedbasar/", "/bestenliste/"):
        page.goto(url + path)
        assert page.locator(".site-header").evaluate("e => e.getBoundingClientRect().height") <= 56
        assert page.locator("#menu-button").is_visible()
        assert not page.locator(".games-nav").is_visible()
        no_overflow(page)
    page.locator("#menu-button").click()
    assert page.locator("#menu-button").get_attribute("aria-expanded") == "true"
    assert page.locator(".games-nav").is_visible()
    assert page.locator("#nav-profile").is_visible()
    no_overflow(page)
    shot(page, "look-header-menu-390")
    page.set_viewport_size(SMALL)
    no_overflow(page)
    page.set_viewport_size(DESKTOP)
    assert not page.locator("#menu-button").is_visible()
    assert page.locator(".games-nav").is_visible()
    # on a wide screen the games stay in one row
    tops = page.locator(".games-nav a").evaluate_all(
        "els => new Set(els.map(e => e.offsetTop)).size"
    )
    assert tops == 1
    shot(page, "look-header-1366")
