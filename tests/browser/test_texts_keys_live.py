"""Every game in headless Chromium, played by keys (issue 24): no text on the screen looks like an
internal card code (R7, B+2, P10, DK …) on any board of the first moves, and every key the key
help lists works – pressing it reaches the control it names (``data-key``), whenever that control
is on the board. The whole games are checked for codes and for keys wired on the server side
(``tests/games/test_player_texts.py``); here the page itself is read and pressed."""

from __future__ import annotations

import contextlib
import re

import pytest

from tests.browser.test_speedone_live import register
from tests.browser.test_speedwerk_live import DESKTOP
from tests.games.test_player_texts import codes_in

pytestmark = [pytest.mark.browser]

#: the single-letter keys the help names („R Rat“, „L letzter Stich“)
LETTER = re.compile(r"(?<![\w–-])([A-Z])(?= [a-zäöü„A-Z])")

#: the letter keys that make a move in a game (pressed as its move, not as a check)
MOVE_LETTERS = {"speedone": "d", "speedbasar": "pg"}

#: press the key and tell whether it reached its control (null: no such control right now): the
#: control took the focus (a button the script clicks), a dialog opened, or a <details> it names
#: opened or closed
PRESS = """k => {
  const scope = document.querySelector('dialog[open]') || document.getElementById('board');
  const el = scope && scope.querySelector('[data-key="' + k + '"]:not([disabled])');
  if (!el) return null;
  const details = el.tagName.toLowerCase() === 'summary' ? el.parentElement : null;
  const before = details ? details.open : null;
  const dialogs = document.querySelectorAll('dialog[open]').length;
  document.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true}));
  if (details) return details.open !== before;
  return document.activeElement === el || document.querySelectorAll('dialog[open]').length !== dialogs;
}"""


def start(page, url: str, game: str) -> None:
    page.goto(url + f"/spiele/{game}/")
    page.locator("select[name=strength]").select_option("leicht")
    page.get_by_role("button", name="Solo starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))
    page.locator("#board").wait_for()


def screen_codes(page) -> list[str]:
    return codes_in(page.locator("body").inner_text())


@pytest.mark.parametrize("game", ["speedtroedel", "speedone", "speedbasar", "speedwerk"])
def test_no_code_on_screen_and_every_listed_key_works(live_site, browser, game):
    context = browser.new_context(locale="de-DE", viewport=DESKTOP)
    context.set_default_timeout(20_000)
    page = context.new_page()
    try:
        register(page, live_site.url, f"Tasten{game[5:9].title()}")
        start(page, live_site.url, game)
        pressed: dict[str, bool] = {}
        seen: set[str] = set()
        for _ in range(12):
            found = screen_codes(page)
            assert not found, f"card codes on the screen: {found}"
            help_text = (
                page.locator("#keys-help").inner_text()
                if page.locator("#keys-help").count()
                else ""
            )
            listed = {k.lower() for k in LETTER.findall(help_text)}
            seen |= listed
            version = page.locator("#board").get_attribute("data-version")
            moves = MOVE_LETTERS.get(game, "")
            for key in sorted(listed - set(pressed)):
                if key in moves or key in "zws":  # they play a move: pressed below, or not at all
                    continue
                result = page.evaluate(PRESS, key)
                if result is not None:
                    pressed[key] = result
                page.keyboard.press("Escape")  # close what the key opened (a dialog, a panel)
            # a move by keys: a digit chooses a card (Enter confirms a dialog), else the first
            # letter key that acts (pass, draw, believe …)
            moved = False
            for key in ["1", "2", "3", "4", "5", *sorted(listed & set(moves))]:
                result = page.evaluate(PRESS, key)
                if result is None:
                    continue
                if page.locator("dialog[open]").count():
                    page.keyboard.press("Enter")
                if key.isalpha():
                    pressed[key] = result
                moved = True
                break
            if page.locator("#game-over").count():
                break
            if moved:
                # the move was refused or was no move at all: then no new version comes
                with contextlib.suppress(Exception):
                    page.wait_for_function(
                        "v => document.getElementById('board').dataset.version !== v",
                        arg=version,
                        timeout=8_000,
                    )
            else:
                page.wait_for_timeout(600)  # the bots' turn: the next push comes by itself
        assert seen, "no key help on the board"
        broken = sorted(k for k, ok in pressed.items() if not ok)
        assert not broken, f"keys the help lists that do not reach their control: {broken}"
        assert pressed, "no listed key could be pressed in the first moves"
        print(f"\nKEYS {game}: listed {sorted(seen)}, pressed {pressed}, moves to {version}")
    finally:
        context.close()
