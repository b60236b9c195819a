"""Erfolge: what the engine says a finished Speedbasar game earned is stored once per person and
shown under „Meine Partien“ (earned and still open) and, when new, on the end screen."""

from __future__ import annotations

import random

import pytest

from accounts.bots import bots_of
from games import actions
from games.actions import SeatSpec
from games.engines.base import get_engine
from games.models import Match
from games.rendering import render_board
from games.speedbasar.engine import achievements
from games.speedbasar.texts import ACHIEVEMENTS as WORDS
from leaderboards.models import Achievement


def play_out(alice, seed: int) -> Match:
    engine = get_engine("speedbasar")
    seats = [SeatSpec("Alice", user=alice)] + [
        SeatSpec(b.username, user=b, bot_strength="leicht") for b in bots_of("leicht")[:2]
    ]
    match = actions.start_match("speedbasar", seats, solo=True, seed=seed)
    rng = random.Random(seed)
    for _ in range(3000):
        match.refresh_from_db()
        if match.status != Match.Status.RUNNING:
            return match
        state = engine.from_json(match.state)
        seat = min(engine.actors(state))
        action = rng.choice(engine.legal_actions(state, seat))
        by = "human" if seat == 0 else "bot"
        actions.play(match.pk, seat, action, version=match.version, by=by)
    raise AssertionError("the game did not end")


@pytest.mark.django_db
def test_a_finished_game_stores_each_earned_erfolg_once_and_shows_it(client, alice, bots):
    for seed in range(1, 40):
        match = play_out(alice, seed)
        expected = achievements(match.result["details"]["log"], 0, {})
        if expected:
            break
    assert expected, "no seed earned an Erfolg"
    stored = set(Achievement.objects.filter(user=alice).values_list("key", flat=True))
    assert set(expected) <= stored
    mine = set(Achievement.objects.filter(user=alice, match=match).values_list("key", flat=True))
    assert mine == set(expected), (mine, expected, stored)
    # bots earn nothing; each Erfolg exists once per person even if earned again
    assert not Achievement.objects.exclude(user=alice).exists()
    assert Achievement.objects.filter(user=alice).count() == len(stored)

    seat = match.seats.get(index=0)
    board = render_board(Match.objects.prefetch_related("seats").get(pk=match.pk), seat)
    over = board[board.index('id="game-over"') :]  # the end screen (podium, places, notes)
    assert "Erfolg" in over and str(WORDS[expected[0]][0]) in over, over

    client.force_login(alice)
    page = client.get("/konto/profil/").content.decode()
    section = page[page.index('id="achievements"') :]
    assert section.count("<li") >= len(WORDS)
    assert "noch offen" in section and "erreicht am" in section
    assert str(WORDS[expected[0]][0]) in section
