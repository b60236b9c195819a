"""A seat belongs to its person, not to a socket (issue 40, part 4): a game alone against the
computer waits for its person – no bot, no timeout move, the clock stops and resumes with the
time that was left –, a table still hands the seat of a person gone too long to a computer."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import actions, presence
from games.actions import LEAVE_GRACE
from games.models import Match, Move, Seat
from tests.games.actions.helpers import alice_against_a_bot, two_player_match


def _gone(match: Match, index: int, seconds_ago: float) -> None:
    """Time moved on: the seat's socket closed ``seconds_ago`` and nothing was heard since."""
    then = timezone.now() - timedelta(seconds=seconds_ago)
    Seat.objects.filter(match=match, index=index).update(last_seen=then, disconnected_at=then)


@pytest.mark.django_db
def test_a_solo_game_waits_for_its_person_and_resumes_with_the_time_left(alice, bots):
    match = alice_against_a_bot(alice, move_seconds=60, solo=True)
    assert match.kind == "solo" and match.deadline is not None
    # Alice locked her phone with 57 s of her turn left; three days pass (the deadline is gone)
    away = 3 * 24 * 3600
    _gone(match, 0, seconds_ago=away)
    Match.objects.filter(pk=match.pk).update(
        deadline=timezone.now() - timedelta(seconds=away) + timedelta(seconds=57)
    )
    # the sweep finds her gone far longer than LEAVE_GRACE: no computer takes her seat
    out = actions.sweep()
    assert out["left"] == 0
    assert actions.run_timeout(match.pk, 0) is False  # the timer rings: no timeout move
    match.refresh_from_db()
    seat = match.seats.get(index=0)
    assert seat.bot_strength == "" and not match.moves.exists()
    assert match.status == Match.Status.RUNNING and match.deadline is None
    assert match.clock_left is not None and 55 <= match.clock_left <= 60  # what was left
    assert actions.sweep()["left"] == 0 and actions.run_timeout(match.pk, match.version) is False
    # she is back: the clock runs on with the time that was left, the game where it was
    assert actions.person_back(match.pk, 0) is True
    match.refresh_from_db()
    assert match.clock_left is None and match.deadline is not None
    assert 50 <= (match.deadline - timezone.now()).total_seconds() <= 61
    assert presence.is_present(match.seats.get(index=0))
    actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=match.version)
    assert match.moves.get().by == Move.By.HUMAN


@pytest.mark.django_db
def test_a_present_person_in_a_solo_game_still_has_a_clock(alice, bots):
    match = alice_against_a_bot(alice, move_seconds=30, solo=True)
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert actions.run_timeout(match.pk, 0) is True  # her page is open: the timeout plays
    assert match.moves.get().by == Move.By.TIMEOUT


@pytest.mark.django_db
def test_a_table_seat_still_goes_to_a_computer_after_the_grace(alice, bob, bots):
    match = two_player_match(alice, bob, move_seconds=30)
    assert match.kind == "table"
    _gone(match, 0, seconds_ago=LEAVE_GRACE + 5)
    assert actions.sweep()["left"] == 1
    seat = match.seats.get(index=0)
    assert seat.bot_strength and seat.left_at is None  # gone, not left: no penalty recorded
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    match.refresh_from_db()
    assert match.clock_left is None


@pytest.mark.django_db(transaction=True)
def test_the_socket_reports_and_a_reconnect_resumes_the_stopped_clock(alice, bots):
    """The consumer only reports: its closing marks the person away, the clock stops when the
    timer finds them away, and opening the match again resumes it with the time left."""
    from asgiref.sync import async_to_sync

    from tests.sockets import board_at_least, cookie_for, frames_until, socket

    match = alice_against_a_bot(alice, move_seconds=60, solo=True)
    cookie = cookie_for(alice)

    async def visit() -> list[str]:
        comm = socket(f"/ws/partie/{match.pk}/", cookie)
        assert (await comm.connect())[0]
        frames = await frames_until(comm, board_at_least(0))
        await comm.disconnect()
        return frames

    async_to_sync(visit)()
    seat = match.seats.get(index=0)
    assert seat.disconnected_at is not None and not presence.is_present(seat)
    # the phone stays locked: an hour later the timer rings
    hour = timedelta(hours=1)
    Seat.objects.filter(pk=seat.pk).update(
        last_seen=seat.last_seen - hour, disconnected_at=seat.disconnected_at - hour
    )
    Match.objects.filter(pk=match.pk).update(deadline=match.deadline - hour)
    assert actions.run_timeout(match.pk, 0) is False
    match.refresh_from_db()
    assert match.deadline is None and 50 <= match.clock_left <= 60
    async_to_sync(visit)()  # she opens the game again
    match.refresh_from_db()
    assert match.clock_left is None and match.deadline is not None
    assert 45 <= (match.deadline - timezone.now()).total_seconds() <= 61
    assert not match.moves.exists() and not match.seats.get(index=0).bot_strength
