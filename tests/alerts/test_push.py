"""Web Push (issue 43): when it becomes someone's turn in a Fernpartie, every browser they
subscribed gets an encrypted push (RFC 8291, VAPID) – here a local HTTP server stands in for the
push service and the test decrypts what arrived with the browser's keys –; a subscription the
push service reports gone (410) is removed, and none is sent after push is switched off."""

from __future__ import annotations

import base64
import json
import os
import threading
from collections.abc import Iterator
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.urls import reverse
from django.utils import timezone

from alerts.models import PushSubscription, TurnMail
from config.celery import app as celery_app
from games import actions
from games.kinds import FERN
from games.models import Seat
from tests.alerts.test_turn_mail import _until_turn_of
from tests.games.actions.helpers import two_player_match

DAY = 24 * 3600


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


class PushService:
    """A push service on 127.0.0.1: records what is posted; ``/gone/…`` answers 410."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict[str, str], bytes]] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                service.received.append(
                    (self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                )
                self.send_response(410 if self.path.startswith("/gone/") else 201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


class Browser:
    """A browser's push keys (what ``PushManager.subscribe`` makes)."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self, endpoint: str) -> dict[str, Any]:
        point = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": endpoint, "keys": {"p256dh": b64(point), "auth": b64(self.auth)}}

    def read(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


@pytest.fixture
def service(settings) -> Iterator[PushService]:
    vapid = ec.generate_private_key(ec.SECP256R1())
    point = vapid.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    settings.VAPID_PUBLIC_KEY = b64(point)
    settings.VAPID_PRIVATE_KEY = b64(vapid.private_numbers().private_value.to_bytes(32, "big"))
    settings.VAPID_SUBJECT = "mailto:test@example.org"
    settings.SITE_URL = "https://speedgames.example"
    settings.PUSH_HTTP_ENDPOINTS = True  # the stand-in push service speaks plain http
    push = PushService()
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    try:
        yield push
    finally:
        celery_app.conf.task_always_eager = eager
        push.server.shutdown()


def _away(match) -> None:  # noqa: ANN001
    then = timezone.now() - timedelta(hours=3)
    Seat.objects.filter(match=match).update(last_seen=then, disconnected_at=then)


@pytest.mark.django_db(transaction=True)
def test_a_push_reaches_the_browser_and_none_after_switching_off(client, alice, bob, bots, service):
    phone, old_laptop = Browser(), Browser()
    client.force_login(bob)
    page = client.get(reverse("alerts:settings")).content.decode()
    assert 'id="push-on"' in page and "js/push.js" in page
    for browser, path in ((phone, "/push/bob-phone"), (old_laptop, "/gone/bob-laptop")):
        r = client.post(
            reverse("alerts:push_subscribe"),
            json.dumps(browser.subscription(service.url + path)),
            content_type="application/json",
        )
        assert r.status_code == 200
    assert PushSubscription.objects.filter(user=bob).count() == 2
    bad = client.post(reverse("alerts:push_subscribe"), "{}", content_type="application/json")
    assert bad.status_code == 400 and PushSubscription.objects.count() == 2

    match = two_player_match(alice, bob, move_seconds=DAY, kind=FERN.name)
    _away(match)
    actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=match.version)
    paths = sorted(p for p, _h, _b in service.received)
    assert paths == ["/gone/bob-laptop", "/push/bob-phone"]
    _path, headers, body = next(r for r in service.received if r[0] == "/push/bob-phone")
    assert headers["content-encoding"] == "aes128gcm" and "vapid" in headers["authorization"]
    message = phone.read(body)
    assert message["title"] == "Du bist dran"
    assert message["url"] == "https://speedgames.example" + reverse("games:match", args=[match.pk])
    # the expired one is gone, the phone's stays
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [
        service.url + "/push/bob-phone"
    ]

    # push off on the phone: no push, even after the hours are over
    r = client.post(
        reverse("alerts:push_unsubscribe"),
        json.dumps({"endpoint": service.url + "/push/bob-phone"}),
        content_type="application/json",
    )
    assert r.status_code == 200 and not PushSubscription.objects.exists()
    TurnMail.objects.update(sent=timezone.now() - timedelta(hours=13))
    _until_turn_of(match, 0)
    _away(match)
    _until_turn_of(match, 1)
    assert len(service.received) == 2


@pytest.mark.django_db
def test_the_service_worker_is_served_at_the_root(client):
    r = client.get("/sw.js")
    assert r.status_code == 200 and r["Content-Type"].startswith("text/javascript")
    body = r.content.decode()
    assert 'addEventListener("push"' in body and 'addEventListener("notificationclick"' in body
    # the fetch handler's offline page, put in by the view in every language (the browser's
    # language picks one: the script is kept, whatever language the request that fetched it had)
    assert 'addEventListener("fetch"' in body and "__OFFLINE_HTML__" not in body
    assert "__DEFAULT_LANGUAGE__" not in body
    assert "Keine Verbindung" in body and "Noch einmal versuchen" in body
    assert "No connection" in body
    manifest = client.get(reverse("manifest")).json()
    assert manifest["display"] == "standalone" and manifest["start_url"]
    assert {"192x192", "512x512"} <= {i["sizes"] for i in manifest["icons"]}
