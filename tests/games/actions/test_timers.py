"""The worker's tasks (``games.actions.timers``): stale tasks do nothing, the move timer, the
sweep, retries after a database error."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import actions, queue, tasks
from games.engines.base import get_engine
from games.models import Match, Move
from tests.games.actions.helpers import (
    FailFirst,
    alice_against_a_bot,
    state_of,
    two_player_match,
)


@pytest.mark.django_db
def test_stale_bot_and_timer_tasks_do_nothing(alice, bots):
    match = alice_against_a_bot(alice, "normal", move_seconds=30)
    assert actions.run_bot(match.pk, 0, 1) is False  # not the bot's turn
    assert actions.run_timeout(match.pk, 0) is False  # deadline not reached
    actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    assert actions.run_timeout(match.pk, 0) is False  # stale version
    assert actions.run_bot(match.pk, 0, 1) is False  # stale version
    assert Match.objects.get(pk=match.pk).version == 1
    assert actions.run_bot(match.pk, 1, 1) is True  # the current one plays
    assert actions.run_bot(match.pk, 1, 1) is False  # and a repeat is a no-op
    assert Match.objects.get(pk=match.pk).version == 2


@pytest.mark.django_db
def test_timeout_draws_for_the_idle_player(alice, bob):
    from datetime import timedelta

    from django.utils import timezone

    match = two_player_match(alice, bob, move_seconds=30)
    assert match.deadline is not None
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert actions.run_timeout(match.pk, 0) is True
    match.refresh_from_db()
    assert match.moves.get().action == {"type": "draw"}
    assert match.moves.get().by == Move.By.TIMEOUT
    assert len(state_of(match).hands[0]) == 8


@pytest.mark.django_db
def test_the_sweep_re_arms_a_lost_timer(alice, bob, django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    match = two_player_match(alice, bob, move_seconds=30)
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=30))
    with queue.capturing() as sent:
        out = actions.sweep()
    assert out["timers"] == 1
    assert [(t.task, t.args) for t in sent] == [(queue.MOVE_TIMEOUT, (match.pk, 0))]
    assert tasks.move_timeout(*sent[0].args)  # what the worker runs
    assert Match.objects.get(pk=match.pk).version == 1


@pytest.mark.django_db
def test_the_sweep_restarts_a_bot_whose_task_was_lost(alice, bots):
    from datetime import timedelta

    from django.utils import timezone

    match = alice_against_a_bot(alice)
    actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    # the worker died before it ran the bot's turn: nothing happens until the sweep
    Match.objects.filter(pk=match.pk).update(updated=timezone.now() - timedelta(seconds=30))
    with queue.capturing() as sent:
        out = actions.sweep()
    assert out["bots"] == 1
    assert [(t.task, t.args) for t in sent] == [(queue.BOT_TURN, (match.pk, 1, 1))]
    assert tasks.bot_turn(*sent[0].args)
    assert Match.objects.get(pk=match.pk).version == 2


@pytest.mark.django_db
def test_a_bot_task_retries_after_a_database_error_instead_of_waiting_for_the_sweep(alice, bots):
    from django.db import connection

    match = alice_against_a_bot(alice)
    actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    with connection.execute_wrapper(FailFirst('"games_move"', n=2)):
        result = tasks.bot_turn.apply((match.pk, 1, 1))  # eager: retries run at once
    assert result.successful() and result.result is True
    assert Match.objects.get(pk=match.pk).version == 2


@pytest.mark.django_db
def test_one_pending_move_timer_per_match_not_one_per_move(
    alice, bob, django_capture_on_commit_callbacks
):
    with queue.capturing() as sent, django_capture_on_commit_callbacks(execute=True):
        match = two_player_match(alice, bob, move_seconds=30)
    [armed] = [t for t in sent if t.task == queue.MOVE_TIMEOUT]
    assert armed.args == (match.pk, 0) and armed.countdown >= 30
    with queue.capturing() as sent, django_capture_on_commit_callbacks(execute=True):
        actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
        actions.play(match.pk, 1, {"type": "draw"}, version=1)
    assert sent == [], "the pending timer runs before the new deadline: no task per move"
    match.refresh_from_db()
    assert match.version == 2 and match.deadline is not None
    first_due = match.timer_due
    assert first_due is not None
    assert first_due <= match.deadline + timedelta(seconds=actions.TIMER_GRACE)

    # it rings (its time has come) before the new deadline: plays nothing and re-arms for that
    # deadline, once
    Match.objects.filter(pk=match.pk).update(timer_due=timezone.now())
    with queue.capturing() as sent, django_capture_on_commit_callbacks(execute=True):
        assert actions.run_timeout(match.pk, 0) is False
    assert [(t.task, t.args) for t in sent] == [(queue.MOVE_TIMEOUT, (match.pk, 2))]
    match.refresh_from_db()
    assert match.timer_due == match.deadline + timedelta(seconds=actions.TIMER_GRACE)
    with queue.capturing() as sent, django_capture_on_commit_callbacks(execute=True):
        assert actions.run_timeout(match.pk, 0) is False  # a repeated ring: that timer is pending
    assert sent == []

    # once the current deadline has passed, any ring plays the timeout of the current version
    [idle] = get_engine("speedone").actors(state_of(match))
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    with queue.capturing(), django_capture_on_commit_callbacks(execute=True):
        assert actions.run_timeout(match.pk, 0) is True
    last = Match.objects.get(pk=match.pk).moves.order_by("number").last()
    assert (last.number, last.by, last.seat) == (3, Move.By.TIMEOUT, idle)


@pytest.mark.django_db
def test_a_deadline_before_the_pending_timer_sends_its_own(
    alice, bob, django_capture_on_commit_callbacks
):
    match = two_player_match(alice, bob, move_seconds=30)
    # the pending timer runs long after the next deadline (a longer phase armed it)
    Match.objects.filter(pk=match.pk).update(timer_due=timezone.now() + timedelta(minutes=5))
    with queue.capturing() as sent, django_capture_on_commit_callbacks(execute=True):
        actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    [timer] = [t for t in sent if t.task == queue.MOVE_TIMEOUT]
    assert timer.args == (match.pk, 1) and 30 <= timer.countdown < 60
    # a timer that already rang (its time is past) is no pending timer either
    Match.objects.filter(pk=match.pk).update(timer_due=timezone.now() - timedelta(seconds=1))
    with queue.capturing() as sent, django_capture_on_commit_callbacks(execute=True):
        actions.play(match.pk, 1, {"type": "draw"}, version=1)
    assert [t.args for t in sent if t.task == queue.MOVE_TIMEOUT] == [(match.pk, 2)]


@pytest.mark.django_db
def test_a_timer_of_a_deleted_match_does_nothing(alice, bob):
    match = two_player_match(alice, bob, move_seconds=30)
    pk = match.pk
    match.delete()
    with queue.capturing() as sent:
        assert tasks.move_timeout(pk, 0) is False
    assert sent == []
