"""A page load leaves no database connection behind in the web process.

Under ASGI, Django runs each request's sync code in a thread that ends with the request; a
persistent connection opened there used to stay open until the garbage collector freed the dead
thread's ``DatabaseWrapper`` – with the collector held back (``GC_THRESHOLD``), a burst of page
loads kept one idle PostgreSQL session per request until PostgreSQL refused new clients
(``config.asgi.close_request_connections``). The servers here run with a collector that never
runs on its own, so only closing the connection keeps the count down.
"""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from config.launch import ROOT, free_port
from tests.conftest import _wait_port

REQUESTS = 30


def _database_handles(pid: int) -> int:
    """Open connections of ``pid`` to the test database: TCP sockets to PostgreSQL's port, or
    descriptors of the SQLite file."""
    from django.db import connection

    sd = connection.settings_dict
    targets: list[str] = []
    inodes: set[str] = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        targets.append(target)
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    if connection.vendor == "sqlite":
        return sum(1 for t in targets if t == str(sd["NAME"]))
    port = f"{int(sd.get('PORT') or 5432):04X}"
    count = 0
    for table in ("tcp", "tcp6"):
        for line in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[2].rsplit(":", 1)[1] == port and fields[9] in inodes:
                count += 1
    return count


def _server_command(server: str, port: int) -> list[str]:
    bin_dir = Path(sys.executable).parent
    if server == "daphne":
        return [str(bin_dir / "daphne"), "-b", "127.0.0.1", "-p", str(port)]
    return [sys.executable, "-m", "uvicorn", "--host", "127.0.0.1", "--port", str(port)] + [
        "--lifespan",
        "off",
    ]


@pytest.mark.parametrize("server", ["daphne", "uvicorn"])
def test_page_loads_leave_no_database_connection_behind(
    live_server_env: dict[str, str], transactional_db: None, tmp_path: Path, server: str
) -> None:
    port = free_port()
    env = {**live_server_env, "GC_THRESHOLD": str(10**9)}  # the collector never runs by itself
    log = open(tmp_path / "server.log", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [*_server_command(server, port), "config.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        _wait_port(port, proc)
        for _ in range(REQUESTS):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/spiele/speedone/") as r:
                assert r.status == 200
                assert "Speedone" in r.read().decode()
        # each page read the database (the open tables): without closing, 30 sessions stay open.
        # With the connection pool (DB_POOL) its minimum stays open to be reused, and one or two
        # more if the first request came while the pool's first connections were still opening
        # (it grows for a waiting client); connections not handed back would pile up to 30.
        # (The server pools unless DB_POOL=0; the test runner's own process never does.)
        from config.settings import envbool, envint

        bound = envint("DB_POOL_MIN", 2) + 2 if envbool("DB_POOL", True) else 1
        assert _database_handles(proc.pid) <= bound
    finally:
        proc.terminate()
        proc.wait(20)
        log.close()
