"""Issue 41.21: numbers said right – plurals („1 Partie“, „1 Punkt“), the end table's real minus
sign („−5“ as the round summaries write it, never the hyphen „-5“) – and no public profile for
staff and system accounts that never played."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from accounts.models import User
from games.actions import SeatSpec
from tests.leaderboards.helpers import finish_with, result_of, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def trio(alice, bob) -> tuple[User, User, User]:
    return alice, bob, User.objects.create_user("Carl", password="kartenglück-42")


def _play(people, game: str, places: list[int], scores: list[int], points: list[int]):
    match = start(game, [SeatSpec(u.username, user=u) for u in people])
    return finish_with(match, result_of(places, scores, points))


def test_one_rated_match_is_one_partie_not_1_partien(trio, client):
    _play(trio, "speedwerk", [1, 2, 3], [30, 20, 10], [1, 20, 10])
    html = client.get(reverse("leaderboards:player", args=["Alice"])).content.decode()
    assert "1 Partien" not in html
    assert re.search(r"Rang \d+ · 1 Partie\b", html)
    assert "(1 Partie)" in html  # the graph's description
    assert re.search(r">\d+ Punkte?<", html)  # the points still read right after the change


def test_the_end_table_writes_a_real_minus_sign(trio, client):
    match = _play(trio, "speedone", [1, 2, 3], [12, -3, -9], [10, -5, 0])
    client.force_login(trio[0])
    html = client.get(reverse("games:match", args=[match.pk])).content.decode()
    table = html.split('id="game-over"', 1)[1].split("</table>", 1)[0]
    cells = re.findall(r'<td class="num">([^<]*)</td>', table)
    assert "+10" in cells and "−5" in cells and "−3" in cells and "−9" in cells, cells
    assert not any(re.search(r"-\d", c) for c in cells), cells
    assert "0" in cells and "+0" not in cells  # no sign for nothing, as in the summary


def test_staff_without_a_match_have_no_public_profile(trio, client):
    admin = User.objects.create_superuser("admin", password="kartenglück-42")
    client.force_login(trio[0])
    page = client.get(reverse("leaderboards:player", args=["admin"]))
    assert page.status_code == 404 and "Als Freund hinzufügen" not in page.content.decode()
    staff = User.objects.create_user("Aufsicht", password="kartenglück-42", is_staff=True)
    assert client.get(reverse("leaderboards:player", args=["Aufsicht"])).status_code == 404
    # an operator who plays is a player: the profile is there
    _play([admin, trio[1], staff], "speedwerk", [1, 2, 3], [30, 20, 10], [30, 20, 10])
    page = client.get(reverse("leaderboards:player", args=["admin"]))
    assert page.status_code == 200 and "Als Freund hinzufügen" in page.content.decode()
    assert client.get(reverse("leaderboards:player", args=["Bob"])).status_code == 200
