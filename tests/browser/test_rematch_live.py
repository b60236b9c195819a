"""„Nochmal – gleicher Tisch“ in headless Chromium: after a table's match one person presses it, and
both pages are in the next match with the same people – the other without pressing anything.
On the way: the own seat's info window of Speedtrödel (counter and box)."""

from __future__ import annotations

import os
import re

import pytest

from accounts.identity import Player
from accounts.models import User
from games.models import Match
from lobby import services
from tests.browser.serverside import in_thread
from tests.browser.test_speedone_live import (
    change_setting,
    guest_joins,
    open_table,
    ready_and_start,
    register,
)
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, no_overflow
from tests.leaderboards.helpers import finish_with, result_of

pytestmark = [pytest.mark.browser]


def snap(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:  # for a person to look at the screens
        page.screenshot(path=f"{folder}/{name}.png", full_page=False)


def match_id(page) -> int:
    found = re.search(r"/partie/(\d+)/$", page.url)
    assert found, page.url
    return int(found.group(1))


def test_rematch_takes_the_whole_table_into_the_next_match(live_site, browser):
    url = live_site.url
    host = browser.new_context(locale="de-DE", viewport=DESKTOP)
    guest = browser.new_context(locale="de-DE", viewport=PHONE, has_touch=True)
    try:
        alice = host.new_page()
        register(alice, url, "Alice")
        table_id = open_table(alice, url, "speedtroedel")
        change_setting(alice, "seats", "3")
        change_setting(alice, "move_seconds", "0")
        change_setting(alice, "bot_tempo", "gemaechlich")
        invite = alice.locator("#invite-link").input_value()
        gustav = guest_joins(guest, invite)
        ready_and_start(alice, gustav)
        first = match_id(alice)
        assert match_id(gustav) == first

        # the own seat's info window: own counter and box (hover with a mouse, focus on a phone)
        alice.locator(".seat.me").hover()
        info = alice.locator(".seat.me .shop-info")
        info.wait_for(state="visible")
        assert "Ladentisch (" in info.inner_text() and "Kiste (" in info.inner_text()
        assert alice.locator(".seat:not(.me) .shop-info").count() == 0
        snap(alice, "troedel-own-seat-desktop")
        gustav.locator(".seat.me").focus()
        gustav.locator(".seat.me .shop-info").wait_for(state="visible")
        snap(gustav, "troedel-own-seat-phone")

        # the match ends (its result as the engine would report it); both look at the end
        match = Match.objects.get(pk=first)
        finish_with(match, result_of([1, 2, 3], [30, 20, 10], [0, 0, 0]))
        for p in (alice, gustav):
            p.reload()
            p.locator("#game-over").wait_for()
            assert p.locator("#rematch").is_visible()
            assert p.locator("#back-to-table").count() == 0  # one way on (issue 41.18)
        no_overflow(gustav)
        for p, name in ((gustav, "rematch-end-phone"), (alice, "rematch-end-desktop")):
            p.evaluate("document.getElementById('game-over').scrollIntoView()")
            snap(p, name)

        # Alice presses it once (a second click on the same button is harmless); Gustav's page
        # follows into the new match by itself
        alice.locator("#rematch").click()
        alice.wait_for_url(re.compile(r".*/partie/\d+/$"))
        alice.wait_for_function("m => !location.pathname.includes('/' + m + '/')", arg=first)
        second = match_id(alice)
        assert second != first
        gustav.wait_for_url(re.compile(rf".*/partie/{second}/$"), timeout=20_000)
        gustav.locator("#board[data-status=running]").wait_for()
        matches = Match.objects.filter(table_id=table_id)
        assert matches.count() == 2
        names = list(matches.get(pk=second).seats.order_by("index").values_list("name", flat=True))
        assert "Alice" in names and "Gustav" in names and len(names) == 3
        snap(gustav, "rematch-followed-phone")
    finally:
        host.close()
        guest.close()


def test_who_left_the_match_is_told_and_the_others_have_one_way_on(live_site, browser):
    """Issue 41.18 and 41.19: Vera presses „Partie verlassen“; at the end Alice's screen has one
    way on („Nochmal – gleicher Tisch“, no „Zurück an den Tisch – Partie starten“) and says that
    Vera is not coming along; Vera's screen says she is no longer at the table, and the table's
    page says so to both; „Nochmal“ starts without her."""
    url = live_site.url
    host = browser.new_context(locale="de-DE", viewport=DESKTOP)
    other = browser.new_context(locale="de-DE", viewport=PHONE, has_touch=True)
    try:
        alice, vera = host.new_page(), other.new_page()
        register(alice, url, "Alice")
        register(vera, url, "Vera")
        users = {u.username: u for u in User.objects.filter(username__in=["Alice", "Vera"])}
        table = in_thread(
            services.open_table,
            Player(user=users["Alice"]),
            "speedtroedel",
            {"seats": 3, "move_seconds": 0, "bot_tempo": "gemaechlich"},
        )
        in_thread(services.join, table, Player(user=users["Vera"]))
        in_thread(services.set_ready, table, Player(user=users["Vera"]), True)
        first = in_thread(services.start, table, Player(user=users["Alice"]))
        for p in (alice, vera):
            p.goto(f"{url}/partie/{first.pk}/")
            p.locator("#board[data-status=running]").wait_for()
        vera.once("dialog", lambda d: d.accept())
        vera.get_by_role("button", name="Partie verlassen").click()
        vera.wait_for_url(f"{url}/spiele/speedtroedel/")  # the lobby, with what follows
        assert "Nach dieser Partie sitzt du nicht mehr am Tisch" in vera.content()
        snap(vera, "table-left-lobby-phone")
        in_thread(
            finish_with, Match.objects.get(pk=first.pk), result_of([1, 2, 3], [3, 2, 1], [0] * 3)
        )

        alice.reload()
        end = alice.locator("#game-over")
        end.wait_for()
        assert alice.locator("#rematch").is_visible()
        assert "Vera hat die Partie verlassen und sitzt nicht mehr am Tisch." in end.inner_text()
        assert end.get_by_text("Partie starten").count() == 0
        assert alice.locator("#back-to-table, #new-game").count() == 0
        alice.evaluate("document.getElementById('game-over').scrollIntoView()")
        snap(alice, "table-end-left-desktop")

        vera.goto(f"{url}/partie/{first.pk}/")  # from „Meine Partien“
        vera.locator("#game-over").wait_for()
        said = vera.locator("#left-table").inner_text()
        assert "Du hast die Partie verlassen" in said and "ohne dich" in said
        assert vera.locator("#rematch").count() == 0
        vera.evaluate("document.getElementById('game-over').scrollIntoView()")
        no_overflow(vera)
        snap(vera, "table-end-left-phone")
        vera.locator("#rejoin-table").click()
        vera.wait_for_url(re.compile(r".*/tisch/\d+/$"))
        assert "Du hast die letzte Partie verlassen" in vera.locator("#left-note").inner_text()
        assert vera.get_by_role("button", name="dazusetzen").is_visible()
        assert "Vera" not in vera.locator(".members").inner_text()
        no_overflow(vera)
        snap(vera, "table-left-note-phone")

        alice.locator("#table-settings").click()
        alice.wait_for_url(re.compile(r".*/tisch/\d+/$"))
        note = alice.locator("#left-note").inner_text()
        assert "Vera hat die Partie verlassen und sitzt nicht mehr am Tisch." in note
        assert "Vera" not in alice.locator(".members").inner_text()
        snap(alice, "table-left-note-desktop")
        alice.go_back()
        alice.locator("#rematch").click()
        alice.wait_for_function("m => !location.pathname.includes('/' + m + '/')", arg=first.pk)
        second = Match.objects.get(pk=match_id(alice))
        names = list(second.seats.values_list("name", flat=True))
        assert "Vera" not in names and "Alice" in names and len(names) == 3
    finally:
        host.close()
        other.close()
