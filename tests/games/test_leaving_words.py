"""Issue 41 item 7: „Partie verlassen“ and a lost connection are said apart in „Letzte Züge“,
and a seat the computer won after its person left is named as the computer on the end screen."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from accounts.models import User
from games import actions
from games.actions import SeatSpec
from games.models import Match, Move
from tests.games.test_platform import services_board
from tests.leaderboards.helpers import speedone_last_round

pytestmark = pytest.mark.django_db


def ticker(html: str) -> str:
    start = html.index('id="ticker"')
    return html[start : html.index("</section>", start)]


def table_of_three() -> tuple[Match, list[User]]:
    people = [
        User.objects.create_user(n, password="kartenglück-42") for n in ("Anna", "Bert", "Vera")
    ]
    match = actions.start_match("speedone", [SeatSpec(u.username, user=u) for u in people])
    return match, people


def test_leaving_and_a_lost_connection_are_said_apart_in_the_ticker(bots):
    match, _people = table_of_three()
    actions.replace_with_bot(match.pk, 1, reason="gone")
    actions.replace_with_bot(match.pk, 2, reason="left")
    html = ticker(services_board(Match.objects.get(pk=match.pk), 0))
    assert "Bert</a> hat die Verbindung verloren" in html, html
    assert "Vera</a> hat die Partie verlassen" in html, html
    assert actions.reclaim_seat(match.pk, 1)
    html = ticker(services_board(Match.objects.get(pk=match.pk), 0))
    assert "Bert</a> ist wieder da" in html, html


def test_the_end_names_the_computer_that_won_for_a_person_who_left(bots):
    match, _people = table_of_three()
    actions.replace_with_bot(match.pk, 2, reason="left")
    match.seats.filter(index=2).update(left_at=match.created + timedelta(minutes=5))  # late
    match = Match.objects.get(pk=match.pk)
    speedone_last_round(
        match,
        hands=[["Y8", "Y9"], ["Y7", "Y6"], ["R1"]],
        scores=[0, 195, 0],
        round_points=[],
        winner=2,
    )
    actions.play(match.pk, 2, {"type": "play", "card": "R1"}, version=match.version, by=Move.By.BOT)
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    html = services_board(match, 0)
    over = html[html.index('id="game-over"') :]
    winners = re.search(r'class="winners">(.*?)</p>', over, re.S).group(1)
    assert "Computer für Vera" in winners and "/spieler/Vera/" not in winners, winners
    row = next(r for r in re.findall(r"<tr[^>]*>(.*?)</tr>", over, re.S) if "Vera" in r)
    # the row names the computer; the person's leaving penalty is still what the seat books
    assert "Computer für Vera" in row and '<td class="num">−10</td>' in row, row
