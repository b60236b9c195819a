"""Every live game over the real socket and Redis channel layer: two people play through their
sockets with the generic client (whatever their boards offer), a bot through the services; no
seat is ever sent a card the seat may not see, and every push is waited for by its version."""

from __future__ import annotations

import random

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from accounts.bots import bots_of
from bench import client
from games import actions, registry
from games.actions import SeatSpec
from games.engines.base import get_engine, replay
from games.models import Match
from tests.games.test_platform import hidden_cards, leaks, short_options
from tests.sockets import board_at_least, cookie_for, frames_until, socket

pytestmark = pytest.mark.django_db(transaction=True)

LIVE = [g.slug for g in registry.GAMES if g.live]


async def until_version(comm, version: int) -> list[str]:
    """Every frame up to and including the first board of at least ``version``."""
    return await frames_until(comm, board_at_least(version))


def state_at(match: Match, version: int):
    """The exact state after ``version`` moves, rebuilt from the move log."""
    engine = get_engine(match.game)
    moves = match.moves.filter(number__lte=version).order_by("number")
    return replay(
        engine,
        match.players,
        match.options,
        match.seed,
        [(m.seat, m.action) for m in moves],
        match.deck,
    )


@pytest.mark.parametrize("slug", LIVE)
def test_two_people_play_over_their_sockets_and_see_only_their_own_cards(slug, alice, bob, bots):
    engine = get_engine(slug)
    seats = [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)]
    for bot in bots_of("leicht")[: max(0, engine.min_players - 2)]:
        seats.append(SeatSpec(bot.username, user=bot, bot_strength="leicht"))
    match = actions.start_match(slug, seats, short_options(slug))
    cookies = [cookie_for(alice), cookie_for(bob)]
    rng = random.Random(11)

    async def scenario() -> int:
        comms = [socket(f"/ws/partie/{match.pk}/", c) for c in cookies]
        for comm in comms:
            assert (await comm.connect())[0]
        latest = [(await until_version(comm, 0))[-1] for comm in comms]
        version = 0
        checked = 0
        for _ in range(80):
            m = await database_sync_to_async(Match.objects.get)(pk=match.pk)
            if m.status != Match.Status.RUNNING:
                break
            state = engine.from_json(m.state)
            actors = sorted(engine.actors(state))
            person = next((s for s in actors if s < 2), None)
            if person is not None:
                action = client.choose(latest[person], rng)
                assert action is not None, "a person to act whose board offers nothing"
                await comms[person].send_json_to({**action, "version": version})
            else:
                assert await database_sync_to_async(actions.run_bot)(match.pk, version, actors[0])
            version += 1
            for seat, comm in enumerate(comms):
                frames = await until_version(comm, version)
                latest[seat] = frames[-1]
                for frame in frames:
                    fv = client.board_version(frame)
                    if fv is None:
                        continue
                    at = await database_sync_to_async(state_at)(m, fv)
                    hidden = hidden_cards(engine, at, seat)
                    assert not leaks(frame, hidden), (seat, frame[:300])
                    checked += bool(hidden)  # a check only counts when there was a card to hide
        for comm in comms:
            await comm.disconnect()
        return checked

    assert async_to_sync(scenario)() >= 30


def test_an_open_socket_keeps_its_person_present(alice, bots, monkeypatch):
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Seat

    monkeypatch.setattr(actions, "HEARTBEAT_SECONDS", 0.2)
    bot = bots_of("leicht")[0]
    match = actions.start_match(
        "speedone",
        [SeatSpec("Alice", user=alice), SeatSpec(bot.username, user=bot, bot_strength="leicht")],
    )
    old = timezone.now() - timedelta(minutes=5)
    cookie = cookie_for(alice)

    async def scenario() -> None:
        comm = socket(f"/ws/partie/{match.pk}/", cookie)
        assert (await comm.connect())[0]
        await until_version(comm, 0)
        await database_sync_to_async(
            lambda: Seat.objects.filter(match=match, index=0).update(last_seen=old)
        )()
        for _ in range(50):
            await comm.receive_nothing(timeout=0.1)
            seen = await database_sync_to_async(
                lambda: Seat.objects.get(match=match, index=0).last_seen
            )()
            if seen > old:
                break
        await comm.disconnect()
        assert seen > old

    async_to_sync(scenario)()


def test_one_beat_touches_every_open_seat_of_the_process_and_only_those(alice, bob, monkeypatch):
    """The process's presence beat: the seats of all open sockets in one statement; a seat whose
    socket closed, and a seat nobody holds, stay as they were."""
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Seat

    monkeypatch.setattr(actions, "HEARTBEAT_SECONDS", 0.2)
    matches = [
        actions.start_match(
            "speedone",
            [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)],
        )
        for _ in range(2)
    ]
    old = timezone.now() - timedelta(minutes=5)
    cookies = {0: cookie_for(alice), 1: cookie_for(bob)}
    statements: list[int] = []
    touch_seats = actions.touch_seats

    def counting(seats):
        statements.append(len(seats))
        touch_seats(seats)

    monkeypatch.setattr(actions, "touch_seats", counting)

    def last_seen() -> dict[tuple[int, int], object]:
        return {
            (s.match_id, s.index): s.last_seen
            for s in Seat.objects.filter(match__in=matches).order_by("match_id", "index")
        }

    async def scenario() -> dict[tuple[int, int], object]:
        # Alice in both matches, Bob only in the second; Bob's first socket closes at once
        socks = [
            socket(f"/ws/partie/{matches[0].pk}/", cookies[0]),
            socket(f"/ws/partie/{matches[1].pk}/", cookies[0]),
            socket(f"/ws/partie/{matches[1].pk}/", cookies[1]),
        ]
        gone = socket(f"/ws/partie/{matches[0].pk}/", cookies[1])
        for comm in [*socks, gone]:
            assert (await comm.connect())[0]
            await until_version(comm, 0)
        await gone.disconnect()
        await database_sync_to_async(
            lambda: Seat.objects.filter(match__in=matches).update(last_seen=old)
        )()
        statements.clear()
        for _ in range(50):
            await socks[0].receive_nothing(timeout=0.1)
            seen = await database_sync_to_async(last_seen)()
            if statements and all(
                seen[(m.pk, i)] > old
                for m, i in ((matches[0], 0), (matches[1], 0), (matches[1], 1))
            ):
                break
        for comm in socks:
            await comm.disconnect()
        return seen

    seen = async_to_sync(scenario)()
    assert statements and statements[0] == 3, statements  # one call for the three open seats
    assert seen[(matches[1].pk, 0)] > old and seen[(matches[1].pk, 1)] > old
    assert seen[(matches[0].pk, 0)] > old
    assert seen[(matches[0].pk, 1)] == old, "the seat whose socket closed was touched"
