"""Issue 42 in headless Chromium: „Jetzt live“ from the site's header lists a running table match
with its people's Wertung, shows it large and follows its moves over the spectator socket, and
opens it as a spectator; the lobby's filter of the open tables works with and without JS, and its
socket keeps the filter."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from accounts.identity import Player
from accounts.models import User
from games import actions
from games.actions import SeatSpec
from games.models import Match
from leaderboards.models import Rating
from leaderboards.scale import PROVISIONAL_SIGMA
from lobby import services
from tests.browser.serverside import finish_on_the_server, in_thread
from tests.browser.test_speedone_live import change_setting, open_table, register
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, act_once, no_overflow, shot
from tests.games.test_consumers import start

pytestmark = [pytest.mark.browser]

SMALL = {"width": 360, "height": 740}
VIEWPORTS = [SMALL, PHONE, DESKTOP]


def rate(user: User, ordinal: float, game: str = "speedone") -> None:
    sigma = PROVISIONAL_SIGMA - 1
    Rating.objects.create(
        user=user, game=game, mu=ordinal + 3 * sigma, sigma=sigma, ordinal=ordinal
    )


def person(name: str, ordinal: float | None = None) -> User:
    user = User.objects.create_user(name, password="kartenglück-42")
    if ordinal is not None:
        rate(user, ordinal)
    return user


def seen(locator) -> str:
    """The text a sighted person reads (without the screen reader's words), spaces collapsed."""
    return locator.evaluate(
        "e => { const c = e.cloneNode(true); c.querySelectorAll('.sr-only').forEach(x => x.remove());"
        " return c.textContent.replace(/\\s+/g, ' ').trim(); }"
    )


def open_nav(page, link: str) -> None:
    """Follow a header link (on a phone it sits behind the menu button)."""
    button = page.locator("#menu-button")
    if button.is_visible():
        button.click()
    page.locator(link).click()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: f"{v['width']}x{v['height']}")
def test_the_watch_page_lists_a_running_match_follows_it_and_opens_it_as_a_spectator(
    live_site, browser, page, viewport
):
    seat = browser.new_context(locale="de-DE", viewport=DESKTOP)
    try:
        alice_page = seat.new_page()
        register(alice_page, live_site.url, "Alice")
        alice = User.objects.get(username="Alice")
        rate(alice, 4.0)
        match = in_thread(start, alice, person("Bob"))  # Speedone, Alice to move
        # a second table, less well rated: listed below the large one
        bot = User.objects.filter(is_bot=True).first()
        other = in_thread(
            actions.start_match,
            "speedwerk",
            [
                SeatSpec("Carla", user=person("Carla")),
                SeatSpec("Dieter", user=person("Dieter")),
                SeatSpec(bot.username, user=bot, bot_strength="normal"),
            ],
        )
        watch_and_follow(live_site.url, page, viewport, alice_page, match, other)
    finally:
        seat.close()


def watch_and_follow(
    url: str, page, viewport: dict[str, int], alice_page, match: Match, other: Match
) -> None:
    page.set_viewport_size(viewport)
    register(page, url, "Zuschauerin")
    # counts the board pushes the page's socket received (the first: the socket is set up)
    page.add_init_script(
        "window.sgPushes = 0; document.addEventListener('htmx:wsAfterMessage',"
        " () => { window.sgPushes += 1; }, true);"
    )
    open_nav(page, "#nav-live")
    page.wait_for_url(f"{url}/live/")
    featured = page.locator("#live-featured")
    expect(featured).to_have_attribute("data-match", str(match.pk))
    players = seen(featured.locator(".live-players"))
    assert "Alice 1580" in players and "Bob 1500?" in players
    assert featured.locator(".rating.provisional").first.get_attribute("title") == (
        "Wertung (vorläufig)"
    )
    # the large board: the public one (no hand), with the ratings at the seats' names
    board = featured.locator("#board")
    expect(board).to_have_attribute("data-version", "0")
    assert board.locator("[data-hand]").count() == 0
    assert "Alice 1580" in seen(board.locator(".seat[data-seat='0'] .name"))  # after the initials
    row = page.locator(f"#live-list .live-item[data-match='{other.pk}']")
    text = seen(row)
    assert "Speedwerk" in text and "Carla 1500?" in text and "Runde 1 von" in text, text
    assert row.locator(".badge.bot").count() == 1
    no_overflow(page)
    shot(page, f"live-{viewport['width']}")
    # Alice moves on her page: the large board follows over the spectator socket (set up once
    # it sent its first board), without a reload
    page.wait_for_function("window.sgPushes > 0")
    alice_page.goto(f"{url}/partie/{match.pk}/")
    assert act_once(alice_page)
    expect(board).not_to_have_attribute("data-version", "0")
    assert Match.objects.get(pk=match.pk).watchers == 1  # counted as a spectator
    # „Zur Partie“: the match page as a spectator (no hand, no controls)
    featured.locator("#featured-watch").click()
    page.wait_for_url(f"{url}/partie/{match.pk}/")
    expect(page.locator("#board")).not_to_have_attribute("data-version", "0")
    assert page.locator("#board [data-hand]").count() == 0
    assert page.locator("#board [data-action]").count() == 0
    assert "Alice 1580" in seen(page.locator(".seat[data-seat='0'] .name"))
    no_overflow(page)
    shot(page, f"live-watching-{viewport['width']}")


def test_the_lobby_filter_works_with_htmx_and_its_socket_keeps_it(live_site, browser, page):
    anna, bert = person("Anna", 2.0), person("Bert")
    four = services.open_table(Player(user=anna), "speedone", {"seats": 4, "move_seconds": 30})
    three = services.open_table(Player(user=bert), "speedone", {"seats": 3})
    page.set_viewport_size(PHONE)
    register(page, live_site.url, "Filterin")
    page.add_init_script(
        "window.sgPushes = 0; document.addEventListener('htmx:wsAfterMessage',"
        " () => { window.sgPushes += 1; }, true);"
        "window.sgOpen = 0; document.addEventListener('htmx:wsOpen',"
        " () => { window.sgOpen += 1; }, true);"
    )
    page.goto(f"{live_site.url}/spiele/speedone/")
    rows = page.locator("#open-tables .table-row")
    expect(rows).to_have_count(2)
    assert "Anna 1540 eröffnet" in seen(page.locator(f"[data-table='{four.pk}']"))
    page.wait_for_function("window.sgOpen === 1")
    page.locator("#filter-spieler").focus()  # as a keyboard chooses
    page.select_option("#filter-spieler", "3")
    page.wait_for_url(re.compile(r"\?spieler=3&tempo=$"))
    expect(rows).to_have_count(1)
    expect(page.locator(f"[data-table='{three.pk}']")).to_be_visible()
    expect(page.locator("#filter-spieler")).to_be_focused()  # the swap keeps the focus
    # the room's socket reconnected with the filter in its URL
    expect(page.locator(".room")).to_have_attribute("ws-connect", "/ws/lobby/speedone/?spieler=3")
    page.wait_for_function("window.sgOpen === 2")
    # Dora opens a table (for four, the game's most) on the site: its push keeps the filter …
    dora = browser.new_context(locale="de-DE", viewport=DESKTOP)
    try:
        host = dora.new_page()
        register(host, live_site.url, "Dora")
        pushes = page.evaluate("window.sgPushes")
        table = open_table(host, live_site.url)
        page.wait_for_function("n => window.sgPushes > n", arg=pushes)
        expect(rows).to_have_count(1)
        assert "Dora" not in page.locator("#open-tables").inner_text()
        # … and once she makes it a table for three, it is pushed in
        change_setting(host, "seats", "3")
        expect(page.locator(f"[data-table='{table}']")).to_be_visible()
        expect(rows).to_have_count(2)
    finally:
        dora.close()
    no_overflow(page)
    shot(page, "lobby-filter-390")
    page.set_viewport_size(SMALL)
    no_overflow(page)
    shot(page, "lobby-filter-360")
    page.set_viewport_size(DESKTOP)
    shot(page, "lobby-filter-1366")


def test_the_lobby_filter_works_without_javascript(live_site, browser):
    anna, bert = person("Anna"), person("Bert")
    services.open_table(Player(user=anna), "speedone", {"seats": 4, "move_seconds": 30})
    three = services.open_table(Player(user=bert), "speedone", {"seats": 3, "move_seconds": 120})
    context = browser.new_context(locale="de-DE", java_script_enabled=False, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{live_site.url}/spiele/speedone/")
        expect(page.locator("#open-tables .table-row")).to_have_count(2)
        page.select_option("#filter-tempo", "120")
        page.locator("#filter-submit").click()
        page.wait_for_url(re.compile(r"\?spieler=&tempo=120$"))
        rows = page.locator("#open-tables .table-row")
        expect(rows).to_have_count(1)
        expect(page.locator(f"[data-table='{three.pk}']")).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_end_screen_shows_each_persons_new_rating(live_site, page, viewport):
    page.set_viewport_size(viewport)
    register(page, live_site.url, "Alice")
    alice = User.objects.get(username="Alice")
    rate(alice, 4.0, "speedwerk")
    bot = User.objects.filter(is_bot=True).first()
    seats = [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=person("Bob"))]
    seats.append(SeatSpec(bot.username, user=bot, bot_strength="leicht"))
    match = in_thread(actions.start_match, "speedwerk", seats)
    page.goto(f"{live_site.url}/partie/{match.pk}/")
    finish_on_the_server(page)  # Speedwerk: a random game ends within its rounds
    table = seen(page.locator("#game-over table"))
    assert re.search(r"Alice \d{4}(?![\d?])", table), table  # settled: a plain number
    assert re.search(r"Bob \d{4}\?", table), table  # one game: still provisional
    assert page.locator("#game-over .rating.provisional").count() == 1
    no_overflow(page)
    shot(page, f"end-ratings-{viewport['width']}")
