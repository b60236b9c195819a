"""Issue 43 in headless Chromium: a Fernpartie's screens – the header's „du bist dran in N
Partien“, the home page's list of Fernpartien by deadline, the board's clock of hours, the
table's „Fernpartie“ time per move, the Fernpartien board and the e-mail settings – at 360x740,
390x844 and 1366x900 (screenshots in /tmp/fern43/)."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from accounts.identity import Player
from accounts.models import User
from games.kinds import FERN
from games.models import Match
from lobby import services
from tests.browser.serverside import in_thread
from tests.browser.test_speedone_live import register
from tests.games.actions.helpers import two_player_match

pytestmark = [pytest.mark.browser]
SHOTS = Path("/tmp/fern43")
SIZES = [(360, 740), (390, 844), (1366, 900)]
DAY = 24 * 3600


def test_the_fernpartie_screens(live_site, page):
    SHOTS.mkdir(exist_ok=True)
    url = live_site.url
    register(page, url, "Vera")
    vera = User.objects.get(username="Vera")
    bob = User.objects.create_user("Bob", password="kartenglück-42")
    matches = [
        in_thread(two_player_match, vera, bob, move_seconds=DAY, kind=FERN.name) for _ in range(3)
    ]
    for match, hours in zip(matches, (20, 2, 9), strict=True):
        Match.objects.filter(pk=match.pk).update(
            deadline=timezone.now() + timedelta(hours=hours, minutes=30)
        )
    table = in_thread(services.open_table, Player(user=vera), "speedtroedel", {"seats": 3})
    for width, height in SIZES:
        in_thread(services.update_settings, table, Player(user=vera), {"move_seconds": 120})
        page.set_viewport_size({"width": width, "height": height})
        page.goto(url + "/")
        badge = page.locator("#nav-running")
        # (narrow screens show the words as a dot: site.css)
        assert "du bist dran in 3 Partien" in badge.text_content()
        assert "your-turn" in badge.get_attribute("class")
        items = page.locator("#fernpartien .running-item")
        assert items.count() == 3
        ids = [int(items.nth(i).get_attribute("data-match")) for i in range(3)]
        assert ids == [matches[1].pk, matches[2].pk, matches[0].pk]
        assert "noch 2" in items.nth(0).inner_text()
        page.locator("#fernpartien").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"home_{width}.png"), full_page=True)
        page.goto(f"{url}/partie/{matches[1].pk}/")
        clock = page.locator("#countdown")
        page.wait_for_function(
            "() => /\\d+ h \\d+ min/.test(document.getElementById('countdown').textContent)"
        )
        assert re.match(r"2 h (29|30) min", clock.inner_text())
        page.screenshot(path=str(SHOTS / f"board_{width}.png"))
        page.goto(f"{url}/tisch/{table.pk}/")
        page.locator("select[name=move_seconds]").select_option(str(3 * DAY))
        # the panel the server drew after storing it marks the choice (an attribute, not the
        # select's property a click sets)
        page.locator(f"select[name=move_seconds] option[value='{3 * DAY}'][selected]").wait_for(
            state="attached"
        )
        table.refresh_from_db()
        assert table.move_seconds == 3 * DAY
        page.screenshot(path=str(SHOTS / f"table_{width}.png"), full_page=True)
        page.goto(url + "/spiele/speedbasar/")
        assert "nicht als Fernpartie" in page.locator("#fern-note").inner_text()
        page.goto(url + "/bestenliste/speedone/fern/")
        assert "Fernpartien" in page.locator("h1").inner_text()
        page.screenshot(path=str(SHOTS / f"board_fern_{width}.png"), full_page=True)
        page.goto(url + "/konto/benachrichtigungen/")
        page.screenshot(path=str(SHOTS / f"mail_{width}.png"), full_page=True)


def test_every_page_registers_the_service_worker(live_site, page):
    """Installable (issue 43): the manifest is linked and the service worker at /sw.js takes the
    whole site as its scope."""
    page.goto(live_site.url + "/")
    scope = page.evaluate("() => navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == live_site.url + "/"
    manifest = page.locator("link[rel=manifest]").get_attribute("href")
    assert page.request.get(live_site.url + manifest).json()["display"] == "standalone"
