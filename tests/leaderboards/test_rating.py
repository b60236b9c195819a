"""OpenSkill ratings: updated once per booked match, bots anchor but are not listed."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.bots import bots_of
from accounts.models import Guest, User
from games import signals
from games.actions import SeatSpec
from games.models import Match
from leaderboards.models import Rating
from leaderboards.rating import rating_table
from tests.leaderboards.helpers import finish_with, result_of, start


@pytest.mark.django_db
def test_the_winner_gains_the_loser_drops_and_a_repeat_changes_nothing(alice, bob, client):
    match = start(
        "speedwerk",
        [
            SeatSpec("Alice", user=alice),
            SeatSpec("Bob", user=bob),
            SeatSpec("Carl", user=User.objects.create_user("Carl")),
        ],
    )
    match = finish_with(match, result_of([1, 2, 3], [90, 40, 10], [90, 40, 10]))
    a = Rating.objects.get(user=alice, game="speedwerk")
    b = Rating.objects.get(user=bob, game="speedwerk")
    assert a.mu > 25 > b.mu - 5 and a.ordinal > b.ordinal and a.games == 1
    signals.match_finished.send(
        sender=Match, match=match, seats=list(match.seats.select_related("user"))
    )
    assert Rating.objects.get(user=alice, game="speedwerk").mu == a.mu
    table = rating_table("speedwerk", bob)
    assert [r["name"] for r in table["rows"]] == ["Alice", "Bob", "Carl"]
    assert table["rows"][1]["me"]
    client.force_login(bob)
    assert (
        'id="rating"'
        in client.get(reverse("leaderboards:game", args=["speedwerk"])).content.decode()
    )


@pytest.mark.django_db
def test_bots_are_rated_but_not_listed_and_guest_games_are_not_rated(alice, bots):
    bot = bots_of("stark")[0]
    match = start(
        "speedone",
        [SeatSpec("Alice", user=alice), SeatSpec(bot.username, user=bot, bot_strength="stark")],
    )
    finish_with(match, result_of([2, 1], [40, 0], [-4, 10]))
    assert Rating.objects.get(user=bot, game="speedone").mu > 25
    assert [r["name"] for r in rating_table("speedone")["rows"]] == ["Alice"]
    guest = Guest.objects.create(display_name="Gustav")
    other = start("speedone", [SeatSpec("Alice", user=alice), SeatSpec("Gustav", guest=guest)])
    finish_with(other, result_of([1, 2], [0, 40], [10, -4]))
    assert Rating.objects.get(user=alice, game="speedone").games == 1


@pytest.mark.django_db
def test_partners_are_rated_as_a_team():
    a, b, c, d = (User.objects.create_user(n) for n in ("Anna", "Bert", "Cora", "Dirk"))
    match = start(
        "speedone", [SeatSpec(u.username, user=u) for u in (a, b, c, d)], {"partners": True}
    )
    result = result_of([1, 2, 1, 2], [100, 210, 100, 210], [10, -5, 10, -5])
    result["details"] = {"partners": True}
    finish_with(match, result)
    mus = {r.user.username: round(r.mu, 6) for r in Rating.objects.select_related("user")}
    assert mus["Anna"] == mus["Cora"] > 25 > mus["Bert"] == mus["Dirk"]
