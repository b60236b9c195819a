"""Load PostgreSQL timestamps with psycopg's compiled loader instead of Django's Python one.

Django 5.2 registers its own ``timestamptz`` loader on every psycopg connection: a subclass of
psycopg's *pure Python* ``TimestamptzLoader`` that also sets the result's ``tzinfo`` to the
connection's time zone. Subclassing a Python class means psycopg's C loader (from
``psycopg[binary]``) is never used for timestamps: a value costs about 3.7 µs instead of 0.2 µs.
Every move reads its match with all its seats (``games.actions.seats.load_match``), four to five
timestamps per row and one row per seat, and parsing them was 4 % of a web process's CPU at 200
busy Speedbasar tables (py-spy, issue 28).

``FastTzLoader`` hands each value to the compiled loader and sets the ``tzinfo`` Django would
(the compiled loader already returns it when the session's time zone is Django's, which Django
sets on connect: then nothing is replaced). It carries the ``timezone`` attribute Django's
``create_cursor`` compares, so Django keeps it. It is registered on each new connection
(``connection_created``; with the connection pool, on each check-out, where it only looks).
"""

from __future__ import annotations

import datetime
from functools import lru_cache
from typing import Any

import psycopg
from django.db.backends.signals import connection_created
from psycopg import postgres
from psycopg.adapt import Loader
from psycopg.pq import Format

TIMESTAMPTZ_OID = postgres.types["timestamptz"].oid
#: psycopg's default loader: the compiled one with ``psycopg[binary]``, else its Python one
COMPILED = psycopg.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)


class FastTzLoader(Loader):
    """A ``timestamptz`` text value as an aware datetime in ``timezone`` (Django's result)."""

    timezone: datetime.tzinfo | None = None

    def __init__(self, oid: int, context: Any = None) -> None:
        super().__init__(oid, context)
        assert COMPILED is not None
        self._load = COMPILED(oid, context).load

    def load(self, data: Any) -> datetime.datetime:
        value: datetime.datetime = self._load(data)
        tz = self.timezone
        return value if value.tzinfo is tz else value.replace(tzinfo=tz)


@lru_cache(maxsize=8)
def loader_for(tz: datetime.tzinfo | None) -> type[FastTzLoader]:
    return type("FastTzLoader", (FastTzLoader,), {"timezone": tz})


def use_fast_tz_loader(sender: Any, connection: Any, **kwargs: Any) -> None:
    if connection.vendor != "postgresql":
        return
    adapters = connection.connection.adapters
    loader = loader_for(connection.timezone)
    if adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT) is not loader:
        adapters.register_loader("timestamptz", loader)


connection_created.connect(use_fast_tz_loader, dispatch_uid="config.db_fixes")
