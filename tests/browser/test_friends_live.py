"""Profiles and friends in headless Chromium (issue 27): the host opens the profile of the
registered person at their table from the name in the seat list, asks to be friends; the other
sees the request as a toast on their open table page (no reload) and counted on „Freunde“ in the
header, and accepts on their friends page; the host's friends list shows them online, at the
table; in the match, the seat name on the board opens the profile too and the list says „spielt
…“.
Screenshots at 390×844 and 1366×900 go to ``SHOTS`` (default /tmp/shots/profile)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.browser.test_speedone_live import open_table, register
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, no_overflow

pytestmark = [pytest.mark.browser]

SHOTS = Path(os.environ.get("SHOTS", "/tmp/shots/profile"))


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        no_overflow(page)
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)


def _history(url: str) -> None:
    from accounts.models import User
    from games.actions import SeatSpec
    from tests.leaderboards.helpers import finish_with, result_of, start

    people = [User.objects.get(username=n) for n in ("Alice", "Bob Ölmüller")]
    people.append(User.objects.create_user("Carl", password="kartenglück-42"))
    for game, places in (
        ("speedwerk", [2, 1, 3]),
        ("speedwerk", [1, 2, 3]),
        ("speedone", [3, 1, 2]),
        ("speedwerk", [3, 1, 2]),
        ("speedone", [2, 1, 3]),
    ):
        match = start(game, [SeatSpec(u.username, user=u) for u in people])
        finish_with(match, result_of(places, [30, 20, 10], [30, 20, 10]))


def test_a_seat_name_leads_to_the_profile_and_a_friend_shows_up_online(live_site, browser):
    url = live_site.url
    host_ctx = browser.new_context(locale="de-DE", viewport=DESKTOP)
    friend_ctx = browser.new_context(locale="de-DE", viewport=PHONE, has_touch=True)
    try:
        alice = host_ctx.new_page()
        register(alice, url, "Alice")
        table_id = open_table(alice, url, "speedwerk")
        invite = alice.locator("#invite-link").input_value()

        bob = friend_ctx.new_page()
        register(bob, url, "Bob Ölmüller")  # a name that must be URL-encoded
        bob.goto(invite)  # registered: straight to the seat list, the table socket open
        bob.wait_for_url(re.compile(r".*/tisch/\d+/$"))

        # earlier matches of the two (and Carl), so the profile has ratings, a graph, matches
        _history(url)

        # the host opens Bob's profile from his name at the table and asks to be friends
        link = alice.locator(".members li", has_text="Bob Ölmüller").get_by_role(
            "link", name="Bob Ölmüller"
        )
        link.wait_for()
        link.click()
        alice.wait_for_url(re.compile(r".*/spieler/Bob%20%C3%96lm%C3%BCller/$"))
        assert alice.locator("h1").inner_text() == "Bob Ölmüller"
        assert "Mitglied seit" in alice.content()
        assert alice.locator("#graph svg polyline").count() == 2  # Speedwerk and Speedone
        assert alice.locator("#recent a[href$='?zug=0']").count() == 5
        alice.get_by_role("button", name="Als Freund hinzufügen").click()
        alice.get_by_text("Freundschaftsanfrage an Bob Ölmüller verschickt.").wait_for()
        assert alice.get_by_text("Deine Freundschaftsanfrage wartet auf Antwort.").is_visible()
        shoot(alice, "profile-request-sent")

        # Bob's table page, open all along, shows the request as a toast without a reload
        toast = bob.locator(".friend-toast")
        toast.get_by_text("Alice möchte mit dir befreundet sein.").wait_for()
        assert toast.get_by_role("link", name="Anfrage ansehen").is_visible()
        assert re.search(r"/tisch/\d+/$", bob.url)
        shoot(bob, "friend-request-toast")
        toast.get_by_role("button", name="Schließen").click()
        assert toast.count() == 0

        # Bob accepts in a second tab; his table page stays open (he is online, at the table);
        # the header counts the open request on „Freunde“ (on a phone: a dot on the menu button)
        requests = friend_ctx.new_page()
        requests.goto(url + "/konto/freunde/")
        assert requests.locator("#nav-friend-requests").inner_text().startswith("1")
        assert requests.locator("#menu-button .menu-dot").is_visible()
        requests.locator("#menu-button").click()
        assert re.match(r"Freunde\s+1", requests.locator("#nav-friends").inner_text())
        requests.screenshot(path=str(SHOTS / "friend-request-badge-phone.png"))
        requests.locator("#requests li", has_text="Alice").get_by_role(
            "button", name="Annehmen"
        ).click()
        requests.get_by_text("Ihr seid jetzt befreundet.").wait_for()
        assert requests.locator("#nav-friend-requests").count() == 0
        shoot(requests, "friends-of-bob")

        # the host's friends list: Bob, online, at the (Speedwerk) table; Alice sits at an
        # open table, so she may invite him from the list
        alice.goto(url + "/konto/freunde/")
        row = alice.locator("#friends li", has_text="Bob Ölmüller")
        assert "am Tisch (Speedwerk)" in row.inner_text()
        assert row.get_by_role("button", name=re.compile("zum Tisch einladen")).is_visible()
        shoot(alice, "friends-of-alice")

        # Bob's public profile now says they are friends, and shows nothing private
        alice.goto(url + "/spieler/Bob%20%C3%96lm%C3%BCller/")
        assert alice.get_by_text("Ihr seid befreundet.").is_visible()
        assert "Taler" not in alice.locator("main").inner_text()

        # the match: Bob's seat name on the board opens his profile in a new tab (the match
        # page stays); the bots' seats have no link; the friends list says Bob is playing
        alice.goto(url + f"/tisch/{table_id}/")
        bob.get_by_role("button", name="Bereit").click()
        alice.locator(".members li", has_text="Bob Ölmüller").locator(".badge.ok").wait_for()
        alice.get_by_role("button", name="Partie starten").click()
        alice.wait_for_url(re.compile(r".*/partie/\d+/$"))
        bob.wait_for_url(re.compile(r".*/partie/\d+/$"))
        seat = alice.locator(".seat", has_text="Bob Ölmüller").get_by_role(
            "link", name="Bob Ölmüller"
        )
        assert alice.locator(".seat .name a").count() == 2  # Alice and Bob, not the bots
        with host_ctx.expect_page() as opened:
            seat.click()
        profile = opened.value
        profile.wait_for_load_state()
        assert profile.url.endswith("/spieler/Bob%20%C3%96lm%C3%BCller/")
        assert profile.locator("h1").inner_text() == "Bob Ölmüller"
        assert re.search(r"/partie/\d+/$", alice.url)
        profile.goto(url + "/konto/freunde/")
        assert "spielt Speedwerk" in profile.locator("#friends li").inner_text()
        alice.set_viewport_size(PHONE)
        alice.screenshot(path=str(SHOTS / "match-seat-names-phone.png"))
        alice.set_viewport_size(DESKTOP)
        alice.screenshot(path=str(SHOTS / "match-seat-names-desktop.png"))
    finally:
        host_ctx.close()
        friend_ctx.close()
