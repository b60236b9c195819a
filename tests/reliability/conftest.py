"""Fixtures of the reliability tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.reliability.redisproc import PrivateRedis


@pytest.fixture
def private_redis(tmp_path) -> Iterator[PrivateRedis]:
    """A Redis server of the test's own (on a free port), to stop, kill and restart."""
    server = PrivateRedis(tmp_path / "redis")
    server.start()
    yield server
    server.stop()
