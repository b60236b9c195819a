"""Malformed input never reaches a 500 or a crashed socket, and changes nothing.

A generated corpus of broken frames goes to the match and lobby sockets, and broken form posts go
to every POST endpoint of a match and a table (as the seated person, as a stranger and
anonymously). Strings that are no Unicode text (a JSON-escaped lone surrogate, ``"\\ud800"``)
are refused like any other broken move, and socket handshakes on paths without a socket are
closed cleanly by the real web servers (daphne and uvicorn), never answered with a 500."""

from __future__ import annotations

import json
import random
import socket as sockets
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from accounts.bots import bots_of
from config.launch import ROOT
from games import actions
from games.actions import SeatSpec
from games.models import Match
from lobby.models import ChatMessage, ChatMute, Table
from tests.sockets import cookie_for, frames_until, socket

DEEP = "[" * 100_000 + "]" * 100_000
#: JSON-escaped lone surrogates: valid JSON, but the strings are no Unicode text (not encodable)
SURROGATE_FRAMES = [
    '{"type": "play", "card": "\\ud800", "version": 0}',
    '{"type": "\\udfff", "version": 0}',
    '{"type": "lay", "cards": ["\\ud800"], "spice": "R", "number": 1, "version": 0}',
    '{"type": "draw", "\\ud800": 1, "version": 0}',
]


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
        *SURROGATE_FRAMES,
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
    {"action": '{"type": "play", "card": "\\ud800"}', "version": "0"},
    {"action": '{"type": "\\ud800"}', "version": "0"},
]
#: broken chat posts (``lobby.chat``): each one refused, none stored
CHAT_POSTS = [
    {"text": DEEP},
    {"text": "x" * 10_000},
    {"text": ["", " \n "]},
    {"text": "\x00\x01\u202e"},
    {"message": "²"},
    {"message": "-1"},
    {"message": DEEP},
    {"person": DEEP},
    {"person": ["u1", "u2"]},
]
CHAT_OPS = ("chat", "chat/melden", "chat/stumm", "chat/zeigen")
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
        for data in CHAT_POSTS:
            for op in CHAT_OPS:
                for url in (f"/partie/{match.pk}/{op}/", f"/tisch/{table.pk}/{op}/"):
                    r = c.post(url, data, HTTP_HX_REQUEST="true")
                    assert r.status_code < 500, (who, url, r.status_code)
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
    assert not ChatMessage.objects.exists() and not ChatMute.objects.exists()


#: the NUL character, which PostgreSQL refuses in any text (issue 41.5: eight 500s): in a path, a
#: query and a form value of the friends' and the profile's endpoints
FRIEND_OPS = ("anfragen", "annehmen", "ablehnen", "entfernen", "blockieren", "freigeben")
NUL_NAMES = ["\x00", "Bob\x00", "\x00' OR 1=1 --"]


@pytest.mark.django_db
def test_a_nul_character_gets_a_german_refusal_or_a_404_never_a_500(alice, bob):
    from accounts.social import friend_ids

    c = Client()
    c.force_login(alice)
    for name in NUL_NAMES:
        for op in FRIEND_OPS:
            r = c.post(f"/konto/freunde/{op}/", {"name": name})
            assert r.status_code == 400, (op, name, r.status_code)
            assert "unzulässiges Zeichen" in r.content.decode()
        r = c.post("/konto/freunde/anfragen/", {"name": "Bob", "next": name})
        assert r.status_code == 400
        assert c.get(f"/spieler/{name}/").status_code == 404
        assert c.get("/spieler/%00/").status_code == 404
        assert c.get("/spieler/Bob/", {"zug": name}).status_code == 400
        assert c.post("/konto/freunde/einladen/", {"user": name}).status_code == 400
    assert not friend_ids(alice.pk)
    for anonymous in (Client(),):
        assert anonymous.get("/spieler/%00/").status_code == 404
        assert anonymous.post("/konto/freunde/anfragen/", {"name": "\x00"}).status_code == 400


#: a Speedbasar lay whose card is a lone surrogate (found by probing: a 500 while the refusal
#: quoted the card, and over the socket an answer that never arrived)
SURROGATE_LAY = '{"type": "lay", "cards": ["\\ud800"], "spice": "R", "number": 1}'


def _basar_match(alice, bob) -> Match:
    """Alice, Bob and a third (human) seat; a seed where one of the first two lays first."""
    from django.contrib.auth import get_user_model

    from games.engines.base import get_engine

    carol = get_user_model().objects.create_user("Carol", password="pw")
    engine = get_engine("speedbasar")
    options = engine.validate_options(None, 3)
    seed = next(s for s in range(100) if engine.actors(engine.new_game(3, options, s)) & {0, 1})
    seats = [
        SeatSpec("Alice", user=alice),
        SeatSpec("Bob", user=bob),
        SeatSpec("Carol", user=carol),
    ]
    return actions.start_match("speedbasar", seats, seed=seed)


@pytest.mark.django_db
def test_a_lone_surrogate_card_is_refused_over_post(alice, bob):
    match = _basar_match(alice, bob)
    for user in (alice, bob):  # whoever is on turn reaches the card check
        c = Client()
        c.force_login(user)
        r = c.post(
            f"/partie/{match.pk}/zug/",
            {"action": SURROGATE_LAY, "version": str(match.version)},
            HTTP_HX_REQUEST="true",
        )
        assert r.status_code == 200, r.status_code
        assert "Unbekannter Zug" in r.content.decode(), r.content.decode()[:500]
    after = Match.objects.get(pk=match.pk)
    assert after.version == match.version and not after.moves.exists()


@pytest.mark.django_db(transaction=True)
def test_a_lone_surrogate_card_is_refused_over_the_socket(alice, bob):
    match = _basar_match(alice, bob)

    async def scenario() -> None:
        for user in (alice, bob):
            comm = socket(f"/ws/partie/{match.pk}/", await _cookie(user))
            assert (await comm.connect())[0]
            await comm.receive_from(timeout=5)
            frame = SURROGATE_LAY[:-1] + f', "version": {match.version}}}'
            await comm.send_to(text_data=frame)
            answers = await frames_until(comm, lambda f: 'role="alert"' in f, timeout=5)
            assert "Unbekannter Zug" in answers[-1]
            # still open: a refused move gets its answer
            await comm.send_json_to({"type": "teleport", "version": 0})
            assert "flash" in await comm.receive_from(timeout=5)
            await comm.disconnect()

    async_to_sync(scenario)()
    after = Match.objects.get(pk=match.pk)
    assert after.version == match.version and not after.moves.exists()


async def _cookie(user) -> bytes:
    from asgiref.sync import sync_to_async

    return await sync_to_async(cookie_for)(user)


# -- socket handshakes on paths without a socket, against the real web servers ------------------

UNKNOWN_SOCKET_PATHS = [
    "/ws/",
    "/ws/nothing/",
    "/",
    "/ws/partie/abc/",
    "/ws/lobby/%ff/",
    "/ws/lobby/nothing/",
]


@pytest.fixture(scope="module", params=["daphne", "uvicorn"])
def web_server(
    request: pytest.FixtureRequest,
    live_server_env: dict[str, str],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[int, Path]]:
    """One web process started as ``make run`` starts it (``config.launch.web_args`` on an
    inherited listening socket): its port and its log."""
    from config.launch import free_port, listen, stop, web_args
    from tests.conftest import _wait_port

    port = free_port()
    sock = listen(port)
    log_path = tmp_path_factory.mktemp("web") / f"{request.param}.log"
    with open(log_path, "wb") as log_file:
        proc = subprocess.Popen(
            web_args(sock.fileno(), request.param),
            cwd=str(ROOT),
            env={**live_server_env, "DEBUG": "1"},
            pass_fds=(sock.fileno(),),
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        _wait_port(port, proc)
        _wait_app(port, proc)
        yield port, log_path
    finally:
        sock.close()
        stop([proc], timeout=10)


def _wait_app(port: int, proc: subprocess.Popen[bytes], timeout: float = 120) -> None:
    """Until the web process answers a request. The listening socket is this process's, so it
    accepts connections before the server has loaded Django: a test's first handshake then
    waited for that import too (10 s was not enough on a busy machine)."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the web process exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10):
                return
        except urllib.error.HTTPError:
            return  # an answer all the same: the application is loaded
        except (OSError, urllib.error.URLError):
            assert time.monotonic() < deadline, "the web process did not answer"
            time.sleep(0.2)  # the poll's backoff (the deadline above ends it)


def _handshake(port: int, path: str) -> str:
    """The status line a WebSocket upgrade request on ``path`` gets."""
    request = (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        f"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{port}\r\n\r\n"
    )
    with sockets.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(request.encode())
        data = b""
        while b"\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    return data.split(b"\r\n", 1)[0].decode("latin-1")


@pytest.mark.timeout(120)
def test_handshakes_on_unknown_paths_are_closed_cleanly(web_server: tuple[int, Path]) -> None:
    port, log_path = web_server
    for path in UNKNOWN_SOCKET_PATHS:
        status = _handshake(port, path)
        # refused (a close before accept: 403 from daphne and uvicorn), never a server error
        assert status.startswith("HTTP/1.1 403"), (path, status)
    # a real socket path still upgrades (the lobby of a game: open to anyone)
    assert _handshake(port, "/ws/lobby/speedone/").startswith("HTTP/1.1 101")
    log = log_path.read_text(errors="replace")
    assert "Traceback" not in log and "No route found" not in log, log[-3000:]
