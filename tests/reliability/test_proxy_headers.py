"""Whose ``X-Forwarded-For`` the web server believes (issue 23, item 7).

The login limit counts failed logins per client address. uvicorn's own default believed
``X-Forwarded-For`` from 127.0.0.1, so a client on loopback chose the address the limit counted:
40 failures with rotating forwarded addresses, none blocked. Now no forwarded header is believed
unless ``FORWARDED_ALLOW_IPS`` is set, and then from exactly those addresses – for uvicorn and for
daphne alike. Each case starts a stack as ``make run`` does (``python -m config.launch run``, web
only) and fails logins over real HTTP.
"""

from __future__ import annotations

import http.cookiejar
import re
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.reliability.stack import Stack, tagged_processes

pytestmark = [pytest.mark.timeout(300)]

BLOCKED = "Zu viele Fehlversuche"
#: failed logins per address before the limit refuses (``LOGIN_RATE_LIMIT_ADDRESS`` of the stacks)
LIMIT = 8
LOGIN = "/konto/anmelden/"


class Browser:
    """One client with cookies: the login page's CSRF token, then failing logins."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        with self.opener.open(url + LOGIN, timeout=10) as r:
            page = r.read().decode()
        self.token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)

    def fail_login(self, name: str, forwarded: str | None = None) -> bool:
        """One failed login; True when it was refused by the rate limit."""
        data = urllib.parse.urlencode(
            {"csrfmiddlewaretoken": self.token, "username": name, "password": "falsch"}
        ).encode()
        request = urllib.request.Request(self.url + LOGIN, data=data, method="POST")
        if forwarded is not None:
            request.add_header("X-Forwarded-For", forwarded)
        with self.opener.open(request, timeout=10) as r:
            page = r.read().decode()
        assert "falsch" in page or BLOCKED in page, page[:500]  # a failed login either way
        return BLOCKED in page


@pytest.fixture
def start_stack(
    live_server_env: dict[str, str], transactional_db: None, tmp_path: Path
) -> Iterator[Callable[..., Stack]]:
    """Starts web-only stacks (one web process each) with the given server and environment, on
    the test database (``transactional_db``: also makes pytest-django create it when this module
    runs alone)."""
    stacks: list[Stack] = []

    def start(server: str, **extra: str) -> Stack:
        tag = f"proxy{uuid.uuid4().hex[:12]}"
        env = {k: v for k, v in live_server_env.items() if k != "FORWARDED_ALLOW_IPS"} | {
            "ASGI_SERVER": server,
            "WEB_PROCESSES": "1",
            "ASGI_THREADS": "4",
            "RUN_WORKER": "0",
            "RUN_BEAT": "0",
            "CACHE_PREFIX": tag,  # the failure counters of this stack alone
            "CHANNEL_PREFIX": tag,
            "DEBUG": "1",
            # a low limit: each failed login hashes a password (~0.4 s), 40 of them took 30 s
            "LOGIN_RATE_LIMIT_ADDRESS": str(LIMIT),
            **extra,
        }
        stack = Stack(f"{server}{len(stacks)}", tmp_path, env)
        stacks.append(stack)
        return stack.start()

    yield start
    codes = [s.stop() for s in stacks]
    left = [p for s in stacks for p in tagged_processes(s.tag)]
    assert not left, f"processes left after SIGTERM: {left}"
    assert all(c == 0 for c in codes), codes


@pytest.mark.parametrize("server", ["uvicorn", "daphne"])
def test_a_forwarded_address_is_not_believed_by_default(start_stack, server: str) -> None:
    stack = start_stack(server)
    client = Browser(stack.url)
    blocked = [
        client.fail_login(f"niemand{i}", forwarded=f"10.0.{i // 250}.{i % 250 + 1}")
        for i in range(LIMIT + 4)
    ]
    # the limit counts the real address (127.0.0.1): LOGIN_RATE_LIMIT_ADDRESS failures, then
    # every further attempt is refused, whatever address the header claims
    assert blocked == [False] * LIMIT + [True] * 4, blocked


@pytest.mark.parametrize("server", ["uvicorn", "daphne"])
def test_a_forwarded_address_from_an_allowed_proxy_is_believed(start_stack, server: str) -> None:
    stack = start_stack(server, FORWARDED_ALLOW_IPS="127.0.0.1")
    client = Browser(stack.url)
    blocked = [
        client.fail_login(f"niemand{i}", forwarded=f"10.0.{i // 250}.{i % 250 + 1}")
        for i in range(LIMIT + 4)
    ]
    assert not any(blocked), blocked  # different clients behind the proxy, more than the limit
    # and one client behind the proxy is counted as itself
    blocked = [client.fail_login(f"jemand{i}", forwarded="10.9.9.9") for i in range(LIMIT + 1)]
    assert blocked == [False] * LIMIT + [True], blocked
