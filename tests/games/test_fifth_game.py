"""A fifth game is one definition: the toy „Hoch“ (``tests/games/toy.py``) is registered through
its ``GameDef`` only and played through lobby → match → leaderboard booking, then removed."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from accounts.models import User
from games import queue, registry
from games.actions import run_bot
from games.engines.base import get_engine
from games.models import Match
from leaderboards.models import LeaderboardEntry
from tests.games import toy

pytestmark = pytest.mark.django_db


@pytest.fixture
def hoch():
    with registry.registered(toy.GAME) as definition:
        yield definition
    assert registry.game(toy.SLUG) is None


def _run_bots(match: Match) -> None:
    """Play the bots' turns as the worker would (no worker runs in unit tests)."""
    match.refresh_from_db()
    bot_seats = {s.index for s in match.seats.all() if s.bot_strength}
    engine = get_engine(match.game)
    while match.status == Match.Status.RUNNING:
        due = bot_seats & engine.actors(engine.from_json(match.state))
        if not due:
            return
        assert run_bot(match.pk, match.version, min(due))
        match.refresh_from_db()


def test_a_fifth_game_is_one_definition_played_through_lobby_match_and_leaderboard(
    client, bots, hoch
):
    alice = User.objects.create_user("Alice", password="kartenglück-42")
    client.force_login(alice)

    room = client.get(reverse("lobby:room", args=[toy.SLUG]))
    assert room.status_code == 200 and "Hoch" in room.content.decode()

    with queue.capturing():
        r = client.post(reverse("lobby:solo", args=[toy.SLUG]), {"bots": "1", "strength": "leicht"})
    match = Match.objects.get(game=toy.SLUG)
    assert r["Location"] == reverse("games:match", args=[match.pk])
    with queue.capturing():
        _run_bots(match)
    me = match.seats.get(user=alice).index
    page = client.get(r["Location"]).content.decode()
    assert 'class="hoch-board"' in page and "Alice" in page
    assert "1–2 Karte spielen" in page  # the key help comes from the definition

    hand = toy.GAME.engine.from_json(match.state)["hands"][me]
    card = max(hand, key=int)
    with queue.capturing():
        answer = client.post(
            reverse("games:act", args=[match.pk]),
            {"action": json.dumps({"type": "play", "card": card}), "version": match.version},
            HTTP_HX_REQUEST="true",
        )
    assert answer.status_code == 200
    with queue.capturing():
        _run_bots(match)

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    mine = match.seats.get(user=alice)
    won = mine.place == 1
    entry = LeaderboardEntry.objects.get(match=match, user=alice)
    assert entry.game == toy.SLUG
    assert entry.points == (7 if won else 0)  # the definition's own points rule
    assert mine.leaderboard_points == entry.points


def test_a_removed_game_is_gone_from_the_site(client):
    with registry.registered(toy.GAME):
        assert get_engine(toy.SLUG).name == "Hoch"
    assert toy.SLUG not in registry.SLUGS
    with pytest.raises(KeyError):
        get_engine(toy.SLUG)
    assert client.get(reverse("lobby:room", args=[toy.SLUG])).status_code == 404
