"""Staff: bookings and daily challenges in the admin; voiding a match's booking with a reason."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.actions import SeatSpec
from leaderboards import daily
from leaderboards.models import ALL_TIME, LeaderboardEntry, LeaderboardTotal
from tests.leaderboards.helpers import finish_with, result_of, start


@pytest.mark.django_db
def test_staff_see_entries_and_challenges_and_void_a_match_with_a_reason(admin_client, alice, bob):
    match = start("speedone", [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)])
    finish_with(match, result_of([1, 2], [0, 17], [10, -4]))
    daily.ensure_all()
    entries_url = reverse("admin:leaderboards_leaderboardentry_changelist")
    page = admin_client.get(entries_url).content.decode()
    assert "Alice" in page and "Bob" in page
    page = admin_client.get(reverse("admin:leaderboards_dailychallenge_changelist")).content
    assert '<td class="field-game_column">Speedwerk</td>' in page.decode()  # the German title
    one = LeaderboardEntry.objects.get(user=alice)
    confirm = admin_client.post(
        entries_url, {"action": "void_bookings", "_selected_action": [one.pk]}
    )
    assert confirm.status_code == 200 and f"#{match.pk}".encode() in confirm.content
    done = admin_client.post(
        entries_url,
        {
            "action": "void_bookings",
            "_selected_action": [one.pk],
            "apply": "1",
            "reason": "Absprache zwischen den Spielern",
        },
        follow=True,
    )
    assert "2 Buchungen storniert" in done.content.decode()
    for e in LeaderboardEntry.objects.filter(match=match):
        assert e.points == 0 and e.voided_at and e.void_reason.startswith("Absprache")
    totals = LeaderboardTotal.objects.filter(period=ALL_TIME)
    assert list(totals.values_list("points", "games")) == [(0, 0), (0, 0)]
    page = admin_client.get(reverse("leaderboards:game", args=["speedone"])).content.decode()
    all_time = page.split('id="all-time"')[1].split('id="rating"')[0]
    assert "Alice" not in all_time  # (the OpenSkill rating is not undone by a void)
