"""Who may open a match socket, and how many (issue 23): spectators per match, sockets per client.

A visitor with neither an account nor a guest identity may watch only with
``SPECTATORS_ANONYMOUS``; a match takes at most ``MAX_SPECTATORS_PER_MATCH`` spectator sockets
and one client (account, guest, or the address of a visitor without either) at most
``MAX_SOCKETS_PER_CLIENT`` match sockets. A refused socket is told why in German (a flash) and
closed with ``CLOSE_ANONYMOUS`` or ``CLOSE_FULL``; the page shows the message and neither
reconnects nor polls.

The counts live in Redis, shared by every web process: one sorted set per match and per client,
its members the sockets' channel names, scored by when they expire. A seat's socket is also
entered in its seat's set (``games.presence.seat_key``, no cap): that is how presence knows a
second tab is still open when the first closes. A web process renews its
sockets every ``HEARTBEAT_SECONDS`` (``Admissions``), a closed socket removes itself, and the
sockets of a process that died expire after ``3 × HEARTBEAT_SECONDS`` – a count never leaks.
Without Redis the caps are not checked (a socket could not join its groups then anyway).

The public board of a match (the view of no seat) is kept here per process for its current
version (``public_board``): a spectator's socket that opens or asks for the current board gets
the one that ``games.broadcast`` rendered for every spectator, not a rendering of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from typing import Any, NamedTuple

import redis
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.loops import of_loop
from accounts.presence import redis_client
from games.kinds import kind_of
from games.presence import SOCKETS_PREFIX, seat_key
from games.rendering import flash_html

log = logging.getLogger("speedgames.ws")

#: the socket was refused: watching needs an account or a guest identity
CLOSE_ANONYMOUS = 4403
#: the socket was refused: the match has its spectators, or the client its sockets
CLOSE_FULL = 4429

_PREFIX = SOCKETS_PREFIX
#: a seat's set has no cap (``MAX_SOCKETS_PER_CLIENT`` limits a person's sockets)
_NO_CAP = 1 << 30

# KEYS: the sorted sets to join (the client's, then the match's for a spectator); ARGV: now, the
# expiry of the new member, the member, the keys' TTL, then one cap per key. Returns 0 (admitted)
# or the 1-based index of the full key. Atomic: two processes cannot both take the last place.
_ADMIT = """
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZSCORE', key, ARGV[3]) == false
     and redis.call('ZCARD', key) >= tonumber(ARGV[4 + i]) then
    return i
  end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, tonumber(ARGV[2]), ARGV[3])
  redis.call('EXPIRE', key, tonumber(ARGV[4]))
end
return 0
"""


class WatchRefusal(NamedTuple):
    """Why a visitor without a seat may not see a match (live or as a replay), in German, and
    the way on (``url``, ``label``)."""

    message: str
    url: str = ""
    label: str = ""


def watch_refusal(match: Any, player: Any) -> WatchRefusal | None:
    """Why ``player`` (without a seat in ``match``) may not see it, or ``None``: the match's
    kind answers (the daily game: today's deal until the visitor played their counted attempt).
    Asked by the match page, its board poll, its replay and the spectator socket."""
    refusal: WatchRefusal | None = kind_of(match).watch_refusal(match, player)
    return refusal


def may_watch(player: Any) -> bool:
    """Whether a visitor may watch at all: people with an account or a guest identity (``player``),
    everyone with ``SPECTATORS_ANONYMOUS`` (asked by the match page, its board poll and „Jetzt
    live“; the socket asks the same in ``consumers``)."""
    return bool(settings.SPECTATORS_ANONYMOUS) or player is not None


def may_see(match: Any, player: Any) -> bool:
    """Whether ``player`` may open ``match``'s page (the match page's rules, for the links to it
    on „Jetzt live“ and the friends page): its people always; anybody else who may watch at all,
    unless the match's kind refuses them."""
    if match.seat_of(player) is not None:
        return True
    return may_watch(player) and watch_refusal(match, player) is None


def anonymous_refused() -> str:
    return _(
        "Zuschauen können nur angemeldete Spieler und Gäste. Melde dich an oder spiel als Gast, "
        "dann kannst du zuschauen."
    )


def no_place() -> str:
    """The page's own words for a socket refused under a cap (the server's came first)."""
    return _(
        "Hier ist gerade kein Platz mehr zum Zuschauen (zu viele Zuschauer oder zu viele offene "
        "Partien). Lade die Seite später neu."
    )


def match_full(cap: int) -> str:
    return ngettext(
        "Dieser Partie schaut schon %(cap)s Person zu – mehr Plätze gibt es nicht. "
        "Versuch es später noch einmal.",
        "Dieser Partie schauen schon %(cap)s Leute zu – mehr Plätze gibt es nicht. "
        "Versuch es später noch einmal.",
        cap,
    ) % {"cap": cap}


def client_full(cap: int) -> str:
    return ngettext(
        "Du hast schon %(cap)s Partie offen – schließe sie, bevor du eine weitere öffnest.",
        "Du hast schon %(cap)s Partien gleichzeitig offen – schließe eine, bevor du eine "
        "weitere öffnest.",
        cap,
    ) % {"cap": cap}


def client_key(scope: dict[str, Any], player_key: str | None) -> str:
    """Whom the socket counts for: the account or guest, else the peer's address (the one the
    web server believes: ``FORWARDED_ALLOW_IPS``)."""
    if player_key:
        return player_key
    peer = scope.get("client") or ("?", 0)
    return f"ip:{peer[0]}"


def ttl() -> int:
    return max(int(3 * float(settings.HEARTBEAT_SECONDS)), 5)


@dataclass(frozen=True)
class Ticket:
    """A socket's places: its channel name in each of these sorted sets."""

    member: str
    keys: tuple[str, ...]


class Admissions:
    """This event loop's admitted sockets, renewed in Redis every ``HEARTBEAT_SECONDS``."""

    def __init__(self) -> None:
        self.keys: dict[str, set[str]] = {}
        self.task: asyncio.Task[None] | None = None

    async def admit(
        self,
        member: str,
        client: str,
        match_id: int | None,
        seat: tuple[int, int] | None = None,
    ) -> tuple[Ticket | None, str]:
        """Take a place for the socket ``member`` (its channel name): for ``client``, and among
        the spectators of ``match_id`` (``None``: a seat's socket), or as an open socket of
        ``seat`` (match and seat index: ``games.presence``). Returns the ticket and ``""``, or
        ``None`` and the German reason of the refusal."""
        keys = [f"{_PREFIX}:client:{client}"]
        caps = [int(settings.MAX_SOCKETS_PER_CLIENT)]
        if match_id is not None:
            keys.append(f"{_PREFIX}:match:{match_id}")
            caps.append(int(settings.MAX_SPECTATORS_PER_MATCH))
        if seat is not None:
            keys.append(seat_key(*seat))
            caps.append(_NO_CAP)
        now = time.time()
        try:
            full = await redis_client().eval(
                _ADMIT, len(keys), *keys, now, now + ttl(), member, ttl(), *caps
            )
        except (redis.RedisError, OSError, RuntimeError) as exc:
            log.warning("socket caps not checked, Redis failed: %s", exc)
            return None, ""
        if full:  # the seat's set has no cap: 1 is the client's, 2 the match's spectators
            return None, client_full(caps[0]) if int(full) == 1 else match_full(caps[1])
        for key in keys:
            self.keys.setdefault(key, set()).add(member)
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._beat())
        return Ticket(member, tuple(keys)), ""

    async def release(self, ticket: Ticket) -> None:
        for key in ticket.keys:
            members = self.keys.get(key)
            if members is not None:
                members.discard(ticket.member)
                if not members:
                    del self.keys[key]
        try:
            pipe = redis_client().pipeline()
            for key in ticket.keys:
                pipe.zrem(key, ticket.member)
            await pipe.execute()
        except (redis.RedisError, OSError, RuntimeError) as exc:
            log.debug("socket place not released (it expires): %s", exc)

    async def _beat(self) -> None:
        while self.keys:
            await asyncio.sleep(float(settings.HEARTBEAT_SECONDS))
            await self.renew()

    async def renew(self) -> None:
        """Push the expiry of every place this loop holds (one command per key; ``xx``: a place
        released meanwhile is not taken again)."""
        expires = time.time() + ttl()
        try:
            pipe = redis_client().pipeline()
            for key, members in list(self.keys.items()):
                pipe.zadd(key, dict.fromkeys(members, expires), xx=True)
                pipe.expire(key, ttl())
            await pipe.execute()
        except (redis.RedisError, OSError, RuntimeError) as exc:
            log.warning("socket places not renewed for %s keys: %s", len(self.keys), exc)


def admissions() -> Admissions:
    """This event loop's ``Admissions`` (one per web process; tests run several loops)."""
    return of_loop(Admissions)


async def refuse(consumer: Any, message: str, code: int) -> None:
    """Tell the (accepted) socket why in German, then close it with ``code``."""
    try:
        await consumer.send(text_data=flash_html(message, oob=True))
    except Exception as exc:  # noqa: BLE001 - the client left meanwhile
        log.debug("refusal not sent: %s", exc)
    await consumer.close(code=code)


# -- the public board of each match's current version, per process ---------------------------------
_PUBLIC_KEEP = 2048
_public: dict[tuple[int, str], tuple[int, str]] = {}


def keep_public_board(match_id: int, version: int, html: str, language: str = "") -> None:
    """Remember the pushed public board of ``match_id`` in ``language`` (the newest version
    wins)."""
    key = (match_id, language or settings.LANGUAGE_CODE)
    old = _public.get(key)
    if old is not None and old[0] >= version:
        return
    if old is None and len(_public) >= _PUBLIC_KEEP:
        with contextlib.suppress(StopIteration, RuntimeError):  # another thread changed it
            _public.pop(next(iter(_public)), None)  # the match remembered longest ago
    _public[key] = (version, html)


def public_board(match_id: int, version: int, language: str = "") -> str | None:
    """The public board of ``match_id`` at ``version`` in ``language``, if this process has it."""
    kept = _public.get((match_id, language or settings.LANGUAGE_CODE))
    return kept[1] if kept is not None and kept[0] == version else None
