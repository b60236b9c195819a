"""Load test for live tables: ``python -m bench.load --url URL --tables N --seconds S [--json]``.

Run it against a server started with ``make run`` and **with the same environment** (the same
``DATABASE_URL``; ``VAR_DIR`` if you changed it), e.g.::

    PORT=8123 make run &
    .venv/bin/python -m bench.load --url http://127.0.0.1:8123 --tables 50 --seconds 30 --json

For every table the benchmark creates ``--players`` users ``load<N>-a``, ``load<N>-b`` …, logs them
in by writing Django sessions, starts a match of ``--game`` (default: the first live game of
``games.registry`` that two people play without a bot) through ``games.actions.start_match`` (no
move timer; ``leicht`` bots fill the seats a game needs beyond ``--players``, played by the
server's Celery worker) and opens one websocket per person at ``/ws/partie/<id>/`` with the
``sessionid`` cookie and an ``Origin`` header.

Games: ``--game <slug>`` plays one live game at every table. ``--game mix`` spreads the tables over
all live games in turn (table ``i`` plays live game ``(i-1) mod 4`` in registry order:
Speedtrödel, Speedone, Speedbasar, Speedwerk) and seats only people: a game's table gets
``max(--players, the game's minimum)`` people (3 for Speedtrödel, Speedbasar and Speedwerk, 2 for
Speedone), so no bot or Celery worker plays. ``--game all`` runs ``--tables`` tables of each live
game one after another (people only, as with ``mix``) against the same stack, each with its own
window, and prints a table of the games. Web CPU per move per game: the server's processes are
shared by every game of a ``mix`` run, so their CPU cannot be split per game – ``mix`` reports
the overall figure (``server.web_cpu_ms_per_move``; ``games.<slug>.web_cpu_ms_per_move`` is
``null``), ``--game all`` (or ``--game <slug>``) the figure of each game. Each
simulated person is the generic client (``bench.client``): when a pushed board offers action
controls (``data-action``), it is their turn; they answer at once (or after a pause of 0.5–1.5 ×
``--think-ms``) with one of them (a play rather than a draw), sent with the board's
``data-version``. A finished match is replaced by a new one at the same table. Like a real
match page (``static/js/match.js``), every socket also asks every 8 s whether it shows the current
board (``{"type": "sync", "version": n}``, reported as ``page_syncs``); ``--bare`` leaves that out
(pages that only play, the bench before issue 28). A match page opens no other socket: its one
``ws-connect`` is ``/ws/partie/<id>/`` (``templates/games/match.html``; ``base.html`` and the
match's chat open none – the chat's lines come over the match socket); the lobby socket
(``/ws/lobby/<game>/``) belongs to the lobby room and ``/ws/tisch/<id>/`` to a table's waiting
page, which a person leaves when the match starts. So the bench opens no lobby socket.

Reconnects, as a real page: the htmx ws extension (``hx-ws-2.js``) opens a socket closed with
code 1006 (no closing handshake: a lost network), 1011, 1012 or 1013 again after a pause of
``random() * 2**min(n, 6)`` seconds (``n``: failed attempts so far, "full jitter"; the first
retry within a second), with the same cookie; the server pushes the current board on connect
(``MatchConsumer.connect``: "a reconnect may have missed updates"), which re-syncs the page, and
``match.js`` goes on with its 8-second check. The bench does the same for every player's socket
and counts ``reconnects``; only a reconnect that fails ``RECONNECT_ATTEMPTS`` times in a row is an
error (the page would go on trying). A move whose send meets the closed socket is sent again on
the reconnect's board (``drops.moves_resent``; a page would POST it). ``--drop-every S`` cuts one
random player's socket every S seconds of the window (its transport aborted: the bench sees
1006, the server a vanished client) – only a seat with no move of its own in flight, so that no
move is lost on the way. Moves of other seats whose broadcast the dropped seat was to receive are
measured when the reconnect's board arrives (the latency includes the reconnect, as for a
person). A clean close by the server (1000) is not reconnected, as on the page; other codes
(4403, 4404, 4429) are errors. Spectators' sockets (``--spectators``) are not dropped.

Measured, only for moves *sent* inside the measurement window (after every table is connected):

* ``moves`` / ``moves_per_s``: moves whose broadcast reached the other seat;
* ``latency_ms``: send -> the first board with a higher version on the OTHER player's socket
  (the "move -> broadcast" time a human at the other seat sees), p50/p95/p99/max;
* ``errors``: rejected moves (a flash message from the server), socket errors (failed connect,
  a close that is not reconnected, a failed reconnect) and moves that got no broadcast within
  ``--drain`` seconds. A press that lost the race in a simultaneous phase (the server's
  „Zu spät …“, e.g. the second doubt in one of Speedbasar's doubt windows) is counted as
  ``late_presses``, not as an error;
* ``reconnects``: sockets opened again after an unexpected close (``drops``: how many the bench
  cut itself);
* ``games``: the same figures per game (moves, moves/s, latency p50/p95/p99, errors, reconnects,
  people per table; web CPU per move only in a run of one game, see above);
* ``server.web_cpu_ms_per_move``: the web processes' CPU in the window (``supervisor.json``) per
  move;
* ``db_connections``: the peak number of connections to the database per process during the
  window, sampled every second from ``pg_stat_activity``: settings name every connection
  ``sg-<process>-<pid>`` (the launcher tells each child its name, ``SG_PROCESS``), and the pid is
  matched against ``supervisor.json`` (``web1``, ``web2``, ``worker``, ``beat``; ``a:web1`` …
  with two stacks; ``bench`` is this process). ``null`` on SQLite.

The benchmark needs the database only. The one broadcast it causes itself (``start_match`` tells
the match group, which is still empty) goes to an in-memory channel layer, so the benchmark does not
need to know the URL of the embedded Redis that ``make run`` starts when ``REDIS_URL`` is unset.
``channel_layer`` in the output is the channel layer class of *this* process's settings (the
only one is Redis Pub/Sub).

Scale-out (two stacks sharing one PostgreSQL and one Redis, as if on two machines): give ``--url``
twice (and ``--server-status`` once per stack, in the same order); seat ``n`` of every table
connects to URL ``n mod 2``, so every move has to cross from one stack to the other through the
Redis channel layer. The server figures then cover both stacks (``a:web1`` … ``b:web2``).

Idle sockets (``--idle-sockets N``): no play. It opens ``--idle-warmup`` match sockets, reads the
web processes' RSS, opens N more match sockets that only receive their first board, waits
``--idle-settle`` seconds, reads the RSS again and reports ``kb_per_idle_socket`` (the growth over
N). The warm-up keeps one-time costs (code paths, templates, connection pools) out of the figure.

Spectators (``--spectators N``, issue 23): N registered spectators (``load0-s<i>``, one session
each) open a socket on table 1's match once its players are connected and only receive; they
follow the table to its next match. Reported under ``spectators`` (sockets opened, boards received
in the window, sockets refused). With ``--tables 1`` every move is watched: compare
``web_cpu_ms_per_move`` with a run of ``--spectators 0`` (the server's caps must let N in:
``MAX_SPECTATORS_PER_MATCH``).

Bounded: at most 2,000 tables (4,000 idle sockets) and 600 seconds; only loopback URLs are accepted; the whole run (setup,
window, drain) has a hard deadline and stops by itself. Matches created by the run are deleted at
the end together with the run's sessions and ``load*`` users (``--keep`` keeps them all), so the
leaderboard and user list of a dev database stay clean.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import html
import ipaddress
import json
import logging
import os
import random
import re
import resource
import socket
import sys
import time
from collections import Counter
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from bench import client

MAX_TABLES = 2000
MAX_SECONDS = 600
MAX_IDLE = 4000
MAX_SPECTATORS = 2000
#: how long a seat waits for its own board before acting on the board right after its own move
PENDING_RECHECK_S = 0.25
#: close codes after which the page's htmx ws extension opens the socket again (hx-ws-2.js):
#: abnormal closure (no closing handshake: a lost network), server error, restart, try later
RECONNECT_CODES = frozenset({1006, 1011, 1012, 1013})
#: attempts before a reconnect counts as failed (the page tries forever, waiting up to 64 s)
RECONNECT_ATTEMPTS = 6
#: a real match page asks over its socket every 8 s whether it shows the current board
#: (``static/js/match.js``); the bench's pages do the same unless ``--bare``
PAGE_SYNC_S = 8.0

RE_FLASH_ERROR = re.compile(r'<p class="flash error"[^>]*>(.*?)</p>', re.S)


# -- board parsing: the generic client (any live game) ---------------------------------------------
@dataclass
class Board:
    version: int
    status: str
    actions: list[dict[str, Any]]

    @property
    def my_turn(self) -> bool:
        return bool(self.actions)


def parse_board(text: str) -> Board | None:
    version = client.board_version(text)
    if version is None:
        return None
    return Board(
        version=version, status=client.board_status(text) or "", actions=client.actions(text)
    )


def choose(board: Board, rng: random.Random) -> dict[str, Any]:
    """A quick human: any control the board offers (plays before drawing, so games end)."""
    plays = [a for a in board.actions if a.get("type") != "draw"]
    return rng.choice(plays or board.actions)


# -- Django side (sync, runs in one worker thread) -------------------------------------------------
#: the channel layer the server's settings name (the bench itself uses an in-memory one)
SERVER_CHANNEL_LAYER = ""


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["SG_PROCESS"] = "bench"  # its database connection: sg-bench-<pid>
    os.environ.setdefault("DB_POOL", "0")  # one thread talks to the database: one connection
    if not os.environ.get("SECRET_KEY"):
        # The bench is a client: it only writes its players' accounts and sessions into the
        # server's database (the session key is the cookie, nothing is signed with the secret),
        # so it needs none of the server's secrets – without this `python -m bench.load` outside
        # `make` stopped at „SECRET_KEY must be set when DEBUG is off“.
        os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()
    from django.conf import settings

    # start_match() broadcasts to the (still empty) match group after the commit; keep that in
    # this process so the bench needs no Redis URL (see the module docstring). The report names
    # the server's layer, read before this one replaces it.
    global SERVER_CHANNEL_LAYER
    SERVER_CHANNEL_LAYER = settings.CHANNEL_LAYERS["default"]["BACKEND"].rsplit(".", 1)[-1]
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    logging.getLogger("speedgames").setLevel(logging.WARNING)  # no "match start" line per match


def make_players(table: int, count: int = 2) -> list[tuple[Any, str]]:
    """``count`` users for ``table`` and a fresh logged-in session cookie for each."""
    return make_sessions([f"load{table}-{side}" for side in "abcd"[:count]])


def make_spectators(count: int) -> list[tuple[Any, str]]:
    """``count`` registered spectators (``load0-s<i>``: no table has the number 0)."""
    return make_sessions([f"load0-s{i}" for i in range(count)])


def make_sessions(names: list[str]) -> list[tuple[Any, str]]:
    """A user per name (created if missing) and a fresh logged-in session cookie for each."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore as DbStore

    from accounts.models import User

    store_cls = getattr(import_module(settings.SESSION_ENGINE), "SessionStore", DbStore)
    out = []
    for name in names:
        user = User.objects.filter(username=name).first()
        if user is None:
            user = User(username=name)
            user.set_unusable_password()
            user.save()
        session = store_cls()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        out.append((user, session.session_key))
    return out


def new_match(game: str, users: list[Any], move_seconds: int | None = None) -> int:
    """A match of ``game`` for the table's two people, with ``leicht`` bots on the seats the game
    needs beyond two (they play through the server's Celery worker); ``move_seconds``: the move
    clock (``--move-seconds``: a lobby table's 120 s by default, as people play)."""
    from accounts.bots import bots_of, ensure_bots
    from games.actions import SeatSpec, start_match
    from games.engines.base import get_engine

    seats = [SeatSpec(name=u.username, user=u) for u in users]
    missing = get_engine(game).min_players - len(seats)
    if missing > 0:
        ensure_bots()
        for bot in bots_of("leicht")[:missing]:
            seats.append(SeatSpec(name=bot.username, user=bot, bot_strength="leicht"))
    match = start_match(game, seats, move_seconds=move_seconds or None, bot_delay=0.3)
    return int(match.pk)


def people_at(args: argparse.Namespace, game: str) -> int:
    """People at a table of ``game``: ``--players``; with ``--game mix``/``all`` at least the
    game's minimum (no bots: every move is a person's, and web CPU per move compares games)."""
    if args.people_only:
        return min(max(args.players, args.min_players.get(game, 2)), 4)
    return int(args.players)


def db_connections() -> dict[str, int] | None:
    """The database's connections to this database now, by ``application_name`` (settings name
    every connection ``sg-<process>-<pid>``); ``None`` on SQLite."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT application_name, count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() GROUP BY application_name"
        )
        return {name or "?": n for name, n in cursor.fetchall()}


def connection_owner(app_name: str, pids: dict[int, str]) -> str:
    """``sg-web1-4711`` -> the supervisor's name of pid 4711 (``a:web1`` with two stacks), else
    the name the process gave itself (``bench``, ``django`` for manage.py …) or ``other``."""
    m = re.fullmatch(r"sg-(.+)-(\d+)", app_name)
    if not m:
        return "other"
    return pids.get(int(m.group(2)), m.group(1))


def cleanup(match_ids: list[int], session_keys: list[str], user_ids: list[int]) -> int:
    """Delete what the run created: its matches (with seats and moves), sessions and users."""
    from django.contrib.sessions.models import Session
    from django.db import transaction

    from accounts.models import User
    from games.models import Match

    deleted = 0
    for i in range(0, len(match_ids), 200):
        chunk = match_ids[i : i + 200]
        with transaction.atomic():
            # a bot's move still under way holds the match row (``actions.play`` locks it):
            # wait for it, so that no move is added while the match is deleted
            list(Match.objects.select_for_update().filter(pk__in=chunk).values_list("pk"))
            deleted += Match.objects.filter(pk__in=chunk).delete()[1].get("games.Match", 0)
    for i in range(0, len(session_keys), 200):
        Session.objects.filter(session_key__in=session_keys[i : i + 200]).delete()
    for i in range(0, len(user_ids), 200):
        User.objects.filter(pk__in=user_ids[i : i + 200], username__startswith="load").delete()
    return deleted


def db_info() -> tuple[str, str]:
    from django.db import connection

    return connection.vendor, SERVER_CHANNEL_LAYER


# -- the load --------------------------------------------------------------------------------------
@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    sent: int = 0
    rejected: int = 0
    #: presses that lost a race in a simultaneous phase (the first press wins): not errors
    late: int = 0
    socket_errors: int = 0
    unanswered: int = 0
    matches_started: int = 0
    matches_finished: int = 0
    reject_reasons: Counter[str] = field(default_factory=Counter)
    socket_reasons: Counter[str] = field(default_factory=Counter)
    #: ``--spectators``: sockets opened (each match of table 1 anew), boards they received in the
    #: window, sockets the server refused (a flash then a close)
    spectator_sockets: int = 0
    spectator_boards: int = 0
    spectator_refused: int = 0
    #: the pages' currency checks sent in the window (none with ``--bare``)
    page_syncs: int = 0
    #: sockets that closed unexpectedly and were opened again with the same cookie (as the
    #: page's htmx ws extension does); ``drops``: the ones ``--drop-every`` cut itself
    reconnects: int = 0
    drops: int = 0
    #: moves whose send met a socket closed meanwhile: sent again after the reconnect
    resent: int = 0
    #: moves sent by seats whose socket had been opened again (they play on)
    after_reconnect: int = 0

    @classmethod
    def merged(cls, parts: list[Stats]) -> Stats:
        """The sum of several games' figures (the run's totals)."""
        out = cls()
        for part in parts:
            for name, value in vars(part).items():
                setattr(out, name, getattr(out, name) + value)
        return out

    def figures(self, seconds: float) -> dict[str, Any]:
        """Moves, rate, latency, errors: the report's per-game block."""
        lat = sorted(self.latencies)
        return {
            "moves": self.moves,
            "moves_per_s": round(self.moves / seconds, 1),
            "latency_ms": latency_summary(lat),
            "errors": self.errors,
            "late_presses": self.late,
            "reconnects": self.reconnects,
        }

    @property
    def errors(self) -> int:
        return self.rejected + self.socket_errors + self.unanswered


class Run:
    def __init__(self, args: argparse.Namespace) -> None:
        from asgiref.sync import sync_to_async

        self.args = args
        self.db = lambda fn, *a: sync_to_async(fn, thread_sensitive=True)(*a)
        #: (origin, websocket base) per stack; seat n of a table uses stack n mod len(...)
        self.stacks: list[tuple[str, str]] = []
        for url in args.urls:
            parts = urlsplit(url)
            ws_scheme = "wss" if parts.scheme == "https" else "ws"
            self.stacks.append(
                (f"{parts.scheme}://{parts.netloc}", f"{ws_scheme}://{parts.netloc}")
            )
        #: the game of every table (``--game mix``: the live games in turn) and its figures
        self.games: list[str] = list(args.table_games)
        self.per_game: dict[str, Stats] = {g: Stats() for g in dict.fromkeys(self.games)}
        #: the tables being played now (``--drop-every`` picks a socket among them)
        self.live: set[TableState] = set()
        self.match_ids: list[int] = []
        self.session_keys: list[str] = []
        self.user_ids: list[int] = []
        self.started = asyncio.Event()  # the measurement window opened
        self.stopping = asyncio.Event()  # the window closed: send nothing new
        self.t_start = self.t_end = 0.0
        self.connect_sem = asyncio.Semaphore(32)
        self.ready: set[int] = set()
        self.all_ready = asyncio.Event()
        #: ``--spectators``: the session cookies of the spectators of table 1's match
        self.spectator_cookies: list[str] = []

    def game_of(self, index: int) -> str:
        return self.games[(index - 1) % len(self.games)]

    def stats_of(self, index: int) -> Stats:
        return self.per_game[self.game_of(index)]

    @property
    def stats(self) -> Stats:
        """The run's totals over every game."""
        return Stats.merged(list(self.per_game.values()))

    def in_window(self, t: float) -> bool:
        return self.started.is_set() and self.t_start <= t < self.t_end

    async def connect(self, match_id: int, cookie: str, seat: int = 0) -> Any:
        from websockets.asyncio.client import connect

        origin, ws_base = self.stacks[seat % len(self.stacks)]
        async with self.connect_sem:
            return await connect(
                f"{ws_base}/ws/partie/{match_id}/",
                additional_headers={"Cookie": f"sessionid={cookie}"},
                origin=origin,  # type: ignore[arg-type]
                open_timeout=self.args.connect_timeout,
                close_timeout=2,
                ping_interval=None,
                max_size=2**22,
            )

    def socket_error(self, exc: BaseException, index: int = 1) -> None:
        stats = self.stats_of(index)
        stats.socket_errors += 1
        stats.socket_reasons[f"{type(exc).__name__}: {exc}"[:120]] += 1

    async def table(self, index: int) -> None:
        try:
            game = self.game_of(index)
            players = await self.db(make_players, index, people_at(self.args, game))
        except Exception as exc:  # noqa: BLE001 - reported, the table stays empty
            self.socket_error(exc, index)
            self._mark_ready(index)
            return
        users = [u for u, _ in players]
        self.session_keys.extend(k for _, k in players)
        self.user_ids.extend(u.pk for u in users)
        first = True
        while not self.stopping.is_set():
            try:
                await self.play_match(index, users, [k for _, k in players], first)
            except Exception as exc:  # noqa: BLE001 - counted; try again with a new match
                if not self.stopping.is_set():
                    self.socket_error(exc, index)
                self._mark_ready(index)
                await asyncio.sleep(0.5)
            first = False

    def _mark_ready(self, index: int) -> None:
        self.ready.add(index)
        if len(self.ready) >= self.args.tables:
            self.all_ready.set()

    async def play_match(
        self, index: int, users: list[Any], cookies: list[str], first: bool
    ) -> None:
        match_id = await self.db(new_match, self.game_of(index), users, self.args.move_seconds)
        self.match_ids.append(match_id)
        if self.started.is_set():
            self.stats_of(index).matches_started += 1
        sockets = await asyncio.gather(
            *(self.connect(match_id, c, seat) for seat, c in enumerate(cookies)),
            return_exceptions=True,
        )
        opened: list[Any] = [s for s in sockets if not isinstance(s, BaseException)]
        watching: list[Any] = []
        readers: list[asyncio.Task[None]] = []
        try:
            for s in sockets:
                if isinstance(s, BaseException):
                    raise s
            if index == 1 and self.spectator_cookies:
                watching, readers = await self.watch(match_id)
            await TableState(self, index, opened, match_id, cookies).play(first)
        finally:
            for r in readers:
                r.cancel()
            await asyncio.gather(
                *(s.close() for s in (*opened, *watching)), *readers, return_exceptions=True
            )

    async def watch(self, match_id: int) -> tuple[list[Any], list[asyncio.Task[None]]]:
        """``--spectators``: open every spectator's socket on the match; each only receives."""
        got = await asyncio.gather(
            *(self.connect(match_id, c, i) for i, c in enumerate(self.spectator_cookies)),
            return_exceptions=True,
        )
        opened = [s for s in got if not isinstance(s, BaseException)]
        for s in got:
            if isinstance(s, BaseException):
                self.socket_error(s)
        self.stats_of(1).spectator_sockets += len(opened)
        return opened, [asyncio.create_task(self.spectate(ws)) for ws in opened]

    async def spectate(self, ws: Any) -> None:
        with contextlib.suppress(Exception):
            async for frame in ws:
                text = frame if isinstance(frame, str) else frame.decode()
                if text.startswith('<div id="flash"') and RE_FLASH_ERROR.search(text):
                    self.stats_of(1).spectator_refused += 1
                elif client.board_version(text) is not None and self.in_window(time.perf_counter()):
                    self.stats_of(1).spectator_boards += 1


class TableState:
    """Two seats of one match: who moved when (for the latency) and the last board per seat."""

    def __init__(
        self, run: Run, index: int, sockets: list[Any], match_id: int, cookies: list[str]
    ) -> None:
        self.run = run
        self.index = index
        self.stats = run.stats_of(index)
        self.match_id = match_id
        self.cookies = cookies
        #: seats whose socket is being opened again after a drop; seats that did so
        self.reconnecting: set[int] = set()
        self.reconnected: set[int] = set()
        self.thinking: set[asyncio.Task[None]] = set()
        self.sockets = sockets
        people = len(sockets)
        self.boards: list[Board | None] = [None] * people
        self.acted = [-1] * people  # the board version each seat last acted on
        # the board version each seat's move in flight was sent with (-1: none)
        self.pending = [-1] * people
        self.outstanding: list[tuple[int, float, int, bool]] = []  # version, t_sent, seat, counted
        self.finished = asyncio.Event()
        self.rng = random.Random(index)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` (a coroutine) alongside the readers; cancelled with them at the end."""
        task = asyncio.create_task(work)
        self.thinking.add(task)
        task.add_done_callback(self.thinking.discard)

    async def play(self, first: bool) -> None:
        seats = range(len(self.sockets))
        readers = [asyncio.create_task(self.reader(s)) for s in seats]
        if not self.run.args.bare:  # like a real page: the currency check every 8 s
            for s in seats:
                self.spawn(self.page_checks(s))
        self.run.live.add(self)
        try:
            if first:
                # wait for both initial boards, then for the window to open
                for _ in range(int(self.run.args.connect_timeout * 20)):
                    if all(b is not None for b in self.boards) or self.finished.is_set():
                        break
                    await asyncio.sleep(0.05)
                self.run._mark_ready(self.index)
                await self.run.started.wait()
                for s in seats:
                    await self.maybe_act(s)
            stop = asyncio.create_task(self.run.stopping.wait())
            done = asyncio.create_task(self.finished.wait())
            await asyncio.wait([stop, done, *readers], return_when=asyncio.FIRST_COMPLETED)
            if self.run.stopping.is_set() and not self.finished.is_set():
                # drain: wait for the broadcasts of moves still in flight
                deadline = time.monotonic() + self.run.args.drain
                while self.outstanding and time.monotonic() < deadline:
                    if self.finished.is_set() or all(r.done() for r in readers):
                        break
                    await asyncio.sleep(0.02)
                self.stats.unanswered += sum(1 for o in self.outstanding if o[3])
                self.outstanding.clear()
            stop.cancel()
            done.cancel()
            for r in readers:
                if r.done() and r.exception() is not None:
                    raise r.exception()  # type: ignore[misc]
        finally:
            self.run.live.discard(self)
            for r in [*readers, *self.thinking]:
                r.cancel()
            await asyncio.gather(*readers, *self.thinking, return_exceptions=True)

    async def reader(self, seat: int) -> None:
        """The seat's socket: every board it receives; after an unexpected close it opens the
        socket again (``reconnect``) and reads on."""
        from websockets.exceptions import ConnectionClosed

        while True:
            try:
                if await self.read(seat):
                    return  # the match ended, or the server closed the socket cleanly
            except ConnectionClosed as exc:
                if self.run.stopping.is_set() or self.finished.is_set():
                    return
                code = exc.rcvd.code if exc.rcvd is not None else 1006
                if code not in RECONNECT_CODES:
                    raise RuntimeError(f"socket closed by the server: {exc}") from exc
                await self.reconnect(seat)

    async def reconnect(self, seat: int) -> None:
        """What the page's htmx ws extension does on a close with code 1006, 1011, 1012 or 1013:
        open the socket again after a pause of ``random() * 2**min(n, 6)`` s (n: failed attempts
        so far, "full jitter"), with the same cookie. The server pushes the current board on
        connect, which re-syncs the seat. Fails (an error) after ``RECONNECT_ATTEMPTS``."""
        self.reconnecting.add(seat)
        # moves of this seat whose send met the closed socket are sent again on the new board
        self.acted[seat] = -1
        try:
            for attempt in range(RECONNECT_ATTEMPTS):
                await asyncio.sleep(random.random() * 2 ** min(attempt, 6))
                if self.run.stopping.is_set() or self.finished.is_set():
                    return
                try:
                    ws = await self.run.connect(self.match_id, self.cookies[seat], seat)
                except Exception:  # noqa: BLE001 - the next attempt, as the page does
                    continue
                self.sockets[seat] = ws
                self.reconnected.add(seat)
                self.stats.reconnects += 1
                return
            raise RuntimeError(f"reconnecting failed {RECONNECT_ATTEMPTS} times")
        finally:
            self.reconnecting.discard(seat)

    def drop(self) -> bool:
        """``--drop-every``: cut one seat's socket as a lost network would (no closing
        handshake: the client sees 1006). Only a seat with no move in flight, so that the drop
        loses no move on the way (a real page would POST such a move)."""
        seats = [
            s
            for s in range(len(self.sockets))
            if s not in self.reconnecting
            and (board := self.boards[s]) is not None
            and board.version > self.pending[s]  # its last move has come back (or none sent)
        ]
        if not seats or self.finished.is_set():
            return False
        ws = self.sockets[self.rng.choice(seats)]
        ws.transport.abort()
        self.stats.drops += 1
        return True

    async def read(self, seat: int) -> bool:
        """Read the seat's socket until it closes; True: nothing more to read (match over, or a
        clean close by the server, which a page does not reconnect either)."""
        ws = self.sockets[seat]
        async for frame in ws:
            now = time.perf_counter()
            text = frame if isinstance(frame, str) else frame.decode()
            if text.startswith('<div id="flash"'):
                m = RE_FLASH_ERROR.search(text)
                if m:
                    self.rejected(seat, html.unescape(m.group(1)).strip())
                continue
            board = parse_board(text)
            if board is None:
                continue  # e.g. an invitation toast
            self.delivered(seat, board.version, now)
            old = self.boards[seat]
            if old is None or board.version >= old.version:
                self.boards[seat] = board
            if board.status and board.status != "running":
                if not self.finished.is_set():
                    self.finished.set()
                    if self.run.started.is_set():
                        self.stats.matches_finished += 1
                return True
            if self.run.args.think_ms:
                self.spawn(self.maybe_act(seat))
            else:
                await self.maybe_act(seat)
        return True

    async def page_checks(self, seat: int) -> None:
        """What ``match.js`` sends every 8 s: ``{"type": "sync", "version": shown}`` (the pages
        of a table start at random moments, as people open them)."""
        from websockets.exceptions import ConnectionClosed

        await asyncio.sleep(self.rng.uniform(0, PAGE_SYNC_S))
        while not self.run.stopping.is_set() and not self.finished.is_set():
            board = self.boards[seat]
            if board is not None and seat not in self.reconnecting:
                try:
                    await self.sockets[seat].send(
                        json.dumps({"type": "sync", "version": board.version})
                    )
                except ConnectionClosed:
                    # dropped: the reader opens it again (a page without its socket would GET
                    # the board instead; the bench waits for the reconnect's board)
                    await asyncio.sleep(PAGE_SYNC_S)
                    continue
                if self.run.in_window(time.perf_counter()):
                    self.stats.page_syncs += 1
            await asyncio.sleep(PAGE_SYNC_S)

    def delivered(self, seat: int, version: int, now: float) -> None:
        if not self.outstanding:
            return
        keep = []
        for v, t_sent, mover, counted in self.outstanding:
            if mover != seat and version > v:
                if counted:
                    self.stats.moves += 1
                    self.stats.latencies.append(now - t_sent)
            else:
                keep.append((v, t_sent, mover, counted))
        self.outstanding = keep

    def rejected(self, seat: int, reason: str) -> None:
        if self.run.started.is_set() and reason.startswith("Zu spät"):
            self.stats.late += 1
        elif self.run.started.is_set():
            self.stats.rejected += 1
            self.stats.reject_reasons[reason[:120]] += 1
        self.outstanding = [o for o in self.outstanding if o[2] != seat]
        self.pending[seat] = -1
        if not reason.startswith("Zu spät"):
            # act again: on the newer board the server pushes (the message follows it), or on the
            # board shown if none comes (the server sends the message alone when its socket had
            # sent the current board already)
            self.acted[seat] = -1
            board = self.boards[seat]
            if board is not None:
                self.spawn(self.recheck(seat, board))
        # (a lost race: the board has moved on, the newer version comes anyway – acting again on
        # the version already answered would only send a stale move)

    async def recheck(self, seat: int, board: Board) -> None:
        await asyncio.sleep(PENDING_RECHECK_S)
        if self.boards[seat] is board:
            await self.maybe_act(seat, recheck=True)

    async def maybe_act(self, seat: int, recheck: bool = False) -> None:
        from websockets.exceptions import ConnectionClosed

        run = self.run
        board = self.boards[seat]
        if board is not None and board.version > self.pending[seat] + 1:
            self.pending[seat] = -1  # this board includes the seat's own move
        if (
            board is None
            or not run.started.is_set()
            or run.stopping.is_set()
            or not board.my_turn
            or board.status != "running"
            or board.version <= self.acted[seat]
        ):
            return
        if self.pending[seat] >= 0 and not recheck:
            # The next version after our own move: in a simultaneous phase (Speedwerk's
            # Fließband, Speedtrödel's Tauschrunde) it may be another seat's choice, rendered
            # before ours arrived – its controls are gone once ours lands. Our own board follows
            # at once in that case; otherwise act on this one after a short moment.
            self.spawn(self.recheck(seat, board))
            return
        self.acted[seat] = board.version
        self.pending[seat] = board.version
        action = choose(board, self.rng)
        if run.args.think_ms:
            # people do not all think equally long: uniform in [0.5, 1.5] x --think-ms
            await asyncio.sleep(run.args.think_ms / 1000 * random.uniform(0.5, 1.5))
            if run.stopping.is_set():
                return
        t_sent = time.perf_counter()
        counted = run.in_window(t_sent)
        self.outstanding.append((board.version, t_sent, seat, counted))
        if counted:
            self.stats.sent += 1
        entry = self.outstanding[-1]
        try:
            await self.sockets[seat].send(json.dumps({**action, "version": board.version}))
        except ConnectionClosed:
            # the socket was dropped meanwhile: the move never left; act again on the board the
            # reconnect brings (a page would POST it)
            with contextlib.suppress(ValueError):
                self.outstanding.remove(entry)
            if counted:
                self.stats.sent -= 1
            self.stats.resent += 1
            self.acted[seat] = self.pending[seat] = -1
            return
        if seat in self.reconnected:
            self.stats.after_reconnect += 1


# -- the server's processes (Linux /proc) ----------------------------------------------------------
CLK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def server_processes(status_files: list[str] | None) -> dict[str, int]:
    """Name -> pid of the server's children, from the supervisor's ``supervisor.json`` (one per
    stack; with several, the names get the prefix ``a:``, ``b:`` … in the order given)."""
    paths = status_files or [os.path.join(os.environ.get("VAR_DIR", "var"), "supervisor.json")]
    out: dict[str, int] = {}
    for i, path in enumerate(paths):
        prefix = f"{'abcdefgh'[i]}:" if len(paths) > 1 else ""
        try:
            with open(path, encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, ValueError):
            continue
        for name, c in data.get("children", {}).items():
            if c.get("pid") is not None:
                out[prefix + name] = c["pid"]
    return out


def is_web(name: str) -> bool:
    return name.rsplit(":", 1)[-1].startswith("web")


def _tree(pid: int) -> list[int]:
    """``pid`` and its descendants (a Celery worker's pool processes)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii") as fh:
                    ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU of ``pid`` and its descendants."""
    total = 0.0
    for p in _tree(pid):
        try:
            with open(f"/proc/{p}/stat", encoding="ascii") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / CLK
        except (OSError, ValueError, IndexError):
            continue
    return total


def cpu_seconds_matching(pattern: str) -> float:
    """User + system CPU of every process whose command line contains ``pattern`` (e.g. a
    database name: PostgreSQL shows it in each backend's title), this process excepted."""
    total = 0.0
    me = str(os.getpid())
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or entry == me:
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as fh:
                if pattern.encode() not in fh.read().replace(b"\0", b" "):
                    continue
            with open(f"/proc/{entry}/stat", encoding="ascii") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / CLK
        except (OSError, ValueError, IndexError):
            continue
    return total


def rss_kb(pid: int) -> int:
    """Resident memory of ``pid`` and its descendants, in KiB."""
    total = 0
    for p in _tree(pid):
        try:
            with open(f"/proc/{p}/status", encoding="ascii") as fh:
                for line in fh:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except (OSError, ValueError):
            continue
    return total


# -- reporting -------------------------------------------------------------------------------------
def percentile(sorted_values: list[float], p: float) -> float | None:
    if not sorted_values:
        return None
    k = (len(sorted_values) - 1) * p / 100
    lo = int(k)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (k - lo)


def ms(x: float | None) -> float | None:
    return None if x is None else round(x * 1000, 1)


def latency_summary(lat: list[float]) -> dict[str, Any]:
    """p50/p95/p99/max in ms and the count of sorted latencies ``lat`` (seconds)."""
    return {
        "p50": ms(percentile(lat, 50)),
        "p95": ms(percentile(lat, 95)),
        "p99": ms(percentile(lat, 99)),
        "max": ms(lat[-1] if lat else None),
        "samples": len(lat),
    }


def check_loopback(url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        raise SystemExit(f"--url must look like http://127.0.0.1:8123/, not {url!r}")
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or 80)
    except OSError as exc:
        raise SystemExit(f"cannot resolve {parts.hostname}: {exc}") from exc
    for info in infos:
        if not ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback:
            raise SystemExit(f"refusing {url}: the load test only talks to loopback addresses")


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    run = Run(args)
    vendor, layer = await run.db(db_info)
    load_before = os.getloadavg()
    t_setup = time.perf_counter()
    if args.spectators:
        watchers = await run.db(make_spectators, args.spectators)
        run.spectator_cookies = [k for _, k in watchers]
        run.session_keys.extend(run.spectator_cookies)
        run.user_ids.extend(u.pk for u, _ in watchers)
    tasks = [asyncio.create_task(run.table(i)) for i in range(1, args.tables + 1)]
    # go on after the setup timeout with the tables that are ready; the others count as errors
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(run.all_ready.wait(), timeout=args.setup_timeout)
    setup_s = time.perf_counter() - t_setup
    ready_tables = len(run.ready)
    procs = server_processes(args.server_status)
    cpu_before = {name: cpu_seconds(pid) for name, pid in procs.items()}
    extra_before = {pat: cpu_seconds_matching(pat) for pat in args.measure_cpu}
    run.t_start = time.perf_counter()
    run.t_end = run.t_start + args.seconds
    pids = {pid: name for name, pid in procs.items()}
    peaks: dict[str, int] = {}
    peak_total = 0
    samples = 0

    async def watch_connections() -> None:
        """Every second: the database's connections per process; the peak of each."""
        nonlocal peak_total, samples
        while not run.stopping.is_set():
            try:
                now = await run.db(db_connections)
            except Exception:  # noqa: BLE001 - a missed sample; the figures say how many
                now = {}
            if now is None:
                return
            samples += 1
            per: Counter[str] = Counter()
            for app, n in now.items():
                per[connection_owner(app, pids)] += n
            for owner, n in per.items():
                peaks[owner] = max(peaks.get(owner, 0), n)
            peak_total = max(peak_total, sum(per.values()))
            await asyncio.sleep(1.0)

    async def drop_sockets() -> None:
        """``--drop-every S``: every S seconds one random playing socket loses its network."""
        rng = random.Random(4711)
        while True:
            await asyncio.sleep(args.drop_every)
            tables = sorted(run.live, key=lambda t: t.index)
            rng.shuffle(tables)
            for table in tables:
                if table.drop():
                    break

    run.started.set()
    helpers = [asyncio.create_task(watch_connections())]
    if args.drop_every:
        helpers.append(asyncio.create_task(drop_sockets()))
    await asyncio.sleep(args.seconds)
    run.stopping.set()
    for h in helpers:
        h.cancel()
    await asyncio.gather(*helpers, return_exceptions=True)
    cpu_window = {name: cpu_seconds(pid) - cpu_before[name] for name, pid in procs.items()}
    extra_window = {pat: cpu_seconds_matching(pat) - extra_before[pat] for pat in args.measure_cpu}
    _, pending = await asyncio.wait(tasks, timeout=args.drain + 5)
    for t in pending:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    deleted = 0
    if not args.keep:
        deleted = await run.db(
            cleanup, list(run.match_ids), list(run.session_keys), list(run.user_ids)
        )
    s = run.stats
    lat = sorted(s.latencies)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    web_cpu_s = sum(v for k, v in cpu_window.items() if is_web(k))
    web_cpu_ms_per_move = round(web_cpu_s * 1000 / s.moves, 2) if s.moves and procs else None
    games: dict[str, Any] = {}
    for game, stats in run.per_game.items():
        indexes = [i for i in range(1, args.tables + 1) if run.game_of(i) == game]
        games[game] = {
            "tables": len(indexes),
            "people_per_table": people_at(args, game),
            **stats.figures(args.seconds),
            # process CPU cannot be told apart per game when the games share the processes:
            # per game only in a run of one game (``--game <slug>``, or ``--game all``)
            "web_cpu_ms_per_move": web_cpu_ms_per_move if len(run.per_game) == 1 else None,
        }
    people = sum(people_at(args, run.game_of(i)) for i in run.ready)
    return {
        "url": args.url,
        "urls": args.urls,
        "game": args.game,
        "tables": args.tables,
        "tables_ready": ready_tables,
        "seconds": args.seconds,
        "think_ms": args.think_ms,
        "moves": s.moves,
        "moves_per_s": round(s.moves / args.seconds, 1),
        "page_syncs": s.page_syncs,
        "latency_ms": latency_summary(lat),
        "errors": s.errors,
        "reconnects": s.reconnects,
        "games": games,
        "error_detail": {
            "rejected": s.rejected,
            "late_presses": s.late,
            "socket": s.socket_errors,
            "unanswered": s.unanswered,
            "reasons": dict((s.reject_reasons + s.socket_reasons).most_common(5)),
        },
        "drops": {
            "every_s": args.drop_every,
            "dropped": s.drops,
            "reconnects": s.reconnects,
            "moves_resent": s.resent,
            "moves_after_reconnect": s.after_reconnect,
        },
        "db_connections": {
            # peak connections to this database per process during the window (web1, web2,
            # worker, beat, bench itself …; with two stacks a:web1 …), sampled every second
            "peak_per_process": dict(sorted(peaks.items())),
            "peak_total": peak_total,
            "samples": samples,
        }
        if samples
        else None,
        "matches": {
            "started_in_window": s.matches_started,
            "finished_in_window": s.matches_finished,
            "created": len(run.match_ids),
            "deleted": deleted,
        },
        "server": {
            "cpu_s": {k: round(v, 2) for k, v in cpu_window.items()},
            "web_cpu_ms_per_move": web_cpu_ms_per_move,
            "rss_kb": {name: rss_kb(pid) for name, pid in procs.items()},
            "sockets": people + args.spectators,
            "cpu_s_matching": {k: round(v, 2) for k, v in extra_window.items()},
            "cpu_ms_per_move_matching": {
                k: round(v * 1000 / s.moves, 2) if s.moves else None
                for k, v in extra_window.items()
            },
        },
        "spectators": {
            "requested": args.spectators,
            "sockets_opened": s.spectator_sockets,
            "boards_in_window": s.spectator_boards,
            "refused": s.spectator_refused,
        },
        "load_average": {"start": load_before, "end": os.getloadavg()},
        "settings": {
            "game": args.game,
            "players": args.players,
            "tables": args.tables,
            "seconds": args.seconds,
            "think_ms": args.think_ms,
            "drain": args.drain,
            "spectators": args.spectators,
            "bare": args.bare,
            "drop_every": args.drop_every,
        },
        "setup_s": round(setup_s, 1),
        "bench_cpu_s": round(usage.ru_utime + usage.ru_stime, 1),
        "channel_layer": layer,
        "database": vendor,
    }


# -- idle sockets: memory per connected socket ----------------------------------------------------
async def idle_async(args: argparse.Namespace) -> dict[str, Any]:
    """Open idle match sockets (two per match) and report the web processes' RSS growth."""
    run = Run(args)
    vendor, layer = await run.db(db_info)
    procs = server_processes(args.server_status)
    opened: list[Any] = []
    readers: list[asyncio.Task[None]] = []
    boards = 0
    errors: Counter[str] = Counter()

    async def drain(ws: Any) -> None:
        nonlocal boards
        with contextlib.suppress(Exception):
            async for frame in ws:
                text = frame if isinstance(frame, str) else frame.decode()
                if client.board_version(text) is not None:
                    boards += 1

    async def open_tables(first: int, count: int) -> None:
        async def one(index: int) -> None:
            try:
                players = await run.db(make_players, index, 2)
                run.session_keys.extend(k for _, k in players)
                run.user_ids.extend(u.pk for u, _ in players)
                match_id = await run.db(new_match, args.game, [u for u, _ in players])
                run.match_ids.append(match_id)
                for seat, (_, key) in enumerate(players):
                    ws = await run.connect(match_id, key, seat)
                    opened.append(ws)
                    readers.append(asyncio.create_task(drain(ws)))
            except Exception as exc:  # noqa: BLE001 - counted
                errors[f"{type(exc).__name__}: {exc}"[:120]] += 1

        await asyncio.gather(*(one(i) for i in range(first, first + count)))

    async def settle(expected: int) -> None:
        deadline = time.monotonic() + args.connect_timeout
        while boards < expected and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        await asyncio.sleep(args.idle_settle)

    def rss() -> dict[str, int]:
        return {name: rss_kb(pid) for name, pid in procs.items() if is_web(name)}

    warm_tables = (args.idle_warmup + 1) // 2
    idle_tables = (args.idle_sockets + 1) // 2
    t0 = time.perf_counter()
    try:
        await open_tables(1, warm_tables)
        await settle(2 * warm_tables)
        before, n_before = rss(), len(opened)
        await open_tables(warm_tables + 1, idle_tables)
        await settle(2 * (warm_tables + idle_tables))
        after, n_after = rss(), len(opened)
        closed = sum(1 for r in readers if r.done())
    finally:
        await asyncio.gather(*(ws.close() for ws in opened), return_exceptions=True)
        for r in readers:
            r.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        deleted = 0
        if not args.keep:
            deleted = await run.db(
                cleanup, list(run.match_ids), list(run.session_keys), list(run.user_ids)
            )
    added = n_after - n_before
    grown = sum(after.values()) - sum(before.values())
    return {
        "mode": "idle",
        "urls": args.urls,
        "idle_sockets": added,
        "warmup_sockets": n_before,
        "boards_received": boards,
        "closed_by_server": closed,
        "errors": sum(errors.values()) + closed,
        "error_reasons": dict(errors.most_common(5)),
        "web_rss_kb_before": before,
        "web_rss_kb_after": after,
        "web_rss_growth_kb": grown,
        "kb_per_idle_socket": round(grown / added, 1) if added else None,
        "seconds": round(time.perf_counter() - t0, 1),
        "matches_deleted": deleted,
        "load_average": os.getloadavg(),
        "channel_layer": layer,
        "database": vendor,
    }


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.split("\n")[0])
    p.add_argument(
        "--url",
        action="append",
        default=None,
        help="server base URL (loopback; default http://127.0.0.1:8000/); twice for two stacks: "
        "seat n of every table connects to URL n mod 2",
    )
    p.add_argument(
        "--game",
        default=None,
        help="a live game (default: the registry's first live game that two people play without "
        "a bot, so a table of two needs no Celery worker); `mix`: the tables take the live games "
        "in turn; `all`: one run per live game after another, on the same stack",
    )
    p.add_argument(
        "--players",
        type=int,
        default=2,
        help="people per table, 2–4 (default 2; bots fill a game's further seats); with --game "
        "mix or all at least the game's minimum (3 at Speedtrödel, Speedbasar, Speedwerk)",
    )
    p.add_argument(
        "--server-status",
        action="append",
        default=None,
        help="the server's supervisor.json (default: VAR_DIR/supervisor.json) for its CPU and RSS; "
        "once per --url with two stacks",
    )
    p.add_argument("--tables", type=int, default=10, help=f"tables (1–{MAX_TABLES})")
    p.add_argument("--seconds", type=float, default=20, help=f"window (1–{MAX_SECONDS})")
    p.add_argument(
        "--think-ms",
        type=float,
        default=0,
        help="mean pause before every move, uniform in 0.5-1.5 times this (default 0: at once)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object only")
    p.add_argument(
        "--bare",
        action="store_true",
        help="pages that only play: no currency check every 8 s as a real match page sends",
    )
    p.add_argument(
        "--move-seconds",
        type=int,
        default=120,
        help="the matches' move clock in seconds, 0 for none (default 120, a lobby table's: every "
        "move arms the move timer as it does for people)",
    )
    p.add_argument(
        "--keep", action="store_true", help="keep the matches, sessions and users it created"
    )
    p.add_argument("--connect-timeout", type=float, default=30)
    p.add_argument("--setup-timeout", type=float, default=120)
    p.add_argument("--drain", type=float, default=5, help="seconds to wait for late broadcasts")
    p.add_argument(
        "--measure-cpu",
        action="append",
        default=[],
        metavar="PATTERN",
        help="also report the window's CPU of every process whose command line contains PATTERN "
        "(e.g. the database name for its PostgreSQL backends, or redis-server)",
    )
    p.add_argument(
        "--idle-sockets",
        type=int,
        default=0,
        help=f"no play: open this many idle match sockets (2–{MAX_IDLE}) and report the server's "
        "RSS per socket",
    )
    p.add_argument(
        "--spectators",
        type=int,
        default=0,
        help=f"spectator sockets (0–{MAX_SPECTATORS}) on table 1's match, each a registered "
        "spectator that only receives; they follow the table to its next match. Compare "
        "web_cpu_ms_per_move with a run without (and --tables 1: every move is watched)",
    )
    p.add_argument(
        "--drop-every",
        type=float,
        default=0,
        metavar="S",
        help="every S seconds of the window, cut one random player's socket (no closing "
        "handshake, as a lost network); it reconnects as the page does (`reconnects`)",
    )
    p.add_argument("--idle-warmup", type=int, default=40, help="sockets opened before the baseline")
    p.add_argument("--idle-settle", type=float, default=5, help="seconds before the second RSS")
    args = p.parse_args(argv)
    if not 1 <= args.tables <= MAX_TABLES:
        p.error(f"--tables must be 1–{MAX_TABLES}")
    if not 1 <= args.seconds <= MAX_SECONDS:
        p.error(f"--seconds must be 1–{MAX_SECONDS}")
    if not 0 <= args.think_ms <= 60_000:
        p.error("--think-ms must be 0–60000")
    if not 0 <= args.move_seconds <= 600:
        p.error("--move-seconds must be 0 (no clock) – 600")
    args.connect_timeout = min(max(args.connect_timeout, 1), 120)
    args.setup_timeout = min(max(args.setup_timeout, 1), 600)
    args.drain = min(max(args.drain, 0), 60)
    if not 2 <= args.players <= 4:
        p.error("--players must be 2–4")
    if not 0 <= args.idle_sockets <= MAX_IDLE:
        p.error(f"--idle-sockets must be 0–{MAX_IDLE}")
    if not 0 <= args.spectators <= MAX_SPECTATORS:
        p.error(f"--spectators must be 0–{MAX_SPECTATORS}")
    if args.drop_every and not 0.2 <= args.drop_every <= MAX_SECONDS:
        p.error("--drop-every must be 0 (off) or 0.2–600 seconds")
    if args.idle_sockets and args.game in ("mix", "all"):
        p.error("--idle-sockets opens the sockets of one game: give --game <slug> or none")
    args.idle_warmup = min(max(args.idle_warmup, 0), 400)
    args.idle_settle = min(max(args.idle_settle, 0), 120)
    urls = args.url or ["http://127.0.0.1:8000/"]
    if len(urls) > 2:
        p.error("--url at most twice")
    if args.server_status and len(args.server_status) != len(urls):
        p.error("give --server-status once per --url")
    for url in urls:
        check_loopback(url)
    args.urls = [u.rstrip("/") for u in urls]
    args.url = args.urls[0]
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    setup_django()
    # the client measures latency: like the server (config/asgi.py), keep the collector's pauses
    # out of it – with 4,000 sockets a full collection stalled every socket of this process
    gc.freeze()
    gc.set_threshold(20_000, *gc.get_threshold()[1:])
    from games import registry

    live = [g.slug for g in registry.GAMES if g.live]
    args.min_players = {g.slug: g.min_players for g in registry.GAMES}
    if args.game is None:
        args.game = next(g.slug for g in registry.GAMES if g.live and g.min_players <= 2)
    if args.game not in [*live, "mix", "all"]:
        raise SystemExit(f"--game must be a live game ({', '.join(live)}), mix or all")
    args.people_only = args.game in ("mix", "all")
    args.table_games = live if args.game == "mix" else [args.game]
    hard = args.setup_timeout + args.seconds + args.drain + 60
    if args.idle_sockets:
        hard = 2 * args.setup_timeout + 2 * args.idle_settle + 60
        try:
            report = asyncio.run(asyncio.wait_for(idle_async(args), timeout=hard))
        except TimeoutError:
            print(json.dumps({"error": f"hard deadline of {hard:.0f} s reached"}))
            return 1
        print(json.dumps(report) if args.json else json.dumps(report, indent=2))
        return 0 if report["errors"] == 0 else 2
    if args.game == "all":
        return run_all(args, live, hard)
    try:
        report = asyncio.run(asyncio.wait_for(main_async(args), timeout=hard))
    except TimeoutError:
        print(json.dumps({"error": f"hard deadline of {hard:.0f} s reached"}))
        return 1
    if args.json:
        print(json.dumps(report))
    else:
        print(text_report(report))
    return 0 if report["errors"] == 0 else 2


def run_all(args: argparse.Namespace, live: list[str], hard: float) -> int:
    """``--game all``: one run of ``--tables`` tables per live game, one after another against
    the same stack; each run's own figures (web CPU per move per game) and a table of them."""
    reports: dict[str, Any] = {}
    for game in live:
        one = argparse.Namespace(**{**vars(args), "game": game, "table_games": [game]})
        try:
            reports[game] = asyncio.run(asyncio.wait_for(main_async(one), timeout=hard))
        except TimeoutError:
            reports[game] = {"error": f"hard deadline of {hard:.0f} s reached", "errors": 1}
    rows = {
        game: {
            **{k: r.get(k) for k in ("tables_ready", "moves", "moves_per_s", "errors")},
            "latency_ms": r.get("latency_ms"),
            "reconnects": r.get("reconnects"),
            "web_cpu_ms_per_move": (r.get("server") or {}).get("web_cpu_ms_per_move"),
            "people_per_table": people_at(args, game),
        }
        for game, r in reports.items()
    }
    errors = sum(int(r.get("errors") or 0) for r in reports.values())
    if args.json:
        print(json.dumps({"mode": "all", "games": rows, "errors": errors, "runs": reports}))
    else:
        for r in reports.values():
            print(text_report(r) if "moves" in r else json.dumps(r))
        print(
            f"\n{'game':14} {'people':>6} {'moves/s':>8} {'p50':>7} {'p95':>7} {'p99':>7} "
            f"{'errors':>6} {'web CPU ms/move':>16}"
        )
        for game, row in rows.items():
            lat = row["latency_ms"] or {}
            print(
                f"{game:14} {row['people_per_table']:>6} {row['moves_per_s']!s:>8} "
                f"{lat.get('p50')!s:>7} {lat.get('p95')!s:>7} {lat.get('p99')!s:>7} "
                f"{row['errors']!s:>6} {row['web_cpu_ms_per_move']!s:>16}"
            )
    return 0 if errors == 0 else 2


def text_report(report: dict[str, Any]) -> str:
    lat = report["latency_ms"]
    lines = [
        f"{report['game']}: {report['tables_ready']}/{report['tables']} tables, "
        f"{report['seconds']:g} s, {report['database']} + channel layer {report['channel_layer']}",
        f"  {report['moves']} moves, {report['moves_per_s']} moves/s, "
        f"{report['page_syncs']} page syncs",
        f"  move->broadcast latency ms: p50 {lat['p50']}  p95 {lat['p95']}  "
        f"p99 {lat['p99']}  max {lat['max']}",
        f"  errors {report['errors']} {report['error_detail']}",
        f"  reconnects {report['reconnects']} {report['drops']}",
        f"  web CPU ms per move {report['server']['web_cpu_ms_per_move']}, "
        f"spectators {report['spectators']}",
        f"  database connections {report['db_connections']}",
        f"  matches {report['matches']}, setup {report['setup_s']} s, "
        f"bench CPU {report['bench_cpu_s']} s",
    ]
    if len(report["games"]) > 1:
        lines.append("  per game (web CPU per move: only from a run of one game, see --game all):")
        for game, g in report["games"].items():
            gl = g["latency_ms"]
            lines.append(
                f"    {game:14} {g['tables']} tables of {g['people_per_table']}: "
                f"{g['moves']} moves, {g['moves_per_s']}/s, p50 {gl['p50']} p95 {gl['p95']} "
                f"p99 {gl['p99']} ms, errors {g['errors']}, reconnects {g['reconnects']}"
            )
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
