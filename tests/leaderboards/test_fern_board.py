"""Fernpartien count for their own leaderboard and rating per game (issue 43): the kind answers
which board a match counts for (``MatchKind.board``)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import User
from games.actions import SeatSpec
from games.kinds import FERN, kind_of
from leaderboards.models import LeaderboardEntry, LeaderboardTotal, Rating, RatingPoint
from tests.leaderboards.helpers import finish_with, result_of, start

DAY = 24 * 3600


def _finished(game: str, people: list[User], *, fern: bool):
    specs = [SeatSpec(u.username, user=u) for u in people]
    kw = {"move_seconds": DAY, "kind": FERN.name} if fern else {"move_seconds": 60}
    match = start(game, specs, **kw)
    n = len(people)
    return finish_with(
        match, result_of(list(range(1, n + 1)), [90 - 10 * i for i in range(n)], [9, 5, 1][:n])
    )


@pytest.mark.django_db
def test_a_fernpartie_books_its_own_board_and_rating(alice, bob, client):
    carl = User.objects.create_user("Carl", password="kartenglück-42")
    fern = _finished("speedwerk", [alice, bob, carl], fern=True)
    assert kind_of(fern).board(fern) == "speedwerk:fern"
    assert set(LeaderboardEntry.objects.values_list("game", flat=True)) == {"speedwerk:fern"}
    assert set(LeaderboardTotal.objects.values_list("game", flat=True)) == {"speedwerk:fern"}
    assert set(Rating.objects.values_list("game", flat=True)) == {"speedwerk:fern"}
    assert set(RatingPoint.objects.values_list("game", flat=True)) == {"speedwerk:fern"}
    # a live table of the same game: the game's own board and rating, apart
    _finished("speedwerk", [carl, bob, alice], fern=False)
    assert Rating.objects.get(user=alice, game="speedwerk").games == 1
    assert Rating.objects.get(user=alice, game="speedwerk:fern").games == 1
    assert (
        Rating.objects.get(user=alice, game="speedwerk:fern").ordinal
        > Rating.objects.get(user=alice, game="speedwerk").ordinal
    )  # first in the Fernpartie, last at the live table
    client.force_login(bob)
    page = client.get(reverse("leaderboards:game_fern", args=["speedwerk"])).content.decode()
    assert "Fernpartien" in page and 'id="other-board"' in page
    rating = page[page.index('id="rating"') :]
    assert rating.index("Alice") < rating.index("Carl")  # the Fernpartie's order
    page = client.get(reverse("leaderboards:game", args=["speedwerk"])).content.decode()
    rating = page[page.index('id="rating"') :]
    assert rating.index("Carl") < rating.index("Alice")  # the live table's order
    # Speedbasar has no Fernpartien, so no such board
    assert client.get(reverse("leaderboards:game_fern", args=["speedbasar"])).status_code == 404


@pytest.mark.django_db
def test_the_profile_shows_the_fernpartie_rating_beside_the_live_one(alice, bob, client):
    carl = User.objects.create_user("Carl", password="kartenglück-42")
    _finished("speedwerk", [alice, bob, carl], fern=True)
    _finished("speedwerk", [carl, bob, alice], fern=False)
    _finished("speedone", [alice, bob], fern=False)
    page = client.get(reverse("leaderboards:player", args=["Alice"])).content.decode()
    table = page[page.index('id="ratings"') :]
    table = table[: table.index("</table>")]
    assert '<th class="num">Fernpartie</th>' in table
    rows = {row.split("</a>")[0].rsplit(">", 1)[-1]: row for row in table.split("<tr>")[2:]}
    fern = Rating.objects.get(user=alice, game="speedwerk:fern")
    live = Rating.objects.get(user=alice, game="speedwerk")
    cells = rows["Speedwerk"].split('<td class="num')
    assert f">{live.shown}" in cells[1] and f">{fern.shown}</a>" in cells[2]
    assert reverse("leaderboards:game_fern", args=["speedwerk"]) in cells[2]
    # Speedone: a live rating only, so no Fernpartie figure
    assert "–" in rows["Speedone"].split('<td class="num')[2]
    # Dora, who never played a Fernpartie, has no such column
    dora = User.objects.create_user("Dora", password="kartenglück-42")
    _finished("speedone", [dora, bob], fern=False)
    page = client.get(reverse("leaderboards:player", args=["Dora"])).content.decode()
    assert "Fernpartie</th>" not in page
