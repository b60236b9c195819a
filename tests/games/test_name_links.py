"""Every player name in a match links to the person's public profile (issue 27): the turn line,
the move ticker, the round summary and the game-over table – a registered person's name is an
``<a href="/spieler/<name>/">``, a guest's and a bot's stay plain text. A real match of every live
game (a registered person, a guest and bots) is played to its end; the chat line is in
``tests/lobby/test_chat.py``."""

from __future__ import annotations

import random
import re
from urllib.parse import quote

import pytest

from accounts.identity import Player
from accounts.models import Guest, User
from games import actions, registry
from games.engines.base import get_engine
from games.models import Match
from games.rendering import link_names, name_html, name_links, render_board
from lobby import services as lobby

pytestmark = pytest.mark.django_db

CARL = "Carl Ölmüller"  # a name that must be URL-encoded in the link
LINK = f'<a class="player-name" href="/spieler/{quote(CARL)}/" target="_blank" rel="noopener">{CARL}</a>'
GUEST = "Gustav"
LIVE = [g.slug for g in registry.GAMES if g.live]
SHORT = {
    "speedwerk": {"kurz": True},
    "speedtroedel": {"partie_kurz": True},
    "speedone": {"scoring": "winner"},
}


def part(html: str, start: str, end: str) -> str:
    """The piece of ``html`` from the element with ``start`` to the next ``end`` ("" if none)."""
    at = html.find(start)
    if at < 0:
        return ""
    return html[at : html.index(end, at)]


def links_only_carl(piece: str, where: str) -> None:
    """Carl's name stands only as his link; no other name is linked (not the guest's, not the
    bots': every profile link in ``piece`` is Carl's)."""
    assert re.findall(r'href="(/spieler/[^"]*)"', piece) == [f"/spieler/{quote(CARL)}/"] * (
        piece.count(LINK)
    ), where
    assert piece.count(CARL) == piece.count(LINK), f"Carl's name without a link in {where}"


def board(match: Match, index: int | None) -> str:
    match = Match.objects.prefetch_related("seats").get(pk=match.pk)
    seat = next((s for s in match.seats.all() if s.index == index), None)
    return str(render_board(match, seat))


@pytest.mark.parametrize("slug", LIVE)
def test_turn_line_ticker_round_summary_and_game_over_link_registered_names_only(slug, bots):
    carl = Player(user=User.objects.create_user(CARL, password="kartenglück-42"))
    gustav = Player(guest=Guest.objects.create(display_name=GUEST))
    engine = get_engine(slug)
    keys = {o.key for o in engine.options_schema}
    options = {k: v for k, v in SHORT.get(slug, {}).items() if k in keys}
    seats = max(engine.min_players, min(3, engine.max_players))
    table = lobby.open_table(carl, slug, {"seats": seats, "options": options})
    lobby.join(table, gustav)
    lobby.set_ready(table, gustav, True)
    match = lobby.start(table, carl)
    by_name = {s.name: s.index for s in match.seats.all()}
    me, guest = by_name[CARL], by_name[GUEST]
    bot_names = [s.name for s in match.seats.all() if not s.is_human]
    assert bot_names
    seen = dict.fromkeys(("turn carl", "turn other", "ticker", "ticker guest", "summary"), False)
    rng = random.Random(5)
    for _ in range(3000):
        match.refresh_from_db()
        if match.status != Match.Status.RUNNING:
            break
        state = engine.from_json(match.state)
        actors = sorted(engine.actors(state))
        if match.version % 3 == 0 or me in actors:
            for index in (guest, None):  # the guest's board and a spectator's
                html = board(match, index)
                turn = part(html, 'id="turn-line"', "</p>")
                if CARL in turn:
                    links_only_carl(turn, "the turn line")
                    seen["turn carl"] = True
                elif turn:
                    assert "/spieler/" not in turn, "a guest's or bot's name linked"
                    seen["turn other"] |= any(n in turn for n in (GUEST, *bot_names))
                ticker = part(html, 'id="ticker"', "</section>")
                links_only_carl(ticker, "the ticker")
                seen["ticker"] |= LINK in ticker
                seen["ticker guest"] |= GUEST in ticker
                summary = part(html, 'id="round-summary"', "</section>")
                if summary:
                    links_only_carl(summary, "the round summary")
                    assert LINK in summary and GUEST in summary
                    seen["summary"] = True
        seat = actors[0]
        if match.seats.get(index=seat).is_human:
            view = engine.view(state, seat)
            action = engine.bot("leicht").choose(view, engine.legal_actions(state, seat), rng)
            actions.play(match.pk, seat, action, version=match.version)
        else:
            assert actions.run_bot(match.pk, match.version, seat)
    assert match.status == Match.Status.FINISHED
    assert seen["turn carl"] and seen["turn other"], seen
    assert seen["ticker"] and seen["ticker guest"], seen
    for index in (me, guest, None):
        html = board(match, index)
        over = part(html, 'id="game-over"', "</section>")
        links_only_carl(over, "the game-over table")
        table_rows = part(over, "<tbody>", "</tbody>")
        assert table_rows.count(LINK) == 1 and f"<td>{GUEST}</td>" in table_rows
        for name in bot_names:
            assert f"<td>{name}</td>" in table_rows
        summary = part(html, 'id="round-summary"', "</section>")
        if summary:  # the final standings (Speedbasar shows them only at the end)
            links_only_carl(summary, "the final round summary")
            seen["summary"] = True
    assert seen["summary"]


class FakeSeat:
    def __init__(self, name: str, *, user: int | None = None, guest: int | None = None) -> None:
        self.name, self.user_id, self.guest_id = name, user, guest
        self.is_human = user is not None or guest is not None


def test_link_names_links_whole_names_of_registered_people_only():
    # a bot's seat has its bot account, but is no person's
    seats = [FakeSeat("Bob", user=1), FakeSeat("Bobby", guest=2), FakeSeat("Lotte", user=3)]
    seats[2].is_human = False
    shown = name_html(seats)
    assert (
        shown[0]
        == '<a class="player-name" href="/spieler/Bob/" target="_blank" rel="noopener">Bob</a>'
    )
    assert shown[1:] == ["Bobby", "Lotte"]
    links = name_links(seats, shown)
    assert list(links) == ["Bob"]
    html = str(link_names("Bob ist am Zug.", links))
    assert html == f"{shown[0]} ist am Zug."
    # not inside another name or word, and the rest of the text is escaped
    assert str(link_names("Bobby ist am Zug <b>", links)) == "Bobby ist am Zug &lt;b&gt;"
    assert str(link_names("Gleichzeitig am Zug: Bobby, Bob.", links)).endswith(f", {shown[0]}.")
    assert str(link_names("Bob", {})) == "Bob"
