"""Helpers for socket tests: a logged-in session cookie and a communicator on the real app."""

from __future__ import annotations

from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application


def cookie_for(user) -> bytes:
    """The ``Cookie`` header value of a fresh session logged in as ``user``."""
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def socket(path: str, cookie: bytes | None = None, origin: bytes = b"http://127.0.0.1"):
    """A WebSocket communicator on ``path`` with an allowed origin and optional session."""
    headers = [(b"origin", origin)]
    if cookie:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, path, headers=headers)


async def frames_until(comm, done, timeout: float = 10.0) -> list[str]:
    """Every frame up to and including the first one for which ``done(frame)`` is true: socket
    tests wait for what they expect (a version, a message), never for a quiet moment."""
    frames = []
    while True:
        frame = await comm.receive_from(timeout=timeout)
        frames.append(frame)
        if done(frame):
            return frames


def board_at_least(version: int):
    """A predicate: the frame is a board of at least ``version``."""
    from bench.client import board_version

    def done(frame: str) -> bool:
        v = board_version(frame)
        return v is not None and v >= version

    return done
