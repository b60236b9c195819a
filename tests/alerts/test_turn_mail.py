"""„Du bist dran“ by e-mail (issue 43): through a real local SMTP server (aiosmtpd) – the address
is confirmed by its link, a mail goes out when it becomes someone's turn in a Fernpartie while
they are away (at most one per match in ``TURN_MAIL_HOURS``), it carries a one-click
unsubscribe, and after unsubscribing none is sent."""

from __future__ import annotations

import email
import email.policy
import re
from collections.abc import Iterator
from datetime import timedelta
from email.message import Message
from urllib.parse import urlsplit

import pytest
from aiosmtpd.controller import Controller
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from alerts.models import MailSettings, TurnMail
from alerts.views import confirm_limit_key
from config.celery import app as celery_app
from config.launch import free_port
from games import actions
from games.engines.base import get_engine
from games.kinds import FERN
from games.models import Match, Seat
from tests.games.actions.helpers import two_player_match

DAY = 24 * 3600


class Inbox:
    """What the SMTP server received (aiosmtpd's handler)."""

    def __init__(self) -> None:
        self.mails: list[Message] = []

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: ANN001
        self.mails.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"


@pytest.fixture
def inbox(settings) -> Iterator[Inbox]:
    box = Inbox()
    port = free_port()
    server = Controller(box, hostname="127.0.0.1", port=port)
    server.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.SITE_URL = "https://speedgames.example"
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True  # the worker's task runs here, for real
    try:
        yield box
    finally:
        celery_app.conf.task_always_eager = eager
        server.stop()


def _body(mail: Message) -> str:
    payload = mail.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode(mail.get_content_charset() or "utf-8")


def _path(url: str) -> str:
    return urlsplit(url).path


def _away(match: Match) -> None:
    then = timezone.now() - timedelta(hours=3)
    Seat.objects.filter(match=match).update(last_seen=then, disconnected_at=then)


def _until_turn_of(match: Match, seat: int) -> None:
    """The seats to act play legal moves until ``seat`` is to act."""
    engine = get_engine("speedone")
    for _ in range(50):
        match.refresh_from_db()
        state = engine.from_json(match.state)
        if seat in engine.actors(state):
            return
        other = min(engine.actors(state))
        move = engine.legal_actions(state, other)[0]
        actions.play(match.pk, other, move, version=match.version)
    raise AssertionError("never the seat's turn")


@pytest.mark.django_db(transaction=True)
def test_a_turn_mail_goes_out_once_and_none_after_unsubscribe(client, alice, bob, bots, inbox):
    cache.delete(confirm_limit_key(bob.pk))
    # Bob enters his address: a confirmation link arrives; until he opens it, nothing else
    client.force_login(bob)
    r = client.post(reverse("alerts:settings"), {"address": "bob@example.org", "turn_mail": "on"})
    assert r.status_code == 302
    assert len(inbox.mails) == 1 and inbox.mails[0]["To"] == "bob@example.org"
    link = re.search(r"https://speedgames\.example(\S+)", _body(inbox.mails[0]))
    assert link is not None and "/email/bestaetigen/" in link.group(1)
    match = two_player_match(alice, bob, move_seconds=DAY, kind=FERN.name)
    _away(match)
    actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=match.version)
    assert len(inbox.mails) == 1  # not confirmed yet: no mail
    assert client.get(link.group(1)).status_code == 200
    assert MailSettings.objects.get(user=bob).is_confirmed
    _until_turn_of(match, 0)

    # it becomes Bob's turn while he is away: one mail, with a one-click unsubscribe
    _away(match)
    _until_turn_of(match, 1)
    assert len(inbox.mails) == 2
    mail = inbox.mails[1]
    assert mail["To"] == "bob@example.org" and "Du bist dran" in mail["Subject"]
    assert reverse("games:match", args=[match.pk]) in _body(mail)
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    header = re.sub(r"\s+", "", str(mail["List-Unsubscribe"]))  # a long header is folded
    unsubscribe = re.fullmatch(r"<(https://speedgames\.example/\S+)>", header)
    assert unsubscribe is not None

    # his turn again within the hours: no second mail for this match
    _until_turn_of(match, 0)
    _away(match)
    _until_turn_of(match, 1)
    assert len(inbox.mails) == 2

    # the mail program's one-click POST (no session, no CSRF token) switches them off
    client.logout()
    assert (
        client.post(_path(unsubscribe.group(1)), {"List-Unsubscribe": "One-Click"}).status_code
        == 200
    )
    assert MailSettings.objects.get(user=bob).turn_mail is False
    TurnMail.objects.update(sent=timezone.now() - timedelta(hours=13))  # the hours are over
    _until_turn_of(match, 0)
    _away(match)
    _until_turn_of(match, 1)
    assert len(inbox.mails) == 2  # none after unsubscribe


@pytest.mark.django_db(transaction=True)
def test_no_mail_for_a_live_table_or_a_person_looking_at_the_board(client, alice, bob, bots, inbox):
    MailSettings.objects.create(user=bob, address="bob@example.org", confirmed="bob@example.org")
    live = two_player_match(alice, bob, move_seconds=60)
    _away(live)
    actions.play(live.pk, 0, {"type": "play", "card": "R1"}, version=live.version)
    fern = two_player_match(alice, bob, move_seconds=DAY, kind=FERN.name)  # Bob's page is open
    actions.play(fern.pk, 0, {"type": "play", "card": "R1"}, version=fern.version)
    assert inbox.mails == []
    # a bad unsubscribe link changes nothing and says so
    r = client.post(reverse("alerts:unsubscribe", args=["kaputt"]))
    assert r.status_code == 400 and "gilt nicht" in r.content.decode()
    assert MailSettings.objects.get(user=bob).turn_mail is True


@pytest.mark.django_db
def test_the_settings_page_and_its_limits(client, bob, inbox):
    cache.delete(confirm_limit_key(bob.pk))  # a counter of an earlier run with the same id
    client.force_login(bob)
    page = client.get(reverse("alerts:settings")).content.decode()
    assert "E-Mail-Adresse" in page and "Fernpartie" in page
    r = client.post(reverse("alerts:settings"), {"address": "kein-at-zeichen", "turn_mail": "on"})
    assert r.status_code == 200 and "gültige E-Mail-Adresse" in r.content.decode()
    assert MailSettings.objects.get(user=bob).address == "" and inbox.mails == []
    for i in range(4):
        client.post(reverse("alerts:settings"), {"address": f"b{i}@example.org", "turn_mail": "on"})
    assert len(inbox.mails) == 3  # the fourth confirmation within the hour is refused
    page = client.get(reverse("alerts:settings")).content.decode()
    assert "noch nicht bestätigt" in page
    # a link for an address that is no longer the one set confirms nothing
    first = re.search(r"https://speedgames\.example(\S+)", _body(inbox.mails[0]))
    assert first is not None and client.get(first.group(1)).status_code == 400
    assert not MailSettings.objects.get(user=bob).is_confirmed
