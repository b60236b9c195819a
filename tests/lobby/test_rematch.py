"""„Nochmal – gleicher Tisch“: the next match of a table from the end screen, with the same people
and settings, without „Bereit“; exactly one match on a double click; who left is replaced."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts import wallet
from accounts.identity import Player
from accounts.models import User
from games import actions
from games.actions import ActionRejected
from games.models import Match
from games.rendering import render_board
from lobby import rematch, services
from lobby.models import Table
from tests.capture import capture
from tests.leaderboards.helpers import finish_with, left, result_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(bots):
    users = {
        n: User.objects.create_user(n, password="kartenglück-42") for n in ("Zora", "Bob", "Carla")
    }
    for u in users.values():
        wallet.grant_start(u)
    return users


def p(user) -> Player:
    return Player(user=user)


def played_table(people, names=("Bob",), game="speedwerk", **settings) -> tuple[Table, Match]:
    """Zora's table with ``names`` beside her, one match played to the end."""
    table = services.open_table(
        p(people["Zora"]),
        game,
        {"seats": 4, "move_seconds": 60, "bot_tempo": "schnell", **settings},
    )
    if game == "speedwerk":
        services.update_settings(
            table, p(people["Zora"]), {"options": {**table.options, "specials": ["dampfwolke"]}}
        )
    for n in names:
        services.join(table, p(people[n]))
        services.set_ready(table, p(people[n]), True)
    match = services.start(table, p(people["Zora"]))
    n = match.players
    match = finish_with(match, result_of(list(range(1, n + 1)), [0] * n, [0] * n))
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN
    return table, match


def seat_people(match: Match) -> list[tuple[str, bool]]:
    return list(match.seats.order_by("index").values_list("name", "is_human"))


def test_rematch_starts_the_same_people_and_rules_at_once_without_ready(people):
    table, first = played_table(people)
    assert not table.members.filter(ready=True).exists()  # nobody pressed „Bereit“ again
    second = rematch.rematch(table, p(people["Bob"]), first.pk)  # not the opener: fine
    assert second.pk != first.pk and second.status == Match.Status.RUNNING
    assert seat_people(second) == seat_people(first)
    assert second.options == first.options and "dampfwolke" in second.options["specials"]
    assert (second.move_seconds, second.bot_delay, second.stake) == (
        first.move_seconds,
        first.bot_delay,
        first.stake,
    )
    assert second.seed != first.seed  # a new deal
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING


def test_a_double_click_and_a_second_person_start_exactly_one_match(people, client):
    table, first = played_table(people)
    url = reverse("lobby:rematch", args=[table.pk, first.pk])
    client.force_login(people["Bob"])
    answers = [client.post(url, HTTP_HX_REQUEST="true") for _ in range(2)]
    second = rematch.rematch(table, p(people["Zora"]), first.pk)  # Zora presses a moment later
    assert Match.objects.filter(table=table).count() == 2
    new_url = reverse("games:match", args=[second.pk])
    assert [a.headers.get("HX-Redirect") for a in answers] == [new_url, new_url]


def test_who_left_the_table_is_replaced_by_a_bot(people):
    table, first = played_table(people, names=("Bob", "Carla"))
    services.leave_table(table, p(people["Carla"]))
    second = rematch.rematch(table, p(people["Zora"]), first.pk)
    names = dict(seat_people(second))
    assert "Carla" not in names and len(names) == 4
    assert sum(1 for human in names.values() if not human) == 2  # Carla's seat got a bot


def test_without_bots_the_seat_of_who_left_stays_free(people):
    table, first = played_table(
        people, names=("Bob", "Carla"), game="speedone", fill_with_bots=False
    )
    assert first.players == 3
    services.leave_table(table, p(people["Carla"]))
    second = rematch.rematch(table, p(people["Bob"]), first.pk)
    assert seat_people(second) == [("Bob", True), ("Zora", True)]


def test_who_left_the_match_to_the_computer_is_not_taken_along(people):
    table, first = played_table(people, names=("Bob", "Carla"))
    carla = first.seats.get(name="Carla")
    left(first, carla.index, first.finished - first.created)
    second = rematch.rematch(table, p(people["Bob"]), first.pk)
    assert "Carla" not in dict(seat_people(second))
    assert not table.members.filter(user=people["Carla"]).exists()
    assert second.players == 4  # the table fills free seats with bots


def test_refusals_are_german_and_change_nothing(people):
    table, first = played_table(people)
    stranger = User.objects.create_user("Xaver", password="kartenglück-42")
    with pytest.raises(ActionRejected, match="sitzt nicht mehr an diesem Tisch"):
        rematch.rematch(table, p(stranger), first.pk)
    with pytest.raises(ActionRejected, match="gibt es an diesem Tisch nicht"):
        rematch.rematch(table, p(people["Bob"]), first.pk + 1000)
    assert Match.objects.filter(table=table).count() == 1
    second = rematch.rematch(table, p(people["Bob"]), first.pk)
    with pytest.raises(ActionRejected, match="läuft noch"):
        rematch.rematch(table, p(people["Bob"]), second.pk)
    assert Match.objects.filter(table=table).count() == 2


def test_the_end_screen_offers_it_and_then_follows_into_the_new_match(people, client):
    table, first = played_table(people)
    seats = {s.name: s for s in first.seats.all()}
    bob_board = render_board(first, seats["Bob"])
    assert 'id="rematch"' in bob_board and "Nochmal – gleicher Tisch" in bob_board
    with capture() as cap:
        second = rematch.rematch(table, p(people["Zora"]), first.pk)
    # Bob's end screen is pushed again: it now follows the table into the new match
    pushed = cap.boards()[seats["Bob"].index]
    follow = reverse("lobby:rematch_follow", args=[table.pk, first.pk])
    assert 'id="rematch-follow"' in pushed and follow in pushed and 'id="rematch"' not in pushed
    client.force_login(people["Bob"])
    answer = client.get(follow, HTTP_HX_REQUEST="true")
    assert answer.headers["HX-Redirect"] == reverse("games:match", args=[second.pk])
    client.force_login(User.objects.create_user("Xaver", password="kartenglück-42"))
    assert client.get(follow, HTTP_HX_REQUEST="true").status_code == 204


def test_no_button_for_solo_games_or_people_who_left_the_table(people):
    table, first = played_table(people)
    services.leave_table(table, p(people["Bob"]))
    assert 'id="rematch"' not in render_board(first, first.seats.get(name="Bob"))
    assert 'id="rematch"' in render_board(first, first.seats.get(name="Zora"))
    solo = services.start_solo(p(people["Carla"]), "speedwerk", 2, "normal")
    solo = finish_with(solo, result_of([1, 2, 3], [0] * 3, [0] * 3))
    assert 'id="rematch"' not in render_board(solo, solo.seats.get(name="Carla"))


def ended_after_leaving(people, *, came_back: bool = False) -> tuple[Table, Match]:
    """Zora's table with Bob and Carla; Carla presses „Partie verlassen“ (the computer plays her
    seat), then the match ends."""
    table = services.open_table(
        p(people["Zora"]), "speedwerk", {"seats": 4, "move_seconds": 60, "bot_tempo": "schnell"}
    )
    for n in ("Bob", "Carla"):
        services.join(table, p(people[n]))
        services.set_ready(table, p(people[n]), True)
    match = services.start(table, p(people["Zora"]))
    carla = match.seats.get(name="Carla")
    actions.replace_with_bot(match.pk, carla.index, reason="left")
    if came_back:
        actions.reclaim_seat(match.pk, carla.index)
    match = finish_with(match, result_of([1, 2, 3, 4], [0] * 4, [0] * 4))
    table.refresh_from_db()
    return table, match


def test_who_left_the_match_leaves_the_table_at_its_end_and_everybody_is_told(people, client):
    """Issue 41.19: the table lists who is really in, the others' end screen and the table's page
    say who is not coming along, and Carla's end screen and the table say it to her."""
    table, first = ended_after_leaving(people)
    assert table.status == Table.Status.OPEN
    assert sorted(m.name for m in table.members.all()) == ["Bob", "Zora"]
    seats = {s.name: s for s in first.seats.all()}
    bob_board = render_board(first, seats["Bob"])
    assert 'id="rematch"' in bob_board
    assert "Carla hat die Partie verlassen und sitzt nicht mehr am Tisch." in bob_board
    assert "Den freien Platz übernimmt der Computer." in bob_board
    assert "Gleiche Leute" not in bob_board  # not the same people any more
    carla_board = render_board(first, seats["Carla"])
    assert 'id="rematch"' not in carla_board
    assert "Du hast die Partie verlassen" in carla_board
    assert "„Nochmal“ spielen die anderen ohne dich" in carla_board
    assert f'href="{reverse("lobby:table", args=[table.pk])}"' in carla_board
    page = reverse("lobby:table", args=[table.pk])
    client.force_login(people["Bob"])
    assert "Carla hat die Partie verlassen und sitzt nicht mehr am Tisch." in (
        client.get(page).content.decode()
    )
    client.force_login(people["Carla"])
    mine = client.get(page).content.decode()
    assert "Du hast die letzte Partie verlassen und sitzt deshalb nicht mehr" in mine
    assert "dazusetzen" in mine
    second = rematch.rematch(table, p(people["Bob"]), first.pk)
    assert "Carla" not in dict(seat_people(second)) and second.players == 4


def test_who_came_back_before_the_end_stays_at_the_table(people):
    table, first = ended_after_leaving(people, came_back=True)
    assert sorted(m.name for m in table.members.all()) == ["Bob", "Carla", "Zora"]
    bob_board = render_board(first, first.seats.get(name="Bob"))
    assert "Gleiche Leute" in bob_board and "sitzt nicht mehr am Tisch" not in bob_board


def test_when_the_opener_left_the_next_person_opens_and_an_empty_table_closes(people):
    table = services.open_table(
        p(people["Zora"]), "speedwerk", {"seats": 3, "move_seconds": 60, "bot_tempo": "schnell"}
    )
    services.join(table, p(people["Bob"]))
    services.set_ready(table, p(people["Bob"]), True)
    match = services.start(table, p(people["Zora"]))
    actions.replace_with_bot(match.pk, match.seats.get(name="Zora").index, reason="left")
    finish_with(match, result_of([1, 2, 3], [0] * 3, [0] * 3))
    table.refresh_from_db()
    assert [(m.name, m.is_opener) for m in table.members.all()] == [("Bob", True)]
    assert table.status == Table.Status.OPEN
    second = rematch.rematch(table, p(people["Bob"]), match.pk)
    actions.replace_with_bot(second.pk, second.seats.get(name="Bob").index, reason="left")
    finish_with(second, result_of([1, 2, 3], [0] * 3, [0] * 3))
    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED and not table.members.exists()


def test_one_way_on_from_a_tables_end_screen(people):
    """Issue 41.18: „Nochmal – gleicher Tisch“ is the one way on; no second button that starts a
    game at the table („Zurück an den Tisch – Partie starten“). The opener may go to the table
    for other rules; without the button (the table closed) the way on is a new game."""
    table, first = played_table(people)
    seats = {s.name: s for s in first.seats.all()}
    for name in ("Zora", "Bob"):
        board = render_board(first, seats[name])
        assert 'id="rematch"' in board
        assert "Partie starten" not in board and 'id="back-to-table"' not in board
        assert 'id="new-game"' not in board
    assert 'id="table-settings"' in render_board(first, seats["Zora"])
    assert 'id="table-settings"' not in render_board(first, seats["Bob"])
    # a spectator: no button of the players (the „Du schaust zu“ box has the way out)
    spectator = render_board(first, None)
    assert 'id="rematch"' not in spectator and 'id="back-to-table"' not in spectator
    services.leave_table(table, p(people["Bob"]))
    services.leave_table(table, p(people["Zora"]))
    board = render_board(Match.objects.get(pk=first.pk), seats["Zora"])
    assert 'id="rematch"' not in board and 'id="new-game"' in board
