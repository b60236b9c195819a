"""Issue 42: every person's name in a match's seats and on its end screen shows their Wertung for
this game (``games.ratings``, provided by the leaderboards: 1500 + 20 · ordinal, „vorläufig“ with
a „?“ while uncertain); bots and guests show none. The board is rendered for every seat on every
move, so a match's ratings are read once (per process), not per seat or move."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Guest, User
from games import actions, ratings
from games.actions import SeatSpec
from games.engines.base import get_engine
from games.models import Match
from games.rendering import render_board, render_seat_boards
from leaderboards.models import Rating
from leaderboards.scale import PROVISIONAL_SIGMA, shown

pytestmark = pytest.mark.django_db

SETTLED = PROVISIONAL_SIGMA - 1.0  # a sigma past the provisional phase


def rate(user: User, game: str, ordinal: float, sigma: float = SETTLED) -> int:
    Rating.objects.create(
        user=user, game=game, mu=ordinal + 3 * sigma, sigma=sigma, ordinal=ordinal
    )
    return shown(ordinal)


def seat_html(board: str, index: int) -> str:
    found = re.search(rf'<div class="seat[^"]*" data-seat="{index}".*?</div>', board, re.S)
    assert found, board[:2000]
    return found.group(0)


def rating_of(html: str) -> str:
    """The Wertung after the first name in ``html`` as a sighted person reads it (the screen
    reader's words left out); "" if there is none."""
    start = html.find('<span class="rating')
    if start < 0:
        return ""
    depth, i = 0, start
    for tag in re.finditer(r"<span\b|</span>", html[start:]):
        depth += 1 if tag.group(0) == "<span" else -1
        if depth == 0:
            i = start + tag.end()
            break
    text = re.sub(r'<span class="sr-only">.*?</span>', "", html[start:i])
    return re.sub(r"<[^>]+>", "", text).strip()


def test_seats_show_each_persons_rating_provisional_marked_bots_and_guests_none(alice, bob, bots):
    value = rate(alice, "speedone", 4.0)
    gast = Guest.objects.create(display_name="Gustav")
    match = actions.start_match(
        "speedone",
        [
            SeatSpec("Alice", user=alice),
            SeatSpec("Bob", user=bob),  # no rated game yet: the start value, provisional
            SeatSpec("Gustav", guest=gast),
            SeatSpec(bots[0].username, user=bots[0], bot_strength="normal"),
        ],
    )
    board = render_board(match, match.seats.get(index=0))
    assert rating_of(seat_html(board, 0)) == str(value) == "1580"
    bob_seat = seat_html(board, 1)
    assert rating_of(bob_seat) == "1500?"
    assert "rating provisional" in bob_seat and "(vorläufig)" in bob_seat  # said, not only drawn
    assert 'title="Wertung (vorläufig)"' in bob_seat
    assert "rating" not in seat_html(board, 2)  # a guest: none
    assert "rating" not in seat_html(board, 3)  # a bot: none (its badge says it)
    spectator = render_board(match, None)  # the public board shows them too
    assert rating_of(seat_html(spectator, 0)) == "1580"


def test_a_matchs_ratings_are_read_once_not_per_seat_or_move(alice, bob):
    rate(alice, "speedone", 2.0)
    match = actions.start_match(
        "speedone", [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)]
    )
    ratings.forget()
    seats = list(match.seats.all())
    state = get_engine(match.game).from_json(match.state)
    with CaptureQueriesContext(connection) as first:
        render_seat_boards(match, seats, state)
    with CaptureQueriesContext(connection) as later:
        render_seat_boards(match, seats, state)
        render_board(match, None, seats=seats, state=state)
    reads = [q["sql"] for q in first.captured_queries if "leaderboards_rating" in q["sql"]]
    assert len(reads) == 1, reads  # one query for both seats
    assert not [q for q in later.captured_queries if "leaderboards_rating" in q["sql"]]


def test_the_end_screen_shows_the_ratings_after_the_match(alice, bob):
    rate(alice, "speedone", 1.0)
    match = actions.start_match(
        "speedone", [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)]
    )
    render_board(match, None)  # read while it runs
    Rating.objects.filter(user=alice).update(ordinal=3.0)  # as rate_match does at the end
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED, result={"places": [1, 2], "scores": [0, 10]}
    )
    match.seats.filter(index=0).update(place=1, score=0)
    match.seats.filter(index=1).update(place=2, score=10)
    match = Match.objects.get(pk=match.pk)
    board = render_board(match, match.seats.get(index=0))
    over = board[board.index('id="game-over"') : board.index("</table>")]
    over = over[over.index("<table") :]  # the places' table (the podium above names them too)
    assert rating_of(over.split("Alice", 1)[1]) == "1560"  # read again after the end
    assert rating_of(over.split("Bob", 1)[1]) == "1500?"
