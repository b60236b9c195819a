"""Issue 42: the lobby's open tables say who opened them with which Wertung, the rules that differ
from the game's default, the tempo and the stake, and the list filters by player count and tempo –
on the server, through the page's query string (so it works without JS), for its socket's pushes
too. The table page shows the Wertung at every name."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import async_to_sync
from django.urls import reverse

from accounts import wallet
from accounts.identity import Player
from accounts.models import Guest, User
from leaderboards.models import Rating
from leaderboards.scale import PROVISIONAL_SIGMA
from lobby import services
from lobby.models import FERN_MOVE_SECONDS
from tests.sockets import cookie_for, socket

ROOM = reverse("lobby:room", args=["speedone"])


def person(name: str) -> User:
    user = User.objects.create_user(name, password="kartenglück-42")
    wallet.grant_start(user)
    return user


def rate(user: User, ordinal: float) -> None:
    sigma = PROVISIONAL_SIGMA - 1
    Rating.objects.create(
        user=user, game="speedone", mu=ordinal + 3 * sigma, sigma=sigma, ordinal=ordinal
    )


def row_of(page: str, table_id: int) -> str:
    found = re.search(rf'<li class="table-row" data-table="{table_id}">.*?</li>', page, re.S)
    assert found, page
    return re.sub(r"\s+", " ", found.group(0))


def visible(html: str) -> str:
    """The text a sighted person reads (screen-reader-only words and tags left out)."""
    html = re.sub(r'<span class="sr-only">.*?</span>', "", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


@pytest.mark.django_db
def test_an_open_table_says_ratings_rules_tempo_and_stake(client, bots):
    zora, bob, carla = person("Zora"), person("Bob"), person("Carla")
    rate(zora, 5.0)  # 1600
    table = services.open_table(
        Player(user=zora),
        "speedone",
        {
            "seats": 4,
            "move_seconds": 60,
            "stake": 20,
            "options": {"target": 500, "scoring": "each", "stacking": True, "partners": False},
        },
    )
    services.join(table, Player(user=bob))  # never rated: the start value, provisional
    plain = services.open_table(Player(user=carla), "speedone", {"seats": 3})
    services.join(plain, Player(guest=Guest.objects.create(display_name="Gustav")))
    client.force_login(bob)
    page = client.get(ROOM).content.decode()
    row = visible(row_of(page, table.pk))
    assert "Zora 1600 eröffnet" in row
    assert "Bob 1500?" in row
    assert "2/4 Plätze · Bedenkzeit 60 s · 20 Taler Einsatz" in row
    # only the rules that differ from the default, in words
    assert "Andere Regeln: Spielziel: 500 Punkte; Plus weitergeben: an" in row
    assert "Wertung" not in row.split("Andere Regeln")[1] and "Zwei gegen zwei" not in row
    html = row_of(page, table.pk)
    assert "(vorläufig)" in html  # the „?“ is said to screen readers
    other = visible(row_of(page, plain.pk))
    assert "Carla 1500? eröffnet" in other and "Gustav Gast" in other
    assert "Gustav 1500" not in other  # a guest has no Wertung
    assert "Bedenkzeit 2 min · ohne Einsatz" in other and "Andere Regeln" not in other


@pytest.mark.django_db
def test_the_table_page_shows_the_ratings_at_the_names(client, bots):
    zora, bob = person("Zora"), person("Bob")
    rate(zora, -2.5)  # 1450
    table = services.open_table(Player(user=zora), "speedone", {"seats": 4})
    services.join(table, Player(user=bob))
    client.force_login(bob)
    page = client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    members = visible(page[page.index('<ul class="members">') : page.index("</ul>")])
    assert "Zora 1450 eröffnet" in members and "Bob 1500? wartet" in members


@pytest.mark.django_db
def test_the_list_filters_by_player_count_and_tempo_from_the_query_string(client, bots):
    a, b, c = person("Anna"), person("Bert"), person("Cleo")
    four_fast = services.open_table(Player(user=a), "speedone", {"seats": 4, "move_seconds": 30})
    three_fast = services.open_table(Player(user=b), "speedone", {"seats": 3, "move_seconds": 30})
    four_slow = services.open_table(Player(user=c), "speedone", {"seats": 4, "move_seconds": 120})

    def listed(query: str) -> set[int]:
        page = client.get(f"{ROOM}?{query}").content.decode()
        return {int(x) for x in re.findall(r'class="table-row" data-table="(\d+)"', page)}

    everything = {four_fast.pk, three_fast.pk, four_slow.pk}
    assert listed("") == everything
    assert listed("spieler=4") == {four_fast.pk, four_slow.pk}
    assert listed("tempo=30") == {four_fast.pk, three_fast.pk}
    assert listed("spieler=4&tempo=30") == {four_fast.pk}
    assert listed("spieler=4&tempo=0") == set()
    page = client.get(f"{ROOM}?spieler=4&tempo=0").content.decode()
    assert "Kein offener Tisch passt zu diesem Filter." in page
    # the form shows the filter, and the page's socket carries it (its pushes stay filtered)
    page = client.get(f"{ROOM}?spieler=3").content.decode()
    assert '<option value="3" selected>3</option>' in page
    assert 'ws-connect="/ws/lobby/speedone/?spieler=3"' in page
    # a value the form does not offer: a German note, that part of the filter is left out
    for bad in ("spieler=9", "spieler=drei", "tempo=45", "tempo=-30", "spieler=%C2%B2"):
        page = client.get(f"{ROOM}?{bad}")
        assert page.status_code == 200
        assert "Diesen Filter gibt es nicht – er wurde nicht angewendet." in page.content.decode()
    assert listed("spieler=9&tempo=30") == {four_fast.pk, three_fast.pk}


@pytest.mark.django_db
def test_the_tempo_filter_offers_fernpartien_only_where_the_game_has_them(client):
    """Speedbasar is not played turn-based (its doubt window is real time): its filter offers no
    Fernpartie tempo and refuses one in the query string; Speedone's offers them."""
    day = FERN_MOVE_SECONDS[1]
    basar = reverse("lobby:room", args=["speedbasar"])
    page = client.get(basar).content.decode()
    tempo_select = re.search(r'<select name="tempo" id="filter-tempo">.*?</select>', page, re.S)
    assert tempo_select and "Fernpartie" not in tempo_select[0]
    refused = client.get(f"{basar}?tempo={day}").content.decode()
    assert "Diesen Filter gibt es nicht – er wurde nicht angewendet." in refused
    page = client.get(f"{ROOM}?tempo={day}").content.decode()
    assert f'<option value="{day}" selected>' in page
    assert "Diesen Filter gibt es nicht" not in page


@pytest.mark.django_db(transaction=True)
def test_the_lobby_socket_pushes_the_list_with_the_pages_filter(bots):
    anna, bert = person("Anna"), person("Bert")
    cookie = cookie_for(anna)

    async def scenario() -> str:
        from channels.db import database_sync_to_async

        lobby = socket("/ws/lobby/speedone/?spieler=3", cookie)
        assert (await lobby.connect())[0]
        await database_sync_to_async(services.open_table)(
            Player(user=bert), "speedone", {"seats": 4}
        )
        first = await lobby.receive_from(timeout=3)
        await database_sync_to_async(services.open_table)(
            Player(user=anna), "speedone", {"seats": 3}
        )
        second = await lobby.receive_from(timeout=3)
        await lobby.disconnect()
        return first + "\n----\n" + second

    first, second = async_to_sync(scenario)().split("\n----\n")
    assert 'id="open-tables"' in first and "Bert" not in first  # a table for four: filtered out
    assert "Kein offener Tisch passt zu diesem Filter." in first
    assert "Anna" in second and "Bert" not in second
