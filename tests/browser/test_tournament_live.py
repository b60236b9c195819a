"""A tournament in headless Chromium (issue 45): three people register, join an arena on its
page, and the standings change on every open page over the socket when the arena seats them;
the page and /turniere/ fit 360×740, 390×844 and 1366×900 (screenshots to ``SHOTS``, default
/tmp/shots/turniere)."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from tests.browser.test_speedone_live import register
from tests.browser.test_speedwerk_live import DESKTOP, PHONE, no_overflow

pytestmark = [pytest.mark.browser]

SHOTS = Path(os.environ.get("SHOTS", "/tmp/shots/turniere"))
SMALL = {"width": 360, "height": 740}


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("small", SMALL), ("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        no_overflow(page)
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)


def test_an_arena_seats_its_people_and_the_standings_arrive_over_the_socket(live_site, browser):
    from games import queue
    from tournaments import services
    from tournaments.models import Tournament

    url = live_site.url
    t = Tournament.objects.create(
        name="Speedwerk-Arena 20 Uhr",
        game="speedwerk",
        kind="arena",
        starts=timezone.now() - timedelta(minutes=1),
        table_size=3,
    )
    Tournament.objects.create(
        name="Speedwerk – Schweizer Turnier",
        game="speedwerk",
        kind="swiss",
        starts=timezone.now() + timedelta(days=2),
    )
    pages = []
    contexts = []
    try:
        for name, size in (("Anna", DESKTOP), ("Ben", PHONE), ("Cem", SMALL)):
            ctx = browser.new_context(locale="de-DE", viewport=size)
            contexts.append(ctx)
            page = ctx.new_page()
            register(page, url, name)
            page.goto(url + f"/turniere/{t.pk}/")
            page.get_by_role("button", name="Mitspielen").click()
            page.wait_for_selector("#t-standings")
            page.wait_for_function("() => document.querySelector('.tournament-page')")
            pages.append(page)
        anna = pages[0]
        anna.goto(url + "/turniere/")
        assert "Speedwerk – Schweizer Turnier" in anna.inner_text("main")
        shoot(anna, "index")
        anna.goto(url + f"/turniere/{t.pk}/")
        for page in pages:  # each page's socket is open before the arena seats them
            page.wait_for_function(
                "() => [...document.querySelectorAll('[ws-connect]')].every("
                "e => e['htmx-internal-data'] && e['htmx-internal-data'].webSocket"
                " && e['htmx-internal-data'].webSocket.socket.readyState === 1)"
            )
        with queue.capturing():
            (match,) = services.step(t.pk, connected=lambda keys: set(keys))
        for page in pages:  # pushed, not reloaded: „(spielt)“ at every name, the game to watch
            page.wait_for_function(
                "() => document.querySelectorAll('#t-standings td').length >= 15"
                " && (document.querySelector('#t-live').textContent.match(/spielt/g) || []).length"
                " === 3"
            )
            assert page.locator(f'#t-live a[href="/partie/{match.pk}/"]').count() == 1
        shoot(pages[1], "arena")
    finally:
        for ctx in contexts:
            ctx.close()
