"""Fernpartien (issue 43): a turn-based table keeps its seats for their people however long they
are away, its clock of hours or days is the stored deadline the beat sweep finds (no task waits
in the broker), the timeout move happens once even with two sweeps at once, and whoever lets the
clock run out three times in a row has left (the seeds' leaving rule)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import actions, queue
from games.kinds import FERN, Away, kind_of
from games.models import Match, Move, Seat
from tests.games.actions.helpers import two_player_match

DAY = 24 * 3600


def _fern(alice, bob) -> Match:
    return two_player_match(alice, bob, move_seconds=DAY, kind=FERN.name)


def _both_offline_since(match: Match, seconds_ago: float) -> None:
    then = timezone.now() - timedelta(seconds=seconds_ago)
    Seat.objects.filter(match=match).update(last_seen=then, disconnected_at=then)


def _deadline_passed(match: Match, seconds_ago: float = 60) -> None:
    """Time moved on: the stored deadline lies ``seconds_ago`` in the past."""
    Match.objects.filter(pk=match.pk).update(
        deadline=timezone.now() - timedelta(seconds=seconds_ago)
    )


def _sweep_and_ring() -> tuple[dict[str, int], int]:
    """One beat: the sweep, then the timers it sent (as the worker would run them)."""
    with queue.capturing() as sent:
        out = actions.sweep()
    played = sum(actions.run_timeout(*s.args) for s in sent if s.task == queue.MOVE_TIMEOUT)
    return out, played


@pytest.mark.django_db
def test_a_fernpartie_sends_no_timer_task_and_stores_an_indexed_deadline(alice, bob, bots):
    assert kind_of(Match(kind="fern")).away == Away.KEEP
    with queue.capturing() as sent:
        match = _fern(alice, bob)
    assert match.kind == "fern"
    assert not [s for s in sent if s.task == queue.MOVE_TIMEOUT]  # no countdown of a day
    assert match.timer_due is None
    left = (match.deadline - timezone.now()).total_seconds()
    assert DAY - 60 < left <= DAY
    # a move sets the next day's deadline, again without a timer task
    with queue.capturing() as sent:
        actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=match.version)
    assert not [s for s in sent if s.task == queue.MOVE_TIMEOUT]
    # the sweep's due-deadline query is an index scan on (status, deadline)
    with connection.cursor() as cursor:
        cursor.execute("SET enable_seqscan = off")
        cursor.execute(
            "EXPLAIN SELECT id, version FROM games_match WHERE status = 'running' "
            "AND deadline < now()"
        )
        plan = " ".join(r[0] for r in cursor.fetchall())
    assert "Index" in plan


@pytest.mark.django_db
def test_a_fernpartie_survives_two_days_with_both_players_offline(alice, bob, bots):
    match = _fern(alice, bob)
    _both_offline_since(match, 2 * DAY)
    # the first day: the deadline has not come yet – the sweep finds nothing to do
    assert _sweep_and_ring() == ({"timers": 0, "bots": 0, "left": 0}, 0)
    for _day in range(2):
        _deadline_passed(match)
        out, played = _sweep_and_ring()
        assert out["left"] == 0 and played == 1  # the rules' timeout move, no computer
        match.refresh_from_db()
        assert match.status == Match.Status.RUNNING and match.deadline is not None
        # the next deadline is a day ahead again
        assert (match.deadline - timezone.now()).total_seconds() > DAY - 60
    seats = list(match.seats.all())
    assert all(s.bot_strength == "" and s.left_at is None for s in seats)
    assert set(match.moves.values_list("by", flat=True)) == {Move.By.TIMEOUT}
    assert match.moves.count() == 2
    # a sweep in between finds the seats of people gone for days and leaves them theirs
    assert actions.sweep()["left"] == 0
    assert not Seat.objects.filter(match=match).exclude(bot_strength="").exists()


@pytest.mark.django_db(transaction=True)
def test_the_deadline_plays_the_timeout_once_with_two_sweeps_running(alice, bob, bots):
    match = _fern(alice, bob)
    _deadline_passed(match)
    start = threading.Barrier(2)
    results: list[int] = []

    def beat() -> None:
        try:
            with queue.capturing() as sent:
                actions.sweep()
            start.wait(timeout=30)  # both sweeps saw the due deadline; both timers ring at once
            results.append(
                sum(actions.run_timeout(*s.args) for s in sent if s.task == queue.MOVE_TIMEOUT)
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=beat) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sorted(results) == [0, 1]
    assert match.moves.filter(by=Move.By.TIMEOUT).count() == 1


@pytest.mark.django_db
def test_three_timeouts_in_a_row_are_leaving_the_game(alice, bob, bots):
    match = _fern(alice, bob)
    rounds = 0
    while not Seat.objects.filter(match=match, index=0).exclude(bot_strength="").exists():
        rounds += 1
        assert rounds <= 12, "the leaving rule never applied"
        match.refresh_from_db()
        _deadline_passed(match)
        assert actions.run_timeout(match.pk, match.version)
        seat0 = list(match.moves.filter(seat=0).order_by("-number").values_list("by", flat=True))
        if len(seat0) < 3:
            assert not Seat.objects.filter(match=match).exclude(bot_strength="").exists()
    seat = match.seats.get(index=0)
    assert seat.left_at is not None and seat.bot_strength  # the seeds' leaving rule
    last = list(match.moves.filter(seat=0).order_by("-number").values_list("by", flat=True)[:3])
    assert last == [Move.By.TIMEOUT] * 3
    assert match.moves.filter(seat=0).count() == 3


@pytest.mark.django_db
def test_a_tauschrunde_waits_for_everyone_or_the_deadline(alice, bob, bots):
    """Speedtrödel's simultaneous Tauschrunde in a Fernpartie: those who chose wait for the
    others; at the deadline only who has not chosen gets the timeout's card."""
    from accounts.models import User
    from games.engines.base import get_engine
    from tests.games.test_troedel_screen import DECK

    carol = User.objects.create_user("Carol", password="kartenglück-42")
    people = [alice, bob, carol]
    match = actions.start_match(
        "speedtroedel",
        [actions.SeatSpec(u.username, user=u) for u in people],
        {"partie_kurz": True},
        move_seconds=DAY,
        kind=FERN.name,
        deck=DECK,
        seed=5,
    )
    engine = get_engine("speedtroedel")

    def state():
        match.refresh_from_db()
        return engine.from_json(match.state)

    actions.play(match.pk, 0, {"type": "play", "card": "T"}, version=match.version)
    while engine.view(state(), 0)["phase"] != "swap":  # the others follow the lead
        seat = min(engine.actors(state()))
        move = engine.legal_actions(state(), seat)[0]
        actions.play(match.pk, seat, move, version=match.version)
    assert engine.actors(state()) == frozenset({0, 1, 2})
    actions.play(match.pk, 0, {"type": "swap", "card": "B3"}, version=match.version)
    bob_gives = engine.legal_actions(state(), 1)[0]
    actions.play(match.pk, 1, bob_gives, version=match.version)
    assert engine.actors(state()) == frozenset({2})  # waiting for Carol, no computer
    assert _sweep_and_ring()[1] == 0
    _deadline_passed(match)
    assert _sweep_and_ring()[1] == 1
    swaps = list(
        match.moves.filter(action__type="swap").order_by("number").values_list("seat", "by")
    )
    assert swaps == [(0, Move.By.HUMAN), (1, Move.By.HUMAN), (2, Move.By.TIMEOUT)]
    assert engine.view(state(), 0)["phase"] != "swap"


@pytest.mark.django_db
def test_the_sweep_reads_only_the_matches_where_a_computer_plays(alice, bob, bots):
    from games.actions.seats import reclaim_seat, replace_with_bot
    from games.actions.timers import quiet_bot_matches
    from tests.games.actions.helpers import alice_against_a_bot

    ferns = [_fern(alice, bob) for _ in range(3)]
    solo = alice_against_a_bot(alice, move_seconds=60)
    assert solo.bot_seats and not any(m.bot_seats for m in ferns)
    Match.objects.update(updated=timezone.now() - timedelta(minutes=5))
    later = timezone.now()
    assert [m.pk for m in quiet_bot_matches(later)] == [solo.pk]
    # a person leaves a Fernpartie: the computer plays on, and the sweep looks after it
    replace_with_bot(ferns[0].pk, 1, reason="left")
    Match.objects.update(updated=timezone.now() - timedelta(minutes=5))
    assert {m.pk for m in quiet_bot_matches(timezone.now())} == {solo.pk, ferns[0].pk}
    # back at the seat: no computer left there, so no longer read
    assert reclaim_seat(ferns[0].pk, 1)
    Match.objects.update(updated=timezone.now() - timedelta(minutes=5))
    assert [m.pk for m in quiet_bot_matches(timezone.now())] == [solo.pk]
    # one indexed query: the partial index of the running matches with a computer
    sql, params = quiet_bot_matches(timezone.now()).query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("SET enable_seqscan = off")
        cursor.execute("EXPLAIN " + sql, params)
        plan = " ".join(r[0] for r in cursor.fetchall())
    assert "games_match_running_bots" in plan
