"""Each game's lobby shows today's daily game under its own name (the seeds' „Tagesmarkt“,
„Tagesbasar“, …): its start button and the day's list – the best ten plus the visitor's row."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.identity import Player
from accounts.models import User
from games import registry
from leaderboards import daily
from leaderboards.views import LOBBY_TOP
from tests.leaderboards.helpers import finish_with, result_of

pytestmark = pytest.mark.django_db


def _box(page: str) -> str:
    start = page.index('id="daily-box"')
    return page[start : page.index("</section>", start)]


@pytest.mark.parametrize(
    ("slug", "title"),
    [
        ("speedtroedel", "Tagesmarkt"),
        ("speedbasar", "Tagesbasar"),
        ("speedone", "Tagesblatt"),
        ("speedwerk", "Tagesschicht"),
    ],
)
def test_the_lobby_shows_the_daily_game_by_its_name(client, alice, bots, slug, title):
    client.force_login(alice)
    box = _box(client.get(reverse("lobby:room", args=[slug])).content.decode())
    assert f"{title} <small" in box
    assert f'action="{reverse("leaderboards:daily_start", args=[slug])}"' in box
    assert f"{title} starten" in box
    assert f'href="{reverse("leaderboards:daily")}#daily-{slug}"' in box
    assert "Noch niemand hat dieses Tagesspiel beendet" in box


def test_speedbasars_lobby_is_the_basartor(client):
    page = client.get(reverse("lobby:room", args=["speedbasar"])).content.decode()
    assert "<title>Basartor – Speedbasar" in page
    assert "<h1>Basartor" in page
    assert (
        "<h1>Basartor" not in client.get(reverse("lobby:room", args=["speedone"])).content.decode()
    )


def test_a_visitor_is_asked_to_log_in_for_the_daily_game(client, bots):
    box = _box(client.get(reverse("lobby:room", args=["speedtroedel"])).content.decode())
    assert "Anmelden und Tagesmarkt starten" in box
    assert "<form" not in box


def test_the_lobby_lists_the_best_ten_and_the_visitors_own_row(client, alice, bots):
    """Twelve finished attempts: the box shows ranks 1–10, then Alice's 12th place as her row."""
    players = [User.objects.create_user(f"Spieler{i:02d}", password="x") for i in range(11)]
    for score, user in enumerate([*players, alice]):
        match, counted = daily.start_daily(Player(user=user), "speedone")
        assert counted
        # seat 0 wins every game; fewer points are better in „Jeder zählt“, more in „Sieger
        # kassiert“, so the order is set by score in the direction of the day's rule
        low = registry.get("speedone").daily_low_wins(match.options)
        points = score if low else 1000 - score
        finish_with(match, result_of([1, 2, 3, 4], [points, 300, 300, 300], [10, -6, -6, -6]))
    client.force_login(alice)
    box = _box(client.get(reverse("lobby:room", args=["speedone"])).content.decode())
    names = [f"Spieler{i:02d}" for i in range(11)]
    for name in names[:LOBBY_TOP]:
        assert f">{name}<" in box  # the name (a link to the player's page, or plain text)
    assert ">Spieler10<" not in box  # rank 11 is neither in the top ten nor the visitor
    mine = box.index('class="me" aria-current="true"')
    assert box.index(">Alice<") > mine > box.index(">Spieler09<")
    assert '<td class="num">12.</td>' in box
    assert "Tagesblatt üben" in box and "Dein gewerteter Versuch ist gespielt" in box


@pytest.mark.django_db
def test_the_daily_box_names_no_rule_that_changes_nothing_alone(client, bots):
    """The daily game is solo: Speedbasar's doubt window (a table-only option) is not among the
    day's rules, the other rules are."""
    challenge = daily.ensure_challenge("speedbasar")
    rules = daily.describe_options("speedbasar", challenge.options)
    assert rules and not any(r.startswith("Zweifel-Fenster") for r in rules)
    assert "Zweifel-Fenster" not in client.get("/spiele/speedbasar/").content.decode()
