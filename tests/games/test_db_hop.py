"""The match socket's database threads: a connection the server closed is dropped before it is
used, without a round trip, however many sockets the process holds."""

from __future__ import annotations

import os
import resource
import time

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.db import connection, connections
from django.utils import translation

from games.consumers import _server_hung_up, db
from games.sockets import OutageSafeConsumer

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def many_open_files():
    """More than 1,024 open descriptors, as in a web process holding a thousand sockets:
    ``select.select`` cannot watch a descriptor above that."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1200:
        pytest.skip("this machine allows fewer than 1,200 open files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1200), hard))
    fds = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    yield
    for fd in fds:
        os.close(fd)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_healthy_connection_is_kept_and_a_killed_one_dropped(many_open_files):
    if connection.vendor != "postgresql":
        pytest.skip("the check looks at PostgreSQL's socket")
    conn = connections.create_connection("default")
    # a connection of its own, opened now (above 1,024): the pool's (DB_POOL) were opened before
    options = {k: v for k, v in conn.settings_dict["OPTIONS"].items() if k != "pool"}
    conn.settings_dict = {**conn.settings_dict, "OPTIONS": options}
    try:
        conn.ensure_connection()
        assert conn.connection.fileno() > 1024
        with conn.cursor() as cursor:
            cursor.execute("SELECT 1")
        assert not _server_hung_up(conn), "a healthy idle connection was taken for dead"
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [conn.connection.info.backend_pid])
        deadline = time.monotonic() + 5
        while not _server_hung_up(conn) and time.monotonic() < deadline:
            time.sleep(0.05)  # the poll's backoff (the deadline above ends it)
        assert _server_hung_up(conn), "the terminated connection was not noticed"
    finally:
        conn.close()


class _LanguageProbe(OutageSafeConsumer):
    """Answers whether a database hop of the socket finds the language active in its thread."""

    async def connect(self) -> None:
        await self.accept()
        await self.send_json({"active": await db(_active_translation)()})


def _active_translation() -> bool:
    from django.utils.translation import trans_real

    return getattr(trans_real._active, "value", None) is not None


def test_a_sockets_database_hops_find_the_language_active():
    """Boards are rendered in the hops; without an active language each ``gettext`` and
    ``get_language`` took asgiref's slow path (an exception under a process-wide lock)."""

    async def scenario() -> tuple[bool, dict]:
        translation.deactivate()  # as in a server's event loop (the test process activated one)
        bare = await db(_active_translation)()  # a hop outside a socket: nothing active
        comm = WebsocketCommunicator(_LanguageProbe.as_asgi(), "/probe")
        connected, _ = await comm.connect()
        assert connected
        answer = await comm.receive_json_from(timeout=10)
        await comm.disconnect()
        return bare, answer

    bare, answer = async_to_sync(scenario)()
    assert not bare
    assert answer == {"active": True}
