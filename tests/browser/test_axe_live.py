"""No barriers (issue 44): axe-core, pinned in ``package.json`` (``npm ci``), run in Chromium over
every page of the site and the decision states of the four games, at 1366 and 390 px. Any
critical or serious violation fails, with the rule, the elements and axe's summary.

The games are played by clicking the first thing the board offers (a dialog's first choice);
every new kind of decision (the set of action types and dialogs the board offers) is audited
before it is answered, and so is each of its dialogs opened, then the end screen and the replay.
``label-content-name-mismatch`` (the accessible name must contain the visible text) is one of
axe's experimental rules: it is switched on.

Without ``node_modules/axe-core`` (a checkout where ``npm ci`` was not run) the tests skip and say
so; ``.ci/run`` installs it, so CI always runs them."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser.serverside import finish_on_the_server
from tests.browser.test_card_faces_live import start_solo
from tests.browser.test_speedone_live import register
from tests.browser.test_speedwerk_live import DESKTOP, PHONE
from tests.browser.test_speedwerk_live import start_solo as start_speedwerk

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not AXE.exists(),
        reason="axe-core is not installed here: run `npm ci` at the top of the checkout "
        "(.ci/run does, so CI runs these tests)",
    ),
]

WIDTHS = {"1366": DESKTOP, "390": PHONE}

#: axe over the document: the critical and serious violations, each with up to six elements
RUN_AXE = """async () => {
  // the cards in flight land first (a card half faded in is no state a person reads), 3 s at most
  const landed = Promise.all(document.getAnimations()
    .filter(a => a.effect && a.effect.getTiming().iterations !== Infinity).map(a => a.finished));
  await Promise.race([landed.catch(() => null), new Promise(done => setTimeout(done, 3000))]);
  const r = await axe.run(document, {
    resultTypes: ['violations'],
    rules: {'label-content-name-mismatch': {enabled: true}},
  });
  return r.violations.filter(v => v.impact === 'critical' || v.impact === 'serious').map(v => ({
    id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
    nodes: v.nodes.slice(0, 6).map(n => n.target.join(' ') + ' :: ' +
      (n.failureSummary || '').split('\\n').slice(1, 3).join(' ').trim()),
  }));
}"""


def audit(page, where: str) -> list[str]:
    """axe's critical and serious violations on the page as it is, at both widths. A board
    swapped in while axe reads it (a bot's move) makes axe throw: it reads again."""
    found: list[str] = []
    for width, viewport in WIDTHS.items():
        page.set_viewport_size(viewport)
        for attempt in range(3):
            try:
                if not page.evaluate("() => !!window.axe"):
                    page.add_script_tag(path=str(AXE))
                violations = page.evaluate(RUN_AXE)
                break
            except PlaywrightError:
                if attempt == 2:
                    raise
        for v in violations:
            nodes = "\n      ".join(v["nodes"])
            found.append(
                f"{where} @{width}px: {v['id']} ({v['impact']}, {v['count']}×) {v['help']}\n"
                f"      {nodes}"
            )
    page.set_viewport_size(DESKTOP)
    return found


def report(found: list[str]) -> str:
    return f"{len(found)} critical/serious axe violations:\n" + "\n".join(found)


# -- the site's pages ----------------------------------------------------------------------------

GAMES = ["speedtroedel", "speedone", "speedbasar", "speedwerk"]


def person_pages() -> list[str]:
    from games.speedbasar.journey.stations import STATIONS
    from games.speedtroedel.school.lessons import LESSONS

    pages = ["/", "/hilfe/", "/live/", "/bestenliste/", "/tagesspiel/", "/spieler/Anton/"]
    for game in GAMES:
        pages += [f"/spiele/{game}/", f"/regeln/{game}/", f"/bestenliste/{game}/"]
    pages += ["/bestenliste/speedone/fern/"]
    pages += ["/konto/profil/"]
    pages += ["/konto/passwort/aendern/", "/konto/benachrichtigungen/", "/konto/freunde/"]
    pages += ["/spiele/speedbasar/reise/", f"/spiele/speedbasar/reise/{STATIONS[0].slug}/"]
    lesson = LESSONS["speedtroedel"][0].slug
    pages += ["/spiele/speedtroedel/schule/", f"/spiele/speedtroedel/schule/{lesson}/"]
    pages += ["/partie/999999/", "/gibt-es-nicht/"]  # the error pages
    return pages


VISITOR_PAGES = [
    "/",
    "/konto/registrieren/",
    "/konto/anmelden/",
    "/konto/gast/",
    "/konto/passwort/vergessen/",
    "/konto/passwort/vergessen/gesendet/",
    "/konto/passwort/neu/fertig/",
]


def test_every_page_of_the_site_has_no_serious_barrier(live_site, page):
    found: list[str] = []
    for path in VISITOR_PAGES:
        page.goto(live_site.url + path)
        found += audit(page, path)
    # a form sent with mistakes shows its errors next to the fields
    page.goto(live_site.url + "/konto/registrieren/")
    page.get_by_role("button", name="Konto anlegen").click()
    page.wait_for_load_state()
    found += audit(page, "/konto/registrieren/ (with errors)")
    register(page, live_site.url, "Anton")
    for path in person_pages():
        page.goto(live_site.url + path)
        found += audit(page, path)
    page.goto(live_site.url + "/spiele/speedone/")
    page.get_by_role("button", name="Tisch eröffnen").click()
    page.wait_for_url(re.compile(r".*/tisch/\d+/$"))
    found += audit(page, "table")
    assert not found, report(found)


# -- the games' decisions ------------------------------------------------------------------------

#: what the person may decide now: the action types of the enabled controls and the dialogs the
#: board offers, as one key ("" while nothing is offered: a bot's turn)
DECISION = """() => {
  const b = document.getElementById('board');
  if (!b) return '';
  const kinds = new Set();
  b.querySelectorAll('[data-action]:not([disabled])').forEach(el => {
    if (el.closest('dialog')) return;
    try { kinds.add(JSON.parse(el.dataset.action).type); } catch (e) { kinds.add('?'); }
  });
  b.querySelectorAll('[data-dialog]').forEach(el => kinds.add('dialog:' + el.dataset.dialog.replace(/[-_]?\\d+$/, '')));
  return [...kinds].sort().join(' ');
}"""

#: the decisions each game must have shown before its test ends (each audited)
EXPECTED = {
    "speedtroedel": {"play"},
    "speedone": {"play", "draw"},
    "speedbasar": {"doubt", "believe"},
    "speedwerk": {"bid", "play"},
}

#: how long one game is played at most before its end is played on the server
PLAY_SECONDS = 20


def press_something(page) -> bool:
    """Press the first control the board offers (a dialog's first choice); False when none."""
    board = page.locator("#board")
    direct = board.locator("[data-action]:not([disabled]):visible")
    openers = board.locator("[data-dialog]:visible")
    version = board.get_attribute("data-version")
    try:
        if direct.count():
            direct.first.click(timeout=3_000)
        elif openers.count():
            openers.first.click(timeout=3_000)
            page.locator("dialog[open] [data-action]:not([disabled])").first.click(timeout=3_000)
        else:
            return False
        page.wait_for_function(
            "v => document.getElementById('board').dataset.version !== v",
            arg=version,
            timeout=10_000,
        )
    except PlaywrightError:  # the board moved on under the click (a bot, a timer)
        page.keyboard.press("Escape")
    return True


def audit_dialogs(page, where: str) -> list[str]:
    """Open each of the board's dialogs in turn and audit it open."""
    found: list[str] = []
    ids = page.evaluate(
        "() => [...new Set([...document.querySelectorAll('#board [data-dialog]')]"
        ".filter(e => e.getClientRects().length).map(e => e.dataset.dialog))]"
    )
    for dialog_id in ids:
        try:
            page.locator(f'#board [data-dialog="{dialog_id}"]').first.click(timeout=3_000)
            page.locator(f"dialog#{dialog_id}[open]").wait_for(timeout=3_000)
        except PlaywrightError:
            continue  # the board moved on
        found += audit(page, f"{where}, dialog {dialog_id}")
        page.keyboard.press("Escape")
    return found


def open_game(page, url: str, game: str) -> None:
    register(page, url, "Anton")
    if game == "speedwerk":
        start_speedwerk(page, url)
    else:
        start_solo(page, url, game)
    page.locator("#board").wait_for()


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_of_a_game_has_no_serious_barrier(live_site, page, game):
    page.set_viewport_size(DESKTOP)
    open_game(page, live_site.url, game)
    found: list[str] = []
    # the gear menu open: its switches (and Speedone's „Sortieren“, a radio group) audited too
    if page.locator("#frame-prefs").count():
        page.locator("#frame-prefs > summary").click()
        found += audit(page, f"{game} settings")
        page.locator("#frame-prefs > summary").click()
    seen: set[str] = set()
    decided: set[str] = set()
    end = time.monotonic() + PLAY_SECONDS
    while time.monotonic() < end and page.locator("#game-over").count() == 0:
        try:
            page.wait_for_function(f"() => ({DECISION})() !== ''", timeout=15_000)
        except PlaywrightError:
            break  # nothing to decide for a while: the game has ended or waits
        if game == "speedbasar" and page.locator("#autobelieve:not(.paused)").count():
            page.locator("#autobelieve").click()  # the solo's automatic „Glauben“ held
        key = page.evaluate(DECISION)
        if key and key not in seen:
            seen.add(key)
            where = f"{game} [{key}]"
            found += audit(page, where)
            found += audit_dialogs(page, where)
        decided |= {k for k in key.split() if not k.startswith("dialog:")}
        if EXPECTED[game] <= decided and len(seen) >= 4:
            break
        press_something(page)
    assert EXPECTED[game] <= decided, f"{game}: only {sorted(seen)} were reached"
    finish_on_the_server(page)
    found += audit(page, f"{game} end screen")
    page.goto(page.url + "?zug=0")
    found += audit(page, f"{game} replay")
    assert not found, report(found)
