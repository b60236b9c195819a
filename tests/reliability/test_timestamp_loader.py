"""Django 5.2 parses PostgreSQL timestamps in Python, and our compiled replacement
(``config.db_fixes``) gives the same values."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.backends.postgresql import psycopg_any
from psycopg.pq import Format
from psycopg.types.datetime import TimestamptzLoader

from config import db_fixes
from games.models import Match
from tests.reliability.siteproc import run_django

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="PostgreSQL's loader (the CI database)"
)

#: timestamps as PostgreSQL writes them in a session in UTC, and one in another session zone
TEXTS = [
    b"2026-12-02 21:10:11.123456+00",
    b"2026-12-02 21:10:11+00",
    b"2026-03-29 01:30:00+00",
    b"1999-12-31 23:59:59.999999+00",
    b"0001-01-01 00:00:00+00",
    b"9999-12-31 23:59:59.999999+00",
    b"2026-07-01 12:00:00+02",
    b"2026-07-01 12:00:00.5-03:30",
]


def test_django_itself_still_parses_timestamps_in_python():
    """When this fails, Django uses psycopg's compiled loader itself: remove ``config.db_fixes``."""
    assert TimestamptzLoader in psycopg_any.BaseTzLoader.__mro__
    assert db_fixes.COMPILED is not TimestamptzLoader  # psycopg[binary] is installed


@pytest.mark.django_db
def test_the_site_s_connections_load_the_same_datetimes_as_django_would():
    with connection.cursor():
        pass
    adapters = connection.connection.adapters
    ours = adapters.get_loader(db_fixes.TIMESTAMPTZ_OID, Format.TEXT)
    assert issubclass(ours, db_fixes.FastTzLoader)
    assert ours.timezone is connection.timezone  # Django's create_cursor keeps it

    class Djangos(psycopg_any.BaseTzLoader):
        timezone = connection.timezone

    fast = ours(db_fixes.TIMESTAMPTZ_OID, connection.connection)
    slow = Djangos(db_fixes.TIMESTAMPTZ_OID, connection.connection)
    for text in TEXTS:
        a, b = fast.load(text), slow.load(text)
        assert (a, a.tzinfo, a.utcoffset()) == (b, b.tzinfo, b.utcoffset()), text
        assert a.tzinfo is datetime.UTC


@pytest.mark.django_db
def test_a_model_s_datetimes_round_trip_through_the_fast_loader():
    match = Match.objects.create(game="speedone", players=2, seed=1, bot_seed=1, deck=[], state={})
    stamp = datetime.datetime(2026, 12, 2, 21, 0, 0, 123456, tzinfo=datetime.UTC)
    Match.objects.filter(pk=match.pk).update(deadline=stamp)
    loaded = Match.objects.get(pk=match.pk)
    assert loaded.deadline == stamp and loaded.deadline.tzinfo is datetime.UTC
    assert loaded.created.tzinfo is datetime.UTC


_POOLED = """
from django.db import connection
from psycopg.pq import Format
from config import db_fixes
for _ in range(2):  # a fresh check-out from the pool, then one that was handed back
    with connection.cursor() as cursor:
        cursor.execute("SELECT now()")
        assert cursor.fetchone()[0].tzinfo is connection.timezone
    loader = connection.connection.adapters.get_loader(db_fixes.TIMESTAMPTZ_OID, Format.TEXT)
    print(issubclass(loader, db_fixes.FastTzLoader), connection.settings_dict["OPTIONS"].get("pool") is not None)
    connection.close()
"""


def test_a_web_process_pooled_connection_loads_with_ours(live_server_env: dict[str, str]):
    """A fresh process with the site's settings and its connection pool (nothing imported by
    hand): each check-out parses timestamps with the compiled loader. It connects to the test
    database, as the suite's other site processes do (``live_server_env``: CI's DATABASE_URL
    names one that only exists under the test runner's name)."""
    url = live_server_env["DATABASE_URL"]
    out = run_django(_POOLED, DEBUG="1", DB_POOL="1", DATABASE_URL=url)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "True", "True", "True"]
