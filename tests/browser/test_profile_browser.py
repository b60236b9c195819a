"""„Meine Partien“ in headless Chromium: every table fits the phone (390 px) and the desktop
(1366 px) without a horizontal scroll and without a clipped cell; the admin's abort form.
Screenshots go to ``SHOTS`` (default /tmp/shots/staff) for a look by eye."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.test_speedone_live import register

pytestmark = [pytest.mark.browser]

SHOTS = Path(os.environ.get("SHOTS", "/tmp/shots/staff"))

#: per table of the page: the widest overflow of a cell over its own box, and of the table over
#: its panel (both 0 when everything fits)
MEASURE = """
() => {
  const out = {page: document.scrollingElement.scrollWidth - window.innerWidth, tables: {}};
  for (const table of document.querySelectorAll("main table")) {
    const panel = table.closest("section");
    let cells = 0;
    for (const cell of table.querySelectorAll("td, th")) {
      cells = Math.max(cells, cell.scrollWidth - cell.clientWidth);
    }
    const box = table.parentElement;
    out.tables[panel.id] = {
      cells: cells,
      table: Math.max(box.scrollWidth - box.clientWidth, table.getBoundingClientRect().right
        - panel.getBoundingClientRect().right),
    };
  }
  return out;
}
"""


def _fill_history(user) -> None:
    """Finished games of every kind, a daily game, an Erfolg, a passed Händlerreise station and
    Taler bookings: everything the page shows."""
    from accounts import wallet
    from accounts.bots import bots_of
    from accounts.identity import Player
    from games.actions import SeatSpec
    from games.speedbasar.journey.models import JourneyMatch, JourneyStop
    from leaderboards import daily
    from leaderboards.models import Achievement
    from tests.leaderboards.helpers import finish_with, result_of, start

    wallet.grant_start(user)
    wallet.adjust(user, 25, "Entschädigung für eine abgebrochene Partie", None)
    bots = [SeatSpec(b.username, user=b, bot_strength="stark") for b in bots_of("stark")]
    for game in ("speedtroedel", "speedbasar", "speedwerk"):
        match = start(game, [SeatSpec(user.username, user=user), *bots[:2]], solo=True)
        finish_with(match, result_of([2, 1, 3], [-125, 30, 2], [0, 40, 4]))
    station = start("speedbasar", [SeatSpec(user.username, user=user), *bots[:2]], solo=True)
    stop = JourneyStop.objects.create(user=user, station="kairo")
    JourneyMatch.objects.create(match=station, stop=stop)
    finish_with(station, result_of([1, 2, 3], [0, 12, 15], [10, 0, 0]))  # Kairo is passed
    match, _counted = daily.start_daily(Player(user=user), "speedtroedel")
    n = match.players
    places = [3, 1, 2, *range(4, n + 1)][:n]
    finish_with(match, result_of(places, [-125, 60, 40, 7, 8][:n], [0, 40, 4, 1, 1][:n]))
    daily.start_daily(Player(user=user), "speedwerk")  # still running
    Achievement.objects.create(user=user, game="speedbasar", key="weltreisender", match=station)


@pytest.mark.parametrize("width,height", [(390, 844), (1366, 900)])
def test_meine_partien_fits_phone_and_desktop(live_site, page, width, height):
    from accounts.models import User

    url = live_site.url
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": height})
    register(page, url, "Friederike")
    _fill_history(User.objects.get(username="Friederike"))
    if page.locator("#menu-button").is_visible():  # a phone: the header's links fold behind it
        page.locator("#menu-button").click()
    page.get_by_role("link", name="Meine Partien").first.click()
    page.wait_for_url(url + "/konto/profil/")
    assert page.locator("h1").inner_text() == "Meine Partien"
    for section in ("history", "daily", "wallet"):
        assert page.locator(f"#{section} table").count() == 1, section
    assert page.locator("#history a", has_text="ansehen").count() == 5
    assert "1 von 7 Stationen geschafft (Kairo)" in page.locator("#campaign").inner_text()
    assert "Speedbasar" in page.locator("#achievements").inner_text()
    page.screenshot(path=str(SHOTS / f"meine-partien-{width}.png"), full_page=True)
    for section in ("history", "daily", "wallet"):
        page.locator(f"#{section}").screenshot(path=str(SHOTS / f"{section}-{width}.png"))
    sizes = page.evaluate(MEASURE)
    assert sizes["page"] <= 0, sizes
    for panel, overflow in sizes["tables"].items():
        assert overflow["cells"] <= 0 and overflow["table"] <= 0, (panel, sizes)
    # nothing of a table is hidden: „ansehen“ and „Ergebnis“ are on screen, „Startguthaben“ whole
    for locator in (
        page.locator("#history a", has_text="ansehen").first,
        page.locator("#daily th", has_text="Ergebnis"),
    ):
        box = locator.bounding_box()
        assert box is not None and box["x"] + box["width"] <= width, locator
    kinds = page.locator("#wallet .kind")
    assert "Startguthaben" in kinds.all_inner_texts()
    lines = kinds.evaluate_all("spans => spans.map(s => s.getClientRects().length)")
    assert set(lines) == {1}, "a booking's kind („Startguthaben“) is broken over two lines"


@pytest.mark.parametrize("width,height", [(390, 844), (1366, 900)])
def test_admin_abort_form(live_site, page, width, height):
    from accounts import wallet
    from accounts.identity import Player
    from accounts.models import User
    from lobby import services

    url = live_site.url
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": height})
    people = [User.objects.create_user(n, password="x") for n in ("Anna", "Ben")]
    for u in people:
        wallet.grant_start(u)
    table = services.open_table(Player(user=people[0]), "speedwerk", {"seats": 3, "stake": 40})
    services.join(table, Player(user=people[1]))
    services.set_ready(table, Player(user=people[1]), True)
    match = services.start(table, Player(user=people[0]))

    register(page, url, "Spielleitung")  # (the live server keeps the real password hasher)
    User.objects.filter(username="Spielleitung").update(is_staff=True, is_superuser=True)
    page.goto(url + "/admin/games/match/")
    assert f"Speedwerk, Partie {match.pk}" in page.content()
    page.locator(f"input[name=_selected_action][value='{match.pk}']").check()
    page.locator("select[name=action]").select_option("abort_matches")
    page.locator("button[name=index]").click()
    page.get_by_label("Grund (die Spieler lesen ihn)").wait_for()
    page.screenshot(path=str(SHOTS / f"admin-abort-{width}.png"), full_page=True)
    page.get_by_label("Grund (die Spieler lesen ihn)").fill("Serverwartung")
    page.get_by_role("button", name="Partie abbrechen").click()
    page.wait_for_url(url + "/admin/games/match/")
    assert "1 Partie abgebrochen" in page.content()
    page.screenshot(path=str(SHOTS / f"admin-aborted-{width}.png"), full_page=True)
    match.refresh_from_db()
    assert match.status == "aborted"
    page.goto(url + f"/partie/{match.pk}/")  # the board (here a spectator's) tells why
    notice = page.locator("#flash")
    assert notice.inner_text() == "Die Partie wurde von der Spielleitung abgebrochen: Serverwartung"
    page.screenshot(path=str(SHOTS / f"aborted-board-{width}.png"))
    assert [wallet.balance(u) for u in people] == [wallet.balance(people[0])] * 2
