"""Lobby and table sockets over the real Redis channel layer."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from accounts.identity import Player
from lobby import services
from tests.sockets import cookie_for, socket

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_new_table_appears_in_the_open_lobby_without_reload(alice, bob):
    cookie = cookie_for(bob)

    async def scenario() -> str:
        lobby = socket("/ws/lobby/speedone/", cookie)
        assert (await lobby.connect())[0]
        from channels.db import database_sync_to_async

        await database_sync_to_async(services.open_table)(
            Player(user=alice), "speedone", {"seats": 4}
        )
        html = await lobby.receive_from(timeout=3)
        await lobby.disconnect()
        return html

    html = async_to_sync(scenario)()
    assert 'id="open-tables"' in html and 'hx-swap-oob="true"' in html
    assert "Alice" in html and "dazusetzen" in html


def test_the_table_page_updates_when_someone_sits_down(alice, bob):
    table = services.open_table(Player(user=alice), "speedone", {"seats": 4})
    cookie = cookie_for(alice)

    async def scenario() -> str:
        ws = socket(f"/ws/tisch/{table.pk}/", cookie)
        assert (await ws.connect())[0]
        from channels.db import database_sync_to_async

        await database_sync_to_async(services.join)(table, Player(user=bob))
        html = await ws.receive_from(timeout=3)
        await ws.disconnect()
        return html

    html = async_to_sync(scenario)()
    assert 'id="table-panel"' in html and "Bob" in html


def test_an_invitation_reaches_the_online_user_at_once(alice, bob):
    table = services.open_table(Player(user=alice), "speedone", {"seats": 4})
    cookie = cookie_for(bob)

    async def scenario() -> tuple[list[dict], str]:
        ws = socket("/ws/lobby/speedone/", cookie)
        assert (await ws.connect())[0]
        from channels.db import database_sync_to_async

        from accounts.presence import online_users

        online = await database_sync_to_async(online_users)()
        await database_sync_to_async(services.invite)(table, Player(user=alice), bob.pk)
        html = await ws.receive_from(timeout=3)
        await ws.disconnect()
        return online, html

    online, html = async_to_sync(scenario)()
    assert {"key": f"u{bob.pk}", "id": str(bob.pk), "name": "Bob"} in online
    assert "Alice" in html and f"/einladung/{table.token}/" in html


def test_finished_games_appear_under_meine_partien(client, alice, bots):
    from games.models import Match

    match = services.start_solo(Player(user=alice), "speedone", 1, "leicht")
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, finished=match.created)
    match.seats.filter(index=0).update(place=1, score=0)
    client.force_login(alice)
    page = client.get("/konto/profil/").content.decode()
    assert "Speedone" in page and f"/partie/{match.pk}/" in page
