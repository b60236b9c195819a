"""„Nochmal“ on a solo game's end screen (issue 25): the same game against the same computers with
the same rules and a new deal; one new game on a double click; never for a daily game or a
Händlerreise station; the limit of running solo games holds."""

from __future__ import annotations

import pytest

from accounts.identity import Player
from games import queue
from games.actions import ActionRejected
from games.models import Match
from games.rendering import render_board
from leaderboards import daily
from lobby import rematch, services
from tests.leaderboards.helpers import finish_with, result_of

pytestmark = pytest.mark.django_db


def finished_solo(alice, game: str = "speedone", **kwargs) -> Match:
    with queue.capturing():
        match = services.start_solo(Player(user=alice), game, 2, "stark", **kwargs)
    return finish_with(match, result_of([1, 2, 3], [0, 0, 0], [0, 0, 0]))


def opponents(match: Match) -> list[tuple[str, str]]:
    return list(
        match.seats.filter(is_human=False).order_by("name").values_list("name", "bot_strength")
    )


def test_nochmal_deals_the_same_game_again_against_the_same_computers(alice, bots):
    old = finished_solo(alice, tempo="gemaechlich")
    me = old.seats.get(user=alice)
    board = render_board(old, me)
    assert 'id="solo-again"' in board and ">Nochmal<" in board and 'id="new-game"' in board
    with queue.capturing():
        new = rematch.rematch(old.table, Player(user=alice), old.pk)
    assert new.pk != old.pk and new.status == Match.Status.RUNNING and new.solo
    assert new.table_id == old.table_id and new.game == old.game
    assert new.options == old.options and new.bot_delay == old.bot_delay
    assert opponents(new) == opponents(old)
    assert new.seed != old.seed  # a new deal
    # a second click (or a second tab) follows the new game instead of starting another
    with queue.capturing():
        again = rematch.rematch(old.table, Player(user=alice), old.pk)
    assert again.pk == new.pk
    assert Match.objects.filter(table=old.table).count() == 2
    assert 'id="solo-again"' not in render_board(old, me)  # the button is gone once used


def test_nochmal_over_http_leads_into_the_new_game(client, alice, bots):
    old = finished_solo(alice)
    client.force_login(alice)
    with queue.capturing():
        answer = client.post(f"/tisch/{old.table_id}/nochmal/{old.pk}/", HTTP_HX_REQUEST="true")
    new = Match.objects.filter(table=old.table).exclude(pk=old.pk).get()
    assert answer["HX-Redirect"] == f"/partie/{new.pk}/"


def test_no_nochmal_for_the_days_deal(alice, bots):
    with queue.capturing():
        match, counted = daily.start_daily(Player(user=alice), "speedone")
    assert counted
    n = match.players
    match = finish_with(match, result_of(list(range(1, n + 1)), [0] * n, [0] * n))
    assert 'id="solo-again"' not in render_board(match, match.seats.get(user=alice))
    with pytest.raises(ActionRejected, match="nicht noch einmal"):
        rematch.rematch(match.table, Player(user=alice), match.pk)
    assert Match.objects.filter(table=match.table).count() == 1


def test_nochmal_keeps_the_limit_of_running_solo_games(alice, bots, settings):
    settings.MAX_RUNNING_SOLO = 1
    old = finished_solo(alice)
    with queue.capturing():
        services.start_solo(Player(user=alice), "speedwerk", 2, "leicht")
    with pytest.raises(ActionRejected, match="laufende Solo-Partie"):
        rematch.rematch(old.table, Player(user=alice), old.pk)
    assert Match.objects.filter(table=old.table).count() == 1


def test_only_the_person_of_the_game_can_start_it_again(alice, bob, bots):
    old = finished_solo(alice)
    with pytest.raises(ActionRejected):
        rematch.rematch(old.table, Player(user=bob), old.pk)
    assert Match.objects.filter(table=old.table).count() == 1
