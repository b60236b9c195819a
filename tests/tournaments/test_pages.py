"""The tournament pages: /turniere/, a tournament's page (join, pause, leave, standings, games
to watch, the podium with replays), private tournaments by invite link, the header's
announcement and the results on the public profile."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.helpers import finish_in_order, person, step, tournament
from tournaments import services
from tournaments.models import Entry, Tournament
from tournaments.schedule import BERLIN

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def test_index_lists_running_and_scheduled_and_hides_private_ones(bots):
    tournament("arena", name="Läuft-Arena", minutes=60)
    Tournament.objects.create(
        name="Später-Turnier",
        game="speedone",
        kind="swiss",
        starts=timezone.now() + timedelta(hours=3),
    )
    Tournament.objects.create(
        name="Geheim", game="speedone", starts=timezone.now() + timedelta(hours=1), private=True
    )
    page = Client().get(reverse("tournaments:index")).content.decode()
    assert "Läuft-Arena" in page and "Später-Turnier" in page and "Geheim" not in page
    assert "Schweizer System, 5 Runden" in page


def test_joining_on_the_page_shows_the_person_in_the_standings_and_the_game_to_watch(bots):
    t = tournament("arena", size=3)
    users = [person(n, "speedwerk", 1500) for n in ("Anna", "Ben", "Cem")]
    for user in users[1:]:
        services.join(t, user)
    c = client_of(users[0])
    page = c.get(t.get_absolute_url()).content.decode()
    assert 'id="t-join"' in page
    c.post(reverse("tournaments:join", args=[t.pk]))
    assert Entry.objects.filter(tournament=t, user=users[0], active=True).exists()
    (match,) = step(t)
    page = c.get(t.get_absolute_url()).content.decode()
    assert "Zu deiner Partie" in page
    assert reverse("games:match", args=[match.pk]) in page  # running games to watch
    assert "Anna" in page and "(spielt)" in page
    live = Client().get(reverse("tournaments:live", args=[t.pk])).content.decode()
    assert 'id="t-live"' in live and "hx-swap-oob" not in live


def test_the_end_shows_the_podium_and_every_game_with_its_replay(bots):
    t = tournament("arena", size=3)
    for name in ("Anna", "Ben", "Cem"):
        services.join(t, person(name, "speedwerk", 1500))
    (match,) = step(t)
    finish_in_order(match, ["Ben", "Cem", "Anna"])
    step(t, now=t.ends + timedelta(seconds=1))
    page = Client().get(t.get_absolute_url()).content.decode()
    assert "Siegerpodest" in page and "Wiederholung" in page
    assert reverse("games:match", args=[match.pk]) in page
    podium = page[page.index('class="podium"') : page.index("</ol>")]
    assert podium.index("Ben") < podium.index("Cem") < podium.index("Anna")
    profile = Client().get(reverse("leaderboards:player", args=["Ben"])).content.decode()
    assert 'id="tournament-results"' in profile and "Platz 1 von 3" in profile


def test_a_private_tournament_needs_its_invite_link(bots):
    owner = person("Olga", "speedone", 1500)
    c = client_of(owner)
    response = c.post(
        reverse("tournaments:create"),
        {
            "name": "Freitagsrunde",
            "game": "speedone",
            "kind": "arena",
            "starts": (timezone.now() + timedelta(minutes=30))
            .astimezone(BERLIN)
            .strftime("%Y-%m-%dT%H:%M"),  # the form's local time
            "minutes": "60",
            "rounds": "5",
            "move_seconds": "30",
        },
    )
    t = Tournament.objects.get(name="Freitagsrunde")
    assert t.private and t.created_by == owner
    assert response["Location"].endswith(f"?einladung={t.invite}")
    stranger = client_of(person("Sven", "speedone", 1500))
    assert stranger.get(t.get_absolute_url()).status_code == 404
    page = stranger.get(f"{t.get_absolute_url()}?einladung={t.invite}").content.decode()
    assert "Freitagsrunde" in page
    stranger.post(reverse("tournaments:join", args=[t.pk]), {"invite": "falsch"})
    assert not Entry.objects.filter(tournament=t, user__username="Sven").exists()
    stranger.post(reverse("tournaments:join", args=[t.pk]), {"invite": t.invite})
    assert Entry.objects.filter(tournament=t, user__username="Sven").exists()
    # the header announces it within ten minutes of its start
    Tournament.objects.filter(pk=t.pk).update(starts=timezone.now() + timedelta(minutes=8))
    home = stranger.get(reverse("home")).content.decode()
    assert 'id="t-soon"' in home and "Freitagsrunde" in home and "beginnt um" in home


def test_bad_input_to_create_gets_a_german_message_and_creates_nothing(bots):
    c = client_of(person("Olga", "speedone", 1500))
    response = c.post(
        reverse("tournaments:create"),
        {"name": "X", "game": "schach", "kind": "arena", "starts": "bald"},
        follow=True,
    )
    assert "Dieses Spiel gibt es nicht." in response.content.decode()
    assert not Tournament.objects.exists()


def test_guests_and_visitors_cannot_join(bots):
    t = tournament("arena", size=3)
    response = Client().post(reverse("tournaments:join", args=[t.pk]), follow=True)
    assert "Turniere spielst du mit einem Konto" in response.content.decode()
    assert not Entry.objects.exists()


def test_the_end_screen_says_the_tournament_points_and_leads_back(bots):
    t = tournament("arena", size=3)
    users = [person(n, "speedwerk", 1500) for n in ("Anna", "Ben", "Cem")]
    for user in users:
        services.join(t, user)
    (match,) = step(t)
    finish_in_order(match, ["Ben", "Cem", "Anna"])
    page = client_of(users[1]).get(reverse("games:match", args=[match.pk])).content.decode()
    assert "+2 Turnierpunkte." in page
    assert 'id="back-to-tournament"' in page and t.get_absolute_url() in page
    assert "Nochmal" not in page


def test_the_seated_people_get_their_way_to_the_table_on_their_own_channel(bots):
    from asgiref.sync import async_to_sync, sync_to_async
    from channels.layers import get_channel_layer

    from tournaments import push

    t = tournament("arena", size=3)
    users = [person(n, "speedwerk", 1500) for n in ("Anna", "Ben", "Cem")]
    for user in users:
        services.join(t, user)
    (match,) = step(t)
    layer = get_channel_layer()
    group = f"user-u{users[1].pk}"

    async def listen() -> dict:
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        try:
            await sync_to_async(push.tell_seated)([match])
            return await layer.receive(channel)
        finally:
            await layer.group_discard(group, channel)

    message = async_to_sync(listen)()
    assert message["type"] == "notify.invite"
    assert 'id="t-go"' in message["html"] and 'hx-swap-oob="outerHTML"' in message["html"]
    assert reverse("games:match", args=[match.pk]) in message["html"]
    page = client_of(users[1]).get(t.get_absolute_url()).content.decode()
    assert 'id="t-go"' in page  # the place the push fills
