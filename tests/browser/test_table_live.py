"""Issue 44 in headless Chromium: on a 360×740 phone every decision of every game fits one
screen. At each of the person's decisions of a solo game, the centre of every card in the middle
of the table (the trick, the piles, the claim, the reveal) and of every control of the decision
is on the screen and not covered: ``document.elementFromPoint`` there finds that card or control
(or something inside it); a seat's badge („Geber“) is found at both of its ends (not cut off by a
short chip); no button, link or turn text of the board lies under the settings gear. One server and one browser for all four games (the session's)."""

from __future__ import annotations

import pytest

from tests.browser.test_look_live import GAMES, SMALL, start
from tests.browser.test_speedwerk_live import act_once, shot

pytestmark = [pytest.mark.browser]

#: the cards in the middle of the table, per game: the current trick (Speedtrödel, Speedwerk),
#: the draw pile and the open card (Speedone), the pile, the claim and the revealed cards
#: (Speedbasar)
CENTRE = (
    "#trick .trick-play .card, .center .pile > .card, #pile, #claim, #reveal .reveal-cards .card"
)
#: the controls of a decision: every enabled action and every opener of a choice dialog
CONTROLS = "[data-action]:not([disabled]), [data-dialog]"

# per element: on the screen, and found by elementFromPoint at its centre; and the decision's kind
# (the containers its controls sit in)
CHECK = """([centre, controls]) => {
  const b = document.getElementById('board');
  const shown = el => el.checkVisibility() && !el.closest('dialog:not([open]), details:not([open])');
  const name = el => !el ? 'nothing' : el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (el.className && el.className.baseVal === undefined ? '.' + String(el.className).trim().split(/\\s+/).join('.') : '');
  const cards = [...b.querySelectorAll(centre)].filter(shown);
  const ctrls = [...b.querySelectorAll(controls)].filter(el => shown(el) && !el.closest('dialog'));
  const bad = [];
  for (const el of [...cards, ...ctrls]) {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit))) {
      bad.push(name(el) + ' at ' + Math.round(x) + ',' + Math.round(y) + ' finds ' + name(hit));
    }
  }
  // the seats' badges („Geber“, „Gast“, „offline“) are whole: found at both of their ends (a
  // badge kept only for screen readers is clipped away)
  for (const el of b.querySelectorAll('.seat .badge')) {
    const r = el.getBoundingClientRect();
    if (!shown(el) || getComputedStyle(el).clip.startsWith('rect')) continue;
    for (const x of [r.left + 2, r.right - 2]) {
      const hit = document.elementFromPoint(x, r.top + r.height / 2);
      if (!hit || !(hit === el || el.contains(hit))) {
        bad.push(name(el) + ' is cut: at ' + Math.round(x) + ' finds ' + name(hit));
      }
    }
  }
  // the gear of the settings sits over the table's top right corner: nothing of the board under it
  const gear = document.querySelector('.settings-button');
  if (gear && gear.checkVisibility()) {
    const g = gear.getBoundingClientRect();
    for (const el of b.querySelectorAll('button, a, .turn-text')) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width && r.right > g.left && r.left < g.right && r.bottom > g.top && r.top < g.bottom) {
        bad.push(name(el) + ' lies under the settings gear');
      }
    }
  }
  const kind = [...new Set(ctrls.map(el => {
    const box = el.closest('[id]:not(button), .hand, .hand-tools, .doubt-buttons, .choices');
    return box ? (box.id || box.className) : '?';
  }))].sort().join(' + ');
  return { cards: cards.length, controls: ctrls.length, bad, kind };
}"""

READY = "#board [data-action]:not([disabled]), #board [data-dialog], #game-over"


def decisions_fit(page, limit: int) -> dict[str, int]:
    """Checks the person's next ``limit`` decisions (fewer if the game ends first); returns how
    many of each kind were checked."""
    kinds: dict[str, int] = {}
    for _ in range(limit):
        page.wait_for_function(
            "sel => document.querySelector(sel)", arg=READY, timeout=30_000, polling=100
        )
        if page.locator("#game-over").count():
            break
        # no move in flight and no card still gliding or turning (a hand card's glide and a
        # flip are animations of their own: a card caught in one stands where it was before)
        page.wait_for_function(
            "!document.getElementById('board').classList.contains('sending')"
            " && !document.querySelector('.motion-pending, .motion-fly')"
            " && !document.getAnimations().some(a => a.playState === 'running'"
            " && a.effect && a.effect.getComputedTiming().endTime !== Infinity)"
        )
        # the table as the person sees it at the top of the page: a click of the harness may
        # have scrolled the page (Playwright scrolls a control into view before it clicks)
        page.evaluate("window.scrollTo(0, 0)")
        seen = page.evaluate(CHECK, [CENTRE, CONTROLS])
        if seen["controls"]:
            if seen["bad"]:
                shot(page, f"table-{page.url.rstrip('/').rsplit('/', 1)[-1]}-covered")
            assert not seen["bad"], f"{seen['kind']}: covered or off the screen: {seen['bad']}"
            kinds[seen["kind"]] = kinds.get(seen["kind"], 0) + 1
        act_once(page)
    return kinds


@pytest.mark.parametrize("slug", GAMES)
def test_every_decision_fits_a_phone_screen(live_site, page, slug):
    page.set_viewport_size(SMALL)
    start(page, live_site.url, slug)
    page.set_viewport_size(SMALL)
    kinds = decisions_fit(page, 14)
    assert kinds, "no decision was checked"
    print(slug, kinds)
