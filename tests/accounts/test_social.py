"""Friends, blocking and the online-status privacy switch (issue 27): the services of
``accounts.social``, their pages' POSTs, and what they change for invitations by name and „Wer ist
online“ – on the real PostgreSQL and Redis."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from accounts import social
from accounts.identity import Player
from accounts.models import Block, Friendship, User
from accounts.presence import mark_offline, mark_online
from games.actions import ActionRejected
from lobby import services
from lobby.acquaintances import invitable_by, is_acquainted
from lobby.friends import whereabouts
from tests.lobby.test_invitation_limits import toasts_received

pytestmark = pytest.mark.django_db(transaction=True)

NOT_DELIVERED = "Diese Einladung kann gerade nicht zugestellt werden."


@pytest.fixture
def people(bots) -> dict[str, User]:
    users = {
        n: User.objects.create_user(n, password="kartenglück-42") for n in ("Anna", "Ben", "Cem")
    }
    for u in users.values():
        cache.delete_many(services.invite_limit_keys(u.pk, u.pk))
    return users


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_request_becomes_a_friendship_when_the_other_accepts(people):
    anna, ben = people["Anna"], people["Ben"]
    assert social.request_friend(anna, ben) == social.Relation.SENT
    assert social.relation(anna, ben) == social.Relation.SENT
    assert social.relation(ben, anna) == social.Relation.RECEIVED
    assert social.friend_ids(anna.pk) == set()
    with pytest.raises(social.SocialError, match="Deine Anfrage ist schon unterwegs."):
        social.request_friend(anna, ben)
    social.accept_friend(ben, anna)
    assert social.friend_ids(anna.pk) == {ben.pk}
    assert social.friend_ids(ben.pk) == {anna.pk}
    assert social.relation(ben, anna) == social.Relation.FRIENDS
    with pytest.raises(social.SocialError, match="Ihr seid schon befreundet."):
        social.request_friend(ben, anna)
    assert Friendship.objects.count() == 1


def test_crossing_requests_make_friends_and_bad_requests_change_nothing(people, bots):
    anna, ben, cem = people["Anna"], people["Ben"], people["Cem"]
    social.request_friend(anna, ben)
    assert social.request_friend(ben, anna) == social.Relation.FRIENDS  # accepts Anna's
    assert Friendship.objects.count() == 1
    with pytest.raises(social.SocialError, match="Das bist du selbst."):
        social.request_friend(anna, anna)
    with pytest.raises(social.SocialError, match="Mit dieser Person geht das nicht."):
        social.request_friend(anna, bots[0])
    with pytest.raises(social.SocialError, match="Diese Anfrage gibt es nicht"):
        social.accept_friend(cem, anna)  # Anna never asked Cem
    social.request_friend(cem, anna)
    social.decline_friend(anna, cem)
    assert social.relation(cem, anna) == social.Relation.NONE
    assert Friendship.objects.count() == 1
    social.remove_friend(ben, anna)
    assert social.friend_ids(anna.pk) == set()


def test_a_block_works_both_ways_ends_the_friendship_and_refuses_requests(people):
    anna, ben, cem = people["Anna"], people["Ben"], people["Cem"]
    social.request_friend(anna, ben)
    social.accept_friend(ben, anna)
    social.block(ben, anna)
    assert social.blocked(anna.pk, ben.pk) and social.blocked(ben.pk, anna.pk)
    assert not social.blocked(anna.pk, cem.pk)
    assert social.blocked_ids(anna.pk) == {ben.pk}
    assert social.friend_ids(anna.pk) == set()
    assert social.relation(ben, anna) == social.Relation.BLOCKED
    assert social.relation(anna, ben) == social.Relation.BLOCKED_BY
    with pytest.raises(social.SocialError, match="Mit dieser Person geht das nicht."):
        social.request_friend(anna, ben)
    assert Friendship.objects.count() == 0
    with pytest.raises(social.SocialError, match="Du blockierst diese Person nicht."):
        social.unblock(anna, ben)  # only the one who blocked lifts it
    social.unblock(ben, anna)
    assert not social.blocked(anna.pk, ben.pk)
    assert Block.objects.count() == 0


def test_friends_are_acquainted_and_blocked_people_get_no_invitation(people):
    anna, ben, cem = people["Anna"], people["Ben"], people["Cem"]
    ben.invites_known_only = True
    ben.save(update_fields=["invites_known_only"])
    assert not is_acquainted(anna, ben)
    social.request_friend(anna, ben)
    assert not is_acquainted(anna, ben)  # a request is not a friendship
    social.accept_friend(ben, anna)
    assert is_acquainted(anna, ben) and is_acquainted(ben, anna)
    assert invitable_by(anna, [ben.pk, cem.pk]) == {ben.pk, cem.pk}
    table = services.open_table(Player(user=cem), "speedone", {"seats": 4})
    assert invitable_by(cem, [anna.pk, ben.pk]) == {anna.pk}  # Ben: strangers only
    services.invite(table, Player(user=cem), anna.pk)  # delivered: nobody blocks anybody
    social.block(anna, cem)
    assert invitable_by(cem, [anna.pk, ben.pk]) == set()
    with pytest.raises(ActionRejected, match=NOT_DELIVERED):
        services.invite(table, Player(user=cem), anna.pk)
    anna_table = services.open_table(Player(user=anna), "speedone", {"seats": 4})
    with pytest.raises(ActionRejected, match=NOT_DELIVERED):  # and the other way round
        services.invite(anna_table, Player(user=anna), cem.pk)


def test_the_buttons_post_with_german_messages_and_unknown_names_change_nothing(people):
    anna, ben = people["Anna"], people["Ben"]
    client = logged_in(anna)
    profile = reverse("leaderboards:player", args=["Ben"])
    r = client.post(
        reverse("lobby:friend_action", args=["anfragen"]),
        {"name": "ben", "next": profile},
        follow=True,
    )
    assert r.redirect_chain[-1][0] == profile
    assert "Freundschaftsanfrage an Ben verschickt." in r.content.decode()
    r = client.post(
        reverse("lobby:friend_action", args=["anfragen"]), {"name": "Niemand"}, follow=True
    )
    assert "Einen Spieler mit diesem Namen gibt es nicht." in r.content.decode()
    r = client.post(reverse("lobby:friend_action", args=["annehmen"]), {"name": "Ben"}, follow=True)
    assert "Diese Anfrage gibt es nicht (mehr)." in r.content.decode()
    assert Friendship.objects.get().accepted is None
    page = logged_in(ben).get(reverse("lobby:friends")).content.decode()
    assert "Anfragen an dich" in page and "Anna" in page
    logged_in(ben).post(reverse("lobby:friend_action", args=["annehmen"]), {"name": "Anna"})
    assert social.friend_ids(ben.pk) == {anna.pk}
    anonymous = Client().post(reverse("lobby:friend_action", args=["blockieren"]), {"name": "Ben"})
    assert anonymous.status_code == 302 and Block.objects.count() == 0


def test_the_friends_list_tells_where_a_friend_is_unless_they_hide_it(people):
    anna, ben = people["Anna"], people["Ben"]
    social.request_friend(anna, ben)
    social.accept_friend(ben, anna)
    table = services.open_table(Player(user=ben), "speedwerk", {"seats": 3})
    async_to_sync(mark_online)(f"u{ben.pk}", "Ben", f"table:{table.pk}")
    try:
        assert whereabouts([ben]) == {ben.pk: "am Tisch (Speedwerk)"}
        async_to_sync(mark_online)(f"u{ben.pk}", "Ben", "lobby:speedone")
        page = logged_in(anna).get(reverse("lobby:friends")).content.decode()
        assert "in der Lobby von Speedone" in page
        ben.hide_online = True
        ben.save(update_fields=["hide_online"])
        assert whereabouts([ben]) == {}
        page = logged_in(anna).get(reverse("lobby:friends")).content.decode()
        assert "in der Lobby von Speedone" not in page and "offline" in page
    finally:
        async_to_sync(mark_offline)(f"u{ben.pk}")
        async_to_sync(mark_offline)(f"u{ben.pk}")


def test_the_privacy_switch_is_saved_from_the_profile(people):
    anna = people["Anna"]
    client = logged_in(anna)
    r = client.post(reverse("accounts:privacy_settings"), {"hide_online": "1"}, follow=True)
    assert "Deine Einstellung zur Privatsphäre ist gespeichert." in r.content.decode()
    anna.refresh_from_db()
    assert anna.hide_online
    client.post(reverse("accounts:privacy_settings"), {})
    anna.refresh_from_db()
    assert not anna.hide_online


def test_zum_tisch_einladen_sends_the_toast_only_to_friends_from_an_open_table(people):
    anna, ben, cem = people["Anna"], people["Ben"], people["Cem"]
    social.request_friend(anna, ben)
    social.accept_friend(ben, anna)
    client = logged_in(anna)
    invite = reverse("lobby:friend_invite")
    r = client.post(invite, {"user": ben.pk}, follow=True)
    assert "Setz dich zuerst an einen offenen Tisch" in r.content.decode()
    table = services.open_table(Player(user=anna), "speedone", {"seats": 4})
    answers: list[str] = []

    def send() -> None:
        answers.append(client.post(invite, {"user": ben.pk}, follow=True).content.decode())
        answers.append(client.post(invite, {"user": cem.pk}, follow=True).content.decode())

    toasts = toasts_received(ben, send)
    assert len(toasts) == 1 and "Anna" in toasts[0] and table.token in toasts[0]
    assert "Einladung verschickt." in answers[0]
    assert "Einladen kannst du hier nur deine Freunde." in answers[1]


def _frames(user_sockets: dict[str, list[str]], send) -> dict[str, list[str]]:
    """What each named person's open pages (socket paths) receive while ``send()`` runs."""
    from channels.db import database_sync_to_async

    from tests.sockets import socket

    async def scenario() -> dict[str, list[str]]:
        socks = [
            (name, socket(path, cookie))
            for name, (cookie, paths) in user_sockets.items()
            for path in paths
        ]
        for _name, ws in socks:
            assert (await ws.connect())[0]
        await database_sync_to_async(send)()
        got: dict[str, list[str]] = {name: [] for name in user_sockets}
        for name, ws in socks:
            while not await ws.receive_nothing(timeout=0.5):
                frame = await ws.receive_from()
                if "friend-toast" in frame:
                    got[name].append(frame)
            await ws.disconnect()
        return got

    return async_to_sync(scenario)()


def test_a_friend_request_and_its_acceptance_ring_only_at_the_other_person(people):
    from lobby.friends import toast_key
    from tests.sockets import cookie_for

    anna, ben, cem = people["Anna"], people["Ben"], people["Cem"]
    for a, b in ((anna, ben), (ben, anna)):
        cache.delete_many([toast_key(a.pk, b.pk, False), toast_key(a.pk, b.pk, True)])
    table = services.open_table(Player(user=ben), "speedwerk", {"seats": 3})
    pages = {
        "anna": (cookie_for(anna), ["/ws/lobby/speedone/"]),
        "ben": (cookie_for(ben), ["/ws/lobby/speedwerk/", f"/ws/tisch/{table.pk}/"]),
        "cem": (cookie_for(cem), ["/ws/lobby/speedwerk/"]),
    }
    ask = reverse("lobby:friend_action", args=["anfragen"])
    got = _frames(pages, lambda: logged_in(anna).post(ask, {"name": "Ben"}))
    assert [len(got[n]) for n in ("anna", "ben", "cem")] == [0, 2, 0]  # both of Ben's pages
    assert "<strong>Anna</strong> möchte mit dir befreundet sein." in got["ben"][0]
    assert 'hx-swap-oob="beforeend"' in got["ben"][0] and "/konto/freunde/" in got["ben"][0]

    # the badge on „Freunde“ in Ben's header, on his next page
    page = logged_in(ben).get(reverse("lobby:friends")).content.decode()
    assert 'id="nav-friend-requests">1<' in page and 'class="menu-dot"' in page
    assert (
        'id="nav-friend-requests"'
        not in logged_in(anna).get(reverse("lobby:friends")).content.decode()
    )

    # withdrawn and asked again at once: no second toast (at most one per TOAST_SECONDS)
    def again() -> None:
        client = logged_in(anna)
        client.post(reverse("lobby:friend_action", args=["entfernen"]), {"name": "Ben"})
        client.post(ask, {"name": "Ben"})

    assert _frames(pages, again)["ben"] == []
    assert Friendship.objects.filter(from_user=anna, to_user=ben, accepted__isnull=True).exists()

    # Ben accepts: Anna hears it, nobody else
    accept = reverse("lobby:friend_action", args=["annehmen"])
    got = _frames(pages, lambda: logged_in(ben).post(accept, {"name": "Anna"}))
    assert [len(got[n]) for n in ("anna", "ben", "cem")] == [1, 0, 0]
    assert "<strong>Ben</strong> hat deine Freundschaftsanfrage angenommen." in got["anna"][0]
    page = logged_in(ben).get(reverse("lobby:friends")).content.decode()
    assert 'id="nav-friend-requests"' not in page and 'class="menu-dot"' not in page


def test_a_refused_request_rings_nowhere(people):
    from tests.sockets import cookie_for

    anna, ben = people["Anna"], people["Ben"]
    social.block(ben, anna)
    pages = {"ben": (cookie_for(ben), ["/ws/lobby/speedwerk/"])}
    ask = reverse("lobby:friend_action", args=["anfragen"])
    got = _frames(pages, lambda: logged_in(anna).post(ask, {"name": "Ben"}))
    assert got["ben"] == [] and not Friendship.objects.exists()


def test_the_friends_list_says_when_an_offline_friend_was_last_active(people):
    import time

    import redis
    from django.conf import settings

    from accounts.presence import ONLINE, SEEN
    from lobby.friends import last_active

    anna, ben, cem = people["Anna"], people["Ben"], people["Cem"]
    for other in (ben, cem):
        social.request_friend(anna, other)
        social.accept_friend(other, anna)
    r = redis.Redis.from_url(settings.REDIS_URL)
    try:
        # Ben closed his last page ten minutes ago, Cem two hours ago (longer than an hour)
        r.zadd(SEEN, {f"u{ben.pk}": time.time() - 600, f"u{cem.pk}": time.time() - 7200})
        r.zrem(ONLINE, f"u{ben.pk}", f"u{cem.pk}")  # not online now
        assert last_active([ben, cem]) == {ben.pk: "zuletzt aktiv vor 10 Minuten"}
        assert last_active([ben], now=time.time() - 590) == {ben.pk: "zuletzt aktiv vor 1 Minute"}
        page = logged_in(anna).get(reverse("lobby:friends")).content.decode()
        assert "offline · zuletzt aktiv vor 10 Minuten" in page
        assert page.count("zuletzt aktiv") == 1  # not for Cem
        # online again: „zuletzt aktiv“ gives way to where he is
        async_to_sync(mark_online)(f"u{ben.pk}", "Ben", "lobby:speedone")
        try:
            page = logged_in(anna).get(reverse("lobby:friends")).content.decode()
            assert "in der Lobby von Speedone" in page and "zuletzt aktiv" not in page
        finally:
            async_to_sync(mark_offline)(f"u{ben.pk}")
        # closing the page is what records the time: a minute at most
        page = logged_in(anna).get(reverse("lobby:friends")).content.decode()
        assert "offline · zuletzt aktiv vor 1 Minute" in page
        ben.hide_online = True
        ben.save(update_fields=["hide_online"])
        assert last_active([ben]) == {}
        assert "zuletzt aktiv" not in logged_in(anna).get(reverse("lobby:friends")).content.decode()
    finally:
        r.zrem(SEEN, f"u{ben.pk}", f"u{cem.pk}")
        r.close()
