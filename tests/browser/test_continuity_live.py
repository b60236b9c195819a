"""Never lose your game (issue 25) in headless Chromium: a person closes the tab mid-game and
finds the game again on the home page and in the header; an invitation is copied with one
button, tells the guest who invites to what, and a guest who registers from the table comes back
to it."""

from __future__ import annotations

import re

import pytest

from lobby.models import Member
from tests.browser.test_rematch_live import match_id, snap
from tests.browser.test_speedone_live import (
    change_setting,
    guest_joins,
    open_table,
    ready_and_start,
    register,
)
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, no_overflow

pytestmark = [pytest.mark.browser]


def test_a_closed_tab_finds_its_running_game_on_the_home_page(live_site, browser):
    url = live_site.url
    context = browser.new_context(locale="de-DE", viewport=PHONE, has_touch=True)
    try:
        page = context.new_page()
        register(page, url, "Rita")
        page.goto(url + "/spiele/speedone/")
        page.get_by_role("button", name="Solo starten").click()
        page.wait_for_url(re.compile(r".*/partie/\d+/$"))
        first = match_id(page)
        page.close()  # the tab is gone; the game runs on

        page = context.new_page()
        page.goto(url + "/")
        badge = page.locator("#nav-running")
        assert "1 laufende Partie" in badge.inner_text()
        item = page.locator(f"#laufend .running-item[data-match='{first}']")
        assert "Speedone" in item.inner_text()
        no_overflow(page)
        snap(page, "running-home-390")
        item.get_by_role("link", name="weiter").click()
        page.wait_for_url(re.compile(rf".*/partie/{first}/$"))
        page.locator("#board").wait_for()
        assert page.locator(".seat.me").count() == 1  # back at the own seat, not watching
    finally:
        context.close()


def test_an_invitation_is_copied_names_its_host_and_a_registering_guest_returns(live_site, browser):
    url = live_site.url
    host = browser.new_context(locale="de-DE", viewport=DESKTOP)
    host.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
    guest = browser.new_context(locale="de-DE", viewport=PHONE, has_touch=True)
    try:
        alice = host.new_page()
        register(alice, url, "Alice")
        table_id = open_table(alice, url, "speedone")
        invite = alice.locator("#invite-link").input_value()
        alice.get_by_role("button", name="Link kopieren").click()
        alice.locator("#copy-status", has_text="Link kopiert").wait_for()
        assert alice.evaluate("navigator.clipboard.readText()") == invite

        gustav = guest.new_page()
        gustav.goto(invite)
        lead = gustav.locator("#invitation-lead")
        assert "Alice lädt dich zu Speedone ein" in lead.inner_text()
        gustav.get_by_label("Dein Anzeigename").fill("Gustav")
        gustav.get_by_role("button", name="Weiter zum Tisch").click()
        gustav.wait_for_url(re.compile(rf".*/tisch/{table_id}/$"))
        # registering from the table leads back to the table, now with the account
        gustav.locator("#menu-button").click()  # on a phone the header's links fold behind it
        gustav.locator("#nav-register").click()
        gustav.get_by_label("Anzeigename").fill("Gustav")
        gustav.get_by_label("Passwort", exact=True).fill("kartenglück-42")
        gustav.get_by_label("Passwort bestätigen").fill("kartenglück-42")
        gustav.get_by_role("button", name="Konto anlegen").click()
        gustav.wait_for_url(re.compile(rf".*/tisch/{table_id}/$"))
        member = Member.objects.get(table_id=table_id, user__username="Gustav")
        assert member.guest_id is None
    finally:
        host.close()
        guest.close()


def test_a_guest_gone_too_long_takes_the_seat_back_and_everyone_sees_a_person(live_site, browser):
    """The sweep gives a seat to the computer when its person has been gone longer than the
    grace (here called directly, as the sweep does); the guest presses „Ich bin wieder da“ and
    both screens show a person on that seat again."""
    from games import actions
    from games.models import Seat

    url = live_site.url
    host = browser.new_context(locale="de-DE", viewport=DESKTOP)
    guest = browser.new_context(locale="de-DE", viewport=PHONE, has_touch=True)
    try:
        alice = host.new_page()
        register(alice, url, "Alice")
        open_table(alice, url, "speedone")
        change_setting(alice, "move_seconds", "0")
        invite = alice.locator("#invite-link").input_value()
        gustav = guest_joins(guest, invite)
        ready_and_start(alice, gustav)
        match = match_id(alice)
        seat = Seat.objects.get(match_id=match, guest__display_name="Gustav")
        actions.replace_with_bot(match, seat.index, reason="gone")

        # both pages learn it by their periodic check (the test process pushes to no socket)
        gone = alice.locator(".seat", has_text="Gustav").locator(".badge.bot")
        gone.wait_for()
        assert "Computer spielt weiter" in gone.inner_text()
        gustav.get_by_role("button", name="Ich bin wieder da").click()
        gone.wait_for(state="detached")  # pushed to Alice at once
        gustav.locator("#reclaim").wait_for(state="detached")
        assert "Computer spielt weiter" not in gustav.locator(".seat.me").inner_text()
        seat.refresh_from_db()
        assert not seat.bot_strength and seat.left_at is None and seat.left_time is None
    finally:
        host.close()
        guest.close()
