"""One instance per event loop of what the sockets of a process share (one loop per web
process; tests run several): the presence renewal here, and the games' sockets' batches
(``games.consumers.Presence``, ``games.consumers.SyncChecks``, ``games.spectators.Admissions``).
Keyed by the loop object itself: an ``id()`` may be reused by a new loop after the old one
closed."""

from __future__ import annotations

import asyncio
import weakref
from typing import Any, TypeVar

T = TypeVar("T")

_per_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[type, Any]] = (
    weakref.WeakKeyDictionary()
)


def of_loop(kind: type[T]) -> T:
    """This event loop's instance of ``kind`` (made on first use)."""
    mine = _per_loop.setdefault(asyncio.get_running_loop(), {})
    if kind not in mine:
        mine[kind] = kind()
    return mine[kind]  # type: ignore[no-any-return]
