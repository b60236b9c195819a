"""Replays (issue 25) in headless Chromium: a finished Speedone and a finished Speedbasar game,
opened from the match page with „Partie nachspielen“ and stepped with the arrow keys, Home and
End; on a phone (390×844) and a desktop (1366×900) without sideways scrolling."""

from __future__ import annotations

import random
import re

import pytest

from accounts.models import User
from games import actions, queue
from games.models import Match
from tests.browser.serverside import in_thread
from tests.browser.test_rematch_live import snap
from tests.browser.test_speedone_live import register
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, no_overflow, shot
from tests.games.test_platform import seats_for, short_options
from tests.games.test_replay import play_out

pytestmark = [pytest.mark.browser]


def finished_match(name: str, game: str) -> tuple[int, int, int]:
    """A solo game of ``name`` against easy bots, short where the game has a short form, played
    to its end through the services (the person's moves at random; no Celery task runs
    meanwhile)."""
    from accounts.bots import bots_of

    user = User.objects.get(username=name)
    with queue.capturing():
        match = actions.start_match(
            game, seats_for(game, [user], bots_of("leicht")), short_options(game), solo=True
        )
    match = play_out(match, random.Random(11))
    assert match.status == Match.Status.FINISHED
    return match.pk, match.players, match.moves.count()


def where(page) -> tuple[int, int]:
    text = page.locator("#replay-where").inner_text()
    found = re.fullmatch(r"Zug (\d+) von (\d+)", text.strip())
    assert found, text
    return int(found.group(1)), int(found.group(2))


def press(page, key: str, expected: int) -> None:
    page.keyboard.press(key)
    page.wait_for_url(re.compile(rf".*\?zug={expected}$"))
    assert where(page)[0] == expected
    current = page.locator("#replay-list li[aria-current=step] a")
    assert current.get_attribute("href") == f"?zug={expected}"


@pytest.mark.parametrize(("game", "viewport"), [("speedone", PHONE), ("speedbasar", DESKTOP)])
def test_a_finished_game_is_replayed_with_the_arrow_keys(live_site, browser, game, viewport):
    url = live_site.url
    context = browser.new_context(locale="de-DE", viewport=viewport, has_touch=viewport == PHONE)
    try:
        page = context.new_page()
        name = "Rita" if game == "speedone" else "Bruno"
        register(page, url, name)
        pk, players, moves = in_thread(finished_match, name, game)
        page.goto(f"{url}/partie/{pk}/")
        page.locator("#game-over").wait_for()
        page.locator("#replay-start").click()
        page.wait_for_url(re.compile(r".*\?zug=0$"))
        position, total = where(page)
        assert position == 0 and total == moves > 3
        hands = page.locator("#replay-hands .replay-hand")
        assert hands.count() == players
        assert page.locator("#replay-hands .card").count() > 0  # every hand shown
        # the Karten-Info pictures the markup leaves to the page are drawn (static/js/cards.js)
        pics = page.evaluate(
            "[...document.querySelectorAll('.info-pic[data-of-card]')]"
            ".map(p => p.querySelectorAll(':scope > .card').length)"
        )
        assert pics == [1] * len(pics), pics
        assert pics or game != "speedone"  # its open card has one (Speedbasar's replay: none)
        press(page, "ArrowRight", 1)
        press(page, "ArrowRight", 2)
        press(page, "ArrowLeft", 1)
        press(page, "End", total)
        assert page.locator("#replay-next").count() == 0  # the end: no step forward
        press(page, "Home", 0)
        middle = total // 2
        page.goto(f"{url}/partie/{pk}/?zug={middle}")
        assert where(page) == (middle, total)
        link = page.locator("#replay-link").input_value()
        assert link.endswith(f"/partie/{pk}/?zug={middle}")
        no_overflow(page)
        size = "390" if viewport == PHONE else "1366"
        snap(page, f"replay-{game}-{size}")
        shot(page, f"replay-{game}-{size}-full")
        page.set_viewport_size(DESKTOP if viewport == PHONE else PHONE)
        no_overflow(page)
        snap(page, f"replay-{game}-{'1366' if viewport == PHONE else '390'}")
    finally:
        context.close()
