"""Shared fixtures: a live server (daphne + Celery worker in subprocesses on the test database)
and a headless Chromium driven by Playwright."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

from config.launch import celery_worker_args, free_port, stop

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _database_url() -> str:
    from django.db import connection

    sd = connection.settings_dict
    if sd["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{sd['NAME']}"
    user = quote(sd.get("USER") or "")
    password = f":{quote(sd['PASSWORD'])}" if sd.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    host = sd.get("HOST") or "127.0.0.1"
    port = f":{sd['PORT']}" if sd.get("PORT") else ""
    return f"postgres://{auth}{host}{port}/{sd['NAME']}"


def _wait_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)  # the poll's backoff (the deadline above ends it)
    raise RuntimeError("server did not start")


class LiveServer:
    def __init__(self, url: str, env: dict[str, str]) -> None:
        self.url = url
        self.env = env


@pytest.fixture(scope="session")
def live_server_env(django_db_setup: None, django_db_blocker: object) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "DATABASE_URL": _database_url(),
            "CELERY_QUEUE": f"test-{os.getpid()}",
            "CHANNEL_PREFIX": f"t{os.getpid()}",
            "CACHE_PREFIX": f"t{os.getpid()}",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "PYTHONUNBUFFERED": "1",
        }
    )
    os.environ["CELERY_QUEUE"] = env["CELERY_QUEUE"]
    return env


@pytest.fixture(scope="session")
def _live_processes(live_server_env: dict[str, str]) -> Iterator[LiveServer]:
    port = free_port()
    bin_dir = Path(sys.executable).parent
    log_dir = ROOT / "var" / "test-logs"
    log_dir.mkdir(parents=True, exist_ok=True)
    procs = []
    web_log = open(log_dir / "daphne.log", "wb")  # noqa: SIM115
    worker_log = open(log_dir / "celery.log", "wb")  # noqa: SIM115
    web = subprocess.Popen(
        [str(bin_dir / "daphne"), "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        cwd=ROOT,
        env=live_server_env,
        stdout=web_log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    procs.append(web)
    worker = subprocess.Popen(
        celery_worker_args(f"test-{os.getpid()}@%h", live_server_env["CELERY_QUEUE"]),
        cwd=ROOT,
        env=live_server_env,
        stdout=worker_log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    procs.append(worker)
    try:
        _wait_port(port, web)
        yield LiveServer(f"http://127.0.0.1:{port}", live_server_env)
    finally:
        stop(procs)
        web_log.close()
        worker_log.close()


@pytest.fixture
def live_site(_live_processes: LiveServer, transactional_db: None) -> LiveServer:
    """The site served by daphne with a Celery worker, on the test database (data committed)."""
    from accounts.bots import ensure_bots

    ensure_bots()
    return _live_processes


@pytest.fixture(scope="session")
def _playwright() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: apt-get install chromium")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def browser(_playwright: object) -> object:
    return _playwright


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(locale="de-DE", timezone_id="Europe/Berlin")  # type: ignore[attr-defined]
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield page
    context.close()


# -- the cast: Alice, Bob and the site's bots -----------------------------------------------------


# (imports inside the fixtures: the engine tests also run without Django, `-p no:django`)
@pytest.fixture
def bots(db):
    from accounts.bots import ensure_bots

    return ensure_bots()


@pytest.fixture
def alice(db):
    from accounts.models import User

    return User.objects.create_user("Alice", password="kartenglück-42")


@pytest.fixture
def bob(db):
    from accounts.models import User

    return User.objects.create_user("Bob", password="kartenglück-42")


@pytest.fixture
def alice_player(alice):
    from accounts.identity import Player

    return Player(user=alice)


@pytest.fixture(autouse=True)
def _fast_password_hashing(request: pytest.FixtureRequest) -> None:
    """In-process tests create many users; the live server keeps the real hasher."""
    if request.config.pluginmanager.hasplugin("django"):
        settings = request.getfixturevalue("settings")
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session", autouse=True)
def _flush_by_delete(request: pytest.FixtureRequest) -> Iterator[None]:
    """A transactional test (every live-site test) ends with Django's flush, on PostgreSQL one
    TRUNCATE of all ~40 tables: each gets new files, some 2 s on a busy machine. The tables of a
    test hold a few rows, and DELETE FROM each in the flush's one transaction (the foreign keys
    are checked at its commit: Django creates them DEFERRABLE INITIALLY DEFERRED), after a LOCK
    of them all, empties them in a tenth of that. Only the test process's flush; with
    reset_sequences or cascade it truncates as before."""
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or allow_cascade or not tables:
            return truncate(
                self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        names = [style.SQL_FIELD(self.quote_name(t)) for t in tables]
        # first every table's write lock, as TRUNCATE takes them: a live site's worker still
        # playing a bot move cannot add a row between two DELETEs (a move of a match deleted
        # next would fail the foreign key check at the commit)
        return [
            f"LOCK TABLE {', '.join(names)} IN SHARE ROW EXCLUSIVE MODE;",
            "SET CONSTRAINTS ALL DEFERRED;",
            *(f"{style.SQL_KEYWORD('DELETE FROM')} {name};" for name in names),
        ]

    DatabaseOperations.sql_flush = sql_flush  # type: ignore[method-assign]
    try:
        yield
    finally:
        DatabaseOperations.sql_flush = truncate  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def _default_language_after_each_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test client's request leaves its language active in the test's thread (the middleware
    activates it): the next test starts in the default language again, whatever this one asked."""
    yield
    if request.config.pluginmanager.hasplugin("django"):
        from django.conf import settings
        from django.utils import translation

        translation.activate(settings.LANGUAGE_CODE)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser tests run last: Playwright's sync API keeps an event loop in the main thread for
    the rest of the session, and the channel tests need ``async_to_sync`` there."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
