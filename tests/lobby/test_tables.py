"""Tables: settings, joining, ready/start, seat order, partners, invite links, solo."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts import wallet
from accounts.identity import Player
from accounts.models import Guest, User
from games import actions
from games.actions import ActionRejected
from games.models import Match
from leaderboards.models import DailyAttempt
from lobby import services
from lobby.models import Table

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


def test_seats_are_given_alphabetically():
    people = [("Zora", 1), ("bob", 2), ("Carla", 3), ("Anna", 4)]
    assert [n for n, _ in services.seat_order(people)] == ["Anna", "bob", "Carla", "Zora"]


def test_wished_partners_sit_opposite():
    people = [("Zora", 1), ("Bob", 2), ("Carla", 3), ("Anna", 4)]
    order = [n for n, _ in services.seat_order(people, ("Zora", "Bob"), [[0, 2], [1, 3]])]
    assert order.index("Zora") % 2 == order.index("Bob") % 2
    assert order[0] == "Anna"


def test_start_needs_everyone_ready_and_fills_free_seats_with_bots(people):
    table = services.open_table(p(people["Zora"]), "speedone", {"seats": 4})
    services.join(table, p(people["Bob"]))
    with pytest.raises(ActionRejected, match="Noch nicht bereit: Bob"):
        services.start(table, p(people["Zora"]))
    services.set_ready(table, p(people["Bob"]), True)
    with pytest.raises(ActionRejected, match="eröffnet"):
        services.start(table, p(people["Bob"]))
    match = services.start(table, p(people["Zora"]))
    names = list(match.seats.values_list("name", "is_human"))
    assert [n for n, _ in names] == sorted((n for n, _ in names), key=str.casefold)
    assert sum(1 for _, human in names if not human) == 2
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING


def test_empty_seats_stay_empty_without_bots(people):
    table = services.open_table(
        p(people["Zora"]), "speedone", {"seats": 4, "fill_with_bots": False}
    )
    services.join(table, p(people["Bob"]))
    services.set_ready(table, p(people["Bob"]), True)
    match = services.start(table, p(people["Zora"]))
    assert match.players == 2


def test_only_the_opener_changes_the_rules(people):
    table = services.open_table(p(people["Zora"]), "speedone", {"seats": 4})
    services.join(table, p(people["Bob"]))
    with pytest.raises(ActionRejected, match="eröffnet"):
        services.update_settings(table, p(people["Bob"]), {"seats": 3})


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seats": 5}, "zu 2 bis 4"),
        ({"seats": 3, "options": {"partners": True}}, "nur zu viert"),
        ({"options": {"target": 300}}, "nicht möglich"),
        ({"options": {"cheat": True}}, "Unbekannte Einstellung"),
        ({"stake": -5}, "Einsatz"),
        ({"move_seconds": 7}, "Bedenkzeit"),
    ],
)
def test_invalid_settings_are_refused_in_german(people, changes, message):
    table = services.open_table(p(people["Zora"]), "speedone", {"seats": 4})
    with pytest.raises(ActionRejected, match=message):
        services.update_settings(table, p(people["Zora"]), changes)


def test_guests_only_at_tables_without_stake(people):
    table = services.open_table(p(people["Zora"]), "speedone", {"seats": 4, "stake": 50})
    guest = Guest.objects.create(display_name="Gustav")
    with pytest.raises(ActionRejected, match="Gäste"):
        services.join(table, Player(guest=guest))


def test_a_player_who_arrives_replaces_a_bot_at_the_next_start(people):
    table = services.open_table(p(people["Zora"]), "speedone", {"seats": 3})
    first = services.start(table, p(people["Zora"]))
    assert first.seats.filter(is_human=False).count() == 2
    Match.objects.filter(pk=first.pk).update(status=Match.Status.FINISHED)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.OPEN)
    services.join(table, p(people["Carla"]))
    services.set_ready(table, p(people["Carla"]), True)
    second = services.start(table, p(people["Zora"]))
    assert second.seats.filter(is_human=False).count() == 1
    assert second.seats.filter(is_human=True).count() == 2


def test_stake_is_collected_from_every_human_at_start(people, settings):
    table = services.open_table(p(people["Zora"]), "speedone", {"seats": 3, "stake": 40})
    services.join(table, p(people["Bob"]))
    services.set_ready(table, p(people["Bob"]), True)
    services.start(table, p(people["Zora"]))
    assert wallet.balance(people["Zora"]) == settings.STARTING_GRANT - 40
    assert wallet.balance(people["Bob"]) == settings.STARTING_GRANT - 40


def test_solo_starts_at_once_against_the_chosen_bots(people):
    match = services.start_solo(p(people["Bob"]), "speedone", 3, "stark")
    assert match.players == 4 and match.solo and match.stake == 0
    assert (
        list(match.seats.filter(is_human=False).values_list("bot_strength", flat=True))
        == ["stark"] * 3
    )


def test_invite_link_brings_a_visitor_to_the_guest_form_then_the_table(client, people):
    table = services.open_table(p(people["Zora"]), "speedone", {"seats": 4})
    url = reverse("lobby:invite", args=[table.token])
    assert len(table.token) >= 32  # 192 bits
    r = client.get(url)
    assert r.status_code == 302 and r["Location"].startswith(reverse("accounts:guest"))
    client.post(reverse("accounts:guest"), {"display_name": "Gustav", "next": url})
    r = client.get(url)
    assert r["Location"] == reverse("lobby:table", args=[table.pk])
    assert table.members.filter(guest__display_name="Gustav").exists()


def test_an_expired_or_unknown_invite_says_so(client, people):
    table = services.open_table(p(people["Zora"]), "speedone", {"seats": 4})
    Table.objects.filter(pk=table.pk).update(status=Table.Status.CLOSED)
    r = client.get(reverse("lobby:invite", args=[table.token]))
    assert r.status_code == 410 and "abgelaufen" in r.content.decode()
    r = client.get(reverse("lobby:invite", args=["x" * 32]))
    assert r.status_code == 410


def test_lobby_page_lists_open_tables_and_offers_solo(client, people):
    services.open_table(p(people["Zora"]), "speedone", {"seats": 4})
    client.force_login(people["Bob"])
    page = client.get(reverse("lobby:room", args=["speedone"])).content.decode()
    assert "Solo gegen Computer" in page and "Mit anderen spielen" in page
    assert "Zora" in page and "dazusetzen" in page
    assert 'ws-connect="/ws/lobby/speedone/"' in page


def test_solo_through_the_page_redirects_to_the_match(client, people):
    client.force_login(people["Bob"])
    r = client.post(reverse("lobby:solo", args=["speedone"]), {"bots": "1", "strength": "leicht"})
    match = Match.objects.get()
    assert r["Location"] == reverse("games:match", args=[match.pk])
    page = client.get(r["Location"]).content.decode()
    assert 'id="board"' in page and "Bob" in page


# -- at most MAX_RUNNING_SOLO running solo games per person (issue 23, item 2) -------------------
LIMIT_TEXT = "Du hast schon 3 laufende Solo-Partien – mehr als 3 gleichzeitig gehen nicht."


def test_the_fourth_running_solo_game_is_refused_in_german(people):
    bob = p(people["Bob"])
    running = [services.start_solo(bob, "speedone", 1, "normal") for _ in range(3)]
    # leaving hands the seat to the computer: the game still runs, and still counts
    actions.replace_with_bot(running[0].pk, 0)
    with pytest.raises(ActionRejected) as refused:
        services.start_solo(bob, "speedtroedel", 2, "normal")
    assert LIMIT_TEXT in refused.value.message
    assert Match.objects.filter(solo=True).count() == 3
    # somebody else is not affected; a finished game frees a place
    services.start_solo(p(people["Zora"]), "speedone", 1, "normal")
    Match.objects.filter(pk=running[0].pk).update(status=Match.Status.FINISHED)
    services.start_solo(bob, "speedone", 1, "normal")


def test_the_solo_limit_is_a_setting_and_holds_for_guests_and_the_page(client, people, settings):
    settings.MAX_RUNNING_SOLO = 1
    gustav = Guest.objects.create(display_name="Gustav")
    services.start_solo(Player(guest=gustav), "speedone", 1, "normal")
    with pytest.raises(ActionRejected, match="schon 1 laufende Solo-Partie – mehr als 1"):
        services.start_solo(Player(guest=gustav), "speedone", 1, "normal")
    client.force_login(people["Bob"])
    url = reverse("lobby:solo", args=["speedone"])
    client.post(url, {"bots": "1", "strength": "leicht"})
    page = client.post(url, {"bots": "1", "strength": "leicht"}, follow=True).content.decode()
    assert "Du hast schon 1 laufende Solo-Partie" in page
    assert Match.objects.filter(seats__user=people["Bob"]).count() == 1


def test_a_daily_start_beyond_the_limit_is_refused_and_keeps_the_attempt(client, people):
    bob = people["Bob"]
    for _ in range(3):
        services.start_solo(p(bob), "speedone", 1, "normal")
    client.force_login(bob)
    page = client.post(
        reverse("leaderboards:daily_start", args=["speedone"]), follow=True
    ).content.decode()
    assert LIMIT_TEXT in page
    assert not DailyAttempt.objects.exists()  # the counted attempt is still to come
