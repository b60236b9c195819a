"""Chaos tests: the site under the supervisor (``config.launch run``) on a private Redis.

* kill -9 of the Celery worker: the supervisor restarts it and a bot game goes on;
* kill -9 of one daphne process: it comes back, the site answers throughout;
* Redis killed for ~10 s and restarted on the same port: nothing is restarted, the worker takes
  tasks again and the bot game goes on.

The measured recovery times are printed (``-s``) and recorded in ``docs/reliability.md``.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from config.launch import ROOT, free_port
from tests.reliability.redisproc import PrivateRedis

pytestmark = [pytest.mark.chaos, pytest.mark.timeout(420)]


class Site:
    def __init__(self, url: str, var: Path, redis: PrivateRedis, env: dict[str, str]) -> None:
        self.url, self.var, self.redis, self.env = url, var, redis, env
        self.seen_pids: set[int] = set()

    def status(self) -> dict:
        for _ in range(20):
            try:
                data = json.loads((self.var / "supervisor.json").read_text())
                for child in data["children"].values():
                    if child.get("pid"):
                        self.seen_pids.add(child["pid"])
                return data
            except (OSError, ValueError):  # the supervisor is rewriting it: read again
                time.sleep(0.1)  # the retry's backoff (20 tries)
        raise AssertionError("no supervisor.json")

    def child(self, name: str) -> dict:
        return self.status()["children"][name]

    def healthz(self) -> dict | None:
        try:
            with urllib.request.urlopen(f"{self.url}/healthz", timeout=5) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as exc:
            body = exc.read()
            try:
                return json.loads(body)
            except ValueError:  # an error page, not the health answer
                return {"status": "error", "http": exc.code}
        except Exception:  # noqa: BLE001 - down is an answer too
            return None

    def probe(self, timeout: float = 90) -> float:
        """Send ``config.probe`` through the private Redis; seconds until a worker ran it."""
        import redis
        from celery import Celery

        token = uuid.uuid4().hex
        app = Celery(broker=self.redis.url, set_as_current=False)
        app.conf.broker_connection_retry_on_startup = True
        t0 = time.monotonic()
        key = f"{self.env['CACHE_PREFIX']}:1:probe:{token}"
        r = redis.Redis.from_url(self.redis.url)
        sent = False
        try:
            while time.monotonic() - t0 < timeout:
                try:
                    if not sent:
                        app.send_task("config.probe", args=[token], queue=self.env["CELERY_QUEUE"])
                        sent = True
                    if r.exists(key):
                        return time.monotonic() - t0
                except Exception:  # noqa: BLE001 - Redis may still be coming back
                    pass
                time.sleep(0.2)  # the poll's backoff (the timeout above ends it)
        finally:
            r.close()
            app.close()
        raise AssertionError(f"probe not processed within {timeout} s")


def wait_for(check: Callable[[], object], timeout: float, what: str) -> float:
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if check():
            return time.monotonic() - t0
        time.sleep(0.2)  # the poll's backoff (the timeout above ends it)
    raise AssertionError(f"{what}: not within {timeout} s")


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.split(") ")[1][0] != "Z"


@pytest.fixture(scope="module")
def site(
    live_server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Site]:
    tmp = tmp_path_factory.mktemp("chaos")
    redis = PrivateRedis(tmp / "redis")
    redis.start()
    port = free_port()
    tag = f"chaos{os.getpid()}"
    env = {
        **live_server_env,
        "REDIS_URL": redis.url,
        "PORT": str(port),
        "VAR_DIR": str(tmp / "var"),
        "WEB_PROCESSES": "2",
        "ASGI_THREADS": "4",
        "CELERY_QUEUE": tag,
        "CACHE_PREFIX": tag,
        "CHANNEL_PREFIX": tag,
        "DEBUG": "1",
        "STOP_TIMEOUT": "10",
    }
    log = open(tmp / "launch.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "config.launch", "run"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    s = Site(f"http://127.0.0.1:{port}", tmp / "var", redis, env)
    try:
        wait_for(lambda: (s.healthz() or {}).get("status") == "ok", 120, "site up")
        s.status()
        yield s
    finally:
        s.status() if (s.var / "supervisor.json").exists() else None
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(40)
        finally:
            log.close()
            redis.stop()
        print("\n".join((tmp / "launch.log").read_text(errors="replace").splitlines()[-5:]))
        # item 3 of issue 15: a stop leaves nothing behind
        left = [pid for pid in s.seen_pids if _alive(pid)]
        assert not left, f"processes left after SIGTERM: {left}"
        assert proc.returncode == 0


@pytest.fixture
def bot_match(site: Site, transactional_db: None, monkeypatch: pytest.MonkeyPatch):
    """A running Speedone match with only bots at the table. The test process enqueues nothing
    (its broker is not the site's): the site's sweep picks the bot turns up."""
    from celery.app.task import Task

    from accounts.bots import ensure_bots
    from accounts.identity import Player
    from accounts.models import User
    from games.actions import replace_with_bot
    from games.models import Match
    from lobby.services import start_solo

    monkeypatch.setattr(Task, "apply_async", lambda *a, **k: None)
    ensure_bots()
    user = User.objects.create_user(f"Chaos{uuid.uuid4().hex[:6]}", password="kartenglück-42")
    match = start_solo(Player(user=user), "speedone", 3, "leicht")
    seat = match.seats.get(user=user)
    replace_with_bot(match.pk, seat.index)
    Match.objects.filter(pk=match.pk).update(bot_delay=1.5)

    def version() -> int:
        return Match.objects.values_list("version", flat=True).get(pk=match.pk)

    return version


def test_kill_worker_it_comes_back_and_the_bot_game_goes_on(site: Site, bot_match):
    v0 = bot_match()
    wait_for(lambda: bot_match() > v0 + 2, 60, "bots play")
    before = site.child("worker")
    os.kill(before["pid"], signal.SIGKILL)
    t0 = time.monotonic()
    wait_for(
        lambda: (
            site.child("worker")["pid"] != before["pid"]
            and site.child("worker")["state"] == "running"
        ),
        30,
        "worker restarted",
    )
    v1 = bot_match()
    wait_for(lambda: bot_match() > v1, 60, "bot game continues")
    back = time.monotonic() - t0
    print(f"\nRECOVERY worker kill -9 → next bot move after {back:.1f} s")
    assert site.child("worker")["restarts"] == before["restarts"] + 1
    assert site.child("web1")["restarts"] == 0


def test_kill_one_web_process_it_comes_back(site: Site):
    before = site.child("web1")
    other = site.child("web2")
    os.kill(before["pid"], signal.SIGKILL)
    t0 = time.monotonic()
    # the other daphne keeps answering on the shared socket meanwhile
    assert (site.healthz() or {}).get("database") == "ok"
    wait_for(
        lambda: (
            site.child("web1")["pid"] != before["pid"] and site.child("web1")["state"] == "running"
        ),
        30,
        "web1 restarted",
    )
    back = time.monotonic() - t0
    print(f"\nRECOVERY daphne kill -9 → running again after {back:.1f} s")
    assert site.child("web2")["pid"] == other["pid"]
    ok = 0
    for _ in range(20):  # both processes share the port: many requests reach both
        ok += (site.healthz() or {}).get("redis") == "ok"
    assert ok == 20


def _lobby_push(site: Site) -> None:
    """``lobby.update`` to the lobby group through the site's channel layer (private Redis)."""
    from asgiref.sync import async_to_sync
    from channels_redis.pubsub import RedisPubSubChannelLayer

    async def send() -> None:
        layer = RedisPubSubChannelLayer(hosts=[site.redis.url], prefix=site.env["CHANNEL_PREFIX"])
        try:
            await layer.group_send("lobby-speedone", {"type": "lobby.update"})
        finally:
            await layer.flush()

    async_to_sync(send)()


class LobbySocket:
    """A websocket on the lobby page, read in a thread."""

    def __init__(self, site: Site) -> None:
        from websockets.sync.client import connect

        origin = site.url
        self._cm = connect(
            site.url.replace("http", "ws") + "/ws/lobby/speedone/", origin=origin, open_timeout=10
        )
        self.ws = self._cm.__enter__()

    def pushed_within(self, site: Site, timeout: float) -> float:
        """Push lobby updates until one arrives; seconds it took."""
        import websockets

        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            with contextlib.suppress(Exception):  # Redis may still be coming back
                _lobby_push(site)
            try:
                if "open-tables" in str(self.ws.recv(timeout=1)):
                    return time.monotonic() - t0
            except TimeoutError:
                pass
            except websockets.ConnectionClosed as exc:
                raise AssertionError(f"lobby socket closed: {exc}") from exc
        raise AssertionError(f"no lobby push within {timeout} s")

    def close(self) -> None:
        self._cm.__exit__(None, None, None)


def test_redis_outage_of_10_s_nothing_restarted_and_work_resumes(site: Site, bot_match):
    sockets = [LobbySocket(site) for _ in range(4)]  # spread over both daphne processes
    for sock in sockets:
        sock.pushed_within(site, 10)
    v0 = bot_match()
    wait_for(lambda: bot_match() > v0 + 2, 60, "bots play")
    restarts = {n: c["restarts"] for n, c in site.status()["children"].items()}
    pids = {n: c["pid"] for n, c in site.status()["children"].items()}
    site.redis.kill()
    time.sleep(10)  # the point: an outage of 10 s
    during = site.healthz()
    print("\nhealthz during the outage:", during)
    assert during is None or during["status"] == "error"
    site.redis.start()
    t0 = time.monotonic()
    healthy = wait_for(lambda: (site.healthz() or {}).get("redis") == "ok", 60, "healthz redis")
    site.probe(90)
    probe = time.monotonic() - t0
    v1 = bot_match()
    wait_for(lambda: bot_match() > v1, 90, "bot game continues after the outage")
    game = time.monotonic() - t0
    # sockets opened before the outage get pushes again: the channel layer re-subscribed
    for sock in sockets:
        sock.pushed_within(site, 60)
        sock.close()
    push = time.monotonic() - t0
    print(
        f"\nRECOVERY redis 10 s outage → /healthz ok after {healthy:.1f} s, probe task after"
        f" {probe:.1f} s, next bot move after {game:.1f} s, old sockets pushed to by {push:.1f} s"
    )
    after = site.status()["children"]
    print("RESTARTS during outage:", {n: after[n]["restarts"] - restarts[n] for n in after})
    assert after["worker"]["pid"] == pids["worker"], "the worker was restarted"
    assert after["worker"]["restarts"] == restarts["worker"]
    assert all(after[n]["pid"] == pids[n] for n in after if n.startswith("web"))


def _human_to_move(match_id: int, me: int) -> tuple[object, list, int]:
    """Let the bots of a solo Speedone match move (in this process, nothing queued) until seat
    ``me``, the person, is to act; the match, the person's legal actions, and its version."""
    from games import queue
    from games.actions import load_match, run_bot
    from games.engines.base import get_engine

    engine = get_engine("speedone")
    for _ in range(20):
        match, _seats = load_match(match_id, cache_seats=False)
        state = engine.from_json(match.state)
        actors = engine.actors(state)
        if me in actors:
            return match, engine.legal_actions(state, me), match.version
        with queue.capturing():
            for seat in actors:
                run_bot(match_id, match.version, seat)
    raise AssertionError("the person never got the turn")


def test_redis_outage_a_stored_move_is_answered_as_stored(site: Site, transactional_db: None):
    """Issue 23, item 4: while Redis is down a move is stored and answered as stored, over POST
    and over the socket; a socket handshake closes cleanly with 1013 and a retry hint; after
    Redis is back the sweep re-arms the bots and the game goes on."""
    import http.cookiejar

    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from accounts.bots import ensure_bots
    from accounts.identity import Player
    from accounts.models import User
    from games import queue
    from games.actions import OUTAGE
    from games.models import Match, Move
    from games.sockets import RETRY_HINT
    from lobby.services import start_solo
    from tests.sockets import cookie_for

    ensure_bots()
    user = User.objects.create_user(f"Sturm{uuid.uuid4().hex[:6]}", password="kartenglück-42")
    with queue.capturing():
        match = start_solo(Player(user=user), "speedone", 2, "leicht")
    Match.objects.filter(pk=match.pk).update(bot_delay=0.5)
    me = match.seats.get(user=user).index
    session = cookie_for(user).decode()
    ws_url = site.url.replace("http", "ws") + f"/ws/partie/{match.pk}/"

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = urllib.request.Request(f"{site.url}/partie/{match.pk}/", headers={"Cookie": session})
    with opener.open(page, timeout=30) as r:
        assert r.status == 200
    csrf = next(c.value for c in jar if c.name == "csrftoken")

    def post_move(action: dict, version: int) -> tuple[int, str]:
        body = urllib.parse.urlencode({"action": json.dumps(action), "version": version}).encode()
        req = urllib.request.Request(
            f"{site.url}/partie/{match.pk}/zug/",
            data=body,
            headers={
                "Cookie": f"{session}; csrftoken={csrf}",
                "X-CSRFToken": csrf,
                "HX-Request": "true",
                "Origin": site.url,
                "Referer": f"{site.url}/partie/{match.pk}/",
            },
        )
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode(errors="replace")

    _m, legal, version = _human_to_move(match.pk, me)
    site.redis.kill()
    try:
        # over POST: stored, and the answer says so (not a 500)
        moves = Move.objects.filter(match_id=match.pk).count()
        status, html = post_move(legal[0], version)
        assert status == 200, html[:2000]
        assert OUTAGE in html
        assert Move.objects.filter(match_id=match.pk).count() == moves + 1

        # a socket handshake during the outage: accepted, the retry hint, closed with 1013
        with connect(ws_url, origin=site.url, additional_headers={"Cookie": session}) as ws:
            frames = []
            with contextlib.suppress(ConnectionClosed):
                while True:
                    frames.append(str(ws.recv(timeout=20)))
            assert ws.close_code == 1013
            assert any(str(RETRY_HINT) in f for f in frames), frames
    finally:
        site.redis.start()
    wait_for(lambda: (site.healthz() or {}).get("redis") == "ok", 60, "healthz redis")

    # over the socket, with Redis back: a new move is answered with the board as ever; then
    # Redis goes away again under an open socket and the next move is answered as stored
    _m, legal, version = _human_to_move(match.pk, me)
    # healthz answers from one web process; the other may meet its Redis connection's end only
    # now: its socket says so (the retry hint, 1013) and the page connects again, as here
    with contextlib.ExitStack() as sockets:
        for _ in range(30):
            ws = sockets.enter_context(
                connect(ws_url, origin=site.url, additional_headers={"Cookie": session})
            )
            first = str(ws.recv(timeout=20))
            if str(RETRY_HINT) not in first:
                break
            ws.close()
            time.sleep(0.5)  # the page's reconnect waits a moment too
        assert f'data-version="{version}"' in first, first[:500]
        site.redis.kill()
        try:
            moves = Move.objects.filter(match_id=match.pk).count()
            ws.send(json.dumps({**legal[0], "version": version}))
            answer = str(ws.recv(timeout=30))
            assert OUTAGE in answer, answer[:2000]
            assert f'data-version="{version + 1}"' in answer
            assert Move.objects.filter(match_id=match.pk).count() == moves + 1
        finally:
            site.redis.start()
    wait_for(lambda: (site.healthz() or {}).get("redis") == "ok", 60, "healthz redis")
    # the bots' turns that could not be queued are re-armed by the sweep
    after = version + 1
    wait_for(
        lambda: (
            Match.objects.values_list("version", flat=True).get(pk=match.pk) > after
            or Match.objects.get(pk=match.pk).status != Match.Status.RUNNING
        ),
        90,
        "the game goes on after the outage",
    )
