"""Malformed input never reaches a 500 or a crashed socket, and changes nothing.

A generated corpus of broken frames goes to the match and lobby sockets, and broken form posts go
to every POST endpoint of a match and a table (as the seated person, as a stranger and
anonymously)."""

from __future__ import annotations

import json
import random

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from accounts.bots import bots_of
from games import actions
from games.actions import SeatSpec
from games.models import Match
from lobby.models import Table
from tests.sockets import cookie_for, frames_until, socket

DEEP = "[" * 100_000 + "]" * 100_000


def frames() -> list[str | bytes]:
    """Broken match-socket frames: not JSON, binary, deep, wrong types, odd versions."""
    rng = random.Random(5)
    out: list[str | bytes] = [
        " ",
        "nicht json",
        "{",
        DEEP,
        '{"type": "play", "card": "R1", "version": "²"}',
        '{"type": "play", "card": "R1", "version": -1}',
        '{"type": "play", "card": "R1", "version": "abc"}',
        '{"type": "play", "card": "R1"}',
        '{"type": "draw", "version": 1.5}',
        '{"type": "draw", "version": true}',
        '{"type": ["draw"], "version": 0}',
        '{"type": "draw", "card": {"x": 1}, "version": 0}',
        "[1, 2, 3]",
        "null",
        '"draw"',
        json.dumps({"type": "x" * 5000, "version": 0}),
        json.dumps({f"k{i}": i for i in range(50)} | {"type": "draw", "version": 0}),
        b"\x00\x01binary",
    ]
    for _ in range(30):
        junk = "".join(rng.choice('{}[]":,0123456789abc²\\') for _ in range(rng.randint(1, 40)))
        out.append(junk)
    return out


POSTS = [
    {},
    {"action": DEEP, "version": "0"},
    {"action": '{"type": "draw"}', "version": "²"},
    {"action": '{"type": "draw"}', "version": "-1"},
    {"action": '{"type": "draw"}'},
    {"action": "kein json", "version": "0"},
    {"action": '{"type": "play", "card": {"a": 1}}', "version": "0"},
    {"action": "[]", "version": "0"},
]
TABLE_POSTS = [
    {"user": "abc"},
    {"user": "²"},
    {"partner": "²"},
    {"partner": "-3"},
    {"seats": "viele"},
    {"seats": "²", "stake": "x"},
    {"move_seconds": "9" * 40},
    {"opt_specials": ["nichts", "dampfkoloss"]},
    {"ready": "²"},
]


@pytest.mark.django_db(transaction=True)
def test_broken_socket_frames_get_a_message_and_change_nothing(alice, bots):
    bot = bots_of("leicht")[0]
    match = actions.start_match(
        "speedone",
        [SeatSpec("Alice", user=alice), SeatSpec(bot.username, user=bot, bot_strength="leicht")],
    )
    before = Match.objects.get(pk=match.pk)
    cookie = cookie_for(alice)

    async def scenario() -> None:
        comm = socket(f"/ws/partie/{match.pk}/", cookie)
        assert (await comm.connect())[0]
        await comm.receive_from(timeout=5)
        for frame in frames():
            if isinstance(frame, bytes):
                await comm.send_to(bytes_data=frame)
            else:
                await comm.send_to(text_data=frame)
            # a German message (after any board re-push of the frame before), never a close
            answers = await frames_until(comm, lambda f: 'role="alert"' in f)
            assert all('id="flash"' in a or 'id="board"' in a for a in answers), answers
        lobby = socket("/ws/lobby/speedone/", cookie)
        assert (await lobby.connect())[0]
        for frame in frames():
            if isinstance(frame, bytes):
                await lobby.send_to(bytes_data=frame)
            else:
                await lobby.send_to(text_data=frame)
        # both sockets are still open: the match socket answers a real (refused) move
        await comm.send_json_to({"type": "teleport", "version": 0})
        assert "flash" in await comm.receive_from(timeout=5)
        await lobby.disconnect()
        await comm.disconnect()

    async_to_sync(scenario)()
    after = Match.objects.get(pk=match.pk)
    assert (after.version, after.state) == (before.version, before.state)
    assert not after.moves.exists()


@pytest.mark.django_db
def test_broken_posts_never_reach_a_500_and_change_nothing(alice, bob, bots):
    from accounts.identity import Player
    from lobby import services as tables

    bot = bots_of("leicht")[0]
    match = actions.start_match(
        "speedone",
        [SeatSpec("Alice", user=alice), SeatSpec(bot.username, user=bot, bot_strength="leicht")],
    )
    table = tables.open_table(Player(user=alice), "speedwerk", {"seats": 3})
    before = (match.version, dict(match.state))
    clients = {"seated": Client(), "stranger": Client(), "anonymous": Client()}
    clients["seated"].force_login(alice)
    clients["stranger"].force_login(bob)
    for who, c in clients.items():
        for data in POSTS:
            for name in ("zug", "sortieren", "rat", "zurueck"):
                r = c.post(f"/partie/{match.pk}/{name}/", data, HTTP_HX_REQUEST="true")
                assert r.status_code < 500, (who, name, data, r.status_code)
            assert c.get(f"/partie/{match.pk}/brett/?v=²").status_code < 500
        for data in TABLE_POSTS:
            for op in ("invite", "partner", "settings", "ready", "join", "start"):
                r = c.post(f"/tisch/{table.pk}/{op}/", data, HTTP_HX_REQUEST="true")
                assert r.status_code < 500, (who, op, data, r.status_code)
            for slug in ("speedone", "speedwerk"):
                r = c.post(f"/spiele/{slug}/solo/", {"bots": "²", **data})
                assert r.status_code < 500, (who, slug, data)
    match.refresh_from_db()
    assert (match.version, match.state) == before and not match.moves.exists()
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN and not table.matches.exists()
