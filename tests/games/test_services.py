"""The play service: one transaction per move, versions, stale tasks, leaving, stakes."""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections

from accounts import wallet
from accounts.bots import bots_of
from games import queue, services, tasks
from games.engines.base import get_engine
from games.models import Match, Move
from games.services import ActionRejected, SeatSpec

HUMAN_RUN = ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]
OTHERS = ["G8", "G9", "B8", "B9", "Y8", "Y9", "GS"]


def two_player_match(alice, bob, **kwargs) -> Match:
    return services.start_match(
        "speedone",
        [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)],
        {},
        deck=[*HUMAN_RUN, *OTHERS, "R0"],
        **kwargs,
    )


def alice_against_a_bot(alice, strength: str = "leicht", **kwargs) -> Match:
    bot = bots_of(strength)[0]
    return services.start_match(
        "speedone",
        [SeatSpec("Alice", user=alice), SeatSpec(bot.username, user=bot, bot_strength=strength)],
        {},
        deck=[*HUMAN_RUN, *OTHERS, "R0"],
        **kwargs,
    )


def state_of(match: Match):
    match.refresh_from_db()
    return get_engine("speedone").from_json(match.state)


@pytest.mark.django_db
def test_a_legal_move_is_applied_logged_and_versioned(alice, bob):
    match = two_player_match(alice, bob)
    services.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    match.refresh_from_db()
    assert match.version == 1
    assert list(match.moves.values_list("seat", "action")) == [(0, {"type": "play", "card": "R1"})]
    assert state_of(match).discard[-1] is not None


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        (1, {"type": "draw"}, "nicht am Zug"),
        (0, {"type": "play", "card": "G8"}, ""),
        (0, {"type": "teleport"}, ""),
        (0, {"type": "play", "card": {"x": 1}}, ""),
        (5, {"type": "draw"}, "nicht an diesem Tisch"),
    ],
)
def test_bad_moves_are_refused_in_german_and_change_nothing(alice, bob, seat, action, message):
    match = two_player_match(alice, bob)
    before = dict(match.state)
    with pytest.raises(ActionRejected) as info:
        services.play(match.pk, seat, action, version=0)
    assert info.value.message and message in info.value.message
    match.refresh_from_db()
    assert match.version == 0 and match.state == before and not match.moves.exists()


@pytest.mark.django_db
def test_a_stale_version_is_refused(alice, bob):
    match = two_player_match(alice, bob)
    services.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    with pytest.raises(ActionRejected, match="schon weiter"):
        services.play(match.pk, 1, {"type": "draw"}, version=0)
    assert Match.objects.get(pk=match.pk).version == 1


@pytest.mark.django_db
def test_a_double_click_applies_once(alice, bob):
    match = two_player_match(alice, bob)
    services.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    with pytest.raises(ActionRejected):
        services.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    assert Move.objects.filter(match=match).count() == 1


@pytest.mark.django_db(transaction=True)
def test_concurrent_conflicting_actions_exactly_one_applies(alice, bob):
    match = two_player_match(alice, bob)
    outcomes: list[str] = []
    barrier = threading.Barrier(6)

    def attempt(card: str) -> None:
        barrier.wait()
        try:
            services.play(match.pk, 0, {"type": "play", "card": card}, version=0)
            outcomes.append("ok")
        except ActionRejected:
            outcomes.append("refused")
        finally:
            close_old_connections()

    threads = [threading.Thread(target=attempt, args=(c,)) for c in HUMAN_RUN[:6]]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes.count("ok") == 1 and outcomes.count("refused") == 5
    match.refresh_from_db()
    assert match.version == 1 and match.moves.count() == 1


@pytest.mark.django_db
def test_stale_bot_and_timer_tasks_do_nothing(alice, bots):
    match = alice_against_a_bot(alice, "normal", move_seconds=30)
    assert services.run_bot(match.pk, 0, 1) is False  # not the bot's turn
    assert services.run_timeout(match.pk, 0) is False  # deadline not reached
    services.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    assert services.run_timeout(match.pk, 0) is False  # stale version
    assert services.run_bot(match.pk, 0, 1) is False  # stale version
    assert Match.objects.get(pk=match.pk).version == 1
    assert services.run_bot(match.pk, 1, 1) is True  # the current one plays
    assert services.run_bot(match.pk, 1, 1) is False  # and a repeat is a no-op
    assert Match.objects.get(pk=match.pk).version == 2


@pytest.mark.django_db
def test_timeout_draws_for_the_idle_player(alice, bob):
    from datetime import timedelta

    from django.utils import timezone

    match = two_player_match(alice, bob, move_seconds=30)
    assert match.deadline is not None
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.run_timeout(match.pk, 0) is True
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
        out = services.sweep()
    assert out["timers"] == 1
    assert [(t.task, t.args) for t in sent] == [(queue.MOVE_TIMEOUT, (match.pk, 0))]
    assert tasks.move_timeout(*sent[0].args)  # what the worker runs
    assert Match.objects.get(pk=match.pk).version == 1


@pytest.mark.django_db
def test_a_player_who_leaves_is_replaced_by_a_bot_that_plays_on(alice, bob):
    match = two_player_match(alice, bob)
    services.replace_with_bot(match.pk, 0)
    seat = match.seats.get(index=0)
    assert seat.bot_strength == "normal" and seat.left_at is not None
    match.refresh_from_db()
    assert services.run_bot(match.pk, match.version, 0) is True


@pytest.mark.django_db
def test_stakes_are_held_at_start_and_the_pot_goes_to_the_winner(alice, bob, settings):
    wallet.grant_start(alice)
    wallet.grant_start(bob)
    match = two_player_match(alice, bob, stake=100)
    assert wallet.balance(alice) == settings.STARTING_GRANT - 100
    # Alice plays out R1..R7 (pressing ONE in time); Bob cannot follow and draws
    engine = get_engine("speedone")
    while Match.objects.get(pk=match.pk).status == Match.Status.RUNNING:
        match.refresh_from_db()
        state = engine.from_json(match.state)
        seat = min(engine.actors(state))
        legal = engine.legal_actions(state, seat)
        action = next((a for a in legal if a["type"] == "one"), None) or legal[0]
        services.play(match.pk, seat, action, version=match.version)
    match.refresh_from_db()
    winner = match.result["winners"]
    loser_user = bob if winner == [0] else alice
    winner_user = alice if winner == [0] else bob
    assert wallet.balance(winner_user) == settings.STARTING_GRANT + 100
    assert wallet.balance(loser_user) == settings.STARTING_GRANT - 100


@pytest.mark.django_db
def test_guests_cannot_sit_at_a_stake_table(alice):
    from accounts.models import Guest

    wallet.grant_start(alice)
    guest = Guest.objects.create(display_name="Gustav")
    with pytest.raises(ActionRejected, match="Gäste"):
        services.start_match(
            "speedone",
            [SeatSpec("Alice", user=alice), SeatSpec("Gustav", guest=guest)],
            {},
            stake=10,
        )
    assert wallet.balance(alice) == 500
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_a_restart_loses_nothing_the_state_is_rebuilt_from_the_database(alice, bob):
    match = two_player_match(alice, bob)
    services.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    services.play(match.pk, 1, {"type": "draw"}, version=1)
    engine = get_engine("speedone")
    match.refresh_from_db()
    moves = [(m.seat, m.action) for m in match.moves.all()]
    from games.engines.base import replay

    rebuilt = replay(engine, 2, match.options, match.seed, moves, deck=match.deck)
    assert engine.to_json(rebuilt) == match.state


@pytest.mark.django_db
def test_the_sweep_restarts_a_bot_whose_task_was_lost(alice, bots):
    from datetime import timedelta

    from django.utils import timezone

    match = alice_against_a_bot(alice)
    services.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    # the worker died before it ran the bot's turn: nothing happens until the sweep
    Match.objects.filter(pk=match.pk).update(updated=timezone.now() - timedelta(seconds=30))
    with queue.capturing() as sent:
        out = services.sweep()
    assert out["bots"] == 1
    assert [(t.task, t.args) for t in sent] == [(queue.BOT_TURN, (match.pk, 1, 1))]
    assert tasks.bot_turn(*sent[0].args)
    assert Match.objects.get(pk=match.pk).version == 2


class FailFirst:
    """Fault injection through Django's own query hooks: the first ``n`` statements that touch
    ``table`` fail as if the database connection broke."""

    def __init__(self, table: str, n: int = 1) -> None:
        self.table, self.left = table, n

    def __call__(self, execute, sql, params, many, context):
        from django.db import OperationalError

        if (
            self.left
            and self.table in sql
            and sql.lstrip().upper().startswith(("INSERT", "UPDATE"))
        ):
            self.left -= 1
            raise OperationalError("server closed the connection unexpectedly")
        return execute(sql, params, many, context)


@pytest.mark.django_db
def test_a_database_error_during_a_move_is_a_clear_message_and_plays_nothing(client, alice, bob):
    from django.db import connection

    match = two_player_match(alice, bob)
    client.force_login(alice)
    with connection.execute_wrapper(FailFirst('"games_move"')):
        r = client.post(
            f"/partie/{match.pk}/zug/",
            {"action": '{"type": "play", "card": "R1"}', "version": "0"},
            HTTP_HX_REQUEST="true",
        )
    assert r.status_code == 200 and r.headers["HX-Reswap"] == "none"
    assert "nicht gespielt" in r.content.decode()
    match.refresh_from_db()
    assert match.version == 0 and not match.moves.exists()


@pytest.mark.django_db
def test_a_bot_task_retries_after_a_database_error_instead_of_waiting_for_the_sweep(alice, bots):
    from django.db import connection

    match = alice_against_a_bot(alice)
    services.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    with connection.execute_wrapper(FailFirst('"games_move"', n=2)):
        result = tasks.bot_turn.apply((match.pk, 1, 1))  # eager: retries run at once
    assert result.successful() and result.result is True
    assert Match.objects.get(pk=match.pk).version == 2
