"""Berserk in an arena (docs/tournaments.md): half the Bedenkzeit on one's own turns, one point
more for a win (after the streak's doubling); offered where the game's clock makes it a real
handicap (not in Speedwerk); chosen on joining or on the page; shown in the standings."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import queue
from games.actions import ActionRejected, play
from games.clock import HALF_CLOCK, move_seconds
from games.engines.base import get_engine
from games.models import Match
from tests.tournaments.helpers import entries, finish_in_order, person, step, tournament
from tournaments import services
from tournaments.models import GamePoints

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def test_a_berserker_has_half_the_bedenkzeit_on_their_own_turns(bots):
    t = tournament("arena", game="speedone", size=3, move_seconds=30)
    anna, ben, cem = (person(n, "speedone", 1500) for n in ("Anna", "Ben", "Cem"))
    services.join(t, anna, berserk=True)
    services.join(t, ben)
    services.join(t, cem, berserk=False)
    (match,) = step(t)
    seats = {s.name: s for s in match.seats.all()}
    assert seats["Anna"].prefs.get(HALF_CLOCK) is True
    assert not seats["Ben"].prefs.get(HALF_CLOCK) and not seats["Cem"].prefs.get(HALF_CLOCK)
    engine = get_engine("speedone")
    berserk_turns = other_turns = 0
    for _move in range(12):  # every move arms the next turn's clock: 15 s for Anna, else 30 s
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.RUNNING:
            break
        state = engine.from_json(match.state)
        (actor,) = engine.actors(state)
        before = timezone.now()
        with queue.capturing():
            play(match.pk, actor, engine.legal_actions(state, actor)[0], version=match.version)
        after = timezone.now()
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.RUNNING:
            break
        (turn,) = engine.actors(engine.from_json(match.state))
        seconds = 15 if turn == seats["Anna"].index else 30
        berserk_turns += seconds == 15
        other_turns += seconds == 30
        assert before + timedelta(seconds=seconds) <= match.deadline
        assert match.deadline <= after + timedelta(seconds=seconds)
    assert berserk_turns and other_turns


def test_a_shared_phase_keeps_the_whole_clock_unless_everyone_in_it_plays_berserk():
    def seat(index: int, berserk: bool, bot: str = "") -> SimpleNamespace:
        prefs = {HALF_CLOCK: True} if berserk else {}
        return SimpleNamespace(index=index, is_human=True, bot_strength=bot, prefs=prefs)

    match = SimpleNamespace(move_seconds=45)
    seats = [seat(0, True), seat(1, False), seat(2, True), seat(3, False, bot="normal")]
    assert move_seconds(match, {0}, seats) == 23  # rounded up
    assert move_seconds(match, {1}, seats) == 45
    assert move_seconds(match, {0, 1}, seats) == 45  # Ben is in the phase without berserk
    assert move_seconds(match, {0, 2}, seats) == 23
    assert move_seconds(match, {0, 3}, seats) == 23  # the computer's seat has no clock
    assert move_seconds(SimpleNamespace(move_seconds=None), {0}, seats) is None


def test_a_berserk_win_earns_one_point_more_after_the_streaks_doubling(bots):
    t = tournament("arena", game="speedone", size=3)
    anna, ben, cem = (person(n, "speedone", 1500) for n in ("Anna", "Ben", "Cem"))
    services.join(t, anna, berserk=True)
    services.join(t, ben)
    services.join(t, cem)
    got = []
    for order in (["Anna", "Ben", "Cem"], ["Anna", "Cem", "Ben"], ["Anna", "Ben", "Cem"]):
        (match,) = step(t)
        finish_in_order(match, order)
        got.append(GamePoints.objects.get(game__match=match, entry__user=anna))
    # 2 + 1; 2 + 1; on a streak of two 2 × 2 + 1
    assert [(g.points, g.doubled, g.berserk) for g in got] == [
        (3, False, True),
        (3, False, True),
        (5, True, True),
    ]
    services.set_berserk(t, anna, False)
    (match,) = step(t)
    assert not match.seats.get(name="Anna").prefs.get(HALF_CLOCK)
    finish_in_order(match, ["Anna", "Ben", "Cem"])
    last = GamePoints.objects.get(game__match=match, entry__user=anna)
    assert (last.points, last.doubled, last.berserk) == (4, True, False)  # no bonus without
    ben_points = GamePoints.objects.filter(entry__user=ben).values_list("berserk", flat=True)
    assert set(ben_points) == {False}
    assert entries(t)["Anna"].score == 3 + 3 + 5 + 4
    page = client_of(anna).get(reverse("games:match", args=[got[2].game.match_id])).content
    assert "+5 Turnierpunkte. Siegesserie: doppelt gezählt! Berserk: ein Punkt mehr!" in (
        page.decode()
    )


def test_a_berserker_who_does_not_win_earns_the_normal_points(bots):
    t = tournament("arena", game="speedtroedel", size=3)
    users = [person(n, "speedtroedel", 1500) for n in ("Anna", "Ben", "Cem")]
    for user in users:
        services.join(t, user, berserk=True)
    (match,) = step(t)
    assert all(s.prefs.get(HALF_CLOCK) for s in match.seats.all())
    finish_in_order(match, ["Ben", "Anna", "Cem"])
    points = {
        g.entry.user.username: (g.points, g.berserk)
        for g in GamePoints.objects.filter(game__match=match).select_related("entry__user")
    }
    assert points == {"Ben": (3, True), "Anna": (1, True), "Cem": (0, True)}


def test_speedwerk_and_swiss_tournaments_offer_no_berserk_and_the_page_says_why(bots):
    werk = tournament("arena", game="speedwerk", size=3)
    swiss = tournament("swiss", game="speedone", size=3)
    assert not werk.offers_berserk and not swiss.offers_berserk
    assert tournament("arena", game="speedbasar", size=4).offers_berserk
    users = [person(n, "speedwerk", 1500) for n in ("Anna", "Ben", "Cem")]
    for user in users:
        services.join(werk, user, berserk=True)  # the choice is ignored where not offered
    with pytest.raises(ActionRejected, match="Speedwerk"):
        services.set_berserk(werk, users[0], True)
    with pytest.raises(ActionRejected):
        services.set_berserk(swiss, users[0], True)
    (match,) = step(werk)
    assert not any(s.prefs.get(HALF_CLOCK) for s in match.seats.all())
    page = client_of(users[0]).get(werk.get_absolute_url()).content.decode()
    assert "Berserk gibt es in Speedwerk nicht" in page and 'id="t-berserk"' not in page
    response = client_of(users[0]).post(reverse("tournaments:berserk", args=[werk.pk]))
    assert response.status_code == 302
    assert not entries(werk)["Anna"].berserk


def test_berserk_is_chosen_on_joining_or_on_the_page_and_shown_in_the_standings(bots):
    t = tournament("arena", game="speedone", size=3)
    anna, ben = person("Anna", "speedone", 1500), person("Ben", "speedone", 1500)
    page = client_of(anna).get(t.get_absolute_url()).content.decode()
    assert 'name="berserk"' in page and 'id="t-berserk-rule"' in page
    client_of(anna).post(reverse("tournaments:join", args=[t.pk]), {"berserk": "1"})
    client_of(ben).post(reverse("tournaments:join", args=[t.pk]))
    assert entries(t)["Anna"].berserk and not entries(t)["Ben"].berserk
    page = client_of(anna).get(t.get_absolute_url()).content.decode()
    standings = page.split('id="t-standings"')[1].split("</table>")[0]
    assert standings.count("⚔") == 1 and 'class="t-berserk"' in standings
    assert "Berserk aus" in page
    client_of(anna).post(reverse("tournaments:berserk", args=[t.pk]), {"berserk": "0"})
    client_of(ben).post(reverse("tournaments:berserk", args=[t.pk]), {"berserk": "1"})
    assert not entries(t)["Anna"].berserk and entries(t)["Ben"].berserk
