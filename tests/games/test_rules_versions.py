"""Every match stores the rules it was played under (issue 40, part 2): a match records its
game's ``rules_version``; after a rules change (the toy „Hoch“ bumped to version 2: seat 1 leads,
the lower card wins) a match recorded under version 1 still replays move by move, a match running
across the change finishes by its own rules, and a new match plays by the new ones."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.urls import reverse

from accounts.models import User
from games import actions, queue, registry
from games.actions import SeatSpec
from games.engines.base import IllegalAction, UnknownRulesVersion, engines, get_engine, replay
from games.models import Match
from tests.games import toy

pytestmark = pytest.mark.django_db

DECK = ["3", "8", "5", "6"]  # seat 0 holds 3 and 8, seat 1 holds 5 and 6


@contextmanager
def deployed(definition) -> Iterator[None]:
    with registry.registered(definition):
        yield


@pytest.fixture
def people() -> list[User]:
    return [User.objects.create_user(n, password="kartenglück-42") for n in ("Alice", "Bruno")]


def start(people: list[User]) -> Match:
    seats = [SeatSpec(u.username, user=u) for u in people]
    with queue.capturing():
        return actions.start_match(toy.SLUG, seats, deck=DECK, seed=1)


def play(match: Match, seat: int, card: str) -> Match:
    with queue.capturing():
        return actions.play(match.pk, seat, {"type": "play", "card": card}, version=match.version)


def test_a_match_stores_its_rules_version_and_a_new_match_plays_by_the_new_rules(people):
    with deployed(toy.GAME):
        assert start(people).rules_version == 1
    with deployed(toy.GAME_V2):
        match = start(people)
        assert match.rules_version == 2
        with pytest.raises(actions.ActionRejected):
            play(match, 0, "3")  # the new rule: seat 1 leads
        match = play(match, 1, "5")
        match = play(match, 0, "3")
    assert match.status == Match.Status.FINISHED
    assert match.result["winners"] == [0]  # the lower card wins now


def page_of(client, match: Match, n: int) -> str:
    page = client.get(reverse("games:match", args=[match.pk]), {"zug": n})
    assert page.status_code == 200
    token = r'(csrf[a-z_-]*"?(?: value=| content=|: )")[^"]*'  # a new mask on every page
    return re.sub(token, r"\1", page.content.decode(), flags=re.I)


def test_a_match_recorded_under_older_rules_still_replays_move_by_move(client, people):
    client.force_login(people[0])
    with deployed(toy.GAME):
        match = start(people)
        match = play(match, 0, "3")
        match = play(match, 1, "6")
        assert match.status == Match.Status.FINISHED and match.result["winners"] == [1]
        before = [page_of(client, match, n) for n in range(3)]
    moves = [(m.seat, m.action) for m in match.moves.order_by("number")]
    with deployed(toy.GAME_V2):
        today = get_engine(toy.SLUG)
        # today's rules refuse the old log (seat 0 led): without the kept version it would fail
        with pytest.raises(IllegalAction):
            replay(today, 2, match.options, match.seed, moves, deck=match.deck)
        for n in range(3):
            state = replay(
                today, 2, match.options, match.seed, moves[:n], deck=match.deck, rules_version=1
            )
            text = page_of(client, match, n)
            assert "lässt sich nicht nachspielen" not in text
            assert text == before[n]  # the same page as before the change, move by move
            assert [c or "–" for c in state["played"]] == [
                c or "–" for c in [("3" if n >= 1 else None), ("6" if n >= 2 else None)]
            ]
        assert "Bruno spielt 6" in text


def test_a_running_match_finishes_by_the_rules_it_started_under(people):
    with deployed(toy.GAME):
        match = start(people)
        match = play(match, 0, "8")
    with deployed(toy.GAME_V2):  # the rules change is deployed mid-game
        match = play(match, 1, "5")
    assert match.status == Match.Status.FINISHED
    assert match.rules_version == 1
    assert match.result["winners"] == [0]  # the higher card won, as when the match started


def test_a_version_not_kept_is_no_server_error(client, people):
    client.force_login(people[0])
    with deployed(toy.GAME):
        match = start(people)
        match = play(match, 0, "3")
        match = play(match, 1, "6")
    Match.objects.filter(pk=match.pk).update(rules_version=7)
    with deployed(toy.GAME_V2):
        with pytest.raises(UnknownRulesVersion):
            get_engine(toy.SLUG, 7)
        page = client.get(reverse("games:match", args=[match.pk]), {"zug": 1})
    assert page.status_code == 200
    assert "Diese Partie lässt sich nicht nachspielen." in page.content.decode()


def test_every_game_keeps_every_rules_version_it_ever_had():
    """A stored match may name any version from 1 to today's: none may be dropped."""
    for engine in engines():
        for version in range(1, engine.rules_version + 1):
            assert engine.at_version(version).rules_version == version
    with deployed(toy.GAME_V2):
        old = get_engine(toy.SLUG, 1)
        assert old.rules is toy.rules and get_engine(toy.SLUG, 2).rules is toy.rules_v2
        assert get_engine(toy.SLUG, 1) is old  # one copy per version, no work per move
