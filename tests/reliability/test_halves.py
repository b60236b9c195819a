"""``make test`` runs the browser tests and the rest as two pytest processes at once
(``config.launch.test_in_halves``): the browser half gets a database and a Redis database of its
own, so that neither half sees the other's rows, cache, channel or broker keys."""

from __future__ import annotations

from config.launch import _other_database, _other_redis_db


def test_the_browser_half_gets_its_own_test_database():
    url = "postgres://postgres:secret@127.0.0.1:5432/speedgames"
    assert _other_database(url, "_browser") == (
        "postgres://postgres:secret@127.0.0.1:5432/speedgames_browser"
    )


def test_the_browser_half_gets_the_next_redis_database():
    assert _other_redis_db("redis://127.0.0.1:6379/0") == "redis://127.0.0.1:6379/1"
    assert _other_redis_db("redis://127.0.0.1:6379") == "redis://127.0.0.1:6379/1"
    assert (
        _other_redis_db("redis://:pw@redis.example:6380/15") == "redis://:pw@redis.example:6380/0"
    )
