"""The match socket: one per open match page. Thin: authenticate, join the match group, forward
actions to ``games.actions``, send on the boards ``games.broadcast`` publishes for its seat (a
spectator's socket forwards the one public board published for all spectators). Who may open one,
and how many, is ``games.spectators``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import select
import threading
import time
from collections import Counter
from typing import Any
from urllib.parse import parse_qs

from asgiref.sync import SyncToAsync
from channels.consumer import get_handler_name
from django.conf import settings
from django.db import DatabaseError, close_old_connections, connections
from django.utils.translation import gettext as _

from accounts.identity import player_from_scope
from accounts.loops import of_loop
from games import actions, broadcast, presence, sockets, spectators
from games.models import Match
from games.rendering import flash_html, render_board

log = logging.getLogger("speedgames.ws")

#: what a page that already shows the current board gets instead of it on connecting: no element
#: to swap, but a frame (the page's ``htmx:wsAfterMessage`` runs; an empty frame did not reach
#: every browser's page as a message)
CURRENT_FRAME = "<!-- current -->"


#: how often a database thread checks its connections (age, errors, Django's health check)
CONNECTION_CHECK_SECONDS = 1.0
_checked = threading.local()


def _check_connections(*, before: bool = True) -> None:
    """Channels runs ``close_old_connections`` around every call; each run makes the next query
    pay Django's health check, a ``SELECT 1`` round trip – a third statement on every move. Here
    a connection that the server has closed is dropped without a round trip (``_server_hung_up``,
    only ``before`` a hop: right after one the connection has just answered, and the next hop
    looks again) and the full check runs at most once a second per thread, or at once after an
    error."""
    now = time.monotonic()
    conns = connections.all(initialized_only=True)
    if before:
        for conn in conns:
            if _server_hung_up(conn):
                conn.close()
    if now - getattr(_checked, "at", -CONNECTION_CHECK_SECONDS) >= CONNECTION_CHECK_SECONDS or any(
        c.errors_occurred for c in conns
    ):
        _checked.at = now
        close_old_connections()
        if settings.DEBUG:  # Django empties its query log per request only; a socket thread has
            for conn in conns:  # none, and 9,000 logged UPDATEs with a state each add up
                conn.queries_log.clear()


def _server_hung_up(conn: Any) -> bool:
    """An idle PostgreSQL connection whose socket is readable: the server sent something nobody
    asked for – its "terminating connection" message or the end of the stream (a restart, a
    killed backend). Such a connection would fail the next query."""
    raw = conn.connection
    if raw is None or conn.vendor != "postgresql" or conn.in_atomic_block:
        return False
    if raw.closed:
        return True
    poller = select.poll()  # not select.select: a busy server's sockets have fds above 1024
    try:
        poller.register(raw.fileno(), select.POLLIN)
    except (OSError, ValueError):
        return True
    return bool(poller.poll(0))


class _DatabaseHop(SyncToAsync):
    def thread_handler(self, loop: Any, *args: Any, **kwargs: Any) -> Any:
        _check_connections()
        try:
            return super().thread_handler(loop, *args, **kwargs)
        finally:
            _check_connections(before=False)


def db(func: Any) -> Any:
    """Run ORM work in the thread pool rather than Channels' single shared thread, so sockets of
    different matches do not queue behind each other (each thread keeps its own connection)."""
    return _DatabaseHop(func, thread_sensitive=False)


class Presence:
    """The seats this process's match sockets hold. While a socket is open its person counts as
    present (``Seat.last_seen``): one beat every ``HEARTBEAT_SECONDS`` touches all of them in one
    statement (``actions.touch_seats``) – not a database hop and a statement per socket, which
    at 2,000 open pages was a hundred writes a second. The same beat resumes a clock that stopped
    although one of these seats has a page open (``actions.resume_where_present``, one query).
    (Each socket's own entry in Redis, which tells a second tab from none, is renewed by
    ``spectators.Admissions``.)"""

    def __init__(self) -> None:
        self.seats: Counter[tuple[int, int]] = Counter()
        self.task: asyncio.Task[None] | None = None

    def add(self, seat: tuple[int, int]) -> None:
        self.seats[seat] += 1
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._beat())

    def discard(self, seat: tuple[int, int]) -> None:
        self.seats[seat] -= 1
        if self.seats[seat] <= 0:
            del self.seats[seat]

    async def _beat(self) -> None:
        while self.seats:
            await asyncio.sleep(actions.HEARTBEAT_SECONDS)
            try:
                await db(_beat_seats)(list(self.seats))
            except Exception:  # noqa: BLE001 - a database hiccup: the next beat tries again
                log.warning("heartbeat failed for %s seats", len(self.seats))


def _beat_seats(seats: list[tuple[int, int]]) -> None:
    actions.touch_seats(seats)
    actions.resume_where_present(seats)


class SyncChecks:
    """The pages' currency checks of this process, answered together. Every page asks every few
    seconds over its socket whether it shows the current board (a push lost to a dead process or
    a Redis error is repaired so). One database read per page was the largest cost of an idle
    page (2,000 open pages: 250 reads a second, more than the moves); now the questions of one
    ``SYNC_BATCH_SECONDS`` window are answered by one query for all their matches, and only the
    pages that are behind get a board – unless their socket has sent them the current one since
    they asked (a move's push overtook the answer: re-rendering it cost a database read and a
    render per check while a table was playing), or sends it within ``REPAIR_GRACE_SECONDS``
    after the answer (the push of a move committed just before the answer read the versions)."""

    def __init__(self) -> None:
        #: per match: the asking socket, the version its page shows, the version it had sent
        self.waiting: dict[int, list[tuple[MatchConsumer, int, int]]] = {}
        self.task: asyncio.Task[None] | None = None
        #: answers waiting for pushes that may be under way (``REPAIR_GRACE_SECONDS``)
        self.later: set[asyncio.Task[None]] = set()

    def ask(self, consumer: MatchConsumer, shown: int) -> None:
        asked = (consumer, shown, consumer.shown_version)
        self.waiting.setdefault(consumer.match_id, []).append(asked)
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._answer())

    async def _answer(self) -> None:
        await asyncio.sleep(SYNC_BATCH_SECONDS)
        waiting, self.waiting = self.waiting, {}
        try:
            versions = await db(actions.current_versions)(list(waiting))
        except DatabaseError:
            log.warning("sync check failed for %s matches: the next check asks again", len(waiting))
            return
        later: list[tuple[MatchConsumer, int]] = []
        for match_id, asked in waiting.items():
            current = versions.get(match_id)
            if current is None:
                continue
            for consumer, shown, sent in asked:
                if shown == current or not consumer.joined:  # current, or closed meanwhile
                    continue
                if _on_its_way(current, shown, sent, consumer.shown_version):
                    continue
                if consumer.shown_version < current:  # its push may be under way: wait for it
                    later.append((consumer, current))
                    continue
                await _repair(consumer)
        if later:  # a task of its own: the next batch must not wait for it
            task = asyncio.get_running_loop().create_task(self._repair_later(later))
            self.later.add(task)
            task.add_done_callback(self.later.discard)

    @staticmethod
    async def _repair_later(later: list[tuple[MatchConsumer, int]]) -> None:
        await asyncio.sleep(REPAIR_GRACE_SECONDS)
        for consumer, current in later:
            if consumer.joined and consumer.shown_version < current:  # no push came: lost
                await _repair(consumer)


async def _repair(consumer: MatchConsumer) -> None:
    """Send ``consumer`` the current board (a sync check found its page behind)."""
    try:
        await consumer._push_board()
    except Exception:  # noqa: BLE001 - one socket's trouble is not the others'
        log.warning("sync repair failed match=%s", consumer.match_id, exc_info=True)


#: how long a process collects the pages' sync questions before it answers them in one query
SYNC_BATCH_SECONDS = 1.0
#: how long a refused move's message waits for the push of the board it was refused at
REFUSAL_WAIT_SECONDS = 2.0
#: how long a sync answer that found a newer version than the socket has sent waits for that
#: version's push before it renders the board itself. At a busy table a move is nearly always
#: committed and not yet pushed when the answer reads the versions: rendering then cost a
#: database read and a board per check, for a board that arrived a moment later anyway
#: (three-person Speedbasar at 200 tables: the boards sockets rendered themselves were 8 % of the
#: web CPU, about three quarters of them for sync answers).
REPAIR_GRACE_SECONDS = 2.0


def _on_its_way(current: int, shown: int, sent: int, sent_now: int) -> bool:
    """Whether a page that showed ``shown`` when it asked (its socket had sent ``sent`` by then,
    ``sent_now`` by the answer) gets the ``current`` board without a repair: the socket has sent
    it, and either the page had everything the socket had sent when it asked, or the socket sent
    a newer board since. (A page behind what its socket sent, with nothing sent since: that board
    may be lost on the page, so it is repaired.)"""
    return sent_now >= current and (shown >= sent or sent_now > sent)


def _presence() -> Presence:
    return of_loop(Presence)


def _sync_checks() -> SyncChecks:
    return of_loop(SyncChecks)


class MatchConsumer(sockets.OutageSafeConsumer):
    match_id: int
    seat_index: int | None = None
    player_key: str | None = None
    #: the newest board version this socket has been sent: pushes may overtake each other
    shown_version: int = -1
    #: a spectator's socket, counted in ``Match.watchers`` while open
    watching: bool = False
    #: the channel-layer groups this socket joined (none while Redis was down at the handshake)
    joined: tuple[str, ...] = ()
    #: the socket's places under the caps (``games.spectators``)
    ticket: spectators.Ticket | None = None
    #: a refused move's version and message, waiting for the push of that version
    refusal: tuple[int, str] | None = None
    refusal_wait: asyncio.Task[None] | None = None
    #: why this visitor without a seat may not watch (``spectators.watch_refusal``: the kind answers)
    kept_from: spectators.WatchRefusal | None = None
    #: the seat is among those the process's heartbeat touches (``Presence``)
    beating: bool = False
    #: the socket's places and presence are given up (``_let_go``)
    released: bool = False

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' own dispatch without its ``aclose_old_connections`` hop to the shared sync
        thread before every message (each frame in, each pushed board): this consumer does its
        database work through ``db()``, which closes stale connections in its own thread. Under
        load that hop was the largest cost Channels added to a move."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        # Accept first: under load the lookup may queue, and daphne drops sockets that are not
        # accepted within a few seconds.
        await self.accept()
        found = await db(self._lookup)()
        if not found:
            await self.close(code=4404)
            return
        if self.kept_from is not None:  # today's daily deal, for one who has not played it
            await spectators.refuse(self, self.kept_from.message, spectators.CLOSE_ANONYMOUS)
            return
        if not await self._admit():
            return
        groups = [self._board_group()]
        if self.player_key:
            groups.append(f"user-{self.player_key}")
        if not await sockets.join_groups(self, groups, accepted=True):
            return  # Redis is down: closed with a retry hint, the page reconnects
        self.joined = tuple(groups)
        if self.seat_index is not None:
            _presence().add((self.match_id, self.seat_index))
            self.beating = True
        if self.player_key:
            kind = "watch" if self.seat_index is None else "match"  # where, for the friends list
            await self.go_online(self.player_key, self.player_name, f"{kind}:{self.match_id}")
        # A reconnect may have missed updates: start from the current state – but a page that
        # already shows it (the version it connected with, ``?v=``) is not sent the same board a
        # second time (issue 44: that second board was most of a phone's blocking time on every
        # load). The version is read after joining the groups: a move committed since is pushed
        # to this socket, or is newer than the page's version and sent here.
        await self._push_board_unless_shown(self._page_version())

    async def _admit(self) -> bool:
        """Watching needs an account or a guest (unless ``SPECTATORS_ANONYMOUS``), and a place
        under the caps; a refused socket is told why in German and closed."""
        if self.seat_index is None and not self.player_key and not settings.SPECTATORS_ANONYMOUS:
            await spectators.refuse(
                self, spectators.anonymous_refused(), spectators.CLOSE_ANONYMOUS
            )
            return False
        self.ticket, refusal = await spectators.admissions().admit(
            self.channel_name,
            spectators.client_key(self.scope, self.player_key),
            self.match_id if self.seat_index is None else None,
            seat=None if self.seat_index is None else (self.match_id, self.seat_index),
        )
        if refusal:
            await spectators.refuse(self, refusal, spectators.CLOSE_FULL)
            return False
        if self.seat_index is None:
            await db(actions.count_watcher)(self.match_id, +1)
            self.watching = True
        return True

    def _board_group(self) -> str:
        """A person's socket follows its seat's own pushed board; a spectator's the public one."""
        if self.seat_index is None:
            return broadcast.watch_group(self.match_id)
        return broadcast.players_group(self.match_id)

    def _lookup(self) -> bool:
        try:
            match, _seats = actions.load_match(self.match_id)
        except Match.DoesNotExist:
            return False
        player = player_from_scope(self.scope)
        seat = match.seat_of(player)
        self.seat_index = seat.index if seat else None
        self.kept_from = spectators.watch_refusal(match, player) if seat is None else None
        self.player_key = player.key if player else None
        self.player_name = player.name if player else ""
        if seat is not None:
            # presence first; a match that waits for its person then looks at its clock under
            # the lock – not at the clock read above, which may stop a moment later
            if actions.waits_for_its_person(match):
                actions.person_back(self.match_id, seat.index)
            else:
                actions.set_connected(self.match_id, seat.index, True)
        return True

    async def disconnect(self, code: int) -> None:
        if not hasattr(self, "match_id"):
            return
        if self.joined:
            joined, self.joined = self.joined, ()  # closed: no batched sync answer reaches it
            await sockets.leave_groups(self, joined)
            if self.player_key:
                await self.go_offline()
        await self._let_go()

    async def _let_go(self) -> None:
        """Give up the socket's places and, for a seat's socket, its presence: the seat counts
        as gone only when no other socket of it is open (a second tab, another device) – Redis
        knows them all (``presence.sockets_left``; when it cannot tell, gone). Once per socket:
        ``disconnect`` and the end of the socket's task both ask (``__call__``)."""
        if self.released:
            return
        self.released = True
        if self.beating:
            self.beating = False
            _presence().discard((self.match_id, self.seat_index))  # type: ignore[arg-type]
        if self.ticket is not None:
            await spectators.admissions().release(self.ticket)
        if self.seat_index is not None:
            if not await presence.sockets_left(self.match_id, self.seat_index):
                await db(actions.set_connected)(self.match_id, self.seat_index, False)
        elif self.watching:
            await db(actions.count_watcher)(self.match_id, -1)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            # a handler that raised, a task the server cancelled: the places and the presence
            # are given up all the same (a renewed place would keep the seat present for good)
            if hasattr(self, "match_id"):
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    await asyncio.shield(self._let_go())

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Anything that is not one JSON text frame gets a German message, never a closed socket
        (binary frames, broken or absurdly nested JSON)."""
        if text_data is None or len(text_data) > 10_000:
            await self._push_message(_("Unbekannter Zug."))
            return
        try:
            content = json.loads(text_data)
        except (ValueError, RecursionError):
            await self._push_message(_("Unbekannter Zug."))
            return
        await self.receive_json(content)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """An action from the page (or any client): ``{"type": ..., ..., "version": n}``; or the
        page's check every few seconds that it shows the current board: ``{"type": "sync",
        "version": n}`` (a push lost on the way is repaired by the current board)."""
        if isinstance(content, dict) and content.get("type") == "sync":
            await self._check_current(content.get("version"))
            return
        if self.seat_index is None:
            await self._push_message(_("Du schaust nur zu – spielen können die Leute am Tisch."))
            return
        try:
            action = actions.parse_action(content)
            version = actions.parse_version(content.get("version"))
            played = await db(self._play)(action, version)
        except actions.ActionRejected as exc:
            await self._answer_refusal(exc)
            return
        except DatabaseError:
            log.exception("database error during a move match=%s", self.match_id)
            await self._push_message(actions.DB_TROUBLE)  # the socket stays open
            return
        if isinstance(played, actions.ActionRejected):
            await self._answer_refusal(played)
            return
        broadcasts, queued = played
        if not await broadcast.send_broadcasts(self.channel_layer, broadcasts) or not queued:
            # Redis is out of reach, the move is stored: the mover sees it, and says so
            await self._push_board(actions.OUTAGE)

    async def _answer_refusal(self, exc: actions.ActionRejected) -> None:
        """A refused move changed nothing: the page needs the message, and a board only if its
        socket has not sent the current one. Most refusals are presses that came too late in a
        simultaneous phase (a doubt window: every player but one) or moves on a board that has
        moved on; rendering and sending a whole board for each cost about a tenth of a busy
        Speedbasar table's CPU.

        - The socket has sent the board the move was refused at: the message alone.
        - It has not yet (the move that made that version was committed before this one was read,
          and its push is under way): the message follows that push (``match_boards``); if no
          push has come within ``REFUSAL_WAIT_SECONDS`` (lost), the current board with the
          message, as the page's sync check would bring it.
        - Refused before the match was read (a malformed message): the message alone."""
        current = exc.version
        if current is None or self.shown_version >= current:
            await self._push_message(exc.message)
            return
        self.refusal = (current, exc.message)
        # a task of its own: this handler must return for the push to be handled
        self.refusal_wait = asyncio.get_running_loop().create_task(
            self._repair_refusal(self.refusal)
        )

    async def _repair_refusal(self, refusal: tuple[int, str]) -> None:
        await asyncio.sleep(REFUSAL_WAIT_SECONDS)
        if self.refusal is refusal and self.joined:  # no push has brought it: repair
            self.refusal = None
            await self._push_board(refusal[1])

    async def _check_current(self, raw: Any) -> None:
        """The page shows version ``raw``: push the current board if that is not it. The question
        joins this process's next batched check (``SyncChecks``: one query a second for all
        pages, not one per page), also when the page is behind what this socket sent: that board
        is mostly still on its way (a table at play), and the answer repairs it if not.
        (Not named ``_sync``: Channels reads that attribute to tell sync consumers.)"""
        try:
            shown = actions.parse_version(raw)
        except actions.ActionRejected:
            shown = -1
        _sync_checks().ask(self, shown)

    def _play(
        self, action: actions.Action, version: int
    ) -> tuple[broadcast.Broadcast, bool] | actions.ActionRejected:
        """The move; its broadcasts, and whether its follow-ups (bots, timer) were queued. A
        refusal is returned, without its traceback, not raised: raised out of the thread hop it
        went into the hop's future, and its traceback held the frames of the whole move (the
        match, its seats, the decoded state) and of the coroutine awaiting that future – a
        reference cycle per refused press that only the garbage collector freed. At a busy
        Speedbasar table (every doubt window has a press that comes too late) that was two
        thirds of the objects a web process left in cycles (docs/performance.md, "Decisions")."""
        try:
            with broadcast.collecting_broadcasts() as broadcasts:
                match = actions.play(self.match_id, self.seat_index, action, version=version)  # type: ignore[arg-type]
        except actions.ActionRejected as exc:
            exc.__cause__ = exc.__context__ = None  # an engine's IllegalAction, with its frames
            return exc.with_traceback(None)
        return broadcasts, not getattr(match, "delivery_trouble", False)

    async def match_boards(self, event: dict[str, Any]) -> None:
        """Every seat's board, rendered by whoever made the move: this socket sends on its own."""
        html = event["boards"].get(str(self.seat_index))
        if html is not None and event["version"] >= self.shown_version:
            self.shown_version = event["version"]
            await self._send(html)
            refusal = self.refusal
            if refusal is not None and self.shown_version >= refusal[0]:
                self.refusal = None  # the refused move's message, after the board it refers to
                await self._push_message(refusal[1])

    async def match_spectate(self, event: dict[str, Any]) -> None:
        """The public board, rendered once per move for every spectator: sent on as it is."""
        html = event.get("languages", {}).get(self.language, event["html"])
        spectators.keep_public_board(self.match_id, event["version"], html, self.language)
        if event["version"] > self.shown_version:
            self.shown_version = event["version"]
            await self._send(html)

    async def notify_invite(self, event: dict[str, Any]) -> None:
        """An invitation to a table: the toast comes rendered with the event (by the lobby)."""
        await self._send(event["html"])

    def _page_version(self) -> int | None:
        """The board version the page showed when it opened this socket (``?v=n``), if it said."""
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        try:
            return actions.parse_version((query.get("v") or [None])[0])
        except actions.ActionRejected:
            return None

    async def _push_board_unless_shown(self, shown: int | None) -> None:
        """The current board, unless the page shows its version already: then ``CURRENT_FRAME``
        tells the page that its socket is current (the page's ``htmx:wsAfterMessage`` runs, and
        nothing is swapped). A push lost later is repaired by the pages' sync checks."""
        if shown is not None:
            try:
                current = (await db(actions.current_versions)([self.match_id])).get(self.match_id)
            except DatabaseError:
                current = None
            if current is not None and current == shown:
                if shown >= self.shown_version:
                    self.shown_version = shown
                await self._send(CURRENT_FRAME)
                return
        await self._push_board()

    async def _push_board(self, message: str = "") -> None:
        version, html = await db(self._render)(message)
        if version >= self.shown_version:
            self.shown_version = version
            await self._send(html)

    async def _send(self, html: str) -> None:
        try:
            await self.send(text_data=html)
        except Exception as exc:  # noqa: BLE001 - the client left while we rendered: nothing to do
            log.debug("send to closed socket match=%s: %s", self.match_id, exc)

    def _render(self, message: str) -> tuple[int, str]:
        match, seats = actions.load_match(self.match_id)
        seat = next((s for s in seats if s.index == self.seat_index), None)
        public = seat is None and not message
        if public:  # a spectator: the public board this process has for the version, if any
            kept = spectators.public_board(match.pk, match.version, self.language)
            if kept is not None:
                return match.version, kept
        html = render_board(match, seat, message, oob=True, seats=seats)
        if public:
            spectators.keep_public_board(match.pk, match.version, html, self.language)
        return match.version, html

    async def _push_message(self, message: str) -> None:
        await self._send(flash_html(message, oob=True))
