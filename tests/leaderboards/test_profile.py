"""'Meine Partien': personal bests per game and bot strength (won plain solo games only), daily
history, the Erfolge by game, the campaign (the Händlerreise)."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from accounts.bots import bots_of
from accounts.identity import Player
from games.actions import SeatSpec
from leaderboards import daily
from leaderboards.achievements import overview
from leaderboards.profile import new_best, personal_bests
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


def human_seat(match):
    return next(s for s in match.seats.all() if s.is_human)


@pytest.mark.django_db
def test_a_lost_game_is_no_personal_best_nor_celebrated(alice, bots):
    lost = finish_with(
        solo(alice, "speedtroedel", "stark"), result_of([2, 1, 3], [-25, 30, 2], [0, 35, 4])
    )
    assert new_best(lost, human_seat(lost)) is None  # no „★ Neuer Bestwert … −25 Punkte“
    (best,) = personal_bests(alice)
    assert best.best is None and best.games == 1 and best.wins == 0
    assert str(best) == "Speedtrödel gegen stark: noch kein Sieg (1 Partie)"
    won = finish_with(
        solo(alice, "speedtroedel", "stark"), result_of([1, 2, 3], [12, 10, 2], [20, 5, 4])
    )
    assert new_best(won, human_seat(won)) == (
        "Neuer Bestwert gegen stark zu 3: 12 Punkte – dein erster."
    )
    # a later loss with more points neither celebrates nor raises the best
    high_loss = finish_with(
        solo(alice, "speedtroedel", "stark"), result_of([2, 1, 3], [40, 50, 2], [5, 55, 4])
    )
    assert new_best(high_loss, human_seat(high_loss)) is None
    (best,) = personal_bests(alice)
    assert (best.best, best.games, best.wins) == (12, 3, 1)


@pytest.mark.django_db
def test_journey_stations_and_daily_games_feed_no_solo_best(alice, alice_player, bots, monkeypatch):
    from tests.lobby.test_journey import lose, win

    lost_station = lose(alice_player, "kairo")
    assert new_best(lost_station, human_seat(lost_station)) is None
    won_station = win(alice_player, "kairo", krug=False)
    assert human_seat(won_station).place == 1
    assert new_best(won_station, human_seat(won_station)) is None
    monkeypatch.setattr(daily, "today", lambda moment=None: date(2026, 11, 30))
    match, counted = daily.start_daily(Player(user=alice), "speedbasar")
    n = match.players
    done = finish_with(match, result_of([1, *range(2, n + 1)], [50] * n, [30] + [0] * (n - 1)))
    assert new_best(done, human_seat(done)) is None
    assert personal_bests(alice) == []  # neither the Händlerreise nor the daily game counts
    # a plain solo game of the same game still does
    plain = finish_with(
        solo(alice, "speedbasar", "leicht"), result_of([1, 2, 3], [0, 12, 9], [20, 5, 4])
    )
    assert new_best(plain, human_seat(plain)) is not None
    assert [(b.game, b.strength, b.games) for b in personal_bests(alice)] == [
        ("Speedbasar", "leicht", 1)
    ]


@pytest.mark.django_db
def test_the_erfolge_name_their_game_and_the_campaign_shows_the_journey(
    alice, alice_player, bots, client
):
    from tests.lobby.test_journey import win

    client.force_login(alice)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert "Noch keine Kampagne gestartet." in page
    erfolge = page.split('id="achievements"')[1].split("</section>")[0]
    assert '<h3 class="achievements-game">Speedbasar</h3>' in erfolge
    assert erfolge.index("Speedbasar") < erfolge.index("Weltreisender")
    assert all(a["game_name"] == "Speedbasar" for a in overview(alice) if a["game"] == "speedbasar")

    win(alice_player, "kairo", krug=False)
    page = client.get(reverse("accounts:profile")).content.decode()
    campaign = page.split('id="campaign"')[1].split("</section>")[0]
    assert "Noch keine Kampagne gestartet." not in campaign
    assert "Händlerreise (Speedbasar)" in campaign
    assert "1 von 7 Stationen geschafft (Kairo)." in campaign
    assert "Nächste Station: 2. Damaskus – Feilschen" in campaign
