"""Names come out escaped everywhere: a person, a guest and their table called
``<script>alert(1)</script>&"'`` play a real match of every game (lobby → table → match → moves
→ round ends → game over), and no page, frame, board, ticker, round summary or game-over table
shows the raw name.

The sign-up form does not allow such a name (letters, digits, a few signs, at most 20
characters), but escaping must not depend on that rule: the test widens the name columns inside
its transaction (PostgreSQL's DDL is transactional, so the widening is rolled back with the rest).
Tables have no name of their own: a table is shown by its people's names."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.urls import reverse

from accounts.identity import Player
from accounts.models import Guest, User
from games import actions, registry
from games.engines.base import get_engine
from games.models import Match
from games.rendering import render_board
from lobby import services as lobby
from lobby.views import render_open_tables, render_table_panel

EVIL = "<script>alert(1)</script>&\"'"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#x27;"
LIVE = [g.slug for g in registry.GAMES if g.live]
#: short games where the game has the option (Speedone: the winner of a round collects)
SHORT = {
    "speedwerk": {"kurz": True},
    "speedtroedel": {"partie_kurz": True},
    "speedone": {"scoring": "winner"},
}

pytestmark = pytest.mark.django_db


@pytest.fixture
def evil(bots):
    """A person and a guest named EVIL (the name columns widened for the test's transaction)."""
    if connection.vendor == "postgresql":  # SQLite does not enforce a varchar's length
        with connection.cursor() as cursor:
            cursor.execute("ALTER TABLE accounts_user ALTER COLUMN username TYPE varchar(64)")
            cursor.execute("ALTER TABLE accounts_guest ALTER COLUMN display_name TYPE varchar(64)")
    user = User.objects.create_user(EVIL, password="kartenglück-42")
    guest = Guest.objects.create(display_name=EVIL)
    return Player(user=user), Player(guest=guest)


def check(html: str, where: str, *, named: bool = True) -> None:
    assert "<script>alert(1)" not in html, f"raw name in {where}"
    assert "alert(1)</script>" not in html, f"raw name in {where}"
    if named:
        assert ESCAPED in html, f"the escaped name is missing in {where}"


def board(match: Match, index: int | None) -> str:
    match = Match.objects.prefetch_related("seats").get(pk=match.pk)
    seat = next((s for s in match.seats.all() if s.index == index), None)
    return render_board(match, seat)


@pytest.mark.parametrize("slug", LIVE)
def test_names_are_escaped_in_the_lobby_and_in_every_part_of_a_match(slug, client, evil):
    person, guest = evil
    engine = get_engine(slug)
    keys = {o.key for o in engine.options_schema}
    options = {k: v for k, v in SHORT.get(slug, {}).items() if k in keys}
    seats = max(engine.min_players, min(3, engine.max_players))
    table = lobby.open_table(person, slug, {"seats": seats, "options": options})
    lobby.join(table, guest)
    lobby.set_ready(table, guest, True)

    # the lobby: the room with its open tables, the table page and its panel
    viewer = User.objects.create_user("Zuschauerin", password="kartenglück-42")
    client.force_login(viewer)
    check(client.get(reverse("lobby:room", args=[slug])).content.decode(), "the room")
    check(render_open_tables(slug, None), "the open tables")
    check(render_table_panel(table.pk, person), "the table panel")
    client.force_login(person.user)
    check(client.get(reverse("lobby:table", args=[table.pk])).content.decode(), "the table page")

    # the match: both people's boards and a spectator's, after every move to the end
    match = lobby.start(table, person)
    humans = {s.index for s in match.seats.all() if s.is_human}
    assert len(humans) == 2
    rng = random.Random(3)
    seen = {"ticker": False, "round summary": False}
    for _ in range(3000):
        match.refresh_from_db()
        if match.status != Match.Status.RUNNING:
            break
        # the spectator's frame after every move, the people's after every few and at round ends
        html = board(match, None)
        summary = 'id="round-summary"' in html
        for index in (None, *sorted(humans)) if summary or match.version % 4 == 0 else (None,):
            if index is not None:
                html = board(match, index)
            check(html, f"the frame of seat {index} at version {match.version}")
            seen["ticker"] |= ESCAPED in html[html.index('id="ticker"') :]
            if summary:
                start = html.index('id="round-summary"')
                check(html[start : html.index("</section>", start)], "the round summary")
                seen["round summary"] = True
        state = engine.from_json(match.state)
        seat = sorted(engine.actors(state))[0]
        if seat in humans:
            view = engine.view(state, seat)
            action = engine.bot("leicht").choose(view, engine.legal_actions(state, seat), rng)
            actions.play(match.pk, seat, action, version=match.version)
        else:
            assert actions.run_bot(match.pk, match.version, seat)
    assert match.status == Match.Status.FINISHED
    assert seen["ticker"], "no move of the named seats reached the ticker"
    if slug != "speedbasar":  # Speedbasar shows its standings only at the end
        assert seen["round summary"]
    for index in (*sorted(humans), None):
        html = board(match, index)
        over = html[html.index('id="game-over"') :]
        check(over[: over.index("</section>")], f"the game-over table of seat {index}")
        check(html, f"the finished frame of seat {index}")
    page = client.get(reverse("games:match", args=[match.pk])).content.decode()
    check(page, "the match page")
