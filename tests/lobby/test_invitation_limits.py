"""Invitations by name (issue 23, item 5): limits per sender and per recipient, refusing
strangers, and „Wer ist online“ only for registered people at the table – on the real Redis
(cache counters, presence, channel layer) and PostgreSQL."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from accounts.identity import GUEST_SESSION_KEY, Player
from accounts.models import Guest, User
from accounts.presence import mark_offline, mark_online
from games.actions import ActionRejected
from games.models import Match
from lobby import services
from lobby.acquaintances import is_acquainted
from tests.sockets import cookie_for, socket

pytestmark = pytest.mark.django_db(transaction=True)

SENDER_LIMIT = "Du hast gerade schon"
NOT_DELIVERED = "Diese Einladung kann gerade nicht zugestellt werden."
REDIS_DOWN = "Einladungen gehen gerade nicht raus."


@pytest.fixture
def people(bots) -> dict[str, User]:
    users = {
        n: User.objects.create_user(n, password="kartenglück-42")
        for n in ("Alice", "Bob", "Carla", "Dora", "Emil")
    }
    for u in users.values():  # counters of an earlier run with the same ids
        cache.delete_many(services.invite_limit_keys(u.pk, u.pk))
    return users


def p(user: User) -> Player:
    return Player(user=user)


def table_of(user: User):
    return services.open_table(p(user), "speedone", {"seats": 4})


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def invite_over_http(client: Client, table, user: User) -> str:
    """The „einladen“ button of „Wer ist online“ (an htmx POST answered with the table panel)."""
    r = client.post(
        reverse("lobby:action", args=[table.pk, "invite"]),
        {"user": user.pk},
        HTTP_HX_REQUEST="true",
    )
    assert r.status_code == 200
    return r.content.decode()


def toasts_received(user: User, send) -> list[str]:
    """Every toast ``user``'s open lobby page receives while ``send()`` runs (then 0.5 s quiet)."""

    cookie = cookie_for(user)

    async def scenario() -> list[str]:
        ws = socket("/ws/lobby/speedone/", cookie)
        assert (await ws.connect())[0]
        await database_sync_to_async(send)()
        frames = []
        while not await ws.receive_nothing(timeout=0.5):
            frames.append(await ws.receive_from())
        await ws.disconnect()
        return frames

    return [f for f in async_to_sync(scenario)() if 'class="toast"' in f]


def play_together(a: User, b: User, status: str = Match.Status.RUNNING) -> Match:
    table = table_of(a)
    services.join(table, p(b))
    services.set_ready(table, p(b), True)
    match = services.start(table, p(a))
    Match.objects.filter(pk=match.pk).update(status=status)
    return match


def test_a_sender_is_limited_per_minute_and_the_refused_toast_never_arrives(people, settings):
    settings.INVITES_PER_SENDER_PER_MINUTE = 2
    alice, bob, carla, dora = (people[n] for n in ("Alice", "Bob", "Carla", "Dora"))
    table = table_of(alice)
    client = logged_in(alice)
    answers: list[str] = []

    def send() -> None:
        answers.append(invite_over_http(client, table, bob))
        answers.append(invite_over_http(client, table, carla))
        answers.append(invite_over_http(client, table, dora))

    assert toasts_received(dora, send) == []
    assert all(SENDER_LIMIT not in a for a in answers[:2])
    assert "Du hast gerade schon 2 Einladungen verschickt – warte eine Minute" in answers[2]
    # the limit is Alice's, not everyone's: Bob still invites Dora
    bobs = table_of(bob)
    toasts = toasts_received(dora, lambda: services.invite(bobs, p(bob), dora.pk))
    assert len(toasts) == 1 and "Bob" in toasts[0]


def test_forty_invitations_from_two_strangers_bring_five_toasts(people):
    """The issue's report: two people sent one person 40 toasts in 7 s."""
    alice, bob, carla = people["Alice"], people["Bob"], people["Carla"]
    tables = {alice: table_of(alice), carla: table_of(carla)}
    refusals: list[str] = []

    def send() -> None:
        for i in range(40):
            sender = alice if i % 2 else carla
            try:
                services.invite(tables[sender], p(sender), bob.pk)
            except ActionRejected as exc:
                refusals.append(exc.message)

    toasts = toasts_received(bob, send)
    assert len(toasts) == 5  # INVITES_PER_RECIPIENT_PER_MINUTE
    assert len(refusals) == 35
    assert refusals.count(NOT_DELIVERED + " Schick stattdessen den Einladungslink.") == 15
    assert sum(r.startswith(SENDER_LIMIT) for r in refusals) == 20  # 10 each, then their limit


def test_the_recipient_limit_holds_across_senders_and_leaves_others_alone(people, settings):
    settings.INVITES_PER_RECIPIENT_PER_MINUTE = 3
    alice, bob, carla, dora = (people[n] for n in ("Alice", "Bob", "Carla", "Dora"))
    alices, carlas = table_of(alice), table_of(carla)
    answers: list[str] = []

    def send() -> None:
        services.invite(alices, p(alice), bob.pk)
        services.invite(alices, p(alice), bob.pk)
        services.invite(carlas, p(carla), bob.pk)
        answers.append(invite_over_http(logged_in(carla), carlas, bob))

    assert len(toasts_received(bob, send)) == 3
    assert NOT_DELIVERED in answers[0]
    with pytest.raises(ActionRejected, match=NOT_DELIVERED):
        services.invite(alices, p(alice), bob.pk)
    assert len(toasts_received(dora, lambda: services.invite(alices, p(alice), dora.pk))) == 1


def test_a_person_can_refuse_invitations_from_strangers(people):
    alice, bob, carla = people["Alice"], people["Bob"], people["Carla"]
    play_together(carla, bob, Match.Status.FINISHED)
    client = logged_in(bob)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert "Einladungen nur von Leuten, mit denen ich schon gespielt habe" in page
    r = client.post(reverse("accounts:invitation_settings"), {"invites_known_only": "1"})
    assert r.status_code == 302
    bob.refresh_from_db()
    assert bob.invites_known_only
    assert 'name="invites_known_only" value="1" checked' in client.get(r.url).content.decode()

    alices = table_of(alice)
    answers: list[str] = []
    toasts = toasts_received(
        bob, lambda: answers.append(invite_over_http(logged_in(alice), alices, bob))
    )
    # the same words as for a full recipient: nothing tells Alice about Bob's setting
    assert toasts == [] and NOT_DELIVERED in answers[0]
    carlas = table_of(carla)  # Carla played with Bob: her invitation arrives
    toasts = toasts_received(bob, lambda: services.invite(carlas, p(carla), bob.pk))
    assert len(toasts) == 1 and "Carla" in toasts[0]

    client.post(reverse("accounts:invitation_settings"), {})  # switched off again
    bob.refresh_from_db()
    assert not bob.invites_known_only
    assert len(toasts_received(bob, lambda: services.invite(alices, p(alice), bob.pk))) == 1


def test_acquainted_means_a_running_or_finished_match_together(people):
    alice, bob, carla, dora = (people[n] for n in ("Alice", "Bob", "Carla", "Dora"))
    assert not is_acquainted(alice, bob)
    play_together(alice, bob, Match.Status.RUNNING)
    play_together(carla, dora, Match.Status.ABORTED)
    assert is_acquainted(alice, bob) and is_acquainted(bob, alice)
    assert not is_acquainted(carla, dora)
    services.start_solo(p(alice), "speedone", 2, "leicht")  # bots are nobody's acquaintances
    assert not is_acquainted(alice, carla)


def test_the_settings_switch_needs_an_account(client, people):
    r = client.post(reverse("accounts:invitation_settings"), {"invites_known_only": "1"})
    assert r.status_code == 302 and reverse("accounts:login") in r.url
    assert not User.objects.filter(invites_known_only=True).exists()


def guest_client(name: str = "Gustav") -> tuple[Client, Guest]:
    guest = Guest.objects.create(display_name=name)
    client = Client()
    session = client.session
    session[GUEST_SESSION_KEY] = guest.pk
    session.save()
    return client, guest


def entry(user: User) -> str:
    """A person's line in „Wer ist online“ (by id: presence may hold names of earlier runs)."""
    return f'name="user" value="{user.pk}"'


def test_who_is_online_only_for_registered_people_at_the_table(people):
    alice, bob, carla, dora = (people[n] for n in ("Alice", "Bob", "Carla", "Dora"))
    online = [bob, carla, dora]
    for u in online:
        async_to_sync(mark_online)(f"u{u.pk}", u.username)
    try:
        guest, gustav = guest_client()
        guests_table = services.open_table(Player(guest=gustav), "speedone", {"seats": 4})
        services.join(guests_table, p(alice))
        url = reverse("lobby:online", args=[guests_table.pk])
        # a guest (here one created without any invitation, who opened the table): no list
        assert guest.get(url).status_code == 204
        page = guest.get(reverse("lobby:table", args=[guests_table.pk])).content.decode()
        assert url not in page and "Wer ist online" not in page and "Bob" not in page
        assert "angemeldete Spieler" in page
        with pytest.raises(ActionRejected, match="nur angemeldete Spieler"):
            services.invite(guests_table, Player(guest=gustav), bob.pk)
        assert Client().get(url).status_code == 204  # anonymous
        assert logged_in(carla).get(url).status_code == 204  # not at the table
        # a registered person at the same table sees the list, with everyone online
        listed = logged_in(alice).get(url).content.decode()
        assert all(entry(u) in listed for u in online)
        assert (
            "Wer ist online"
            in logged_in(alice).get(reverse("lobby:table", args=[guests_table.pk])).content.decode()
        )
        # who refuses strangers is not listed to them, but to the people they played with
        User.objects.filter(pk=dora.pk).update(invites_known_only=True)
        assert entry(dora) not in logged_in(alice).get(url).content.decode()
        play_together(alice, dora, Match.Status.FINISHED)
        assert entry(dora) in logged_in(alice).get(url).content.decode()
    finally:
        for u in online:
            async_to_sync(mark_offline)(f"u{u.pk}")


def test_the_table_socket_sends_a_guest_no_online_list(people):
    alice, bob = people["Alice"], people["Bob"]
    guest, gustav = guest_client()
    table = table_of(alice)
    services.join(table, Player(guest=gustav))
    online_url = reverse("lobby:online", args=[table.pk])

    async def panel(cookie: bytes) -> str:
        ws = socket(f"/ws/tisch/{table.pk}/", cookie)
        assert (await ws.connect())[0]
        await database_sync_to_async(services.join)(table, p(bob))
        html = await ws.receive_from(timeout=3)
        await ws.disconnect()
        return html

    guest_cookie = f"sessionid={guest.cookies['sessionid'].value}".encode()
    html = async_to_sync(panel)(guest_cookie)
    assert 'id="table-panel"' in html and "Gustav" in html
    assert online_url not in html and "Wer ist online" not in html
    services.leave_table(table, p(bob))
    html = async_to_sync(panel)(cookie_for(alice))  # the same push to Alice carries the list
    assert online_url in html


def test_without_redis_no_invitation_goes_out_and_nothing_breaks(people, settings):
    alice, bob = people["Alice"], people["Bob"]
    table = table_of(alice)
    client = logged_in(alice)
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    answer = invite_over_http(client, table, bob)
    assert REDIS_DOWN in answer
    r = client.get(reverse("lobby:online", args=[table.pk]))
    assert r.status_code == 200 and "Gerade ist sonst niemand online." in r.content.decode()
