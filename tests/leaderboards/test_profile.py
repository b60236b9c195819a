"""'Meine Partien': personal bests per game and bot strength, daily history, campaign text."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from accounts.bots import bots_of
from accounts.identity import Player
from games.actions import SeatSpec
from leaderboards import daily
from leaderboards.profile import personal_bests
from tests.leaderboards.helpers import finish_with, result_of, start


def solo(alice, game: str, strength: str, n: int = 3):
    bots = [SeatSpec(b.username, user=b, bot_strength=strength) for b in bots_of(strength)]
    return start(game, [SeatSpec("Alice", user=alice), *bots[: n - 1]], solo=True)


@pytest.mark.django_db
def test_personal_bests_per_game_and_strength(alice, bots, client):
    finish_with(
        solo(alice, "speedtroedel", "stark"), result_of([1, 2, 3], [45, 30, 2], [55, 35, 4])
    )
    finish_with(
        solo(alice, "speedtroedel", "stark"), result_of([2, 1, 3], [20, 30, 2], [25, 40, 4])
    )
    finish_with(solo(alice, "speedtroedel", "leicht"), result_of([1, 2, 3], [60, 3, 2], [70, 8, 4]))
    finish_with(solo(alice, "speedone", "normal", 2), result_of([1, 2], [0, 40], [30, -12]))
    bests = {(b.game, b.strength): str(b) for b in personal_bests(alice)}
    assert bests[("Speedtrödel", "stark")] == (
        "Speedtrödel gegen stark: Bestwert 45 Punkte (2 Partien, 1 Sieg)"
    )
    assert bests[("Speedtrödel", "leicht")].startswith("Speedtrödel gegen leicht: Bestwert 60")
    assert bests[("Speedone", "normal")] == (
        "Speedone gegen normal: Bestwert 30 Bestenlisten-Punkte (1 Partie, 1 Sieg)"
    )
    client.force_login(alice)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert "Speedtrödel gegen stark: Bestwert 45 Punkte" in page


@pytest.mark.django_db
def test_daily_history_and_an_honest_campaign_placeholder(alice, bots, client, monkeypatch):
    monkeypatch.setattr(daily, "today", lambda moment=None: date(2026, 11, 30))
    match, counted = daily.start_daily(Player(user=alice), "speedone")
    assert counted
    client.force_login(alice)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert 'id="daily"' in page and "30.11.2026" in page and "läuft noch" in page
    finish_with(match, result_of([2, 1, 3, 4], [12, 0, 40, 50], [4, 20, -6, -6]))
    page = client.get(reverse("accounts:profile")).content.decode()
    history = page.split('id="daily"')[1]
    assert "Platz 2 · 12 Punkte" in history and "1." in history
    assert "Die Kampagne beginnt" not in page
    assert "Noch keine Kampagne gestartet." in page
