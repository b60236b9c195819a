"""Issue 26 in headless Chromium: cards fly (and land) in every game, the hand's cards glide to
their places when it is sorted or a card leaves, a new deal flies every card within a second,
prefers-reduced-motion and the switch „Bewegung“ turn it off, a hidden tab says „Du bist dran“
with its title and icon, a phone vibrates on the turn once it was touched, no page is wider than
a phone, the header folds behind a menu button, and no page carries the emoji the frame used
before. With SCREENSHOT_DIR set, each game is photographed at 390×844 and 1366×900, mid-game and
at its end."""

from __future__ import annotations

import re

import pytest

from games.models import Match
from lobby.models import Table
from tests.browser.serverside import (
    finish_on_the_server,
    in_thread,
    match_id_of,
    push_the_board_again,
)
from tests.browser.test_speedone_live import (
    BOT_CARDS,
    DRAWS,
    RED_RUN,
    change_setting,
    hand,
    open_table,
    register,
    start_stacked_game,
)
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, act_once, no_overflow, shot

pytestmark = [pytest.mark.browser]

SMALL = {"width": 360, "height": 740}
GAMES = ("speedtroedel", "speedone", "speedbasar", "speedwerk")
#: the font-dependent glyphs the site used before as icons: a seat's cards, the countdown's clock,
#: the turn mark and the replay's step forward (▶); the stars of the achievements, the end screen's
#: celebration, the Händlerreise and the rules' tiers (★ ☆); the ticks of the Händlerreise, the
#: Händlerschule, Speedtrödel's and Speedwerk's „gewählt“/„weitergegeben“ and Speedbasar's chosen
#: claim (✓); Speedone's direction (↻ ↺); the replay's step back and its keys (◀ ←); the rules'
#: „Inhalt“ (↑). Now drawn: static/icons/ui.svg, CSS.
OLD_GLYPHS = (
    "\U0001f0a0",
    "\u23f1",
    "\u25b6",
    "\u2605",
    "\u2606",
    "\u2713",
    "\u21bb",
    "\u21ba",
    "\u25c0",
    "\u2190",
    "\u2191",
)
#: the text of the page's own style sheets (a glyph in ``content:`` is font-dependent too)
STYLE_TEXT = """() => [...document.styleSheets].map(s => {
  try { return [...s.cssRules].map(r => r.cssText).join('\\n'); } catch (e) { return ''; }
}).join('\\n')"""
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


# the hand's glides as they start: after each board swap (match.js's listeners on <body> run first)
# the hand's cards that are animated right now, and the order of the hand
GLIDES = """(() => {
  window.__glides = [];
  const seen = () => {
    const moving = document.getAnimations().filter(a => a.effect && a.effect.target
      && a.effect.target.matches('.hand > li') && a.playState === 'running');
    window.__glides.push({ moving: moving.length,
      hand: [...document.querySelectorAll('.hand [data-card]')].map(e => e.dataset.card) });
  };
  ['htmx:afterSwap', 'htmx:oobAfterSwap'].forEach(n => document.addEventListener(n, seen));
})();"""

# records navigator.vibrate (a desktop Chromium has no motor: the calls are what the test sees)
VIBRATE = """(() => {
  window.__vibrations = [];
  Navigator.prototype.vibrate = function (pattern) { window.__vibrations.push(pattern); return true; };
})();"""

# Speedone with Anton's hand stacked with numbers and actions of several colours (sorted colour by
# colour, or numbers first and then the actions: two orders); R0 is turned, the bots' cards as in
# test_speedone_live
MIXED = ["B2", "RS", "R1", "G3", "Y4", "RR", "G7"]


def start(page, url: str, slug: str, name: str = "Lena") -> None:
    """A solo game against easy bots, short where the game has a short form (Speedone: the
    stacked red run of its own tests, which ends the game in one round)."""
    if slug == "speedone":
        start_stacked_game(page, url)
        return
    register(page, url, name)
    page.goto(f"{url}/spiele/{slug}/")
    page.locator("select[name=bots]").select_option("3" if slug != "speedbasar" else "2")
    page.locator("select[name=strength]").select_option("leicht")
    short = page.locator("input[name=opt_kurz], input[name=opt_partie_kurz]")
    if short.count():
        page.locator(".solo-options summary").click()
        short.first.check()
    page.get_by_role("button", name="Solo starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))


def open_settings(page) -> None:
    """The seat's switches lie behind the gear (issue 44): open its menu."""
    if not page.locator("#frame-prefs[open]").count():
        page.locator("#frame-prefs > summary").click()


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
    styles = page.evaluate(STYLE_TEXT)
    assert ".icon-ui" in styles  # site.css was read
    for glyph in OLD_GLYPHS:
        assert glyph not in html, f"U+{ord(glyph):04X} on the page"
        assert glyph not in styles, f"U+{ord(glyph):04X} in a style sheet"
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
        page.locator("#game-over").wait_for()
    else:  # the rest of a game by clicking is other tests' work: the end screen is this one's
        finish_on_the_server(page)
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
    # nor does the hand glide, nor a deal fly
    assert page.evaluate("window.speedgamesMotion.glides") == 0
    assert page.evaluate("window.speedgamesMotion.deals") == []
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
    open_settings(page)
    switch.click()
    page.locator('#board[data-motion="0"]').wait_for()
    assert page.locator("#bewegung-toggle").get_attribute("aria-checked") == "false"
    moves(page, 4)
    page.wait_for_timeout(600)
    assert page.evaluate("window.__fly.added") == 0
    assert page.evaluate("window.speedgamesMotion.glides") == 0
    # remembered for the account: the next match starts with the motion off
    page.goto(url + "/spiele/speedwerk/")
    page.get_by_role("button", name="Solo starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))
    page.locator('#board[data-motion="0"]').wait_for()
    open_settings(page)
    assert "Bewegung: aus" in page.locator("#frame-prefs").inner_text()
    context.close()


# every copy of a finished trick's card as it starts to fly (static/js/match.js, `data-to-seat`):
# the seat it flies to, where its centre ends (its box's centre moved by the last keyframe's
# translate), the box of that seat's chip and its name, „Letzter Stich“ (who caught the trick) and
# „Letzte Züge“
TRICK_WATCH = """(() => {
  window.__trickFlights = [];
  new MutationObserver(records => {
    for (const r of records) r.addedNodes.forEach(n => {
      if (n.nodeType !== 1 || !n.classList.contains('motion-fly') || !n.hasAttribute('data-to-seat')) return;
      const seat = n.getAttribute('data-to-seat');
      const chip = document.querySelector('#board .seats [data-seat="' + seat + '"]');
      const frames = n.getAnimations()[0].effect.getKeyframes();
      const m = /translate\\((-?[\\d.e-]+)px, *(-?[\\d.e-]+)px\\)/.exec(frames[frames.length - 1].transform);
      const c = chip.getBoundingClientRect();
      const ticker = document.getElementById('ticker');
      window.__trickFlights.push({
        seat: seat,
        end: [parseFloat(n.style.left) + parseFloat(n.style.width) / 2 + parseFloat(m[1]),
              parseFloat(n.style.top) + parseFloat(n.style.height) / 2 + parseFloat(m[2])],
        chip: [c.left, c.top, c.right, c.bottom],
        chipName: chip.querySelector('.name').textContent,
        ticker: ticker ? ticker.textContent : '',
        lastTrick: (document.getElementById('last-trick') || {}).textContent || '',
      });
    });
  }).observe(document, { childList: true, subtree: true });
})();"""


#: counts the socket's openings and the boards it brought
SOCKET = """window.__wsOpen = 0; window.__wsMessages = 0;
document.addEventListener("htmx:wsOpen", () => { window.__wsOpen += 1; }, true);
document.addEventListener("htmx:wsAfterMessage", () => { window.__wsMessages += 1; }, true);"""


def test_a_push_that_crossed_the_switch_does_not_undo_it(live_site, page):
    """A bot's move renders every seat's board from the seats it loaded; switched meanwhile,
    „Bewegung: aus“ came back first and the push with the seat as it was came after. The page
    keeps the switch as the person set it (the board counts the seat's switches, data-prefs),
    and a push of the seat as it is now is still shown."""
    page.add_init_script(SOCKET)
    register(page, live_site.url, "Kira")
    page.goto(live_site.url + "/spiele/speedwerk/")
    page.locator("select[name=strength]").select_option("leicht")
    page.get_by_role("button", name="Solo starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))
    match_id = match_id_of(page)
    # the person's turn: the bots wait, the state stays as it is
    page.wait_for_function("sel => document.querySelector(sel)", arg=READY, timeout=30_000)
    page.wait_for_function("() => window.__wsOpen > 0")
    before = in_thread(lambda: list(Match.objects.get(pk=match_id).seats.order_by("index")))
    open_settings(page)
    page.locator("#bewegung-toggle").click()
    page.locator('#board[data-motion="0"]').wait_for()
    version = page.locator("#board").get_attribute("data-version")
    prefix = live_site.env["CHANNEL_PREFIX"]

    pushes = page.evaluate("window.__wsMessages")
    in_thread(push_the_board_again, match_id, prefix, before)
    page.wait_for_function("n => window.__wsMessages > n", arg=pushes)
    assert page.locator("#board").get_attribute("data-version") == version
    assert page.locator("#board").get_attribute("data-motion") == "0"
    assert page.locator("#bewegung-toggle").get_attribute("aria-checked") == "false"

    page.evaluate("document.getElementById('board').__old = true")
    in_thread(push_the_board_again, match_id, prefix)
    page.wait_for_function("() => !document.getElementById('board').__old")
    assert page.locator("#board").get_attribute("data-motion") == "0"
    assert page.locator("#bewegung-toggle").get_attribute("aria-checked") == "false"


def play_until_a_trick_ends(page) -> None:
    """The person's moves until the board shows „Letzter Stich“ (a trick was won)."""
    for _ in range(12):
        if page.locator("#last-trick").count() or page.locator("#game-over").count():
            break
        moves(page, 1)
    page.locator("#last-trick").wait_for(state="attached", timeout=30_000)


def test_the_winners_trick_flies_to_their_seat_unless_motion_is_off(live_site, browser):
    """Issue 44: „the winner's trick flies to them“ – each card of a finished trick flies from the
    centre into the chip of the seat that won it (the one „Letzter Stich“ names); with reduced
    motion nothing flies."""
    context = browser.new_context(locale="de-DE", viewport=DESKTOP)
    page = context.new_page()
    page.add_init_script(TRICK_WATCH)
    start(page, live_site.url, "speedtroedel")
    play_until_a_trick_ends(page)
    page.wait_for_function("window.__trickFlights.length >= 2", timeout=10_000)
    flights = page.evaluate("window.__trickFlights")
    tricks = page.evaluate("window.speedgamesMotion.tricks")
    assert tricks and tricks[0]["cards"] >= 3
    first = [f for f in flights if f["seat"] == flights[0]["seat"]]
    assert len(first) >= tricks[0]["cards"] - 1  # every card of the trick (a hidden one aside)
    for f in first:
        # each copy ends on the winner's chip (its middle, measured when it left) …
        left, top, right, bottom = f["chip"]
        assert left <= f["end"][0] <= right and top <= f["end"][1] <= bottom, f
        # … and that chip is the winner's: „Letzter Stich“ says „<name> hat den Stich gefangen.“
        said = f["lastTrick"] + f["ticker"]
        assert any(f"{n} hat den Stich gefangen" in said for n in f["chipName"].split()), f
    context.close()

    reduced = browser.new_context(locale="de-DE", viewport=DESKTOP, reduced_motion="reduce")
    page = reduced.new_page()
    page.add_init_script(TRICK_WATCH)
    page.add_init_script(WATCH)
    start(page, live_site.url, "speedtroedel", "Leni")
    play_until_a_trick_ends(page)
    moves(page, 1)  # the board after the trick has been swapped in and settled
    assert page.evaluate("window.speedgamesMotion.tricks") == []
    assert page.evaluate("window.__trickFlights") == []
    assert page.evaluate("window.__fly.added") == 0
    reduced.close()


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
    open_settings(page)
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


def test_the_hand_glides_when_it_is_sorted_and_when_a_card_leaves(live_site, page):
    page.add_init_script(WATCH)
    page.add_init_script(GLIDES)
    page.set_viewport_size(DESKTOP)
    url = live_site.url
    register(page, url, "Anton")
    table_id = open_table(page, url)
    change_setting(page, "seats", "3")
    change_setting(page, "move_seconds", "0")
    change_setting(page, "bot_tempo", "schnell")
    Table.objects.filter(pk=table_id).update(deck=[*MIXED, *BOT_CARDS, "R0", *DRAWS])
    page.get_by_role("button", name="Partie starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))
    page.locator("button.card-button.playable").first.wait_for()
    first = hand(page)
    assert sorted(first) == sorted(MIXED)
    before = page.evaluate("window.speedgamesMotion.glides")
    # a re-sort, chosen in the gear menu's „Sortieren“ (issue 44): the same cards in another
    # order, every card that moved glides to its place …
    page.locator("#frame-prefs > summary").click()
    sorting = page.get_by_role("group", name="Sortieren")
    assert sorting.get_by_role("radio", name="Farben, Sonderkarten bei der höchsten").is_checked()
    sorting.get_by_role("radio", name="Zahlen, dann Sonderkarten").check()
    page.wait_for_function(
        "h => window.__glides.some(g => g.hand.join() !== h)", arg=",".join(first)
    )
    sorted_hand = hand(page)
    assert sorted(sorted_hand) == sorted(first) and sorted_hand != first
    moved = sum(a != b for a, b in zip(first, sorted_hand, strict=True))
    swap = page.evaluate(
        "h => window.__glides.find(g => g.hand.join() === h)", ",".join(sorted_hand)
    )
    assert swap["moving"] == moved, swap
    # … briefly: then nothing moves and every card is pressable where it stands
    page.wait_for_function(
        "!document.getAnimations().some(a => a.effect && a.effect.target"
        " && a.effect.target.closest && a.effect.target.closest('.hand'))",
        timeout=2_000,
    )
    glided = page.evaluate("window.speedgamesMotion.glides")
    assert glided - before == moved
    # a card leaves the hand (the first playable one with cards after it): those close the gap
    playable = page.locator("button.card-button.playable").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    card = next(c for c in playable if sorted_hand.index(c) < len(sorted_hand) - 1)
    after = len(sorted_hand) - 1 - sorted_hand.index(card)
    count = page.evaluate("window.__glides.length")
    page.locator(f'button.card-button.playable[data-card="{card}"]').click()
    page.locator(f'.hand [data-card="{card}"]').wait_for(state="detached")
    find = "([n, c]) => window.__glides.slice(n).find(g => !g.hand.includes(c))"
    page.wait_for_function(find, arg=[count, card])
    first_after = page.evaluate(find, [count, card])
    assert first_after["moving"] >= after, first_after
    assert page.evaluate("window.speedgamesMotion.glides") >= glided + after


def test_a_new_deal_flies_every_card_within_a_second(live_site, page):
    page.add_init_script(WATCH)
    page.set_viewport_size(DESKTOP)
    start(page, live_site.url, "speedwerk")  # „Kurze Partie“: round 1 one card, round 2 two
    for _ in range(60):
        if page.evaluate("window.speedgamesMotion.deals.length"):
            break
        if page.locator("#game-over").count():
            pytest.fail("the game ended before round 2 was dealt")
        moves(page, 1)
    # round 2: both cards flew in from the middle of the table, one after the other
    page.wait_for_function("window.speedgamesMotion.deals.some(d => d.ms > 0)", timeout=10_000)
    deal = page.evaluate("window.speedgamesMotion.deals.find(d => d.ms > 0)")
    assert deal["cards"] == 2, deal
    # by the schedule the browser was given (its wall clock depends on the machine's load)
    assert 240 < deal["planned"] < 1000, deal
    page.wait_for_function(
        "window.__fly.removed === window.__fly.added && !document.querySelector('.motion-pending')",
        timeout=5_000,
    )
    # Speedwerk's late rounds deal up to 20 cards: the page shows such a deal the way a push
    # brings it (an out-of-band board through htmx, as the socket does): a board with an empty
    # hand, then one with 20 cards – every card flies, and the last lands within a second
    page.wait_for_function("!document.querySelector('.motion-fly')", timeout=5_000)
    page.evaluate(
        """() => {
          const li = document.querySelector('#board .hand > li:has([data-card])').cloneNode(true);
          const push = (cards) => {
            const b = document.getElementById('board').cloneNode(true);
            b.dataset.version = String(parseInt(b.dataset.version, 10) + 1000);
            b.setAttribute('hx-swap-oob', 'outerHTML');
            const ul = b.querySelector('.hand');
            ul.replaceChildren(...Array.from({ length: cards }, () => li.cloneNode(true)));
            htmx.swap(document.body, b.outerHTML, { swapStyle: 'none' });
          };
          window.__dealsBefore = window.speedgamesMotion.deals.length;
          push(0);
          push(20);
        }"""
    )
    page.wait_for_function(
        "window.speedgamesMotion.deals.length > window.__dealsBefore"
        " && window.speedgamesMotion.deals.at(-1).ms > 0"
        " && !document.querySelector('.motion-pending')",
        timeout=5_000,
    )
    big = page.evaluate("window.speedgamesMotion.deals.at(-1)")
    assert big["cards"] == 20, big
    # one after the other, all within a second by the schedule (``ms``: landed, a busy machine later)
    assert 600 < big["planned"] < 1000, big
    assert page.locator("#board .hand [data-card]").count() == 20
    page.wait_for_function(
        "window.__fly.removed === window.__fly.added && !document.querySelector('.motion-fly')",
        timeout=5_000,
    )


def wait_for_my_turn(page) -> None:
    for _ in range(40):
        page.locator(READY).first.wait_for(timeout=30_000)
        if page.locator("#game-over").count():
            pytest.fail("the game ended before a turn came back")
        if page.locator('#board[data-my-turn="1"]').count():
            return
    pytest.fail("no turn came")


def my_turn_again_while_hidden(page) -> None:
    """The person moves, looks at another tab, and the bots hand the turn back."""
    wait_for_my_turn(page)
    page.evaluate("window.__hidden = true")
    assert act_once(page)
    page.wait_for_function("t => document.title === t", arg=TURN_TITLE, timeout=30_000, polling=100)


def test_a_phone_vibrates_on_the_turn_after_a_touch_and_never_before(live_site, browser):
    """match.js vibrates when the turn comes once the person touched the page (a phone: the
    browser allows it only after a gesture), whatever „Bewegung“ (or reduced motion) and „Ton bei
    deinem Zug“ say; a page only clicked with a mouse never vibrates."""
    url = live_site.url
    # a phone with reduced motion and the sound off: it vibrates all the same
    phone = browser.new_context(
        locale="de-DE", viewport=PHONE, has_touch=True, is_mobile=True, reduced_motion="reduce"
    )
    phone.set_default_timeout(15_000)
    page = phone.new_page()
    page.add_init_script(WATCH)
    page.add_init_script(VIBRATE)
    start(page, url, "speedwerk")
    assert page.locator("#board").get_attribute("data-turn-sound") is None
    wait_for_my_turn(page)
    page.locator("#board .seat.me").tap()  # the first touch
    my_turn_again_while_hidden(page)
    page.wait_for_function("window.__vibrations.length > 0", timeout=5_000)
    assert page.evaluate("window.__vibrations") == [120]
    assert page.evaluate("window.speedgamesTurnSounds || 0") == 0  # the sound stayed off
    phone.close()

    # a mouse only: the turn comes in the hidden tab (title, sound), no vibration
    desk = browser.new_context(locale="de-DE", viewport=DESKTOP)
    desk.set_default_timeout(15_000)
    page = desk.new_page()
    page.add_init_script(WATCH)
    page.add_init_script(VIBRATE)
    register(page, url, "Moritz")
    page.goto(url + "/spiele/speedwerk/")
    page.locator("select[name=strength]").select_option("leicht")
    page.get_by_role("button", name="Solo starten").click()
    page.wait_for_url(re.compile(r".*/partie/\d+/$"))
    open_settings(page)
    page.locator("#zugton-toggle").click()
    page.locator('#board[data-turn-sound="1"]').wait_for()
    my_turn_again_while_hidden(page)
    page.wait_for_function("(window.speedgamesTurnSounds || 0) > 0", timeout=5_000)
    assert page.evaluate("window.__vibrations") == []
    desk.close()


def icons_drawn(page, selector: str, symbol: str, n: int | None = None) -> None:
    """``selector`` holds the icon ``symbol`` of static/icons/ui.svg (``n`` of them), drawn: the
    sprite has the symbol and it has a size on the screen."""
    uses = page.locator(f'{selector} svg.icon-ui use[href$="#{symbol}"]')
    count = uses.count()
    assert count >= 1 if n is None else count == n, f"{selector}: {count} × {symbol}"
    page.wait_for_function(
        "u => u.getBBox().width > 0 && u.getBBox().height > 0",
        arg=uses.first.element_handle(),
        timeout=5_000,
    )
    box = uses.first.evaluate("u => u.closest('svg').getBoundingClientRect().toJSON()")
    assert 8 <= box["width"] <= 32 and 8 <= box["height"] <= 32, box


def test_the_pages_that_had_glyphs_draw_their_icons(live_site, page):
    """Where ★ ☆ ✓ ↻ ◀ ▶ ← ↑ were font glyphs the pages draw icons now: the replay's steps and
    keys (with Speedone's direction on its board), the profile's achievements, the rules'
    „Inhalt“ and Speedtrödel's star tiers, the Händlerschule's „bestanden“, the Händlerreise."""
    from tests.browser.test_replay_live import finished_match

    url = live_site.url
    page.set_viewport_size(PHONE)
    register(page, url, "Ida")
    pk, _, _ = in_thread(finished_match, "Ida", "speedone")
    page.goto(f"{url}/partie/{pk}/?zug=1")
    icons_drawn(page, "#replay-prev", "prev", 1)
    icons_drawn(page, "#replay-next", "next", 1)
    icons_drawn(page, ".keys-help kbd", "arrow-left", 1)
    icons_drawn(page, ".keys-help kbd", "arrow-right", 1)
    # on a phone the step words are hidden: the links keep their names
    assert page.get_by_role("link", name="Ein Zug zurück").count() == 1
    assert page.get_by_role("link", name="Ein Zug weiter").count() == 1
    direction = page.locator(".direction use")
    if direction.count():  # the replay shows Speedone's table with its direction
        assert direction.first.get_attribute("href").split("#")[1] in ("turn-cw", "turn-ccw")
    no_old_glyphs(page)
    no_overflow(page)
    shot(page, "look-icons-replay-390")

    page.goto(url + "/konto/profil/")
    icons_drawn(page, "#achievements li.open", "star-open")
    no_old_glyphs(page)
    shot(page, "look-icons-profile-390")

    page.goto(url + "/regeln/speedtroedel/")
    icons_drawn(page, ".to-toc", "arrow-up", 1)
    icons_drawn(page, ".rules", "star", 5)  # „1★ Schuppen“ … „5★ Schloss“
    # the stars' text alternative: „1 Stern Schuppen“ for a screen reader
    cell = page.locator(".rules td", has_text="Schuppen").first
    assert " ".join(cell.text_content().split()) == "1 Stern Schuppen"
    no_old_glyphs(page)
    no_overflow(page)

    # the Händlerschule: a lesson passed gets its tick
    page.goto(url + "/spiele/speedtroedel/schule/bedienen/")
    page.locator('input[name=answer][value="1"]').check()
    page.get_by_role("button", name="Antworten").click()
    page.get_by_text("Richtig!").wait_for()
    page.goto(url + "/spiele/speedtroedel/schule/")
    icons_drawn(page, "#school .badge.ok", "check", 1)
    no_old_glyphs(page)

    page.goto(url + "/spiele/speedbasar/reise/")
    no_old_glyphs(page)
    no_overflow(page)
