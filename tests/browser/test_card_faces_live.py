"""Card faces in headless Chromium (issue 26): in a solo game of every game, a few moves in, every
picture on the board is drawn from the game's sprite (its ``<use>`` found the symbol in the cached
file), on the desktop and on a phone, without the page growing wider than the screen."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_speedone_live import register
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, act_once, no_overflow, shot

pytestmark = [pytest.mark.browser]

#: every shown <use> of a card picture on the board has a drawn box (0 while its sprite or its
#: symbol is missing; a closed Karten-Info's pictures are not shown)
DRAWN = """() => {
  const uses = [...document.querySelectorAll('#board svg > use')]
    .filter(u => u.closest('svg').getClientRects().length);
  return uses.length > 0 && uses.every(u => u.getBBox().width > 0);
}"""


def settle(page) -> None:
    """No card in flight and no Karten-Info open under the pointer (for a screenshot)."""
    page.mouse.move(0, 0)
    page.evaluate(
        "() => Promise.all(document.getAnimations()"
        ".filter(a => a.effect && a.effect.getTiming().iterations !== Infinity)"
        ".map(a => a.finished))"
    )


def start_solo(page, url: str, game: str) -> None:
    page.goto(url + f"/spiele/{game}/")
    page.locator("select[name=strength]").select_option("leicht")
    page.get_by_role("button", name="Solo starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))


@pytest.mark.parametrize("game", ["speedtroedel", "speedone", "speedbasar", "speedwerk"])
def test_every_card_picture_is_drawn_from_the_sprite(live_site, page, game):
    url = live_site.url
    page.set_viewport_size(DESKTOP)
    register(page, url, "Anton")
    start_solo(page, url, game)
    for _ in range(8):  # a few moves in: cards in the trick or on the pile
        if not act_once(page):
            page.wait_for_function(
                "() => document.querySelector('#board [data-action]:not([disabled]), "
                "#board [data-dialog]')",
                timeout=30_000,
            )
    page.wait_for_function(DRAWN)
    hrefs = page.locator("#board svg > use").evaluate_all(
        "us => [...new Set(us.map(u => u.getAttribute('href').split('#')[0]))]"
    )
    # the cards come from the game's sprite; the site's icons (Speedone's direction) from its own
    assert [h for h in hrefs if h != "/static/icons/ui.svg"] == [f"/static/{game}/cards.svg"]
    settle(page)
    shot(page, f"faces-{game}-desktop")
    page.set_viewport_size(PHONE)
    no_overflow(page)
    page.wait_for_function(DRAWN)
    settle(page)
    shot(page, f"faces-{game}-phone")
