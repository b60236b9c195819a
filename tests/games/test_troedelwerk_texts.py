"""Visible text of Speedtrödel and Speedwerk (issue 24): Vorschau sentences never glue, the own
seat's info window shows the own counter and box, and no Speedwerk screen text – boards, ticker,
round summaries, end table, refusals – carries a card code."""

from __future__ import annotations

import random
import re

import pytest

from accounts.bots import bots_of
from games import actions
from games.actions import SeatSpec
from games.engines.base import IllegalAction, get_engine
from games.models import Match
from games.registry import presenter_of, say
from games.speedwerk.engine.rules import ALL_SPECIALS
from tests.games.test_troedel_screen import board, start, text_of

WERK_CODE = re.compile(r"\b(?:[RBGY](?:1[0-5]|[1-9])|DK|FF|TR|FB|KB|DW|PT|BP|SS)\b")


def _seat_div(html: str, index: int) -> str:
    start_at = html.index(f'data-seat="{index}"')
    return html[start_at : html.find('<div class="seat', start_at + 1)]


@pytest.mark.django_db
def test_vorschau_sentences_are_separated(alice, bots):
    html = board(start(alice))
    vorschau = re.search(r'<p class="vorschau".*?</p>', html, flags=re.S)
    assert vorschau is not None
    # the paragraph's text as a browser reads it (textContent: tags dropped, not spaced)
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", vorschau.group(0))).strip()
    assert words.count("Mit ") >= 5  # one sentence per playable card …
    assert not re.search(r"[.!?:][A-ZÄÖÜa-zäöü]", words), words  # … none glued to the next


@pytest.mark.django_db
def test_the_own_seat_shows_its_counter_and_box_in_the_info_window(alice, bots):
    match = start(alice)
    actions.play(match.pk, 0, {"type": "play", "card": "T"}, version=match.version)
    for _ in range(2):  # the bots follow; Lotte (seat 1) catches the trick
        match.refresh_from_db()
        state = get_engine("speedtroedel").from_json(match.state)
        seat = min(get_engine("speedtroedel").actors(state))
        assert actions.run_bot(match.pk, match.version, seat)
    match.refresh_from_db()
    state = get_engine("speedtroedel").from_json(match.state)
    lotte = get_engine("speedtroedel").view(state, 1)
    assert lotte["counter"], "seat 1 caught the first trick"
    html = board(match, 1)
    own = _seat_div(html, 1)
    assert 'class="card-info shop-info"' in own and "Dein Laden" in own
    info = text_of(own)
    assert "Ladentisch (" in info and "Kiste (" in info
    assert "Tauschrunde" in info  # a caught card by its name
    # the other seats have no such window, and Alice's board shows her own, not Lotte's
    assert html.count("shop-info") == 1
    alice_board = board(match, 0)
    assert alice_board.count("shop-info") == 1
    assert "noch nichts gefangen" in text_of(_seat_div(alice_board, 0))
    assert "shop-info" not in _seat_div(alice_board, 1)


@pytest.mark.django_db
def test_speedwerk_screens_ticker_and_refusals_name_cards_never_codes(alice, bots):
    engine = get_engine("speedwerk")
    presenter = presenter_of("speedwerk")
    seats = [SeatSpec(alice.username, user=alice)] + [
        SeatSpec(b.username, user=b, bot_strength="leicht") for b in bots_of("leicht")[:2]
    ]
    match = actions.start_match(
        "speedwerk", seats, {"specials": list(ALL_SPECIALS), "kurz": True}, solo=True, seed=4
    )
    rng = random.Random(2)
    names = ["Alice", "Lotte", "Ludwig"]
    for _ in range(400):
        match.refresh_from_db()
        html = board(match, 0)
        for line in re.findall(r">([^<]+)<", re.sub(r"<kbd[^>]*>.*?</kbd>", "", html)):
            assert not WERK_CODE.search(line), line
        if match.status != Match.Status.RUNNING:
            break
        state = engine.from_json(match.state)
        for entry in match.recent or []:
            for event in entry.get("events", []):
                text = presenter.describe(event, names) or ""
                assert not WERK_CODE.search(text), text
        actors = sorted(engine.actors(state))
        if 0 not in actors:
            assert actions.run_bot(match.pk, match.version, actors[0])
            continue
        # a refused move says why in words: another seat's card, a wrong bid, a wrong swap
        for wrong in (
            {"type": "play", "card": "R15"},
            {"type": "pass", "card": "Y14"},
            {"type": "bid", "tricks": 99},
            {"type": "swap", "give": "B1", "take": "G2"},
            {"type": "trump", "color": "X"},
        ):
            probe = engine.from_json(match.state)
            try:
                engine.apply(probe, 0, wrong)
            except IllegalAction as exc:
                said = say("speedwerk", exc.msg)
                assert not WERK_CODE.search(said), said
        action = rng.choice(engine.legal_actions(state, 0))
        assert not WERK_CODE.search(say("speedwerk", engine.describe_action(action))), action
        actions.play(match.pk, 0, action, version=match.version)
    assert match.status == Match.Status.FINISHED
