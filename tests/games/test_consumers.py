"""The match socket over the real Redis channel layer: each seat sees only its own hand, and
forged or out-of-turn messages are refused without changing anything."""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.db import connection

from games import actions, broadcast
from games.actions import SeatSpec
from games.consumers import CURRENT_FRAME
from games.engines.base import get_engine
from games.models import Match
from tests.sockets import board_at_least, cookie_for, frames_until, socket

ALICE_CARDS = ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]
BOB_CARDS = ["G8", "G9", "B8", "B9", "Y8", "Y9", "GS"]

pytestmark = pytest.mark.django_db(transaction=True)


def connect(match_id: int, cookie: bytes | None) -> WebsocketCommunicator:
    return socket(f"/ws/partie/{match_id}/", cookie)


async def open_at_first_board(
    match_id: int, *cookies: bytes | None
) -> tuple[list[WebsocketCommunicator], list[list[str]]]:
    """One socket per cookie (``None``: a spectator), all connected, then each one's frames up to
    its first board."""
    comms = [connect(match_id, cookie) for cookie in cookies]
    for comm in comms:
        assert (await comm.connect())[0]
    return comms, [await frames_until(comm, board_at_least(0)) for comm in comms]


def cards_in(html: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', html))


def start(alice, bob) -> Match:
    return actions.start_match(
        "speedone",
        [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)],
        {},
        deck=[*ALICE_CARDS, *BOB_CARDS, "R0"],
    )


def has_alert(frame: str) -> bool:
    return 'role="alert"' in frame


def test_each_seat_receives_only_its_own_hand(alice, bob):
    match = start(alice, bob)
    a_cookie, b_cookie = cookie_for(alice), cookie_for(bob)

    async def scenario() -> tuple[list[str], list[str]]:
        (a, b), (seen_a, seen_b) = await open_at_first_board(match.pk, a_cookie, b_cookie)
        await a.send_json_to({"type": "play", "card": "R1", "version": 0})
        seen_a += await frames_until(a, board_at_least(1))
        seen_b += await frames_until(b, board_at_least(1))
        await b.send_json_to({"type": "draw", "version": 1})
        seen_a += await frames_until(a, board_at_least(2))
        seen_b += await frames_until(b, board_at_least(2))
        await a.disconnect()
        await b.disconnect()
        return seen_a, seen_b

    seen_a, seen_b = async_to_sync(scenario)()
    assert len(seen_a) >= 3 and len(seen_b) >= 3
    # a deck holds most cards twice: compare with what each seat really held (Bob drew one card)
    match.refresh_from_db()
    engine = get_engine("speedone")
    state = engine.from_json(match.state)
    bob_held = set(BOB_CARDS) | set(engine.view(state, 1)["hand"])
    for html in seen_a:
        assert cards_in(html) <= set(ALICE_CARDS), "Alice was sent a card she may not see"
    for html in seen_b:
        assert cards_in(html) <= bob_held, "Bob was sent a card he may not see"
    assert 'data-version="2"' in seen_a[-1] and 'data-version="2"' in seen_b[-1]
    # the seed and the draw pile order never leave the server
    match.refresh_from_db()
    for html in seen_a + seen_b:
        assert str(match.seed) not in html


@pytest.mark.parametrize(
    "message",
    [
        {"type": "play", "card": "G8", "version": 0},  # Bob's card, from Alice
        {"type": "play", "card": "R1", "version": 99},  # stale version
        {"type": "teleport"},
        {"type": "play", "card": ["R1"]},
        {"cards": "all"},
        ["play", "R1"],
    ],
)
def test_forged_messages_get_a_german_message_and_change_nothing(alice, bob, message):
    match = start(alice, bob)
    a_cookie = cookie_for(alice)

    async def scenario() -> list[str]:
        a = connect(match.pk, a_cookie)
        assert (await a.connect())[0]
        await frames_until(a, board_at_least(0))
        await a.send_to(text_data=json.dumps(message))
        got = await frames_until(a, has_alert)
        await a.disconnect()
        return got

    got = async_to_sync(scenario)()
    assert any('role="alert"' in html for html in got)
    match.refresh_from_db()
    assert match.version == 0 and not match.moves.exists()


def test_a_spectator_sees_no_hand_and_cannot_move(alice, bob, settings):
    settings.SPECTATORS_ANONYMOUS = True  # the visitor with the least: no account, no guest
    match = start(alice, bob)

    async def scenario() -> list[str]:
        s = connect(match.pk, None)
        assert (await s.connect())[0]
        got = await frames_until(s, board_at_least(0))
        await s.send_json_to({"type": "play", "card": "R1", "version": 0})
        got += await frames_until(s, lambda f: "Du schaust nur zu" in f)
        await s.disconnect()
        return got

    got = async_to_sync(scenario)()
    assert all(not cards_in(html) for html in got)
    assert "Du schaust nur zu" in "".join(got)
    assert Match.objects.get(pk=match.pk).version == 0


def test_a_foreign_origin_is_refused(alice, bob):
    match = start(alice, bob)

    async def scenario() -> bool:
        comm = socket(f"/ws/partie/{match.pk}/", cookie_for_sync, origin=b"https://evil.example")
        connected, _ = await comm.connect()
        return connected

    cookie_for_sync = cookie_for(alice)
    assert async_to_sync(scenario)() is False


def test_a_spectator_follows_the_moves_without_seeing_a_hand(alice, bob, settings):
    settings.SPECTATORS_ANONYMOUS = True  # the visitor with the least: no account, no guest
    match = start(alice, bob)
    a_cookie = cookie_for(alice)

    async def scenario() -> list[str]:
        (s, a), _first = await open_at_first_board(match.pk, None, a_cookie)
        await a.send_json_to({"type": "play", "card": "R1", "version": 0})
        got = await frames_until(s, board_at_least(1))
        await s.disconnect()
        await a.disconnect()
        return got

    got = async_to_sync(scenario)()
    assert any('data-version="1"' in html for html in got)
    assert all(not cards_in(html) for html in got)


def test_a_late_push_of_an_older_board_is_not_shown(alice, bob):
    """Boards are rendered by whoever moved, in several processes: a push that arrives after a
    newer one must not turn the page back."""
    match = start(alice, bob)
    a_cookie = cookie_for(alice)

    async def scenario() -> tuple[str, str]:
        a = connect(match.pk, a_cookie)
        assert (await a.connect())[0]
        await frames_until(a, board_at_least(0))
        layer = get_channel_layer()
        group = broadcast.players_group(match.pk)

        def boards(version: int, html: str) -> dict[str, Any]:
            return {"type": "match.boards", "version": version, "boards": {"0": html, "1": "b"}}

        await layer.group_send(group, boards(5, "new"))
        newer = await a.receive_from(timeout=5)
        await layer.group_send(group, boards(4, "old"))
        # a later push after the old one: whatever comes next shows whether "old" was dropped
        await layer.group_send(group, boards(6, "newest"))
        following = await a.receive_from(timeout=5)
        await a.disconnect()
        return newer, following

    newer, following = async_to_sync(scenario)()
    assert newer == "new"
    assert following == "newest", "the older push was shown"


def test_the_pages_sync_check_over_the_socket_repairs_a_lost_push(alice, bob):
    """The page asks every few seconds over its socket whether it is current: a board whose push
    was lost comes with the answer; a current page gets nothing."""
    match = start(alice, bob)
    b_cookie = cookie_for(bob)

    async def scenario() -> tuple[list[str], list[str]]:
        b = connect(match.pk, b_cookie)
        assert (await b.connect())[0]
        await frames_until(b, board_at_least(0))
        # a current page: no board comes (the flash of the forged move after it is first)
        await b.send_json_to({"type": "sync", "version": "0"})
        await b.send_json_to({"type": "play", "card": "G8", "version": 0})  # not Bob's turn
        quiet = await frames_until(b, has_alert)
        # Alice's move whose pushes are lost (collected, never sent)
        from channels.db import database_sync_to_async

        def lost_move() -> None:
            with broadcast.collecting_broadcasts():
                actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)

        await database_sync_to_async(lost_move)()
        await b.send_json_to({"type": "sync", "version": "0"})
        repaired = await frames_until(b, board_at_least(1))
        await b.disconnect()
        return quiet, repaired

    quiet, repaired = async_to_sync(scenario)()
    assert len(quiet) == 1 and has_alert(quiet[0])  # only the refusal, no board for the sync
    assert 'data-version="1"' in repaired[-1]
    assert not cards_in(repaired[-1]) & set(ALICE_CARDS[1:]), "Bob never sees Alice's hand"


def test_many_pages_sync_checks_cost_one_query_per_process_not_one_per_page(
    alice, bob, monkeypatch
):
    """Issue 28: the pages' currency checks are answered together – eight pages asking within a
    second cost one query, a current page gets nothing, and a page behind gets the board."""
    from games import consumers

    match = start(alice, bob)
    asked: list[list[int]] = []
    real = actions.current_versions

    def counted(ids: list[int]) -> dict[int, int]:
        asked.append(sorted(ids))
        return real(ids)

    monkeypatch.setattr(actions, "current_versions", counted)
    b_cookie = cookie_for(bob)

    async def scenario() -> list[list[str]]:
        pages = [connect(match.pk, b_cookie) for _ in range(8)]
        for page in pages:
            assert (await page.connect())[0]
            await frames_until(page, board_at_least(0))
        for page in pages[:7]:
            await page.send_json_to({"type": "sync", "version": 0})  # current
        await pages[7].send_json_to({"type": "sync", "version": "-"})  # behind (unreadable)
        await asyncio.sleep(consumers.SYNC_BATCH_SECONDS + 0.5)
        frames = [await frames_until(pages[7], board_at_least(0))]
        for page in pages[:7]:
            assert await page.receive_nothing(timeout=0.2)
        for page in pages:
            await page.disconnect()
        return frames

    frames = async_to_sync(scenario)()
    assert asked == [[match.pk]]
    assert 'data-version="0"' in frames[0][-1]


def test_a_sync_overtaken_by_a_push_sends_nothing_and_a_page_behind_is_repaired(alice, bob):
    """Issue 28: a page asks while its table plays on. When the move's push reaches the socket
    before the batched answer, the answer sends nothing more (no second render of the same
    board); a page still behind what its socket sent, with nothing newer sent since, gets the
    current board again with the answer."""
    from games import consumers

    match = start(alice, bob)
    a_cookie, b_cookie = cookie_for(alice), cookie_for(bob)

    async def scenario() -> tuple[list[str], bool, list[str]]:
        (a, b), _first = await open_at_first_board(match.pk, a_cookie, b_cookie)
        await b.send_json_to({"type": "sync", "version": 0})  # current when it asks
        await a.send_json_to({"type": "play", "card": "R1", "version": 0})
        pushed = await frames_until(b, board_at_least(1))  # the move's push, before the answer
        await asyncio.sleep(consumers.SYNC_BATCH_SECONDS + 0.5)
        quiet = await b.receive_nothing(timeout=0.3)
        # the page says it still shows 0 (as if board 1 never arrived on the page): repaired
        await b.send_json_to({"type": "sync", "version": 0})
        repaired = await frames_until(b, board_at_least(1))
        await a.disconnect()
        await b.disconnect()
        return pushed, quiet, repaired

    pushed, quiet, repaired = async_to_sync(scenario)()
    assert 'data-version="1"' in pushed[-1]
    assert quiet, "the answer rendered the board the push had just brought"
    assert 'data-version="1"' in repaired[-1]
    assert not cards_in(repaired[-1]) & set(ALICE_CARDS[1:]), "Bob never sees Alice's hand"


def test_a_sync_answered_before_the_moves_push_waits_for_the_push(alice, bob, monkeypatch):
    """Issue 28: at a busy table the sync answer often reads a version whose push has not reached
    the socket yet. The answer waits ``REPAIR_GRACE_SECONDS`` for it: the push alone brings the
    board, the answer renders none of its own (before, the page got the same board twice and the
    server rendered it twice)."""
    from channels.db import database_sync_to_async

    from games import consumers

    monkeypatch.setattr(consumers, "REPAIR_GRACE_SECONDS", 1.5)
    match = start(alice, bob)
    b_cookie = cookie_for(bob)

    def held_move() -> broadcast.Broadcast:
        with broadcast.collecting_broadcasts() as held:  # committed, its push not sent yet
            actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
        return held

    async def scenario() -> tuple[list[str], bool]:
        (b,), _first = await open_at_first_board(match.pk, b_cookie)
        held = await database_sync_to_async(held_move)()
        await b.send_json_to({"type": "sync", "version": 0})
        await asyncio.sleep(consumers.SYNC_BATCH_SECONDS + 0.3)  # answered: version 1 is newer
        await broadcast.send_broadcasts(get_channel_layer(), held)  # the push arrives late
        pushed = await frames_until(b, board_at_least(1))
        quiet = await b.receive_nothing(timeout=consumers.REPAIR_GRACE_SECONDS + 0.5)
        await b.disconnect()
        return pushed, quiet

    pushed, quiet = async_to_sync(scenario)()
    assert len(pushed) == 1 and 'data-version="1"' in pushed[0]
    assert quiet, "the sync answer rendered the board its push brought"


#: a frame that is a board (of any version), not a message alone
board_frame = board_at_least(0)


def test_a_refused_move_on_the_current_board_gets_the_message_alone(alice, bob):
    """Issue 28: a refused move changes nothing, and the page already shows the board it was
    refused at: the answer is the message, not the whole board rendered again."""
    match = start(alice, bob)
    b_cookie = cookie_for(bob)

    async def scenario() -> list[str]:
        (b,), _first = await open_at_first_board(match.pk, b_cookie)
        await b.send_json_to({"type": "draw", "version": 0})  # Alice's turn
        got = await frames_until(b, has_alert)
        assert await b.receive_nothing(timeout=0.3)
        await b.disconnect()
        return got

    got = async_to_sync(scenario)()
    assert len(got) == 1 and not board_frame(got[0]), "a board was rendered for a refusal"
    assert "Du bist nicht am Zug." in got[0]
    match.refresh_from_db()
    assert match.version == 0


def _held_move(match_id: int) -> list[broadcast.Broadcast]:
    """Alice's first move, stored and announced, its pushes held back (returned, not sent)."""
    with broadcast.collecting_broadcasts() as held:
        actions.play(match_id, 0, {"type": "play", "card": "R1"}, version=0)
    return held


def test_a_late_move_gets_its_message_after_the_board_it_came_too_late_for(alice, bob):
    """A move refused at a version the socket has not sent yet (its push is on the way, as in a
    race for a doubt window): the message comes right after that push, not with a second
    rendering of the board, and nothing wipes it."""
    match = start(alice, bob)
    b_cookie = cookie_for(bob)

    async def scenario() -> tuple[list[str], bool]:
        from channels.db import database_sync_to_async

        (b,), _first = await open_at_first_board(match.pk, b_cookie)
        held = await database_sync_to_async(_held_move)(match.pk)
        await b.send_json_to({"type": "draw", "version": 0})  # the page still shows 0
        early = await b.receive_nothing(timeout=0.5)  # nothing until the board is there
        assert await broadcast.send_broadcasts(get_channel_layer(), held)
        got = await frames_until(b, has_alert)
        await b.disconnect()
        return got, early

    got, early = async_to_sync(scenario)()
    assert early, "the message came before the board it refers to"
    assert [board_frame(f) for f in got] == [True, False], got
    assert 'data-version="1"' in got[0] and not has_alert(got[0])
    assert "schon weiter" in got[1]


def test_a_late_move_whose_push_is_lost_gets_the_board_with_its_message(alice, bob, monkeypatch):
    """The push the message waits for never comes (lost with a dead process): after
    ``REFUSAL_WAIT_SECONDS`` the socket sends the current board with the message itself."""
    from games import consumers

    monkeypatch.setattr(consumers, "REFUSAL_WAIT_SECONDS", 0.3)
    match = start(alice, bob)
    b_cookie = cookie_for(bob)

    async def scenario() -> list[str]:
        from channels.db import database_sync_to_async

        (b,), _first = await open_at_first_board(match.pk, b_cookie)
        await database_sync_to_async(_held_move)(match.pk)  # its pushes are dropped
        await b.send_json_to({"type": "draw", "version": 0})
        got = await frames_until(b, has_alert)
        await b.disconnect()
        return got

    got = async_to_sync(scenario)()
    assert len(got) == 1 and 'data-version="1"' in got[0] and "schon weiter" in got[0]
    assert not cards_in(got[0]) & set(ALICE_CARDS[1:]), "Bob never sees Alice's hand"


def test_a_move_after_the_database_dropped_every_connection_goes_through(alice, bob):
    """The socket's database threads skip Django's per-message health check (a ``SELECT 1`` on
    every move) and instead drop a connection the server has closed, without a round trip: a
    restarted or killed backend costs no move and shows no message."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL closes its connections here")
    match = start(alice, bob)
    a_cookie, b_cookie = cookie_for(alice), cookie_for(bob)

    async def scenario() -> list[str]:
        (a, b), _first = await open_at_first_board(match.pk, a_cookie, b_cookie)
        await a.send_json_to({"type": "play", "card": "R1", "version": 0})
        await frames_until(b, board_at_least(1))
        await sync_to_async(terminate_other_backends)()
        await b.send_json_to({"type": "draw", "version": 1})
        seen = await frames_until(b, board_at_least(2))
        await a.disconnect()
        await b.disconnect()
        return seen

    seen = async_to_sync(scenario)()
    assert not any(has_alert(f) for f in seen), "the move hit a dead connection"
    match.refresh_from_db()
    assert match.version == 2


def terminate_other_backends(timeout: float = 5) -> None:
    """Terminate every other connection to the test database; return once their server
    processes are gone (their sockets closed)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        pids = [pid for pid, _ in cursor.fetchall()]
        assert pids, "no other connection to terminate"
        deadline = time.monotonic() + timeout
        while True:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)", [pids])
            if cursor.fetchone()[0] == 0:
                return
            assert time.monotonic() < deadline, "the terminated backends did not exit"
            time.sleep(0.02)  # the poll's backoff


# -- the board once (issue 44) --------------------------------------------------------------------


def test_a_page_that_shows_the_current_board_is_not_sent_it_again(alice, bob):
    """A page says the version it shows when it opens its socket (``?v=n``): the current version
    gets ``CURRENT_FRAME`` instead of the whole board a second time; an older one (a move came
    between the page and its socket) or none gets the board; a move after that is pushed."""
    match = start(alice, bob)
    a_cookie, b_cookie = cookie_for(alice), cookie_for(bob)

    async def scenario() -> tuple[str, list[str], list[str], list[str]]:
        current = socket(f"/ws/partie/{match.pk}/?v=0", a_cookie)
        assert (await current.connect())[0]
        first = await current.receive_from(timeout=10)
        bob_socket = socket(f"/ws/partie/{match.pk}/?v=0", b_cookie)
        assert (await bob_socket.connect())[0]
        assert await bob_socket.receive_from(timeout=10) == CURRENT_FRAME
        await current.send_json_to({"type": "play", "card": "R1", "version": 0})
        pushed = await frames_until(current, board_at_least(1))
        behind = socket(f"/ws/partie/{match.pk}/?v=0", a_cookie)  # a page still at version 0
        assert (await behind.connect())[0]
        repaired = await frames_until(behind, board_at_least(1))
        unsaid = socket(f"/ws/partie/{match.pk}/?v=x", a_cookie)  # no version: the board
        assert (await unsaid.connect())[0]
        told = await frames_until(unsaid, board_at_least(1))
        for comm in (current, bob_socket, behind, unsaid):
            await comm.disconnect()
        return first, pushed, repaired, told

    first, pushed, repaired, told = async_to_sync(scenario)()
    assert first == CURRENT_FRAME  # the page shows version 0: no second board
    assert 'data-version="1"' in pushed[-1]
    assert 'data-version="1"' in repaired[0] and 'data-version="1"' in told[0]


def test_the_match_page_opens_its_socket_with_the_version_it_shows(client, alice, bob):
    match = start(alice, bob)
    client.force_login(alice)
    page = client.get(f"/partie/{match.pk}/").content.decode()
    assert f'ws-connect="/ws/partie/{match.pk}/?v={match.version}"' in page
    assert 'id="board"' in page and f'data-version="{match.version}"' in page
