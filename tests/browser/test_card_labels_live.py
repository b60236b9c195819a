"""Cards that read as a person sees them (issue 41, items 12, 13 and 23), in headless Chromium:

* 12: every card's name on its face is whole – every card of every game, in each place a board
  shows full-size faces (the hand, the trick, the pile, Speedwerk's trump card, Speedbasar's lay
  dialog), at 360×740, 390×844 and 1366×900: no label hidden, clipped, wider than its card or
  broken inside a word (only at a soft hyphen), none in a font smaller than 8 px.
* 13: the Vorschau says one sentence: the card of the most recent intent (the pointer resting on
  one card, the keyboard's focus on another).
* 23: the Karten-Info shows the card itself (its SVG face at the hand card's size); the pile, the
  draw pile, the Krüge and the seats show their own picture, and a hidden card is never shown.

Screenshots at the three sizes when SCREENSHOT_DIR is set."""

from __future__ import annotations

import contextlib
import re

import pytest
from django.utils import translation
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.html import Markup
from games.speedbasar import components as basar
from games.speedbasar import presenter as basar_words
from tests.browser.test_basar_features_live import solo_with_doppelladung
from tests.browser.test_card_faces_live import settle, start_solo
from tests.browser.test_speedone_live import register
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, no_overflow, play_until, shot
from tests.games.test_card_faces import GAMES

pytestmark = [pytest.mark.browser]

SMALL_PHONE = {"width": 360, "height": 740}
SIZES = {"360": SMALL_PHONE, "390": PHONE, "1366": DESKTOP}

#: one full-size face of every place on the board that shows faces (its closest element with an
#: id and the face's parent make the place): the first face of the hand, of the trick, the pile …
PLACES = """() => {
  const seen = new Set();
  const out = [];
  document.querySelectorAll('[data-place]').forEach(f => f.removeAttribute('data-place'));
  document.querySelectorAll('#board .card[role=img]:not(.small)').forEach(f => {
    if (!f.getClientRects().length || f.closest('.card-info, .round-summary, .motion-fly')) return;
    const home = f.closest('[id]');
    const key = (f.closest('[data-hand]') ? 'hand ' : '') + (home ? home.id : '') + '/' + f.parentElement.tagName + '.' +
      [...f.parentElement.classList].filter(c => !/^(playable|advised|armed|fake)$/.test(c)).join('.');
    if (seen.has(key)) return;
    seen.add(key);
    f.setAttribute('data-place', String(out.length));
    out.push(key);
  });
  return out;
}"""

#: every face in ``faces`` put in turn where the place's face is, and its words measured: what
#: does not fit, as "place card: why"
FITS = """([places, faces, min]) => {
  const bad = [];
  const breakOk = c => c === ' ' || c === '\\u00ad' || c === '-' || c === '\\u2011';
  function check(card, where) {
    const cr = card.getBoundingClientRect();
    const cs = getComputedStyle(card);
    const inner = {
      left: cr.left + parseFloat(cs.borderLeftWidth) - .5, right: cr.right - parseFloat(cs.borderRightWidth) + .5,
      top: cr.top + parseFloat(cs.borderTopWidth) - .5, bottom: cr.bottom - parseFloat(cs.borderBottomWidth) + .5,
    };
    const name = card.getAttribute('aria-label') || card.id;
    [...card.children].filter(t => t.tagName.toLowerCase() === 'span' && t.textContent.trim()).forEach(t => {
      const ts = getComputedStyle(t);
      const what = where + ' ' + name + ' „' + t.textContent + '“: ';
      if (ts.display === 'none' || ts.visibility === 'hidden' || !t.getClientRects().length) { bad.push(what + 'hidden'); return; }
      if (parseFloat(ts.fontSize) < min) bad.push(what + 'font ' + ts.fontSize);
      if ((ts.overflowX !== 'visible' && t.scrollWidth > t.clientWidth + 1) ||
          (ts.overflowY !== 'visible' && t.scrollHeight > t.clientHeight + 1)) bad.push(what + 'clipped');
      const walk = document.createTreeWalker(t, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let text = walk.nextNode(); text; text = walk.nextNode()) {
        let lastTop = null;
        for (let i = 0; i < text.length; i++) {
          range.setStart(text, i); range.setEnd(text, i + 1);
          // a letter's boxes (the one after a soft hyphen that breaks also owns the hyphen drawn
          // at the end of the line above): each inside the card, the last one tells its line
          const rs = [...range.getClientRects()].filter(x => x.width);
          if (!rs.length) continue;  // a soft hyphen that does not break
          if (rs.some(r => r.left < inner.left || r.right > inner.right || r.top < inner.top || r.bottom > inner.bottom)) {
            bad.push(what + 'letter ' + i + ' outside the card'); break;
          }
          const r = rs[rs.length - 1];
          if (lastTop !== null && r.top > lastTop + 2 && !breakOk(text.data[i - 1])) {
            bad.push(what + 'broken inside a word at ' + i); break;
          }
          lastTop = r.top;
        }
      }
    });
  }
  places.forEach((where, n) => {
    const slot = document.querySelector('[data-place="' + n + '"]');
    let cur = slot;
    faces.forEach(html => {
      const tpl = document.createElement('template');
      tpl.innerHTML = html.trim();
      const face = tpl.content.firstElementChild;
      cur.replaceWith(face);
      cur = face;
      check(face, where);
    });
    cur.replaceWith(slot);
  });
  return bad;
}"""


def all_faces(game: str) -> list[str]:
    """Every card's full-size face of ``game``, as the board shows it (German)."""
    _sprite, codes, face = GAMES[game]
    with translation.override("de"):
        return [str(face(c, False)) for c in codes]


def all_claims() -> list[str]:
    """Speedbasar's claim spot (``#claim``) with each of the 30 claims, as the table shows it."""
    out = []
    with translation.override("de"):
        for spice in "RKS":
            for number in range(1, 11):
                big = basar_words.claim_on_table(spice, number, "de")
                html = basar._table_html(
                    "de", basar.back_html(), 1, Markup(""), True, spice, big, "Lotte", 1, "",
                    "", 50, Markup(""), 0, Markup(""),
                )  # fmt: skip
                spot = re.search(
                    r'<div class="has-info basar-spot claim-spot".*?(?=<div class="has-info basar-spot draw-spot)',
                    str(html),
                    re.S,
                )
                out.append(spot.group(0))
    return out


def labels_that_do_not_fit(page, faces: list[str]) -> list[str]:
    """Every face in every place of the board, measured. A bot's move may swap the board in
    while the faces are being put in place (the measuring script then finds a place gone): it
    is measured again on the new board, three times at most."""
    for attempt in range(3):
        places = page.evaluate(PLACES)
        assert any(p.startswith("hand ") for p in places), places  # the hand is one of them
        try:
            return page.evaluate(FITS, [places, faces, 8])
        except PlaywrightError:
            if attempt == 2:
                raise
            settle(page)
    return []


def open_game(page, url: str, game: str) -> None:
    if game == "speedbasar":  # on turn first: the lay dialog opens
        solo_with_doppelladung(page, url, "Anton")
        return
    register(page, url, "Anton")
    start_solo(page, url, game)
    if game == "speedwerk":  # the first round's own card is blind: play on to a hand of faces
        play_until(page, "[data-hand] .card[role=img]")
    else:
        page.locator("[data-hand] .card[role=img]").first.wait_for()


@pytest.mark.parametrize("game", ["speedtroedel", "speedone", "speedbasar", "speedwerk"])
def test_every_card_name_is_whole_on_its_card(live_site, page, game):
    faces = all_faces(game)
    page.set_viewport_size(SMALL_PHONE)
    open_game(page, live_site.url, game)
    bad: list[str] = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        settle(page)
        bad += [f"{size}: {b}" for b in labels_that_do_not_fit(page, faces)]
        if game == "speedbasar":  # the lay dialog shows the chosen card
            page.locator(".basar-cards button.card-button.playable").first.click()
            page.locator("dialog[open] .lay-faces .card").wait_for()
            places = page.evaluate(
                "() => { document.querySelector('dialog[open] .lay-faces .card')"
                ".setAttribute('data-place', '0'); return ['lay dialog']; }"
            )
            bad += [f"{size}: {b}" for b in page.evaluate(FITS, [places, faces, 8])]
            shot(page, f"labels-{game}-dialog-{size}")
            page.keyboard.press("Escape")
            page.locator("dialog[open]").wait_for(state="detached")
            # the claim on the table, every one of them, in the spot between pile and draw pile
            page.evaluate("document.getElementById('claim').setAttribute('data-place', '0')")
            bad += [f"{size}: {b}" for b in page.evaluate(FITS, [["claim"], all_claims(), 8])]
        no_overflow(page)
        shot(page, f"labels-{game}-{size}")
    assert not bad, "\n".join(bad[:40]) + f"\n… {len(bad)} in all"


#: the Vorschau's sentences a person sees: (data-pv, text) of each shown one
SHOWN = """() => [...document.querySelectorAll('#vorschau .pv')]
  .filter(s => s.getClientRects().length).map(s => [s.dataset.pv, s.textContent])"""


def focus_a_card_by_keyboard(page) -> str:
    """Tab through the page (past the header, by „Zum Spiel springen“) to the first card the
    person may play; its ``data-pv``."""
    for _ in range(60):
        page.keyboard.press("Tab")
        at = page.evaluate(
            "() => { const a = document.activeElement; return a.classList.contains('skip-link') "
            "? 'skip' : (a.closest('#board [data-hand] li[data-pv]') || {dataset: {}}).dataset.pv }"
        )
        if at == "skip":
            page.keyboard.press("Enter")  # „Zum Spiel springen“: the first card to play
            at = page.evaluate("document.activeElement.closest('li[data-pv]').dataset.pv")
        if at:
            return at
    raise AssertionError("no card took the keyboard's focus")


#: counts the boards the match socket brought (it pushes one on connecting)
COUNT_PUSHES = """window.__wsMessages = 0;
document.addEventListener("htmx:wsAfterMessage", () => { window.__wsMessages += 1; }, true);"""


def shows(page, names: list[str]) -> list[list[str]]:
    """The Vorschau's visible sentences once they name exactly ``names`` (a board swapped in
    meanwhile redraws them: wait for the state, up to 5 s, rather than read it once)."""
    with contextlib.suppress(PlaywrightTimeout):  # the caller's assertion says what was shown
        page.wait_for_function(
            f"names => JSON.stringify(({SHOWN})().map(x => x[0])) === JSON.stringify(names)",
            arg=names,
            timeout=5_000,
        )
    return page.evaluate(SHOWN)


def test_the_vorschau_says_one_sentence_of_the_latest_intent(live_site, page):
    page.set_viewport_size(DESKTOP)
    page.add_init_script(COUNT_PUSHES)
    register(page, live_site.url, "Anton")
    start_solo(page, live_site.url, "speedtroedel")
    page.locator("#vorschau").wait_for(timeout=30_000)  # the person's turn to play a card
    # the socket's first board replaces the page's: only then does resting mean resting
    page.wait_for_function("() => window.__wsMessages > 0")
    page.mouse.move(0, 0)
    assert shows(page, []) == []  # „Zeig auf eine Karte.“
    focused = focus_a_card_by_keyboard(page)
    assert [n for n, _t in shows(page, [focused])] == [focused]
    # the pointer comes to rest on another card: its sentence, and only its
    cards = page.locator("#board [data-hand] li[data-pv]")
    other = next(
        i for i in range(cards.count()) if cards.nth(i).get_attribute("data-pv") != focused
    )
    hovered = cards.nth(other).get_attribute("data-pv")
    cards.nth(other).hover()
    shown = shows(page, [hovered])
    assert [n for n, _t in shown] == [hovered], shown
    shot(page, "vorschau-hover-over-focus-desktop")
    # the keyboard moves on: now the newly focused card speaks (the pointer still rests)
    page.keyboard.press("Tab")
    now = page.evaluate(
        "(document.activeElement.closest('li[data-pv]') || {dataset: {}}).dataset.pv"
    )
    if now:
        assert [n for n, _t in shows(page, [now])] == [now]
        focused = now
    # the pointer leaves the hand: the focused card's sentence (one) stays
    page.mouse.move(0, 0)
    expected = [focused] if now else []
    assert [n for n, _t in shows(page, expected)] == expected


#: the card face in a Karten-Info: its name, size and whether its pictures are drawn
FACE_IN_INFO = """info => {
  const f = info.querySelector('.info-pic .card[role=img]');
  if (!f) return null;
  const r = f.getBoundingClientRect();
  const uses = [...f.querySelectorAll('svg > use')];
  return { name: f.getAttribute('aria-label'), width: r.width, height: r.height,
           drawn: uses.length > 0 && uses.every(u => u.getBBox().width > 0),
           opacity: getComputedStyle(f).opacity };
}"""
#: the faces (not backs) a Karten-Info's picture shows, by the sprite symbols they use
FACES_IN_PICTURE = """info => [...info.querySelectorAll('.info-pic use')]
  .map(u => u.getAttribute('href').split('#')[1]).filter(s => s !== 'back')"""


def shown_info(page, holder, hover_on=None):
    """Rest the pointer on ``holder`` (or on ``hover_on`` in it): its Karten-Info, once shown."""
    page.mouse.move(0, 0)
    (hover_on or holder).hover()
    info = holder.locator("> .card-info")
    info.wait_for()
    # inside the screen (the page moves an info near the edge in)
    page.wait_for_function(
        "i => { const r = i.getBoundingClientRect(); "
        "return r.left >= 0 && r.right <= document.documentElement.clientWidth; }",
        arg=info.element_handle(),
    )
    return info


def assert_the_card_itself(info, face) -> None:
    """The Karten-Info shows ``face`` (a card on the table) itself, as big as it lies there."""
    got = info.evaluate(FACE_IN_INFO)
    box = face.bounding_box()
    assert got is not None, info.inner_html()
    assert got["name"] == face.get_attribute("aria-label") and got["drawn"], got
    # seen: a copy of a card a flight was landing on kept its hiding (static/js/cards.js)
    assert got["opacity"] == "1", got
    assert abs(got["width"] - box["width"]) < 1 and abs(got["height"] - box["height"]) < 1
    assert got["width"] >= 44 and got["height"] >= 70, got  # a card, not a text-sized sign


@pytest.mark.parametrize("size", ["390", "1366"])
def test_speedone_karten_info_shows_the_card_itself(live_site, page, size):
    page.set_viewport_size(SIZES[size])
    register(page, live_site.url, "Anton")
    start_solo(page, live_site.url, "speedone")
    # the person's turn: the computers have moved, the pile stays as it is while it is read
    page.locator("#board .seat.me.turn").wait_for()
    card = page.locator("[data-hand] .hand > li.has-info").first
    card.wait_for()
    face = card.locator(".card-button > .card")
    assert_the_card_itself(shown_info(page, card, face), face)
    shot(page, f"info-speedone-hand-{size}")
    # the card in the middle (open to all) as well
    pile = page.locator(".pile.discard.has-info")
    assert_the_card_itself(shown_info(page, pile), pile.locator("> .card"))
    shot(page, f"info-speedone-pile-{size}")
    no_overflow(page)


@pytest.mark.parametrize("size", ["360", "1366"])
def test_speedbasar_karten_info_pictures_and_never_a_hidden_face(live_site, page, size):
    page.set_viewport_size(SIZES[size])
    solo_with_doppelladung(page, live_site.url, "Anton")
    # a hand card: the card itself (Rosenpfeffer 1, the first of the stacked hand)
    card = page.locator(".basar-cards > li.has-info").first
    face = card.locator(".card-button > .card")
    info = shown_info(page, card, face)
    assert_the_card_itself(info, face)
    assert face.get_attribute("aria-label") == "Rosenpfeffer 1"
    shot(page, f"info-speedbasar-hand-{size}")
    # the draw pile and the other seats' hands: backs only, never a face
    draw = shown_info(page, page.locator("#draw-pile"))
    assert draw.locator(".info-pic .card.back").count() >= 1
    assert draw.evaluate(FACES_IN_PICTURE) == []
    shot(page, f"info-speedbasar-draw-{size}")
    for seat in ("1", "2"):
        holder = page.locator(f'.seat[data-seat="{seat}"]')
        info = shown_info(page, holder)
        assert info.locator(".info-pic .card.back").count() == 5  # six cards: five shown
        assert info.evaluate(FACES_IN_PICTURE) == []
    shot(page, f"info-speedbasar-seat-{size}")
    # the Krüge: the three jars, none taken yet; the empty pile: its empty place
    krugs = shown_info(page, page.locator("#krugs"))
    assert krugs.locator(".info-pic .krug-slot").count() == 3
    assert krugs.locator(".info-pic .krug-slot.taken").count() == 0
    pile = shown_info(page, page.locator("#pile"))
    assert pile.locator(".info-pic .card.empty").count() == 1
    assert pile.evaluate(FACES_IN_PICTURE) == []
    no_overflow(page)
