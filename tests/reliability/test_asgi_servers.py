"""The web server choice and the scale-out, with real processes (issue 16).

Two complete stacks (``config.launch run``) on the test database and one private Redis, as if on
two machines: stack ``a`` with daphne (the default) and its Celery worker and beat, stack ``b``
with ``ASGI_SERVER=uvicorn`` and ``RUN_WORKER=0 RUN_BEAT=0`` (web only). ``bench.load`` plays live
Speedone tables over the match sockets against each stack, then with the two seats of every
table on different stacks: every move has to reach the other stack's player through Redis.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.reliability.redisproc import PrivateRedis
from tests.reliability.stack import Stack, run_bench, tagged_processes

pytestmark = [pytest.mark.timeout(600)]


@pytest.fixture(scope="module")
def stacks(
    live_server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Stack]]:
    tmp = tmp_path_factory.mktemp("asgi")
    redis = PrivateRedis(tmp / "redis")
    redis.start()
    tag = f"asgi{os.getpid()}"
    env = {
        **live_server_env,
        "REDIS_URL": redis.url,
        "WEB_PROCESSES": "2",
        "ASGI_THREADS": "4",
        "CELERY_QUEUE": tag,
        "CACHE_PREFIX": tag,
        "CHANNEL_PREFIX": tag,
        "DEBUG": "1",
    }
    a = Stack("a", tmp, {**env, "ASGI_SERVER": "daphne"})
    b = Stack("b", tmp, {**env, "ASGI_SERVER": "uvicorn", "RUN_WORKER": "0", "RUN_BEAT": "0"})
    try:
        a.start()  # migrates first; b's migrate then finds nothing to do
        b.start()
        yield {"daphne": a, "uvicorn": b}
    finally:
        codes = [b.stop(), a.stop()]
        redis.stop()
        left = tagged_processes(a.tag) + tagged_processes(b.tag)
        assert not left, f"processes left after SIGTERM: {left}"
        assert codes == [0, 0], (codes, a.tail(), b.tail())


def _bench_env(stack: Stack) -> dict[str, str]:
    env = {k: v for k, v in stack.env.items() if k != "SG_STACK_TAG"}
    return env


@pytest.mark.parametrize("server", ["daphne", "uvicorn"])
def test_each_server_plays_live_tables(stacks: dict[str, Stack], server: str) -> None:
    stack = stacks[server]
    web = [n for n in stack.status()["children"] if n.startswith("web")]
    assert web == ["web1", "web2"]
    cmdlines = " ".join(cmd for _, cmd in tagged_processes(stack.tag))
    assert ("config.serve_uvicorn" in cmdlines) == (server == "uvicorn")
    assert ("bin/daphne" in cmdlines) == (server == "daphne")
    report = run_bench(
        _bench_env(stack),
        *("--url", stack.url, "--server-status", str(stack.var / "supervisor.json")),
        *("--tables", "3", "--seconds", "4", "--drain", "15"),
    )
    assert report["errors"] == 0, report["error_detail"]
    assert report["moves"] > 10
    assert report["server"]["web_cpu_ms_per_move"] is not None
    # the server's layer, not the bench's own in-memory one
    assert report["channel_layer"] == "PubSubChannelLayer"


def test_a_web_only_stack_runs_neither_worker_nor_beat(stacks: dict[str, Stack]) -> None:
    assert set(stacks["uvicorn"].status()["children"]) == {"web1", "web2"}
    assert set(stacks["daphne"].status()["children"]) == {
        "web1",
        "web2",
        "worker",
        "analysis",
        "beat",
    }
    assert stacks["uvicorn"].healthz()["status"] == "ok"


def test_two_stacks_every_move_reaches_the_other_stacks_player(
    stacks: dict[str, Stack],
) -> None:
    a, b = stacks["daphne"], stacks["uvicorn"]
    report = run_bench(
        _bench_env(a),
        *("--url", a.url, "--url", b.url),
        *("--server-status", str(a.var / "supervisor.json")),
        *("--server-status", str(b.var / "supervisor.json")),
        *("--tables", "4", "--seconds", "5", "--drain", "15"),
    )
    assert report["errors"] == 0, report["error_detail"]
    assert report["moves"] > 10
    # both stacks' web processes worked: each seat's socket lives on a different stack
    cpu = report["server"]["cpu_s"]
    assert sum(v for k, v in cpu.items() if k.startswith("a:web")) > 0
    assert sum(v for k, v in cpu.items() if k.startswith("b:web")) > 0


def test_idle_sockets_report_memory_per_socket(stacks: dict[str, Stack]) -> None:
    stack = stacks["uvicorn"]
    report = run_bench(
        _bench_env(stack),
        *("--url", stack.url, "--server-status", str(stack.var / "supervisor.json")),
        *("--idle-sockets", "40", "--idle-warmup", "10", "--idle-settle", "1"),
    )
    assert report["errors"] == 0, report
    assert report["idle_sockets"] == 40
    assert report["boards_received"] == 50
    assert report["kb_per_idle_socket"] is not None


def test_mix_plays_every_live_game_and_reports_each(stacks: dict[str, Stack]) -> None:
    """Issue 28: ``--game mix`` seats one table of each live game (people only: 3 at the games
    that need three) and reports each game's figures; the pool keeps each web process's
    database connections under its maximum (ASGI_THREADS 4 + DB_POOL_HTTP 8)."""
    from games import registry

    stack = stacks["daphne"]
    report = run_bench(
        _bench_env(stack),
        *("--url", stack.url, "--server-status", str(stack.var / "supervisor.json")),
        *("--game", "mix", "--tables", "4", "--seconds", "6", "--drain", "15"),
    )
    assert report["errors"] == 0, report["error_detail"]
    live = {g.slug: g.min_players for g in registry.GAMES if g.live}
    assert set(report["games"]) == set(live)
    for game, figures in report["games"].items():
        assert figures["tables"] == 1, (game, figures)
        assert figures["people_per_table"] == max(2, live[game]), (game, figures)
        assert figures["moves"] > 0 and figures["latency_ms"]["p50"] is not None, (game, figures)
        assert figures["errors"] == 0
        # the processes serve every game at once: no per-game CPU in a mixed run
        assert figures["web_cpu_ms_per_move"] is None
    assert report["moves"] == sum(g["moves"] for g in report["games"].values())
    assert report["server"]["web_cpu_ms_per_move"] is not None
    assert report["server"]["sockets"] == sum(max(2, n) for n in live.values())
    peaks = report["db_connections"]["peak_per_process"]
    assert peaks["bench"] >= 1
    assert 1 <= peaks["web1"] <= 12 and 1 <= peaks["web2"] <= 12, peaks


def test_a_dropped_socket_reconnects_and_plays_on(stacks: dict[str, Stack]) -> None:
    """Issue 28: a socket that loses its network (``--drop-every``: no closing handshake) is
    opened again with the same cookie, as the page's ws extension does, and its seat plays on;
    that is a reconnect, not an error."""
    stack = stacks["uvicorn"]
    report = run_bench(
        _bench_env(stack),
        *("--url", stack.url, "--server-status", str(stack.var / "supervisor.json")),
        *("--tables", "2", "--seconds", "8", "--drop-every", "1", "--drain", "15"),
    )
    assert report["errors"] == 0, report["error_detail"]
    drops = report["drops"]
    assert drops["dropped"] >= 5, drops
    # a drop in the last second may still wait for its pause when the window closes
    assert drops["dropped"] - 2 <= report["reconnects"] <= drops["dropped"], drops
    assert drops["moves_after_reconnect"] > 0, drops
    assert report["moves"] > 20


def test_stack_log_names_the_server(stacks: dict[str, Stack]) -> None:
    for server, stack in stacks.items():
        assert f"web server {server}" in Path(stack.log_path).read_text(errors="replace")
