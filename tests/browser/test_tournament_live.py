"""A tournament in headless Chromium (issue 45): three people register, join an arena on its
page, and the standings change on every open page over the socket when the arena seats them;
the page and /turniere/ fit 360×740, 390×844 and 1366×900 (screenshots to ``SHOTS``, default
/tmp/shots/turniere)."""

from __future__ import annotations

import os
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from tests.browser.serverside import in_thread
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

        def seat_them() -> list:
            with queue.capturing():  # the worker's follow-ups are not this test's (thread-local)
                return services.step(t.pk, connected=lambda keys: set(keys))

        # in a thread of its own: the pushes after the commit need a thread without Playwright's
        # event loop (here they failed with "AsyncToSync in the same thread as an event loop")
        (match,) = in_thread(seat_them)
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


def test_a_registered_player_is_sent_into_their_game_when_the_arena_pairs_them(live_site, browser):
    """The header announces a registered tournament that starts soon (named in the reader's
    language: a regular tournament stores no name); in a running arena the worker's pairing step
    (the task a booking sends) pushes „Dein Tisch ist bereit“ to every seated person's open
    tournament page, and the page goes to the table. Anna joins berserk: ⚔ in the standings."""
    from config.celery import app
    from tournaments.models import Entry, Tournament
    from tournaments.tasks import STEP

    url = live_site.url
    t = Tournament.objects.create(
        name="Dienstagsarena",
        game="speedone",
        kind="arena",
        starts=timezone.now() - timedelta(minutes=20),  # running, beyond the header's 10 minutes
        minutes=60,
        table_size=3,
    )
    soon = Tournament.objects.create(
        game="speedone",
        kind="arena",
        slot="arena:browser-test",
        starts=timezone.now() + timedelta(minutes=5),
    )
    pages = []
    contexts = []
    try:
        for name in ("Anna", "Ben", "Cem"):
            ctx = browser.new_context(locale="de-DE", viewport=DESKTOP)
            ctx.set_default_timeout(30_000)
            contexts.append(ctx)
            page = ctx.new_page()
            register(page, url, name)
            pages.append(page)
        anna = pages[0]
        anna.goto(url + f"/turniere/{soon.pk}/")
        anna.get_by_role("button", name="Mitspielen").click()
        anna.goto(url + "/")
        banner = anna.locator("#t-soon")
        banner.wait_for()
        assert "Speedone-Arena" in banner.inner_text() and "beginnt um" in banner.inner_text()
        for i, page in enumerate(pages):
            page.goto(url + f"/turniere/{t.pk}/")
            if i == 0:
                page.locator('input[name="berserk"]').check()
            page.get_by_role("button", name="Mitspielen").click()
            page.wait_for_selector("#t-standings")
        for page in pages:  # each page's socket is open (and its person present) before pairing
            page.goto(url + f"/turniere/{t.pk}/")
            page.wait_for_function(
                "() => [...document.querySelectorAll('[ws-connect]')].every("
                "e => e['htmx-internal-data'] && e['htmx-internal-data'].webSocket"
                " && e['htmx-internal-data'].webSocket.socket.readyState === 1)"
            )
        assert pages[2].locator("#t-standings .t-berserk").count() == 1
        app.send_task(STEP, args=(t.pk,), queue=live_site.env["CELERY_QUEUE"])
        for page in pages:  # nobody clicks: the pushed way to the table takes the page there
            page.wait_for_url(re.compile(r".*/partie/\d+/$"))
            page.locator("#board").wait_for()
        match_ids = {int(re.search(r"/partie/(\d+)/", p.url).group(1)) for p in pages}
        playing = set(Entry.objects.filter(tournament=t).values_list("playing_id", flat=True))
        assert len(match_ids) == 1 and match_ids == playing
    finally:
        for ctx in contexts:
            ctx.close()
