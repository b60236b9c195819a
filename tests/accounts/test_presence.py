"""Who is online, as the friends list, „Wer ist online“ and the lobby's table list see it: a page
open for hours stays online, the people of a killed web process drop out within minutes, and a
Redis that lost the set gets it back – against the real Redis."""

from __future__ import annotations

import asyncio
import time

import pytest
import redis
from asgiref.sync import async_to_sync
from django.conf import settings

from accounts import presence

pytestmark = pytest.mark.django_db


@pytest.fixture
def r():
    client = redis.Redis.from_url(settings.REDIS_URL, decode_responses=True)
    keys = [presence.ONLINE, presence.NAMES, presence.CONNS, presence.SEEN, presence.WHERE]
    client.delete(*keys)
    yield client
    client.delete(*keys)
    client.close()


@pytest.fixture
def quick_renewal(monkeypatch):
    monkeypatch.setattr(presence, "RENEW_SECONDS", 0.05)


async def _until(predicate, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "condition not reached"
        await asyncio.sleep(0.02)  # the poll's backoff (the deadline above ends it)


def test_a_page_open_for_hours_stays_online_and_leaves_on_closing(r, quick_renewal):
    key = "u900001"

    async def scenario() -> tuple[bool, bool]:
        await presence.mark_online(key, "Dauergast", "lobby:speedone")
        r.zadd(presence.ONLINE, {key: time.time() - 7200})  # opened two hours ago
        await _until(lambda: (r.zscore(presence.ONLINE, key) or 0) > time.time() - 5)
        online = any(u["key"] == key for u in presence.online_users())
        await presence.mark_offline(key)
        still = any(u["key"] == key for u in presence.online_users())
        return online, still

    online, still = async_to_sync(scenario)()
    assert online
    assert not still


def test_the_people_of_a_killed_process_drop_out(r):
    """A killed process never said goodbye: its connection count and score stay behind."""
    crashed, fresh = "u900002", "u900003"
    now = time.time()
    r.hincrby(presence.CONNS, crashed, 1)
    r.hset(presence.NAMES, mapping={crashed: "Weg", fresh: "Da"})
    r.hset(presence.WHERE, mapping={crashed: "match:1", fresh: "match:2"})
    r.zadd(presence.ONLINE, {crashed: now - presence.FRESH_SECONDS - 1, fresh: now - 20})
    assert [u["key"] for u in presence.online_users()] == [fresh]
    assert presence.where_of([crashed, fresh]) == {fresh: "match:2"}
    assert presence.present({crashed, fresh}, grace=0) == {fresh}
    assert r.zscore(presence.ONLINE, crashed) is None  # pruned by online_users


def test_the_renewal_rebuilds_what_redis_lost(r, quick_renewal):
    key = "u900004"

    async def scenario() -> list[dict[str, str]]:
        await presence.mark_online(key, "Treu", "lobby:speedone")
        r.delete(presence.ONLINE, presence.NAMES)  # Redis restarted without its data
        await _until(lambda: r.zscore(presence.ONLINE, key) is not None)
        users = presence.online_users()
        await presence.mark_offline(key)
        return users

    assert async_to_sync(scenario)() == [{"key": key, "id": key[1:], "name": "Treu"}]


def test_a_page_opened_while_redis_was_down_is_online_once_it_is_back(r, quick_renewal, settings):
    key = "u900005"

    async def scenario() -> bool:
        real = settings.REDIS_URL
        settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
        presence._clients.pop(asyncio.get_running_loop(), None)
        await presence.mark_online(key, "Geduldig")  # fails quietly
        settings.REDIS_URL = real
        presence._clients.pop(asyncio.get_running_loop(), None)
        await _until(lambda: r.zscore(presence.ONLINE, key) is not None)
        online = any(u["key"] == key for u in presence.online_users())
        await presence.mark_offline(key)
        return online

    assert async_to_sync(scenario)()


def _consumer(behaviour: str):
    """A socket whose task ends without ``disconnect()``: its handler raises after the person
    went online, or the server cancels its task (daphne kills an application that outlives its
    socket by ten seconds)."""
    from games.sockets import OutageSafeConsumer

    class Probe(OutageSafeConsumer):
        async def connect(self) -> None:
            self.player_key = "u900010"
            await self.go_online(self.player_key, "Kurzbesuch", "lobby:speedone")
            if behaviour == "raise":
                raise RuntimeError("the handler broke after going online")
            await self.accept()

    return Probe.as_asgi()


@pytest.mark.parametrize("behaviour", ["raise", "cancel"])
def test_a_socket_whose_task_ends_without_disconnect_leaves_nobody_online(r, behaviour):
    """#41.6: a person whose every page is closed was shown online for minutes, renewed by a web
    process whose socket task had ended without ``disconnect()``."""
    from channels.testing import WebsocketCommunicator

    key = "u900010"

    async def scenario() -> tuple[bool, bool, int, bool]:
        communicator = WebsocketCommunicator(_consumer(behaviour), "/ws/probe/")
        if behaviour == "raise":
            with pytest.raises(RuntimeError):
                await communicator.connect()
            was_online = True
        else:
            connected, _ = await communicator.connect()
            assert connected
            was_online = key in presence.renewal().held and any(
                u["key"] == key for u in presence.online_users()
            )
            communicator.future.cancel()
            with pytest.raises(asyncio.CancelledError):
                await communicator.future
        held = key in presence.renewal().held
        listed = any(u["key"] == key for u in presence.online_users())
        conns = int(r.hget(presence.CONNS, key) or 0)
        return was_online, held, conns, listed

    was_online, held, conns, listed = async_to_sync(scenario)()
    assert was_online
    assert not held, "the web process would renew the person's presence for ever"
    assert conns == 0
    assert not listed
