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
