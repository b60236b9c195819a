"""The Händlerreise in headless Chromium: the map, Kairo's briefing, the first station won on a
stacked deck, Damaskus open after a reload, „Weiter nach Damaskus“ from the end screen; the map
at phone and desktop size without horizontal overflow."""

from __future__ import annotations

import re

import pytest

from accounts.models import User
from games.models import Match
from games.speedbasar.journey.models import JourneyStop
from tests.browser.test_speedone_live import register
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, no_overflow, shot

pytestmark = [pytest.mark.browser]

MAP = "/spiele/speedbasar/reise/"
# Anton: Rosenpfeffer 1–6; the bots only Kardamom and Safran 4–9, so they never claim his pile
# honestly. One card over the Glut: the first draw ends the game – after his honest first card
# (the seed lets him begin) every branch leaves him in front, as long as he doubts a bot's
# Rosenpfeffer claim on the spice before the other bot doubts it.
DECK = [
    *(f"R{v}" for v in range(1, 7)),
    *(f"K{v}" for v in range(4, 10)),
    *(f"S{v}" for v in range(4, 10)),
    "K10",
    "G",
]
SEED = 6  # shuffle_rng(6, 1).randrange(3) == 0: seat 0 (the person) begins


def stack_kairo(name: str) -> None:
    user = User.objects.get(username=name)
    row, _ = JourneyStop.objects.get_or_create(user=user, station="kairo")
    row.deck, row.seed = DECK, SEED
    row.save()


def play_kairo(page) -> None:
    """Lay the first card with its honest claim; doubt a bot's claim on the spice at once."""
    for _ in range(60):
        if page.locator("#game-over").count():
            return
        page.locator(
            "#board [data-action]:not([disabled]):visible, #board [data-dialog]:visible, #game-over"
        ).first.wait_for(timeout=60_000)
        if page.locator("#game-over").count():
            return
        page.wait_for_function("!document.getElementById('board').classList.contains('sending')")
        version = page.locator("#board").get_attribute("data-version")
        if page.locator("#doubt-spice").count():
            page.locator("#doubt-spice").click()
        else:
            opener = page.locator("#board .basar-cards [data-dialog]")
            if not opener.count():
                continue
            opener.first.click()
            page.keyboard.press("Enter")  # the honest claim comes first
        page.wait_for_function(
            "v => document.getElementById('board').dataset.version !== v", arg=version
        )
    raise AssertionError("the stacked game did not end")


def states(page) -> dict[str, str]:
    return {
        li.get_attribute("id").removeprefix("station-"): li.get_attribute("data-state")
        for li in page.locator(".route > li").all()
    }


def test_first_station_won_and_the_second_open_after_reload(live_site, page):
    url = live_site.url
    page.set_viewport_size(PHONE)
    register(page, url, "Anton")
    # the entries: site navigation and the Speedbasar lobby
    page.locator("#menu-button").click()  # on a phone the header's links fold behind it
    page.locator("#nav-journey").click()
    page.wait_for_url(url + MAP)
    assert states(page) == {
        "kairo": "open",
        "damaskus": "locked",
        "bagdad": "locked",
        "basra": "locked",
        "isfahan": "locked",
        "buchara": "locked",
        "samarkand": "locked",
    }
    assert "Geschafft: 0 von 7" in page.locator("#journey").inner_text()
    no_overflow(page)
    shot(page, "reise-phone-start")

    for attempt in range(3):
        stack_kairo("Anton")
        if attempt == 0:
            # the briefing before the first attempt
            page.locator("#station-kairo .stop-action a").click()
            page.wait_for_url(url + MAP + "kairo/")
            briefing = page.locator("#station-briefing").inner_text()
            assert "letzte Zahl wiederholen" in briefing
            assert page.locator("#station-goal").inner_text() == "Platz 1"
            assert page.locator("#station-start").inner_text() == "Losreisen nach Kairo"
            no_overflow(page)
            shot(page, "reise-phone-station")
            page.locator("#station-start").click()
        else:  # an unlucky race with a bot's doubt: „Nochmal versuchen“ on the end screen
            page.locator("#journey-retry").click()
        page.wait_for_url(re.compile(r".*/partie/\d+/$"))
        assert "Gleicher Preis" in page.locator("#board").inner_text()
        play_kairo(page)
        over = page.locator("#game-over")
        over.wait_for()
        if page.locator("#journey-next").count():
            break
        assert "Kairo nicht geschafft" in over.inner_text()
    else:
        raise AssertionError("Kairo was not won in three stacked attempts")
    text = page.locator("#game-over").inner_text()
    assert "Kairo geschafft" in text and "Feilschen" in text
    assert "Anton" in page.locator("#game-over .winners").inner_text()
    shot(page, "reise-phone-kairo-won")

    # the map after a reload: Kairo passed, Damaskus open, the rest still locked
    page.goto(url + MAP)
    page.reload()
    now = states(page)
    assert now["kairo"] == "passed" and now["damaskus"] == "open"
    assert all(now[s] == "locked" for s in ("bagdad", "basra", "isfahan", "buchara", "samarkand"))
    assert "Geschafft: 1 von 7" in page.locator("#journey").inner_text()
    assert page.locator("#journey-continue").inner_text() == "Weiter nach Damaskus"
    no_overflow(page)
    shot(page, "reise-phone")
    page.set_viewport_size(DESKTOP)
    page.reload()
    no_overflow(page)
    # on the desktop the stations stand side by side along the road
    boxes = [page.locator(f"#station-{s} .marker").bounding_box() for s in ("kairo", "samarkand")]
    assert boxes[0]["x"] < boxes[1]["x"] and abs(boxes[0]["y"] - boxes[1]["y"]) < 2
    shot(page, "reise-desktop")

    # „Weiter nach Damaskus“ from the end screen starts the next station
    won = Match.objects.filter(journey__passed=True).get()
    page.goto(f"{url}/partie/{won.pk}/")
    page.locator("#journey-next").click()
    page.wait_for_url(
        lambda u: re.search(r"/partie/\d+/$", u) and not u.endswith(f"/partie/{won.pk}/")
    )
    assert "Feilschen" in page.locator("#board").inner_text()
    started = Match.objects.exclude(pk=won.pk).latest("pk")
    assert started.journey.stop.station == "damaskus"
    assert started.options["regeln"] == ["feilschen"] and started.players == 4


def test_a_station_not_passed_ends_with_a_plain_note_and_another_try(live_site, page):
    """Lost in Kairo: the end screen says so without the ★ box of a success, and „Nochmal
    versuchen“ starts the station again."""
    from accounts.identity import Player
    from tests.browser.serverside import in_thread
    from tests.lobby.test_journey import lose

    url = live_site.url
    page.set_viewport_size(PHONE)
    register(page, url, "Berta")
    lost = in_thread(lose, Player(user=User.objects.get(username="Berta")), "kairo")
    page.goto(f"{url}/partie/{lost.pk}/")
    note = page.locator("#game-over .end-note")
    assert "Kairo nicht geschafft" in note.inner_text()
    assert "Platz" in note.inner_text()  # why: the place against the goal
    assert "Kairo" not in page.locator("#game-over").evaluate(
        "e => [...e.querySelectorAll('.celebrate')].map(c => c.textContent).join()"
    )
    no_overflow(page)
    shot(page, "reise-phone-kairo-lost")
    note.locator("#journey-retry").click()
    page.wait_for_url(
        lambda u: re.search(r"/partie/\d+/$", u) and not u.endswith(f"/partie/{lost.pk}/")
    )
    assert "Gleicher Preis" in page.locator("#board").inner_text()
    assert Match.objects.exclude(pk=lost.pk).latest("pk").journey.stop.station == "kairo"
