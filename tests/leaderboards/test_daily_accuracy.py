"""Issue 47: the daily list shows a person's accuracy beside the score once the day is over, and
the profile shows the accuracy's trend per game."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from accounts.identity import Player
from games.models import MatchAnalysis
from leaderboards import daily
from tests.leaderboards.helpers import finish_with, result_of
from tests.leaderboards.test_daily import DAY, on_day  # noqa: F401  (the fixture)


def _analysed(match, seat: int, accuracy: float) -> None:
    summary = {"seat": seat, "accuracy": accuracy, "judged": 12, "forced": 3, "marks": {}}
    MatchAnalysis.objects.create(
        match=match,
        rules_version=match.rules_version,
        data={"decisions": [], "summary": [{**summary, "lost": {}, "lost_total": 0}]},
    )


@pytest.mark.django_db
def test_the_daily_list_shows_accuracy_only_after_the_day(alice, bots, on_day, client):  # noqa: F811
    match, counted = daily.start_daily(Player(user=alice), "speedone")
    assert counted
    finish_with(match, result_of([2, 1, 3, 4], [12, 0, 40, 50], [4, 20, -6, -6]))
    _analysed(match, 0, 87.4)
    challenge = daily.ensure_challenge("speedone", DAY)
    assert daily.standings(challenge)[0]["accuracy"] is None
    client.force_login(alice)
    page = client.get(reverse("leaderboards:daily")).content.decode()
    assert "Genauigkeit 87" not in page
    on_day["day"] = DAY + timedelta(days=1)
    assert daily.standings(challenge)[0]["accuracy"] == 87
    page = client.get(reverse("leaderboards:daily")).content.decode()
    section = page.split('id="daily-speedone"')[1]
    assert "Genauigkeit 87 %" in section


@pytest.mark.django_db
def test_the_profile_shows_the_accuracy_trend_per_game(alice, bots, on_day, client):  # noqa: F811
    client.force_login(alice)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert "Noch keine analysierte Partie" in page
    for value in (61.0, 74.0, 88.0):
        match, _counted = daily.start_daily(Player(user=alice), "speedone")
        finish_with(match, result_of([2, 1, 3, 4], [12, 0, 40, 50], [4, 20, -6, -6]))
        _analysed(match, 0, value)
    page = client.get(reverse("accounts:profile")).content.decode()
    section = page.split('id="accuracy"')[1].split("</section>")[0]
    assert "Speedone" in section and "zuletzt 88 %" in section
    assert 'role="img"' in section and "<polyline" in section
    assert "von 61 % auf 88 %, im Schnitt 74 %" in section
