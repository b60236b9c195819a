"""A seat belongs to its person, not to a socket (issue 40, part 4), with real Redis and
PostgreSQL: every open socket of a seat counts (a second tab keeps the seat present when the
first closes), presence entries expire unless renewed, a page that opens as the clock stops
resumes it, an open page's heartbeat resumes a clock stopped anyway, and a stopped clock is shown
frozen at the time that was left."""

from __future__ import annotations

import re
import time
from datetime import timedelta

import pytest
import redis
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.conf import settings
from django.template.loader import render_to_string
from django.test import Client
from django.utils import timezone

from accounts.identity import Player
from games import actions, presence, spectators
from games.actions.common import schedule
from games.engines.base import get_engine
from games.models import Match, Move, Seat
from games.rendering import render_board
from games.running import running_games
from tests.games.actions.helpers import alice_against_a_bot
from tests.sockets import board_at_least, cookie_for, frames_until, socket


def _redis() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL, decode_responses=True)


def _seconds_left(match: Match) -> float:
    match.refresh_from_db()
    assert match.deadline is not None
    return (match.deadline - timezone.now()).total_seconds()


def _stop_the_clock(match: Match, left: float) -> int:
    """What ``pause_clock`` leaves behind (its person away when the clock rang): returns the
    version the stop made."""
    Match.objects.filter(pk=match.pk).update(deadline=None, timer_due=None, clock_left=left)
    return _bump(match)


def _bump(match: Match) -> int:
    match.refresh_from_db()
    match.version += 1
    match.save(update_fields=["version"])
    return match.version


def _away_since(match: Match, seconds: float, left: float) -> None:
    """The seat's last socket closed ``seconds`` ago with ``left`` seconds on the clock; its
    deadline has long passed (the timer rings now)."""
    then = timezone.now() - timedelta(seconds=seconds)
    Seat.objects.filter(match=match, index=0).update(last_seen=then, disconnected_at=then)
    Match.objects.filter(pk=match.pk).update(deadline=then + timedelta(seconds=left))


def stale_first_read(monkeypatch: pytest.MonkeyPatch, match: Match) -> None:
    """The page's first read of the match gives it as it is now, the reads after it the
    database's then: the clock stopping between the read and what the page does with it."""
    load, before = actions.load_match, actions.load_match(match.pk)
    reads = iter([before])
    monkeypatch.setattr(
        actions, "load_match", lambda match_id, **kw: next(reads, None) or load(match_id, **kw)
    )


def _with_deadline(frame: str) -> bool:
    return 'id="countdown" data-deadline=' in frame


# -- presence entries in Redis -------------------------------------------------------------------


@pytest.mark.django_db
def test_a_seats_sockets_count_while_their_entries_are_renewed(alice, bots):
    match = alice_against_a_bot(alice, move_seconds=60, solo=True)
    key = presence.seat_key(match.pk, 0)
    r = _redis()
    r.delete(key)
    try:
        now = time.time()
        # a socket of a process that died (not renewed: expired) and a live one
        r.zadd(key, {"dead-process": now - 1, "tab-2": now + 30})
        assert presence.open_sockets(match.pk, [0, 1]) == {0: 1, 1: 0}
        # the database's record says gone (the first tab closed) – the live entry says present
        _away_since(match, 5, left=40)
        seat = Seat.objects.get(match=match, index=0)
        assert not presence.is_present(seat)
        assert presence.anyone_connected(match.pk, [seat])
        r.zrem(key, "tab-2")
        assert not presence.anyone_connected(match.pk, [seat])
    finally:
        r.delete(key)


@pytest.mark.django_db(transaction=True)
def test_a_seat_sockets_place_is_taken_renewed_and_given_back(alice, bots):
    match = alice_against_a_bot(alice, move_seconds=60, solo=True)

    async def scenario() -> list[int | None]:
        places = spectators.Admissions()
        seen = []
        first, _ = await places.admit("tab-1", "client-x", None, seat=(match.pk, 0))
        second, _ = await places.admit("tab-2", "client-x", None, seat=(match.pk, 0))
        assert first is not None and second is not None
        seen.append(await presence.sockets_left(match.pk, 0))
        await places.renew()
        await places.release(first)
        seen.append(await presence.sockets_left(match.pk, 0))
        await places.release(second)
        seen.append(await presence.sockets_left(match.pk, 0))
        return seen

    assert async_to_sync(scenario)() == [2, 1, 0]


@pytest.mark.django_db
def test_a_closing_recorded_after_another_tab_opened_does_not_stop_the_clock(alice, bots):
    """Tab 1 closes while tab 2 opens: tab 1 found no other socket, tab 2 wrote its opening,
    then tab 1's closing landed in the database. Tab 2's own entry keeps the seat present."""
    match = alice_against_a_bot(alice, move_seconds=60, solo=True)
    key = presence.seat_key(match.pk, 0)
    r = _redis()
    r.delete(key)
    try:
        r.zadd(key, {"tab-2": time.time() + 30})
        presence.set_connected(match.pk, 0, True)  # tab 2 opened
        presence.set_connected(match.pk, 0, False)  # tab 1's closing, written after it
        assert not presence.is_present(Seat.objects.get(match=match, index=0))
        Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        assert actions.run_timeout(match.pk, 0) is True  # her timeout: the clock ran on
        match.refresh_from_db()
        assert match.clock_left is None and match.moves.get().by == Move.By.TIMEOUT
    finally:
        r.delete(key)


@pytest.mark.django_db(transaction=True)
def test_two_pages_opening_at_once_resume_the_clock_once(alice, bots):
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connection

    match = alice_against_a_bot(alice, move_seconds=60, solo=True)
    _stop_the_clock(match, 30.0)

    def open_page() -> bool:
        try:
            return actions.person_back(match.pk, 0)
        finally:
            connection.close()

    with ThreadPoolExecutor(4) as pool:
        resumed = list(pool.map(lambda _: open_page(), range(4)))
    assert sorted(resumed) == [False, False, False, True]
    assert 28 <= _seconds_left(match) <= 30 and match.clock_left is None


# -- two tabs, closing and opening ---------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_second_tab_keeps_the_clock_running_and_the_last_one_to_close_stops_it(alice, bots):
    """Alice has the game open twice. Closing one tab leaves her present: the clock runs on (her
    timeout plays when it runs out). Closing the last one stops the clock at the time that was
    left; opening the game again runs it on from there – not a fresh clock, not zero."""
    match = alice_against_a_bot(alice, move_seconds=60, solo=True)
    cookie = cookie_for(alice)
    url = f"/ws/partie/{match.pk}/"

    @database_sync_to_async
    def ring_the_timer() -> bool:
        Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        return actions.run_timeout(match.pk, 0)

    @database_sync_to_async
    def seat() -> Seat:
        return Seat.objects.get(match=match, index=0)

    async def scenario() -> None:
        tab1, tab2 = socket(url, cookie), socket(url, cookie)
        for tab in (tab1, tab2):
            assert (await tab.connect())[0]
            await frames_until(tab, board_at_least(0))
        await tab1.disconnect()
        assert presence.is_present(await seat())  # no closing recorded: a tab is still open
        # her turn runs out while the second tab is open: the timeout plays, nothing stops
        assert await ring_the_timer() is True
        assert await presence.sockets_left(match.pk, 0) == 1
        await frames_until(tab2, board_at_least(1))
        await database_sync_to_async(match.refresh_from_db)()
        assert match.clock_left is None
        await tab2.disconnect()
        assert await presence.sockets_left(match.pk, 0) == 0
        assert not presence.is_present(await seat())

    async_to_sync(scenario)()
    assert match.moves.get().by == Move.By.TIMEOUT
    # the bot plays; her turn again. She is gone: an hour later the clock rings
    match.refresh_from_db()
    assert actions.run_bot(match.pk, match.version, 1) is True
    state = get_engine("speedone").from_json(Match.objects.get(pk=match.pk).state)
    assert get_engine("speedone").actors(state) == {0}
    _away_since(match, 3600, left=37)
    assert actions.run_timeout(match.pk, 0) is False
    match.refresh_from_db()
    assert match.deadline is None and 36 <= match.clock_left <= 37
    stopped = match.version

    async def back() -> None:
        tab3 = socket(url, cookie)
        assert (await tab3.connect())[0]
        frames = await frames_until(tab3, board_at_least(stopped + 1))
        assert _with_deadline(frames[-1])
        await tab3.disconnect()

    async_to_sync(back)()
    assert 34 <= _seconds_left(match) <= 37 and match.clock_left is None


@pytest.mark.django_db(transaction=True)
def test_a_page_that_opens_as_the_clock_stops_resumes_it(alice, bots, monkeypatch):
    """The socket read the match a moment before the timer stopped its clock (nobody was there
    yet): it must not trust that reading – it reports itself and then looks under the lock."""
    match = alice_against_a_bot(alice, move_seconds=60, solo=True)
    stale_first_read(monkeypatch, match)
    stopped = _stop_the_clock(match, 25.0)
    cookie = cookie_for(alice)

    async def scenario() -> list[str]:
        comm = socket(f"/ws/partie/{match.pk}/", cookie)
        assert (await comm.connect())[0]
        frames = await frames_until(comm, board_at_least(stopped + 1))
        await comm.disconnect()
        return frames

    assert _with_deadline(async_to_sync(scenario)()[-1])
    assert 23 <= _seconds_left(match) <= 25 and match.clock_left is None


@pytest.mark.django_db
def test_the_board_poll_resumes_a_clock_stopped_after_it_read_the_match(alice, bots, monkeypatch):
    """A page without its socket polls the board: the same as the socket, under the lock."""
    match = alice_against_a_bot(alice, move_seconds=60, solo=True)
    stale_first_read(monkeypatch, match)
    _stop_the_clock(match, 18.0)
    client = Client()
    client.force_login(alice)
    assert client.get(f"/partie/{match.pk}/brett/?v=0").status_code in (200, 204)
    assert 16 <= _seconds_left(match) <= 18 and match.clock_left is None


@pytest.mark.django_db(transaction=True)
def test_an_open_pages_heartbeat_resumes_a_clock_that_stopped_anyway(alice, bots, monkeypatch):
    """Whatever made the stop miss the open page (Redis lost its entries, a heartbeat failed):
    the next beat of the page's process runs the clock on and pushes the board with it."""
    monkeypatch.setattr(actions, "HEARTBEAT_SECONDS", 0.2)
    match = alice_against_a_bot(alice, move_seconds=60, solo=True)
    cookie = cookie_for(alice)

    async def scenario() -> list[str]:
        comm = socket(f"/ws/partie/{match.pk}/", cookie)
        assert (await comm.connect())[0]
        await frames_until(comm, board_at_least(0))
        stopped = await database_sync_to_async(_stop_the_clock)(match, 44.0)
        frames = await frames_until(comm, board_at_least(stopped + 1))
        await comm.disconnect()
        return frames

    assert _with_deadline(async_to_sync(scenario)()[-1])
    assert 42 <= _seconds_left(match) <= 44 and match.clock_left is None


# -- the clock's bookkeeping ---------------------------------------------------------------------


@pytest.mark.django_db
def test_a_stopped_clock_stays_stopped_in_its_phase_and_a_new_phase_gets_its_own(alice, bots):
    match = alice_against_a_bot(alice, move_seconds=60, solo=True)
    engine = get_engine("speedone")
    state = engine.from_json(match.state)
    match.deadline, match.clock_left = None, 21.0
    # a bot's choice in the same simultaneous phase: no fresh clock while Alice is away
    schedule(match, engine, state, phase_changed=False, defer=False)
    assert match.deadline is None and match.clock_left == 21.0
    schedule(match, engine, state, phase_changed=True, defer=False)
    assert match.deadline is not None and match.clock_left is None


# -- what the pages show -------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_stopped_clock_is_shown_frozen_with_its_reason(alice, bots):
    match = alice_against_a_bot(alice, move_seconds=60, solo=True)
    _stop_the_clock(match, 42.4)
    match.refresh_from_db()
    seat = match.seats.get(index=0)
    mine = render_board(match, seat)
    clock = re.search(r'<span class="countdown stopped" id="countdown".*?</span></span>', mine)
    # the time that was left, frozen, and its word; why, under the turn line (and read out)
    assert clock, mine
    assert "data-deadline" not in clock.group(0)  # the page's script leaves it frozen
    assert ">0:42<" in clock.group(0) and "Uhr angehalten" in clock.group(0)
    said = "Die Uhr ist angehalten, solange du nicht da bist"
    assert said in re.search(r'<p class="clock-note" id="clock-note">.*?</p>', mine).group(0)
    assert said in re.search(r'<div class="sr-only" id="announce-src".*?</div>', mine).group(0)
    # somebody watching: whom the game waits for
    watched = render_board(match, None)
    assert "solange Alice nicht da ist" in watched and ">0:42<" in watched
    # the running clock again: an ordinary countdown
    Match.objects.filter(pk=match.pk).update(
        deadline=timezone.now() + timedelta(seconds=40), clock_left=None
    )
    match.refresh_from_db()
    html = render_board(match, seat)
    assert 'id="countdown" data-deadline=' in html and "Uhr angehalten" not in html
    assert "clock-note" not in html
    # „Deine laufenden Partien“ says so too
    _stop_the_clock(match, 42.4)
    running = running_games(Player(user=alice))
    assert [r.clock_stopped for r in running] == [True]
    listed = render_to_string("games/_running.html", {"running": running})
    assert "Uhr angehalten, bis du weiterspielst" in listed


def test_the_frozen_time_reads_like_the_running_countdown():
    from games.rendering import clock_text

    assert clock_text(42.4, 0) == "0:42"
    assert clock_text(75, 10) == "1:05 (+10 s)"
    assert clock_text(4, 10) == "Nachspielzeit 0:04"
    assert clock_text(0, 0) == "Nachspielzeit 0:00"
