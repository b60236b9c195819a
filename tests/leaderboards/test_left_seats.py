"""The computer's play is never booked to a person (issue 23, item 2): a seat the computer finished
after its person left („Partie verlassen“ right after the start, or gone too long) books no
leaderboard points – only a leaving penalty where the game's rules set one –, no rating, no
personal best, no daily rank and no Erfolge. A person who takes the seat back plays for the record
again (with the seed's penalty for having left)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.urls import reverse

from accounts.bots import bots_of
from accounts.identity import Player
from accounts.models import User
from games import actions
from games.actions import SeatSpec
from games.models import Match
from leaderboards import daily
from leaderboards.booking import counts_for
from leaderboards.models import (
    DailyAttempt,
    LeaderboardEntry,
    LeaderboardTotal,
    Rating,
)
from leaderboards.profile import new_best, personal_bests
from lobby import services
from tests.leaderboards.helpers import finish_with, result_of, start


def booked(match: Match) -> dict[str, tuple[int, int]]:
    return {
        e.user.username: (e.points, e.penalty)
        for e in LeaderboardEntry.objects.filter(match=match).select_related("user")
    }


def seat_of(match: Match, index: int = 0):
    return Match.objects.get(pk=match.pk).seats.get(index=index)


# -- solo: the farmed Speedtrödel games of the report ------------------------------------------------
@pytest.mark.django_db
def test_a_solo_game_left_at_once_and_finished_by_the_computer_books_nothing(alice, bots):
    farmed = []
    for points in (56, 48, 47):
        match = services.start_solo(Player(user=alice), "speedtroedel", 2, "normal")
        actions.replace_with_bot(match.pk, 0)  # „Partie verlassen“ right after the start
        farmed.append(finish_with(match, result_of([1, 2, 3], [46, 20, 3], [points, 25, 5])))
    seat = seat_of(farmed[0])
    assert seat.left_at is not None and seat.bot_strength  # the computer finished it
    assert not counts_for(seat)  # so no Erfolge either (achievements.book asks counts_for)
    assert not LeaderboardEntry.objects.exists() and not LeaderboardTotal.objects.exists()
    assert seat.leaderboard_points is None  # the end screen shows „–“
    assert not Rating.objects.filter(user=alice).exists()
    assert personal_bests(alice) == []
    assert new_best(farmed[0], seat) is None


@pytest.mark.django_db
def test_a_solo_game_left_late_books_nothing(alice, bots):
    """Alone against the computer no leaving costs a penalty (issue 25): an abandoned solo game
    books nothing at all."""
    bot = bots_of("normal")[0]
    match = start(
        "speedone",
        [SeatSpec("Alice", user=alice), SeatSpec(bot.username, user=bot, bot_strength="normal")],
        solo=True,
    )
    Match.objects.filter(pk=match.pk).update(created=match.created - timedelta(minutes=5))
    actions.replace_with_bot(match.pk, 0)
    match = finish_with(match, result_of([1, 2], [0, 40], [30, -12]))
    assert booked(match) == {}
    assert seat_of(match).leaderboard_points is None
    assert not LeaderboardTotal.objects.exists()
    assert not Rating.objects.filter(game="speedone").exists()  # nobody rated, not even the bot
    assert personal_bests(alice) == []  # not a best of the computer's 30


@pytest.mark.django_db
@pytest.mark.parametrize("came_back", [False, True])
def test_a_lost_connection_is_leaving_only_without_coming_back(alice, bob, bots, came_back):
    """Issue 25: a person gone longer than the grace gets a bot (the sweep's "gone"); who comes
    back before the end plays for the record without any penalty, who never comes back is
    treated as leaving at their last sign of life (Speedone: −10 after two minutes)."""
    match = start("speedone", [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)])
    Match.objects.filter(pk=match.pk).update(created=match.created - timedelta(minutes=5))
    actions.replace_with_bot(match.pk, 0, reason="gone")
    seat = seat_of(match)
    assert seat.left_at is None and seat.label()["left"]  # the computer plays for Alice now
    if came_back:
        assert actions.reclaim_seat(match.pk, 0)
        assert not seat_of(match).label()["left"]
    match = finish_with(match, result_of([1, 2], [0, 40], [30, -12]))
    expected = {"Alice": (30, 0)} if came_back else {"Alice": (-10, -10)}
    assert {k: v for k, v in booked(match).items() if k == "Alice"} == expected


@pytest.mark.django_db
def test_a_seat_taken_back_counts_again_with_the_penalty_for_leaving(alice, bots):
    match = services.start_solo(Player(user=alice), "speedtroedel", 2, "normal")
    actions.replace_with_bot(match.pk, 0)
    assert actions.reclaim_seat(match.pk, 0)  # „Ich bin wieder da“: Alice plays it to the end
    match = finish_with(match, result_of([1, 2, 3], [46, 20, 3], [56, 25, 5]))
    assert booked(match) == {"Alice": (56, 0)}  # alone: leaving Speedtrödel costs nothing
    assert Rating.objects.get(user=alice, game="speedtroedel").games == 1
    assert [b.best for b in personal_bests(alice)] == [46]


# -- tables: who left and who stayed ------------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "leaver"),
    [
        ("speedwerk", {}),  # left early: the default penalty is 0 – no entry at all
        ("speedtroedel", {"Alice": (-10, -10)}),  # with other people: −10 at any time
    ],
)
def test_at_a_table_only_the_person_who_stayed_gets_points(game, leaver, alice, bob, bots):
    bot = bots_of("normal")[0]
    match = start(
        game,
        [
            SeatSpec("Alice", user=alice),
            SeatSpec("Bob", user=bob),
            SeatSpec(bot.username, user=bot, bot_strength="normal"),
        ],
    )
    actions.replace_with_bot(match.pk, 0)  # Alice leaves, the computer wins her seat
    match = finish_with(match, result_of([1, 2, 3], [90, 40, 10], [90, 40, 10]))
    mine = booked(match)
    assert mine.pop("Alice", None) == leaver.get("Alice")
    assert mine == {"Bob": (0 if game == "speedwerk" else 40, 0)}
    assert not Rating.objects.filter(user=alice).exists()
    assert Rating.objects.get(user=bob, game=game).games == 1
    assert seat_of(match, 0).leaderboard_points == (leaver["Alice"][0] if leaver else None)


@pytest.mark.django_db
def test_the_ones_who_stayed_are_rated_among_themselves(alice, bob, bots):
    carl = User.objects.create_user("Carl", password="kartenglück-42")
    match = start(
        "speedwerk",
        [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob), SeatSpec("Carl", user=carl)],
    )
    actions.replace_with_bot(match.pk, 0)
    finish_with(match, result_of([1, 2, 3], [90, 40, 10], [90, 40, 10]))
    rated = dict(Rating.objects.filter(game="speedwerk").values_list("user__username", "games"))
    assert rated == {"Bob": 1, "Carl": 1}


# -- the daily list -------------------------------------------------------------------------------
@pytest.mark.django_db
def test_a_daily_attempt_the_computer_finished_is_used_but_not_ranked(
    alice, bob, bots, monkeypatch, client
):
    monkeypatch.setattr(daily, "today", lambda moment=None: date(2026, 11, 30))
    left, counted = daily.start_daily(Player(user=alice), "speedone")
    assert counted
    actions.replace_with_bot(left.pk, 0)
    finish_with(left, result_of([1, 2, 3, 4], [0, 30, 40, 50], [30, -6, -6, -6]))
    played, _counted = daily.start_daily(Player(user=bob), "speedone")
    finish_with(played, result_of([2, 1, 3, 4], [12, 0, 40, 50], [4, 20, -6, -6]))
    challenge = DailyAttempt.objects.get(user=alice).challenge
    assert [(r["rank"], r["name"]) for r in daily.standings(challenge)] == [(1, "Bob")]
    assert not LeaderboardEntry.objects.filter(user=alice).exists()
    # the attempt is used: the next start is practice
    _again, counted_again = daily.start_daily(Player(user=alice), "speedone")
    assert not counted_again
    client.force_login(alice)
    page = client.get(reverse("leaderboards:daily")).content.decode()
    card = page.split('id="daily-speedone"', 1)[1].split("</section>", 1)[0]
    assert "läuft noch" not in card and "nicht gewertet" in card
