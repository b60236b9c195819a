"""The table chat in headless Chromium (issue 27): a host (desktop) and a guest (phone) chat at
the table and in the match – typed with Enter and by quick phrase –, the lines arrive live over
the pages' sockets, stay after a reload, are plain escaped text, and a folded panel on the
phone counts what is new."""

from __future__ import annotations

import re

import pytest

from accounts.models import User
from lobby.models import ChatMessage
from tests.browser.test_speedone_live import (
    change_setting,
    guest_joins,
    open_table,
    ready_and_start,
    register,
)
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, no_overflow, shot

pytestmark = [pytest.mark.browser]

TRICKY = "Hallo <b>Gustav</b> – schau auf https://example.com"


def line(page, text: str):
    return page.locator("details.chat .chat-line", has_text=text)


def type_line(page, text: str) -> None:
    box = page.locator("details.chat .chat-form input[name=text]")
    box.fill(text)
    box.press("Enter")
    line(page, text).wait_for()
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.name === 'text'"
    )  # the focus stays in the box for the next line


def show_chat(page) -> None:
    """Scroll the chat panel into view in one step in the page: a push may swap the panel
    between Playwright's finding it and scrolling to it ("not attached to the DOM")."""
    page.evaluate("document.querySelector('details.chat').scrollIntoView({block: 'nearest'})")


def test_host_and_guest_chat_at_the_table_and_in_the_match(live_site, browser):
    url = live_site.url
    host = browser.new_context(locale="de-DE", viewport=DESKTOP)
    guest = browser.new_context(locale="de-DE", viewport=PHONE, has_touch=True)
    staff = browser.new_context(locale="de-DE", viewport=DESKTOP)
    try:
        alice = host.new_page()
        register(alice, url, "Alice")
        open_table(alice, url, "speedone")
        change_setting(alice, "seats", "3")
        change_setting(alice, "move_seconds", "0")
        change_setting(alice, "bot_tempo", "gemaechlich")
        invite = alice.locator("#invite-link").input_value()
        gustav = guest_joins(guest, invite)
        gustav.wait_for_function("() => !!document.querySelector('details.chat[open]')")

        # at the table: typed (with Enter) by the host, live at the guest, as plain text
        type_line(alice, TRICKY)
        got = line(gustav, "Hallo <b>Gustav</b>")
        got.wait_for()
        assert "Alice" in got.inner_text()
        assert gustav.locator("details.chat .chat-text a, details.chat .chat-text b").count() == 0
        # the only link is the author's name, to her profile (in a new tab)
        assert got.locator("a").count() == 1
        assert got.locator(".chat-name a").get_attribute("href") == "/spieler/Alice/"
        # a quick phrase by the guest, live at the host, read out by screen readers there
        gustav.get_by_role("button", name="Moment bitte").click()
        line(alice, "Moment bitte").wait_for()
        assert line(alice, "Moment bitte").locator("a").count() == 0  # a guest has no profile
        assert "Gustav: Moment bitte" in alice.locator("details.chat [data-chat-live]").inner_text()
        # own lines have no „melden“; the others' do
        for p, own, other in ((gustav, "Moment bitte", "Hallo"), (alice, "Hallo", "Moment bitte")):
            assert not line(p, own).get_by_role("button", name="melden").is_visible()
            assert line(p, other).get_by_role("button", name="melden").is_visible()
        no_overflow(gustav)
        shot(gustav, "chat-table-phone")
        shot(alice, "chat-table-desktop")
        # after a reload both lines are still there
        gustav.reload()
        line(gustav, "Hallo <b>Gustav</b>").wait_for()
        line(gustav, "Moment bitte").wait_for()

        # in the match: the panel starts folded; a quick phrase from the host is counted on the
        # guest's folded panel, the guest opens it and answers by typing
        ready_and_start(alice, gustav)
        for p in (alice, gustav):
            p.locator("details.chat:not([open])").wait_for()
            assert p.locator(".chat-line").count() == 0  # a new room: the match's own chat
        alice.locator("details.chat > summary").click()
        alice.get_by_role("button", name="Gut gespielt!").click()
        line(alice, "Gut gespielt!").wait_for()
        unread = gustav.locator("details.chat .chat-unread")
        unread.wait_for()
        assert re.sub(r"\s+", " ", unread.inner_text()) == "(1 neu)"
        show_chat(gustav)
        shot(gustav, "chat-match-folded-phone")
        gustav.locator("details.chat > summary").click()
        unread.wait_for(state="hidden")  # opened: nothing is new any more
        line(gustav, "Gut gespielt!").wait_for()
        type_line(gustav, "Danke! Noch eine Runde?")
        line(alice, "Danke! Noch eine Runde?").wait_for()
        no_overflow(gustav)
        for p, name in ((gustav, "chat-match-phone"), (alice, "chat-match-desktop")):
            show_chat(p)
            shot(p, name)
        # Gustav reports a line; the staff find it in the admin and delete it: it leaves both
        # open pages at once
        line(gustav, "Gut gespielt!").get_by_role("button", name="melden").click()
        gustav.get_by_text("Danke – die Spielleitung sieht sich die Nachricht an.").wait_for()
        chef = staff.new_page()
        register(chef, url, "Chef")
        User.objects.filter(username="Chef").update(is_staff=True, is_superuser=True)
        chef.goto(url + "/admin/lobby/chatmessage/?flagged__exact=1")
        rows = chef.locator("#result_list tbody tr")
        assert rows.count() == 1 and "Gut gespielt!" in rows.inner_text()
        shot(chef, "chat-admin-flagged")
        rows.locator("input[name=_selected_action]").check()
        chef.locator("select[name=action]").select_option("remove_lines")
        chef.locator("button[name=index]").click()
        chef.get_by_text("1 Nachricht gelöscht.").wait_for()
        for p in (alice, gustav):
            line(p, "Gut gespielt!").wait_for(state="detached")
        # Gustav mutes Alice for himself: her next line reaches Alice's page only
        alice.get_by_role("button", name="Hallo!").click()
        line(gustav, "Hallo!").get_by_role("button", name="stumm").click()
        gustav.get_by_text("Du liest nichts mehr von Alice").wait_for()
        assert line(gustav, "Hallo!").count() == 0
        alice.get_by_role("button", name="Tschüss!").click()
        line(alice, "Tschüss!").wait_for()
        type_line(gustav, "Bis bald")
        line(alice, "Bis bald").wait_for()  # after Alice's line: Gustav's page had its chance
        assert line(gustav, "Tschüss!").count() == 0
        texts = list(ChatMessage.objects.order_by("id").values_list("text", "match_id"))
        assert [t for t, _m in texts] == [
            TRICKY,
            "Moment bitte",
            "Gut gespielt!",
            "Danke! Noch eine Runde?",
            "Hallo!",
            "Tschüss!",
            "Bis bald",
        ]
        assert texts[0][1] is None and texts[2][1] is not None
    finally:
        host.close()
        guest.close()
        staff.close()
