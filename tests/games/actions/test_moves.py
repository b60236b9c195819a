"""Playing a move (``games.actions.moves``): one transaction or one conditional write per move,
versions, refusals in German, races, database errors."""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections

from games import actions
from games.actions import ActionRejected
from games.engines.base import get_engine
from games.models import Match, Move
from tests.games.actions.helpers import (
    HUMAN_RUN,
    FailFirst,
    state_of,
    two_player_match,
)


@pytest.mark.django_db
def test_a_legal_move_is_applied_logged_and_versioned(alice, bob):
    match = two_player_match(alice, bob)
    actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
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
        actions.play(match.pk, seat, action, version=0)
    assert info.value.message and message in info.value.message
    match.refresh_from_db()
    assert match.version == 0 and match.state == before and not match.moves.exists()


@pytest.mark.django_db
def test_a_stale_version_is_refused(alice, bob):
    match = two_player_match(alice, bob)
    actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    with pytest.raises(ActionRejected, match="schon weiter"):
        actions.play(match.pk, 1, {"type": "draw"}, version=0)
    assert Match.objects.get(pk=match.pk).version == 1


@pytest.mark.django_db
def test_a_double_click_applies_once(alice, bob):
    match = two_player_match(alice, bob)
    actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    with pytest.raises(ActionRejected):
        actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    assert Move.objects.filter(match=match).count() == 1


@pytest.mark.django_db(transaction=True)
def test_concurrent_conflicting_actions_exactly_one_applies(alice, bob):
    match = two_player_match(alice, bob)
    outcomes: list[str] = []
    barrier = threading.Barrier(6)

    def attempt(card: str) -> None:
        barrier.wait()
        try:
            actions.play(match.pk, 0, {"type": "play", "card": card}, version=0)
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
def test_a_restart_loses_nothing_the_state_is_rebuilt_from_the_database(alice, bob):
    match = two_player_match(alice, bob)
    actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    actions.play(match.pk, 1, {"type": "draw"}, version=1)
    engine = get_engine("speedone")
    match.refresh_from_db()
    moves = [(m.seat, m.action) for m in match.moves.all()]
    from games.engines.base import replay

    rebuilt = replay(engine, 2, match.options, match.seed, moves, deck=match.deck)
    assert engine.to_json(rebuilt) == match.state


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
