"""The lobby's open-tables list: full tables are marked full, abandoned ones drop out."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
import redis
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from accounts import presence
from accounts.identity import Player
from accounts.models import User
from lobby import services
from lobby.models import Table
from lobby.views import open_tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def r():
    client = redis.Redis.from_url(settings.REDIS_URL, decode_responses=True)
    keys = [presence.ONLINE, presence.SEEN]
    client.delete(*keys)
    yield client
    client.delete(*keys)
    client.close()


def _table(name: str, seats: int = 4, age: int = 0) -> Table:
    user = User.objects.create_user(name, password="kartenglück-42")
    table = services.open_table(Player(user=user), "speedone", {"seats": seats})
    then = timezone.now() - timedelta(seconds=age)
    Table.objects.filter(pk=table.pk).update(created=then, updated=then)
    return table


def test_a_full_table_shows_full_without_a_join_button(client, bots, r):
    table = _table("Zora", seats=2)
    services.join(table, Player(user=User.objects.create_user("Bob", password="x-kartenglück-1")))
    page = client.get(reverse("lobby:room", args=["speedone"])).content.decode()
    row = page.split(f'data-table="{table.pk}"')[1].split("</li>")[0]
    assert "voll" in row and "dazusetzen" not in row


def test_an_abandoned_table_drops_out_after_the_grace_period(bots, r, settings):
    settings.TABLE_ABANDON_GRACE = 300
    fresh = _table("Fresh", age=10)  # new: listed whoever is online
    gone = _table("Gone", age=600)  # old and its opener offline for long
    online = _table("Online", age=600)
    recent = _table("Recent", age=600)
    crashed = _table("Crashed", age=600)  # its opener's process died: the score was not renewed
    now = time.time()
    r.zadd(presence.ONLINE, {f"u{online.opener.user_id}": now - 30})  # renewed half a minute ago
    r.zadd(presence.ONLINE, {f"u{crashed.opener.user_id}": now - presence.FRESH_SECONDS - 60})
    r.zadd(presence.SEEN, {f"u{recent.opener.user_id}": now - 60})
    r.zadd(presence.SEEN, {f"u{gone.opener.user_id}": now - 900})
    listed = {t.pk for t in open_tables("speedone")}
    assert listed == {fresh.pk, online.pk, recent.pk}


def test_without_redis_every_table_stays_listed(bots, r, settings):
    old = _table("Old", age=3600)
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    assert [t.pk for t in open_tables("speedone")] == [old.pk]
