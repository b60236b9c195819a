"""Chaos: SIGTERM (what Ctrl-C of ``make run`` does) while the site is under load leaves no
process behind (issue 16; a daphne and celery beat were once found re-parented to init).

A stack with each web server runs ``bench.load`` – two-player Speedone tables played by the
benchmark over websockets, and Speedwerk tables whose third seat is a ``leicht`` bot played by
the stack's Celery worker – and gets SIGTERM while the moves are flowing. Every process that
carries the stack's ``SG_STACK_TAG`` in its environment (the supervisor, the web processes, the
worker and its pool, beat: also any that left its process group) must be gone once the
supervisor has exited, and the supervisor must exit 0 within ``STOP_TIMEOUT`` plus a margin.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import UTC, datetime

import pytest

from config.launch import ROOT
from tests.reliability.redisproc import PrivateRedis
from tests.reliability.stack import Stack, tagged_processes

pytestmark = [pytest.mark.chaos, pytest.mark.timeout(600)]


def _moves(since: datetime) -> int:
    from games.models import Move

    return Move.objects.filter(created__gte=since).count()


@pytest.mark.parametrize("server", ["daphne", "uvicorn"])
def test_sigterm_under_load_leaves_no_process_behind(
    server: str,
    live_server_env: dict[str, str],
    private_redis: PrivateRedis,
    transactional_db: None,
    tmp_path,
) -> None:
    from accounts.bots import ensure_bots

    ensure_bots()
    tag = f"stop{os.getpid()}{server[0]}"
    env = {
        **live_server_env,
        "REDIS_URL": private_redis.url,
        "WEB_PROCESSES": "2",
        "ASGI_THREADS": "4",
        "ASGI_SERVER": server,
        "CELERY_QUEUE": tag,
        "CACHE_PREFIX": tag,
        "CHANNEL_PREFIX": tag,
        "DEBUG": "1",
        "STOP_TIMEOUT": "10",
    }
    stack = Stack(server, tmp_path, env).start()
    started = datetime.now(tz=UTC)
    bench_env = {k: v for k, v in stack.env.items() if k != "SG_STACK_TAG"}
    benches = [
        subprocess.Popen(
            [sys.executable, "-m", "bench.load", "--url", stack.url, "--json", *args],
            cwd=ROOT,
            env=bench_env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for args in (
            ("--tables", "20", "--seconds", "25", "--drain", "2"),
            ("--game", "speedwerk", "--tables", "4", "--seconds", "25", "--drain", "2"),
        )
    ]
    try:
        # the load is on: moves are being committed (people's and bots')
        deadline = time.monotonic() + 120
        while _moves(started) < 200 and time.monotonic() < deadline:
            time.sleep(0.5)  # the poll's backoff (the deadline above ends it)
        assert _moves(started) >= 200, stack.tail()
        procs = tagged_processes(stack.tag)
        names = " ".join(cmd for _, cmd in procs)
        assert "beat" in names and "worker" in names, names
        assert len(procs) >= 6, procs  # supervisor, 2 web, worker (+ pool), beat

        t0 = time.monotonic()
        code = stack.stop(timeout=60)
        took = time.monotonic() - t0
        print(f"\nSTOP {server} under load: supervisor exited {code} after {took:.1f} s")
        assert code == 0, stack.tail()
        assert took < 10 + 15
        # by environment, not by process group: a process re-parented to init is found too
        left = tagged_processes(stack.tag)
        assert not left, f"processes left after SIGTERM: {left}"
    finally:
        stack.stop(timeout=30)
        for b in benches:
            # the stack is gone: the rest of its window would only count errors (what the benches
            # created goes with the test database's flush)
            b.terminate()
            try:
                b.wait(10)
            except subprocess.TimeoutExpired:
                b.kill()
                b.wait()
