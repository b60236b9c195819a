"""Spectators cannot stall a match (issue 23, item 1): the public board is rendered once per move
for all of them, a match takes at most ``MAX_SPECTATORS_PER_MATCH`` spectator sockets, a client at
most ``MAX_SOCKETS_PER_CLIENT`` match sockets, and visitors without an account or a guest identity
watch only with ``SPECTATORS_ANONYMOUS``. Real PostgreSQL and Redis (channel layer and caps)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings
from django.test import Client

from accounts.models import User
from games import actions, rendering, spectators
from games.models import Match
from tests.games.test_consumers import cards_in, connect, start
from tests.sockets import board_at_least, cookie_for, frames_until

pytestmark = pytest.mark.django_db(transaction=True)


def viewers(count: int) -> list[bytes]:
    """``count`` registered spectators, each with a logged-in session cookie."""
    return [
        cookie_for(User.objects.create_user(f"Zuschauer{i}", password="kartenglück-42"))
        for i in range(count)
    ]


async def refusal(comm: WebsocketCommunicator) -> tuple[str, int]:
    """The German message and the close code of a socket the server refused."""
    assert (await comm.connect())[0]  # accepted first, then told why and closed
    flash = await comm.receive_from(timeout=10)
    closed = await comm.receive_output(timeout=10)
    assert closed["type"] == "websocket.close"
    return flash, closed["code"]


@pytest.fixture
def public_renders(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The versions of every public board (the view of no seat) rendered in this process."""
    seen: list[int] = []
    real = rendering.board_context

    def counting(match: Match, seat: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        if seat is None:
            seen.append(match.version)
        return real(match, seat, *args, **kwargs)

    monkeypatch.setattr(rendering, "board_context", counting)
    return seen


def test_fifty_spectators_cost_one_public_render_per_move(alice, bob, public_renders):
    """The flood: 50 spectator sockets on one match. Every move renders the public board exactly
    once per language of the site (as with one spectator; issue 46: each socket forwards the one
    in its person's language), every spectator gets that same board, and it holds no card."""
    match = start(alice, bob)
    cookies = viewers(50)
    a_cookie = cookie_for(alice)

    async def scenario() -> tuple[list[list[str]], list[int], int]:
        comms = [connect(match.pk, c) for c in cookies]
        for comm in comms:
            assert (await comm.connect())[0]
            await frames_until(comm, board_at_least(0))
        a = connect(match.pk, a_cookie)
        assert (await a.connect())[0]
        await frames_until(a, board_at_least(0))
        at_connect = len(public_renders)  # opening renders once per version, not per socket
        public_renders.clear()
        got: list[list[str]] = [[] for _ in comms]
        await a.send_json_to({"type": "play", "card": "R1", "version": 0})
        for i, comm in enumerate(comms):
            got[i] = await frames_until(comm, board_at_least(1))
        per_move = list(public_renders)
        for comm in (*comms, a):
            await comm.disconnect()
        return got, per_move, at_connect

    got, per_move, at_connect = async_to_sync(scenario)()
    assert at_connect == 1, f"{at_connect} public renders for 50 sockets opening on one version"
    languages = len(django_settings.LANGUAGES)
    assert per_move == [1] * languages, f"public renders during one move: {per_move}"
    boards = {frames[-1] for frames in got}
    assert len(boards) == 1, "the spectators got different boards"
    board = boards.pop()
    assert 'data-version="1"' in board
    assert not cards_in(board), "a spectator was sent a card"
    match.refresh_from_db()
    assert str(match.seed) not in board
    assert match.watchers == 0  # every closed socket was counted off


def test_the_spectator_cap_refuses_the_next_socket_in_german(alice, bob, settings):
    settings.MAX_SPECTATORS_PER_MATCH = 3
    match = start(alice, bob)
    cookies = viewers(5)

    async def scenario() -> tuple[str, int, int, bool]:
        admitted = [connect(match.pk, c) for c in cookies[:3]]
        for comm in admitted:
            assert (await comm.connect())[0]
            await frames_until(comm, board_at_least(0))
        flash, code = await refusal(connect(match.pk, cookies[3]))
        watching = await Match.objects.values_list("watchers", flat=True).aget(pk=match.pk)
        # a place that frees up is taken by the next one
        await admitted[0].disconnect()
        late = connect(match.pk, cookies[4])
        assert (await late.connect())[0]
        second = await frames_until(late, board_at_least(0))
        for comm in (*admitted[1:], late):
            await comm.disconnect()
        return flash, code, watching, bool(second)

    flash, code, watching, second = async_to_sync(scenario)()
    assert "Dieser Partie schauen schon 3 Leute zu" in flash and 'role="alert"' in flash
    assert code == spectators.CLOSE_FULL
    assert watching == 3, "the refused socket was counted as a spectator"
    assert second
    assert Match.objects.get(pk=match.pk).watchers == 0


def test_one_client_holds_at_most_the_cap_of_match_sockets(alice, bob, settings):
    """Per account (or guest, or address): the third socket of one person is refused, also at a
    table where the person sits; other people are not affected."""
    settings.MAX_SOCKETS_PER_CLIENT = 2
    match = start(alice, bob)
    a_cookie, b_cookie = cookie_for(alice), cookie_for(bob)

    async def scenario() -> tuple[str, int]:
        mine = [connect(match.pk, a_cookie) for _ in range(2)]
        for comm in mine:
            assert (await comm.connect())[0]
            await frames_until(comm, board_at_least(0))
        flash, code = await refusal(connect(match.pk, a_cookie))
        other = connect(match.pk, b_cookie)
        assert (await other.connect())[0]
        await frames_until(other, board_at_least(0))
        for comm in (*mine, other):
            await comm.disconnect()
        return flash, code

    flash, code = async_to_sync(scenario)()
    assert "Du hast schon 2 Partien gleichzeitig offen" in flash
    assert code == spectators.CLOSE_FULL


def test_a_place_left_by_a_dead_process_expires(alice, bob, settings):
    """A web process that died never released its sockets' places: they expire instead of
    blocking the match for good."""
    settings.MAX_SPECTATORS_PER_MATCH = 1
    match = start(alice, bob)
    (cookie,) = viewers(1)

    async def scenario() -> bool:
        key = f"{spectators._PREFIX}:match:{match.pk}"
        r = spectators.redis_client()
        await r.zadd(key, {"specific.dead-process!x": time.time() + 60})  # alive: it blocks
        flash, code = await refusal(connect(match.pk, cookie))
        assert code == spectators.CLOSE_FULL and "schaut schon 1 Person zu" in flash
        await r.zadd(key, {"specific.dead-process!x": time.time() - 1})  # its expiry passed
        comm = connect(match.pk, cookie)
        assert (await comm.connect())[0]
        ok = bool(await frames_until(comm, board_at_least(0)))
        await comm.disconnect()
        left = await r.zcard(key)
        await r.delete(key)
        return ok and left == 0

    assert async_to_sync(scenario)()


def test_open_sockets_renew_their_places_and_closed_ones_stay_free():
    """The heartbeat pushes the expiry of the places this process holds, and never takes back a
    place a socket released."""

    async def scenario() -> tuple[float, float, float | None]:
        hub = spectators.Admissions()
        ticket, refusal = await hub.admit("specific.renew!a", "ip:192.0.2.7", 987654321)
        assert ticket is not None and not refusal
        other, _ = await hub.admit("specific.renew!b", "ip:192.0.2.8", 987654321)
        assert other is not None
        r = spectators.redis_client()
        match_key = ticket.keys[1]
        await r.zadd(match_key, {ticket.member: time.time() + 1})  # almost expired
        await hub.release(other)
        await hub.renew()
        renewed = await r.zscore(match_key, ticket.member)
        released = await r.zscore(match_key, other.member)
        await hub.release(ticket)
        assert not hub.keys
        return time.time(), renewed, released

    now, renewed, released = async_to_sync(scenario)()
    assert renewed > now + spectators.ttl() - 5
    assert released is None


def test_anonymous_visitors_watch_only_when_the_setting_allows(alice, bob, settings):
    match = start(alice, bob)
    url = f"/partie/{match.pk}/"

    async def socket_refused() -> tuple[str, int]:
        return await refusal(connect(match.pk, None))

    flash, code = async_to_sync(socket_refused)()
    assert "Zuschauen können nur angemeldete Spieler und Gäste" in flash
    assert code == spectators.CLOSE_ANONYMOUS
    assert Match.objects.get(pk=match.pk).watchers == 0
    page = Client().get(url)
    text = page.content.decode()
    assert page.status_code == 403
    assert "Zuschauen können nur angemeldete Spieler und Gäste" in text
    assert f"anmelden/?next=/partie/{match.pk}/" in text
    assert 'id="board"' not in text and "ws-connect" not in text
    assert Client().get(f"{url}brett/").status_code == 403
    # a guest may watch (and so may an account: the other tests)
    guest = Client()
    guest.post("/konto/gast/", {"display_name": "Gustav", "next": url})
    assert guest.get(url).status_code == 200

    settings.SPECTATORS_ANONYMOUS = True
    page = Client().get(url)
    assert page.status_code == 200
    # the page's words for a refused socket (match.js shows them on close codes 4403 and 4429)
    text = page.content.decode()
    assert 'data-refused-4403="Zuschauen können nur angemeldete Spieler und Gäste.' in text
    assert 'data-refused-4429="Hier ist gerade kein Platz mehr zum Zuschauen' in text

    async def socket_admitted() -> list[str]:
        comm = connect(match.pk, None)
        assert (await comm.connect())[0]
        got = await frames_until(comm, board_at_least(0))
        await comm.disconnect()
        return got

    got = async_to_sync(socket_admitted)()
    assert not any(cards_in(f) for f in got)


def test_a_move_with_spectators_publishes_one_public_board(alice, bob):
    """The write path: the spectators' group gets the board itself (the view of no seat)."""
    from tests.capture import capture

    match = start(alice, bob)
    actions.count_watcher(match.pk, +1)
    with capture() as cap:
        actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    spectate = [m for _, m in cap.pushes if m["type"] == "match.spectate"]
    assert len(spectate) == 1 and spectate[0]["version"] == 1
    match.refresh_from_db()
    seats = list(match.seats.all())
    assert spectate[0]["html"] == rendering.render_board(match, None, oob=True, seats=seats)
    assert not cards_in(spectate[0]["html"])
