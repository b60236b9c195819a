"""A new match kind is one class plus one registration line, and the platform follows each of
its answers (issue 40, part 1): „Probe“ changes every one of them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html

from games import actions, kinds
from games.kinds import Away, MatchKind
from games.models import Match, Seat
from games.rendering import EndNote, _end_notes, advice_refusal
from leaderboards.booking import book_match
from leaderboards.profile import new_best
from lobby.chat import match_room
from lobby.rematch import again_allowed
from tests.games.actions.helpers import alice_against_a_bot, two_player_match


class Probe(MatchKind):
    """Every answer the other way round from a plain solo game."""

    name = "probe"
    advice = False
    advice_refusal = "Bei der Probe gibt es keinen Rat."
    chat = False
    chat_refusal = "Bei der Probe wird geschwiegen."
    end_notes = ("own",)
    counts_for_bests = False
    counts_for_leaderboards = False
    counts_for_rating = False
    again = False
    away = Away.WAIT

    def own_note(self, match, seat):
        return EndNote("Die Probe ist vorbei.")

    def lobby_panel(self, request, game):
        return format_html('<section id="probe-panel">Probe in {}</section>', game.name)


@pytest.fixture
def probe() -> Iterator[MatchKind]:
    kind = kinds.register(Probe())
    yield kind
    kinds.unregister(kind.name)


@pytest.mark.django_db
def test_the_platform_follows_every_answer_of_a_new_kind(probe, alice, bob, bots, client):
    match = alice_against_a_bot(alice, solo=True, kind="probe")
    assert match.kind == "probe" and kinds.kind_of(match) is probe
    seat = match.seats.get(index=0)
    assert advice_refusal(match, seat) == "Bei der Probe gibt es keinen Rat."  # no Rat
    room = match_room(match)
    assert room.off == "Bei der Probe wird geschwiegen." and room.hidden  # no chat
    # the lobby shows the kind's panel
    page = client.get(reverse("lobby:room", args=["speedone"])).content.decode()
    assert 'id="probe-panel"' in page
    # the end screen: only the kind's own note, no „Nochmal“, no best, no booking
    Seat.objects.filter(pk=seat.pk).update(place=1, score=50)
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED,
        finished=timezone.now(),
        result={"counts_for_leaderboard": True, "places": [1, 2]},
    )
    match.refresh_from_db()
    seat.refresh_from_db()
    assert _end_notes(match, seat) == [EndNote("Die Probe ist vorbei.")]
    assert not again_allowed(match)
    assert new_best(match, seat) is None
    assert book_match(match, list(match.seats.all())) == []
    # a plain solo game answers the other way
    plain = alice_against_a_bot(alice, solo=True)
    assert kinds.kind_of(plain).name == "solo" and again_allowed(plain)


@pytest.mark.django_db
def test_the_kind_decides_what_happens_to_an_away_seat_even_at_a_table(probe, alice, bob):
    match = two_player_match(alice, bob, move_seconds=30, kind="probe")
    then = timezone.now() - timedelta(seconds=actions.LEAVE_GRACE + 60)
    Seat.objects.filter(match=match, index=0).update(last_seen=then, disconnected_at=then)
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert actions.sweep()["left"] == 0  # the probe waits: no computer takes the seat
    assert actions.run_timeout(match.pk, 0) is False  # and no timeout move: the clock stopped
    match.refresh_from_db()
    assert match.deadline is None and match.clock_left is not None
    assert not match.moves.exists() and not match.seats.get(index=0).bot_strength
