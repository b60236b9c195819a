"""The leaderboard pages: overview, monthly (switchable) and all-time tables, the viewer's row."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from accounts.models import User
from leaderboards.models import ALL_TIME, LeaderboardTotal
from leaderboards.tables import current_period, shift, table


def give(user: User, game: str, period: str, points: int, games: int = 1) -> None:
    LeaderboardTotal.objects.update_or_create(
        user=user, game=game, period=period, defaults={"points": points, "games": games}
    )


@pytest.mark.django_db
def test_overview_lists_all_four_games_and_the_header_links_it(client, alice):
    give(alice, "speedone", current_period(), 30)
    give(alice, "speedone", ALL_TIME, 30)
    page = client.get(reverse("leaderboards:overview")).content.decode()
    for name in ("Speedtrödel", "Speedone", "Speedbasar", "Speedwerk"):
        assert name in page
    assert "Alice" in page
    assert 'href="/bestenliste/"' in client.get("/").content.decode()


@pytest.mark.django_db
def test_ranks_share_equal_points_and_fewer_games_list_first(alice, bob):
    carl = User.objects.create_user("Carl", password="x")
    period = current_period()
    give(alice, "speedone", period, 20, games=3)
    give(bob, "speedone", period, 20, games=2)
    give(carl, "speedone", period, 5)
    rows = table("speedone", period)["rows"]
    assert [(r.rank, r.name, r.points, r.games) for r in rows] == [
        (1, "Bob", 20, 2),
        (1, "Alice", 20, 3),
        (3, "Carl", 5, 1),
    ]


@pytest.mark.django_db
def test_the_viewer_row_is_highlighted_and_shown_outside_the_top_50(client, alice):
    period = current_period()
    others = User.objects.bulk_create(
        [User(username=f"Spieler{i:02d}", password="!") for i in range(60)]
    )
    for i, u in enumerate(others):
        give(u, "speedone", period, 100 + i)
    give(alice, "speedone", period, 7)
    client.force_login(alice)
    page = client.get(reverse("leaderboards:game", args=["speedone"])).content.decode()
    monthly = page.split('id="monthly"')[1].split('id="all-time"')[0]
    assert monthly.count("<tr>") + monthly.count("<tr ") >= 51
    assert re.search(
        r'class="me"[^>]*><td class="num">61\.</td><td><a class="player-name" '
        r'href="/spieler/Alice/">Alice</a></td>',
        monthly,
    )
    data = table("speedone", period, alice)
    assert len(data["rows"]) == 50 and data["mine"].rank == 61

    give(alice, "speedone", period, 1000)
    data = table("speedone", period, alice)
    assert data["mine"] is None and data["rows"][0].me and data["rows"][0].name == "Alice"


@pytest.mark.django_db
def test_earlier_months_can_be_shown_and_the_all_time_table_sums(client, alice, bob):
    now = current_period()
    earlier = shift(now, -2)
    give(alice, "speedwerk", earlier, 42)
    give(bob, "speedwerk", now, 9)
    give(alice, "speedwerk", ALL_TIME, 42)
    give(bob, "speedwerk", ALL_TIME, 9)
    url = reverse("leaderboards:game", args=["speedwerk"])
    this_month = client.get(url).content.decode().split('id="all-time"')
    assert "Bob" in this_month[0] and "Alice" not in this_month[0]
    assert "Alice" in this_month[1] and "Bob" in this_month[1]
    old = client.get(url, {"monat": earlier}).content.decode().split('id="all-time"')[0]
    assert "Alice" in old and "Bob" not in old
    assert f'value="{earlier}" selected' in old
    assert client.get(url, {"monat": "kaputt"}).status_code == 200
    assert client.get(reverse("leaderboards:game", args=["schach"])).status_code == 404


def test_month_arithmetic():
    assert shift("2026-01", -1) == "2025-12" and shift("2026-12", 1) == "2027-01"
