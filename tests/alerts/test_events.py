"""Alerts besides „Du bist dran“ (issue 43): an invitation to a table, a friend request and a
Fernpartie's end reach a person who is not on the site by e-mail (real local SMTP, aiosmtpd) and
by Web Push (a local stand-in push service, decrypted with the browser's keys) – each as their
settings say, with a one-click unsubscribe from that kind of mail; after it, no such mail. And
the daily digest: one mail a day listing the Fernpartien where it is the person's turn, sent once
even with two beats running, and none when there is no such Fernpartie."""

from __future__ import annotations

import re
import threading
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from asgiref.sync import async_to_sync
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import social
from accounts.identity import Player
from accounts.models import User
from accounts.presence import mark_offline, mark_online
from alerts import digest
from alerts.models import DigestMail, MailSettings, PushSubscription
from games import actions
from games.engines.base import get_engine
from games.kinds import FERN
from games.models import Match, Seat
from lobby import services
from tests.alerts.test_push import Browser, PushService, service  # noqa: F401 - the fixture
from tests.alerts.test_turn_mail import Inbox, _body, _until_turn_of, inbox  # noqa: F401
from tests.games.actions.helpers import two_player_match

DAY = 24 * 3600

pytestmark = pytest.mark.django_db(transaction=True)


def _confirmed(user: User, address: str, **flags: bool) -> MailSettings:
    return MailSettings.objects.create(user=user, address=address, confirmed=address, **flags)


def _subscribed(user: User, service: PushService, name: str) -> Browser:  # noqa: F811
    browser = Browser()
    sub = browser.subscription(f"{service.url}/push/{name}")
    PushSubscription.objects.create(
        user=user, endpoint=sub["endpoint"], p256dh=sub["keys"]["p256dh"], auth=sub["keys"]["auth"]
    )
    return browser


def _unsubscribe(mail) -> None:  # noqa: ANN001
    """The mail program's RFC 8058 one-click POST to the mail's List-Unsubscribe link."""
    header = re.sub(r"\s+", "", str(mail["List-Unsubscribe"]))
    found = re.fullmatch(r"<https://speedgames\.example(/\S+)>", header)
    assert found is not None and mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    r = Client().post(urlsplit(found.group(1)).path, {"List-Unsubscribe": "One-Click"})
    assert r.status_code == 200


def test_an_invitation_by_mail_and_push_and_none_after_unsubscribe(
    alice,
    bob,
    bots,
    inbox,  # noqa: F811
    service,  # noqa: F811
):
    for u in (alice, bob):
        cache.delete_many(services.invite_limit_keys(u.pk, u.pk))
    _confirmed(bob, "bob@example.org")
    phone = _subscribed(bob, service, "bob-phone")
    table = services.open_table(Player(user=alice), "speedone", {"seats": 2})

    # Bob has a page of the site open: he gets the toast, no mail and no push
    async_to_sync(mark_online)(f"u{bob.pk}", "Bob")
    try:
        services.invite(table, Player(user=alice), bob.pk)
    finally:
        async_to_sync(mark_offline)(f"u{bob.pk}")
    assert inbox.mails == [] and service.received == []

    # away from the site: a mail with the invite link, and a push
    services.invite(table, Player(user=alice), bob.pk)
    assert len(inbox.mails) == 1
    mail = inbox.mails[0]
    assert mail["To"] == "bob@example.org" and "Alice lädt dich" in mail["Subject"]
    body = _body(mail)
    assert reverse("lobby:invite", args=[table.token]) in body and "Speedone" in body
    assert len(service.received) == 1
    message = phone.read(service.received[0][2])
    assert "Alice" in message["title"]
    assert message["url"].endswith(reverse("lobby:invite", args=[table.token]))

    # one click in the mail program: no invitation mails any more – the push stays as set
    _unsubscribe(mail)
    prefs = MailSettings.objects.get(user=bob)
    assert prefs.invite_mail is False and prefs.turn_mail and prefs.friend_mail
    services.invite(table, Player(user=alice), bob.pk)
    assert len(inbox.mails) == 1 and len(service.received) == 2
    # push for invitations off on the settings page: nothing at all
    MailSettings.objects.filter(user=bob).update(invite_push=False)
    services.invite(table, Player(user=alice), bob.pk)
    assert len(inbox.mails) == 1 and len(service.received) == 2


def test_a_friend_request_by_mail_and_push_unless_switched_off(
    alice,
    bob,
    bots,
    inbox,  # noqa: F811
    service,  # noqa: F811
):
    _confirmed(bob, "bob@example.org")
    phone = _subscribed(bob, service, "bob-phone")
    assert social.request_friend(alice, bob) == social.Relation.SENT
    assert len(inbox.mails) == 1
    mail = inbox.mails[0]
    assert "Alice möchte mit dir befreundet sein" in mail["Subject"]
    assert reverse("lobby:friends") in _body(mail)
    assert phone.read(service.received[0][2])["body"] == "Alice möchte mit dir befreundet sein."
    # Bob answers by asking back: that accepts Alice's request, nobody is asked anything
    assert social.request_friend(bob, alice) == social.Relation.FRIENDS
    assert len(inbox.mails) == 1 and len(service.received) == 1

    # after the one-click unsubscribe no mail about a request; push off too: nothing
    social.remove_friend(alice, bob)
    _unsubscribe(mail)
    assert MailSettings.objects.get(user=bob).friend_mail is False
    social.request_friend(alice, bob)
    assert len(inbox.mails) == 1 and len(service.received) == 2
    social.remove_friend(alice, bob)
    MailSettings.objects.filter(user=bob).update(friend_push=False)
    social.request_friend(alice, bob)
    assert len(inbox.mails) == 1 and len(service.received) == 2
    # an address not confirmed gets nothing, even with every switch on
    social.remove_friend(alice, bob)
    MailSettings.objects.filter(user=bob).update(confirmed="", friend_mail=True)
    social.request_friend(alice, bob)
    assert len(inbox.mails) == 1


def _play_to_the_end(match: Match) -> None:
    """The match is in its last round – Bob already has 195 of the 200 points that end it (each
    counts their own hand's points: the lowest wins) – and Alice plays out her stacked hand
    (saying „one“ in time) while Bob draws: the round, and the match, end with Alice first."""
    engine = get_engine("speedone")
    state = engine.from_json(match.state)
    state.scores[1] = 195
    Match.objects.filter(pk=match.pk).update(state=engine.to_json(state))
    wishes = {0: ("one", "play", "draw"), 1: ("draw", "play", "one")}
    for _ in range(100):
        match.refresh_from_db()
        if match.status != Match.Status.RUNNING:
            return
        state = engine.from_json(match.state)
        seat = min(engine.actors(state))
        legal = engine.legal_actions(state, seat)
        move = next((a for k in wishes[seat] for a in legal if a["type"] == k), legal[0])
        actions.play(match.pk, seat, move, version=match.version)
    raise AssertionError("the match never ended")


def test_a_fernpartie_s_end_tells_both_players_the_places(
    alice,
    bob,
    bots,
    inbox,  # noqa: F811
    service,  # noqa: F811
):
    _confirmed(alice, "alice@example.org", turn_mail=False)
    _confirmed(bob, "bob@example.org", turn_mail=False, end_push=False)
    alices_phone = _subscribed(alice, service, "alice-phone")
    _subscribed(bob, service, "bob-phone")
    MailSettings.objects.filter(user__in=[alice, bob]).update(turn_push=False)
    match = two_player_match(alice, bob, move_seconds=DAY, kind=FERN.name)
    then = timezone.now() - timedelta(hours=3)
    Seat.objects.filter(match=match).update(last_seen=then, disconnected_at=then)
    _play_to_the_end(match)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    seats = {s.user_id: s for s in match.seats.all()}
    assert seats[alice.pk].place == 1 and seats[bob.pk].place == 2
    ends = {str(m["To"]): m for m in inbox.mails}
    assert set(ends) == {"alice@example.org", "bob@example.org"}  # no turn mails: switched off
    for user, address in ((alice, "alice@example.org"), (bob, "bob@example.org")):
        mail = ends[address]
        assert "Fernpartie ist zu Ende" in mail["Subject"]
        text = _body(mail)
        assert ("Du hast gewonnen!" in text) == (user == alice)
        assert ("Du bist auf Platz 2 von 2." in text) == (user == bob)
        for seat in seats.values():
            assert f"{seat.place}. {seat.name} – {seat.score} Punkte" in text
        assert reverse("games:match", args=[match.pk]) in text
    # the push: Alice's phone only (Bob switched push off for a match's end)
    assert [p for p, _h, _b in service.received] == ["/push/alice-phone"]
    assert alices_phone.read(service.received[0][2])["title"] == "Fernpartie zu Ende"


def test_no_end_alert_for_a_live_table(alice, bob, bots, inbox):  # noqa: F811
    _confirmed(alice, "alice@example.org")
    _confirmed(bob, "bob@example.org")
    match = two_player_match(alice, bob, move_seconds=60)
    then = timezone.now() - timedelta(hours=3)
    Seat.objects.filter(match=match).update(last_seen=then, disconnected_at=then)
    _play_to_the_end(match)
    assert inbox.mails == []


def test_the_daily_digest_lists_the_turns_once_a_day_with_two_beats(
    alice,
    bob,
    bots,
    inbox,  # noqa: F811
):
    carla = User.objects.create_user("Carla", password="kartenglück-42")
    _confirmed(bob, "bob@example.org", turn_digest=True)
    _confirmed(carla, "carla@example.org", turn_digest=True)  # no Fernpartie: no digest
    first = two_player_match(alice, bob, move_seconds=DAY, kind=FERN.name)
    second = two_player_match(alice, bob, move_seconds=3 * DAY, kind=FERN.name)
    third = two_player_match(alice, bob, move_seconds=DAY, kind=FERN.name)  # Alice to move
    then = timezone.now() - timedelta(hours=3)
    Seat.objects.update(last_seen=then, disconnected_at=then)
    for match in (first, second):
        _until_turn_of(match, 1)
    assert inbox.mails == []  # the digest instead of a mail per turn

    results: list[int] = []
    start = threading.Barrier(2)

    def beat() -> None:
        try:
            start.wait(timeout=30)
            results.append(digest.send_digests())
        finally:
            connection.close()

    threads = [threading.Thread(target=beat) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sorted(results) == [0, 1]
    assert len(inbox.mails) == 1 and DigestMail.objects.count() == 1
    mail = inbox.mails[0]
    assert mail["To"] == "bob@example.org"
    assert mail["Subject"] == "Speedgames: Du bist in 2 Fernpartien dran"
    text = _body(mail)
    paths = [reverse("games:match", args=[m.pk]) for m in (first, second, third)]
    assert paths[0] in text and paths[1] in text and paths[2] not in text
    assert text.index(paths[0]) < text.index(paths[1])  # the soonest deadline first
    assert text.count("Frist: ") == 2
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    # later that day: nothing more; the next day: again (Alice played on meanwhile)
    assert digest.send_digests() == 0
    assert digest.send_digests(timezone.now() + timedelta(days=1)) == 1
    assert len(inbox.mails) == 2
