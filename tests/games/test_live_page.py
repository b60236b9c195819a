"""Issue 42, „Jetzt live“ (/live/): the running table matches a visitor may watch, with their people,
their Wertung and the round, the best-rated one large with its public board; never a game against
the computer, never a daily deal, never a match whose kind refuses the visitor; a friend's
„spielt Speedone“ links to watch that match."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import async_to_sync
from django.urls import reverse

from accounts import social
from accounts.identity import Player
from accounts.models import User
from accounts.presence import mark_offline, mark_online
from games import actions, kinds
from games.actions import SeatSpec
from games.kinds import MatchKind
from games.models import Match
from games.spectators import WatchRefusal
from leaderboards import daily
from leaderboards.models import Rating
from leaderboards.scale import PROVISIONAL_SIGMA
from lobby import friends, services
from tests.leaderboards.test_daily import on_day  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db

LIVE = reverse("games:live")


def person(name: str, ordinal: float | None = None, game: str = "speedone") -> User:
    user = User.objects.create_user(name, password="kartenglück-42")
    if ordinal is not None:
        sigma = PROVISIONAL_SIGMA - 1
        Rating.objects.create(
            user=user, game=game, mu=ordinal + 3 * sigma, sigma=sigma, ordinal=ordinal
        )
    return user


def table_match(game: str, *people: User, bots: list[User] | None = None) -> Match:
    seats = [SeatSpec(u.username, user=u) for u in people]
    seats += [SeatSpec(b.username, user=b, bot_strength="normal") for b in bots or []]
    return actions.start_match(game, seats)


def visible(html: str) -> str:
    html = re.sub(r'<span class="sr-only">.*?</span>', "", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


def featured(page: str) -> str:
    found = re.search(r'<section class="live-featured.*?</section>', page, re.S)
    return found.group(0) if found else ""


def listed(page: str) -> list[int]:
    """The matches on the page: the large one first, then the list."""
    big = re.findall(r'<section class="live-featured[^>]*data-match="(\d+)"', page)
    rest = re.findall(r'<li class="running-item live-item" data-match="(\d+)"', page)
    return [int(x) for x in big + rest]


def test_the_page_lists_running_tables_best_rated_large_with_ratings_and_round(client, bots):
    strong = table_match(
        "speedwerk",
        person("Stefanie", 10.0, "speedwerk"),
        person("Sven", 6.0, "speedwerk"),
        bots=bots[-1:],
    )
    weak = table_match("speedone", person("Wim", -1.0), person("Wanda"), bots=bots[:1])
    viewer = person("Vera")
    client.force_login(viewer)
    response = client.get(LIVE)
    assert response.status_code == 200
    page = response.content.decode()
    assert listed(page) == [strong.pk, weak.pk]  # the best-rated first, large
    big = featured(page)
    assert "Speedwerk" in visible(big) and "Runde 1 von" in visible(big)
    assert "Stefanie 1700" in visible(big) and "Sven 1620" in visible(big)
    # the large board is the spectators' board, followed over the match's spectator socket
    assert f'ws-connect="/ws/partie/{strong.pk}/"' in big and 'id="board"' in big
    assert "data-hand" not in big  # nobody's hand: the public board
    row = visible(page[page.index(f'data-match="{weak.pk}"') :].split("</li>")[0])
    assert "Speedone" in row and "Wim 1480" in row and "Wanda 1500?" in row
    assert f"{bots[0].username} Computer" in row and "Runde 1" in row
    assert f'href="{reverse("games:match", args=[weak.pk])}"' in page  # „zuschauen“
    assert "(vorläufig)" in page
    # the site's header links the page
    assert 'id="nav-live"' in page and f'href="{LIVE}"' in page


def test_no_game_against_the_computer_no_daily_deal_no_refused_kind_is_listed(
    client,
    bots,
    on_day,  # noqa: F811
):
    vera, bert = person("Vera"), person("Bert")
    solo = services.start_solo(Player(user=vera), "speedone", 2, "normal")
    deal, counted = daily.start_daily(Player(user=bert), "speedone")
    assert counted and deal.status == Match.Status.RUNNING
    ended = table_match("speedone", person("Emil"), person("Erna"))
    Match.objects.filter(pk=ended.pk).update(status=Match.Status.FINISHED)
    only_bots_left = table_match("speedone", person("Olga"), person("Otto"))
    only_bots_left.seats.update(bot_strength="normal")  # both left: computers play on

    class Secret(MatchKind):  # a kind of table some may not watch
        name = "geheim"
        listed_live = True

        def watch_refusal(self, match, player):
            return WatchRefusal("Geheim.")

    kinds.register(Secret())
    try:
        secret = actions.start_match(
            "speedone",
            [SeatSpec("Sigrid", user=person("Sina")), SeatSpec("Sam", user=person("Sam"))],
            kind="geheim",
        )
        visible_one = table_match("speedone", person("Tara"), person("Tom"))
        client.force_login(person("Zoe"))
        page = client.get(LIVE).content.decode()
    finally:
        kinds.unregister("geheim")
    assert listed(page) == [visible_one.pk]
    for hidden in (solo, deal, ended, only_bots_left, secret):
        assert f"/partie/{hidden.pk}/" not in page


def test_without_a_running_table_the_page_says_so(client):
    page = client.get(LIVE).content.decode()
    assert "Gerade läuft keine Partie an einem Tisch, der man zuschauen kann." in page
    assert 'href="/spiele/speedone/"' in page


def test_a_visitor_without_account_sees_the_list_but_no_board_unless_anonymous_watching(
    client, settings
):
    match = table_match("speedone", person("Tara", 1.0), person("Tom"))
    settings.SPECTATORS_ANONYMOUS = False
    page = client.get(LIVE).content.decode()
    assert listed(page) == [match.pk] and "Tara 1520" in visible(page)
    assert "ws-connect" not in featured(page) and "Zuschauen können nur angemeldete" in page
    settings.SPECTATORS_ANONYMOUS = True
    page = client.get(LIVE).content.decode()
    assert f'ws-connect="/ws/partie/{match.pk}/"' in featured(page)


def test_a_persons_own_match_is_listed_but_never_their_large_spectator_board(client, bots):
    mine = table_match("speedone", person("Mia", 20.0), person("Max", 20.0))
    other = table_match("speedone", person("Ola"), person("Ole"))
    client.force_login(User.objects.get(username="Mia"))
    page = client.get(LIVE).content.decode()
    assert listed(page) == [other.pk, mine.pk]


def test_a_friends_status_links_to_watch_their_match_unless_it_is_hidden(
    client,
    bots,
    on_day,  # noqa: F811
):
    vera, fritz, greta = person("Vera"), person("Fritz"), person("Greta")
    for friend in (fritz, greta):
        social.request_friend(vera, friend)
        social.accept_friend(friend, vera)
    game = table_match("speedone", fritz, person("Anton"))
    deal, _counted = daily.start_daily(Player(user=greta), "speedone")
    # where their match pages' sockets put them (``accounts.presence``)
    async_to_sync(mark_online)(f"u{fritz.pk}", "Fritz", f"match:{game.pk}")
    async_to_sync(mark_online)(f"u{greta.pk}", "Greta", f"match:{deal.pk}")
    try:
        client.force_login(vera)
        page = client.get(reverse("lobby:friends")).content.decode()
        # the plain words stay as they were
        assert friends.whereabouts([fritz, greta]) == {
            fritz.pk: "spielt Speedone",
            greta.pk: "spielt Speedone",
        }
    finally:
        async_to_sync(mark_offline)(f"u{fritz.pk}")
        async_to_sync(mark_offline)(f"u{greta.pk}")
    watch = reverse("games:match", args=[game.pk])
    assert re.search(rf'<a href="{watch}" class="watch-link">spielt Speedone', page)
    # today's deal stays hidden from who has not played it: the status without a link
    assert "spielt Speedone" in page.split("Greta", 1)[1]
    assert reverse("games:match", args=[deal.pk]) not in page
