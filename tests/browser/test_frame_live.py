"""The shared match frame in headless Chromium: Rat's answer on a phone's first screen, kept when
a bot's move is pushed while the person still has to choose, a German message when Rat fails,
and „Zum Spiel springen“ as the first tab stop."""

from __future__ import annotations

import pytest

from tests.browser.test_basar_live import WAIT, my_move, start_solo
from tests.browser.test_speedone_live import register, start_stacked_game
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, no_overflow, shot

pytestmark = [pytest.mark.browser]

ANSWER = "#advice-panel .advice-text"
# the bottom of an element in page coordinates (the page scrolled to its top)
BOTTOM = (
    "el => { window.scrollTo(0, 0); return el.getBoundingClientRect().bottom + window.scrollY; }"
)


# the announcement lines of the moves the board's version added
LINES_OF_BOARD = """() => {
  const v = document.getElementById('board').dataset.version;
  return [...document.querySelectorAll('#announce-src [data-seq]')]
    .filter(l => l.dataset.seq.split('.')[0] === v).map(l => l.textContent.trim());
}"""


def version(page) -> int:
    return int(page.locator("#board").get_attribute("data-version"))


def pushed_after(page, seen: int, timeout: float = 8_000) -> bool:
    """Whether a board newer than ``seen`` arrives within ``timeout`` ms."""
    try:
        page.wait_for_function(
            "v => +document.getElementById('board').dataset.version > v", arg=seen, timeout=timeout
        )
    except Exception:  # noqa: BLE001 - Playwright's TimeoutError: no push came
        return False
    return True


def test_rat_stays_on_a_phones_first_screen_while_the_person_still_has_to_choose(live_site, page):
    url = live_site.url
    page.set_viewport_size(PHONE)
    register(page, url, "Anton")
    start_solo(page, url)  # Speedbasar against two easy bots
    kept = False
    for _ in range(40):
        page.locator(WAIT).first.wait_for(timeout=30_000)
        if page.locator("#game-over").count():
            break
        if not page.locator("#doubt-number").count():
            my_move(page, doubt=False)
            continue
        # a bot's claim: Anton and the other bot may doubt at the same time (no clock alone)
        asked_at = version(page)
        page.locator("#advice").click()
        page.locator(ANSWER).wait_for()
        assert page.locator(ANSWER).evaluate(BOTTOM) <= PHONE["height"]
        assert page.locator("#advice-panel").evaluate(BOTTOM) < page.locator(".leave").evaluate(
            BOTTOM
        )
        if not pushed_after(page, asked_at):
            my_move(page, doubt=False)  # the other bot had decided already: next claim
            continue
        if page.locator("#doubt-number").count():
            # the other bot believed: the same decision for Anton, the answer stays (and marks)
            text = page.locator(ANSWER).inner_text()
            assert text.strip() and "Einen Moment" not in text
            assert page.locator(f"{ANSWER}[data-advised]").count() == 1
            assert page.locator("#board .advised").count() >= 1
            assert page.locator(ANSWER).evaluate(BOTTOM) <= PHONE["height"]
            # the screen reader heard every line of that push, in order, then the turn
            lines = page.evaluate(LINES_OF_BOARD)
            heard = page.locator("#announcer").inner_text()
            assert heard.startswith(" ".join(lines)), (lines, heard)
            kept = True
            shot(page, "frame-phone-rat-kept")
            no_overflow(page)
            break
        # the other bot doubted: the window is over, so is the answer
        assert page.locator(ANSWER).count() == 0
    assert kept, "no bot's move came while Anton still had to choose"

    # a Rat that fails says so in German instead of nothing
    page.route("**/rat/", lambda route: route.fulfill(status=500, body="kaputt"))
    page.locator("#advice").click()
    page.locator(f"{ANSWER}.refused").wait_for()
    assert "Der Rat ist gerade nicht zu haben" in page.locator(ANSWER).inner_text()
    page.unroute("**/rat/")

    # „Zum Spiel springen“: the first tab stop, it lands on the cards
    page.set_viewport_size(DESKTOP)
    page.reload()
    page.locator("#board").wait_for()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    assert page.evaluate("document.activeElement.textContent") == "Zum Spiel springen"
    shot(page, "frame-desktop-skip-link")
    page.keyboard.press("Enter")
    assert page.evaluate("document.getElementById('board').contains(document.activeElement)")
    assert page.locator("#keys-help").inner_text().startswith("Tasten:")
    assert "R Rat" in page.locator("#keys-help").inner_text()
    assert "Stimmt genau" not in page.locator("#keys-help").inner_text()  # no Handschlag
    page.locator("#advice:not([disabled])").first.wait_for(timeout=30_000)
    page.locator("#advice").click()
    page.locator(ANSWER).wait_for()
    shot(page, "frame-desktop-rat")


def test_after_a_move_by_keys_no_card_info_covers_the_pile(live_site, page):
    """The page puts the focus back on the hand after a move; the focused card's Karten-Info
    stays closed (it would cover the pile and the „Verlangt“ line) until the person's next key."""
    page.set_viewport_size(DESKTOP)
    start_stacked_game(page, live_site.url)  # Speedone: Anton holds the red run
    page.mouse.move(0, 0)
    playable = page.locator(".hand button.playable[data-key]").first
    playable.wait_for()
    seen = version(page)
    page.keyboard.press(playable.get_attribute("data-key"))
    assert pushed_after(page, seen)
    # the bots play; on Anton's next turn the focus is on a playable card again
    page.wait_for_function(
        "() => { const a = document.activeElement;"
        " return a && a.matches('#board .hand .has-info > button.playable'); }",
        timeout=30_000,
    )
    assert page.locator("#board .card-info:visible").count() == 0
    shot(page, "frame-desktop-after-keyboard-move")
    # the focused card has its info: the next key (Tab back and forth) opens it again
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert page.locator("#board .card-info:visible").count() == 1
