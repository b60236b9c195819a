"""The live standings are pushed only when they changed (``tournaments.push.version``): the
beat's sweep every 2 s sends nothing while nothing happens, and a finished game's booking sends
the new standings once."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.core.cache import cache

from tests.tournaments.helpers import finish_in_order, person, step, tournament
from tournaments import push, services

pytestmark = pytest.mark.django_db


def next_second(tournament_id: int) -> None:
    """The one-push-a-second gate open again (as a second later)."""
    cache.delete(f"tournament:push:{tournament_id}")


def test_no_push_without_a_change_and_one_after_a_game_ends(bots):
    t = tournament("arena", size=3)
    users = [person(n, "speedwerk", 1500) for n in ("Anna", "Ben", "Cem")]
    for user in users:
        services.join(t, user)
    (match,) = step(t)
    cache.delete(f"tournament:pushed:{t.pk}")  # the cache outlives an earlier test's same id
    next_second(t.pk)
    layer = get_channel_layer()
    calls: list[bool] = []

    def beat_and_game() -> None:
        calls.append(push.standings_changed(t.pk))  # the table seated: pushed
        before = push.version(t.pk)
        for _sweep in range(3):  # the beat's sweeps: nothing changed, nothing rendered or sent
            next_second(t.pk)
            calls.append(push.standings_changed(t.pk))
        assert push.version(t.pk) == before
        finish_in_order(match, ["Ben", "Anna", "Cem"])
        assert push.version(t.pk) != before
        next_second(t.pk)
        calls.append(push.standings_changed(t.pk))  # the booking's push
        next_second(t.pk)
        calls.append(push.standings_changed(t.pk))  # and the next sweep: nothing new

    async def listen() -> list[dict]:
        channel = await layer.new_channel()
        await layer.group_add(push.group(t.pk), channel)
        try:
            await sync_to_async(beat_and_game)()
            # a channel keeps its messages in order: had an unchanged sweep pushed, the second
            # message would be the seated standings again
            return [await layer.receive(channel), await layer.receive(channel)]
        finally:
            await layer.group_discard(push.group(t.pk), channel)

    first, second = async_to_sync(listen)()
    assert calls == [True, False, False, False, True, False]
    assert first["html"].count("spielt") == 3
    assert "spielt" not in second["html"]
    standings = second["html"].split('id="t-standings"')[1]
    assert standings.index("Ben") < standings.index("Anna") < standings.index("Cem")


def test_a_change_within_the_same_second_arrives_with_the_next_sweep(bots):
    t = tournament("arena", size=3)
    anna = person("Anna", "speedwerk", 1500)
    services.join(t, anna)
    cache.delete(f"tournament:pushed:{t.pk}")
    next_second(t.pk)
    assert push.standings_changed(t.pk) is True
    services.pause(t, anna, True)
    assert push.standings_changed(t.pk) is False  # the same second: held back …
    next_second(t.pk)
    assert push.standings_changed(t.pk) is True  # … the next sweep sends it
    next_second(t.pk)
    assert push.standings_changed(t.pk) is False
