"""Speedbasar's table screen through the services and views: laying with a claim over HTTP, the
doubt window (first press wins, the later press gets „Zu spät“), its clock, the reveal in the
ticker and on the board, the solo helps and their switch – never a hidden card."""

from __future__ import annotations

import json
import re

import pytest

from accounts.bots import bots_of
from bench import client as bench_client
from games import actions
from games.actions import ActionRejected, SeatSpec
from games.engines.base import get_engine
from games.models import Match
from games.registry import presenter_of
from tests.games.test_platform import hidden_cards, leaks, services_board

pytestmark = pytest.mark.django_db
ENGINE = get_engine("speedbasar")
#: seat 0 gets the top six, then seat 1, then seat 2 (the bot); the Glut lies deeper
DECK = ["R1", "R2", "R3", "K1", "K2", "W"] + ["S1", "S2", "S3", "K4", "K5", "M"]
DECK += ["R4", "R5", "R6", "K7", "K8", "S9"]


def table_with_bot_to_lay(alice, bob, *, solo: bool = False) -> Match:
    """Alice, Bob and a bot (seat 2), the bot on turn (its seat is 2 and it lays R4 as R 1)."""
    bot = bots_of("leicht")[0]
    seats = [SeatSpec("Alice", user=alice)]
    if not solo:
        seats.append(SeatSpec("Bob", user=bob))
    else:
        seats.append(
            SeatSpec(
                bots_of("leicht")[1].username, user=bots_of("leicht")[1], bot_strength="leicht"
            )
        )
    seats.append(SeatSpec(bot.username, user=bot, bot_strength="leicht"))
    match = actions.start_match("speedbasar", seats, {}, deck=DECK)
    state = ENGINE.new_game(3, {}, match.seed, DECK)
    state.turn = 2
    Match.objects.filter(pk=match.pk).update(
        state=ENGINE.to_json(state), solo=solo, kind="solo" if solo else "table"
    )
    return Match.objects.get(pk=match.pk)


def test_a_lay_with_a_claim_over_http_and_the_doubt_window_first_press_wins(
    client, alice, bob, bots
):
    match = table_with_bot_to_lay(alice, bob)
    # the bot lays R4 and claims Rosenpfeffer 1 (a lie in the number)
    actions.play(
        match.pk,
        2,
        {"type": "lay", "cards": ["R4"], "spice": "R", "number": 1},
        version=0,
        by="bot",
    )
    match.refresh_from_db()
    assert match.phase_key == "doubt:1"
    assert match.deadline is not None, "at a table the doubt window runs on a clock"
    html = services_board(match, 0)
    assert "Nicht die 1!" in html and "Kein Rosenpfeffer!" in html and "Glauben" in html
    assert 'id="countdown"' in html
    assert not leaks(html, hidden_cards(ENGINE, ENGINE.from_json(match.state), 0))
    outside_book = html[: html.index('id="marktbuch"')]
    assert "R4" not in outside_book and "Rosenpfeffer 4" not in outside_book, [
        m.start() for m in re.finditer("R4|Rosenpfeffer 4", outside_book)
    ]
    # Bob doubts the number first; Alice's press with the same version comes too late
    actions.play(match.pk, 1, {"type": "doubt", "feature": "number", "window": 1}, version=1)
    with pytest.raises(ActionRejected, match="Zu spät"):
        actions.play(match.pk, 0, {"type": "doubt", "feature": "spice", "window": 1}, version=1)
    match.refresh_from_db()
    html = services_board(match, 0)
    reveal = html[html.index('id="reveal"') :]
    assert "Bob hat zuerst gezweifelt" in reveal and "Gelogen!" in reveal
    assert "Geprüft wurde die Zahl 1" in reveal and "Bob bekommt den Stapel" in reveal
    ticker = html[html.index('id="ticker"') :]
    assert "aufgedeckt: Rosenpfeffer 4" in ticker
    # now Alice's board over HTTP: the late press is a message, never an error page
    client.force_login(alice)
    answer = client.post(
        f"/partie/{match.pk}/zug/",
        {"action": json.dumps({"type": "believe", "window": 1}), "version": "1"},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200
    assert "Zu spät" in answer.content.decode()
    # the bot was caught: it draws 2 and begins the new pile; Alice lays over HTTP
    match.refresh_from_db()
    state = ENGINE.from_json(match.state)
    state.turn = 0
    Match.objects.filter(pk=match.pk).update(state=ENGINE.to_json(state))
    match.refresh_from_db()
    html = services_board(match, 0)
    lay = {"type": "lay", "cards": ["R1"], "spice": "R", "number": 1}
    # the hand's lay dialog offers the claim; the page composes the lay (a claim only selects)
    assert 'data-card="R1" data-name="Rosenpfeffer 1"' in html and 'data-claim="R1"' in html
    assert lay in bench_client.actions(html)
    assert re.search(r'class="mark passt">passt', html)
    answer = client.post(
        f"/partie/{match.pk}/zug/",
        {"action": json.dumps(lay), "version": str(match.version)},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200
    match.refresh_from_db()
    assert ENGINE.from_json(match.state).pile[-1][3] == (0,)  # R1 lies face down


def test_solo_has_no_clock_in_the_window_and_helps_switch_off(client, alice, bots):
    match = table_with_bot_to_lay(alice, None, solo=True)
    actions.play(
        match.pk,
        2,
        {"type": "lay", "cards": ["R4"], "spice": "R", "number": 1},
        version=0,
        by="bot",
    )
    match.refresh_from_db()
    assert match.deadline is None, "alone the doubt window waits without a clock"
    html = services_board(match, 0)
    assert 'id="instinct"' in html and "Händler-Instinkt" in html
    # the switch is in the page's gear menu (Ansicht); the board says it is on
    assert 'id="helps-toggle"' not in html
    assert "hilfen" in re.search(r'data-prefs-on="([^"]*)"', html).group(1).split()
    client.force_login(alice)
    page = client.get(f"/partie/{match.pk}/").content.decode()
    gear = page[
        page.index('id="frame-prefs"') : page.index("</details>", page.index('id="frame-prefs"'))
    ]
    assert re.search(r'<button[^>]*id="helps-toggle"[^>]*aria-checked="true"', gear)
    assert "Ansicht" in gear
    client.post(
        f"/partie/{match.pk}/sortieren/", {"pref": "hilfen"}, headers={"HX-Request": "true"}
    )
    html = services_board(match, 0)
    assert 'id="instinct"' not in html and "basar-nohelp" in html
    assert "hilfen" not in re.search(r'data-prefs-on="([^"]*)"', html).group(1).split()
    page = client.get(f"/partie/{match.pk}/").content.decode()
    assert re.search(r'<button[^>]*id="helps-toggle"[^>]*aria-checked="false"', page)
    assert "Hilfen: <span" in page


def test_the_ticker_words_have_no_internal_codes():
    p = presenter_of("speedbasar")
    names = ["Alice", "Bob", "Nora"]
    state = ENGINE.new_game(3, {}, 5, DECK)
    lines = []
    for _ in range(300):
        if ENGINE.result(state) is not None:
            break
        seat = sorted(ENGINE.actors(state))[0]
        legal = ENGINE.legal_actions(state, seat)
        doubt = [a for a in legal if a["type"] == "doubt"]
        action = doubt[0] if doubt and len(lines) % 3 == 0 else legal[min(1, len(legal) - 1)]
        for e in ENGINE.apply(state, seat, action):
            text = p.describe(e, names)
            if text:
                lines.append(text)
    joined = "\n".join(lines)
    assert "aufgedeckt" in joined and "verdeckt" in joined
    assert not re.search(r"\b[RKS]\d{1,2}\b|\bnumber\b|\bspice\b|Spieler \d", joined)


def test_engine_messages_do_not_name_seats_by_number():
    from games.engines.base import IllegalAction
    from games.registry import say

    state = ENGINE.new_game(3, {}, 5, DECK)
    state.turn = 2
    ENGINE.apply(state, 2, {"type": "lay", "cards": ["R4"], "spice": "R", "number": 1})
    ENGINE.apply(state, 1, {"type": "doubt", "feature": "number", "window": 1})
    with pytest.raises(IllegalAction) as late:
        ENGINE.apply(state, 0, {"type": "doubt", "feature": "spice", "window": 1})
    with pytest.raises(IllegalAction) as not_on_turn:
        ENGINE.apply(state, 0 if state.turn != 0 else 1, {"type": "pass"})
    for message in (say("speedbasar", late.value.msg), say("speedbasar", not_on_turn.value.msg)):
        assert not re.search(r"Spieler \d", message), message
