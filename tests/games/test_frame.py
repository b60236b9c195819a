"""The shared match frame of every game: Rat (the light bulb in the turn line, its answer kept for
the same decision, German messages when it fails or is refused), the screen reader's
announcement of every event in order, the skip link, the key help per situation, the ticker."""

from __future__ import annotations

import re

import pytest

from games import actions
from games.definition import Key, KeySituation
from games.engines.base import get_engine
from games.models import Match
from games.registry import game
from games.rendering import render_board
from tests.games.test_basar_features import DOUBLE, basar_match
from tests.games.test_troedel_screen import board, bots_until_alice, start, state_of

pytestmark = pytest.mark.django_db
TROEDEL = get_engine("speedtroedel")


def advice_button(html: str) -> str:
    return re.search(r'<button[^>]*id="advice"[^>]*>', html).group(0)


def decision_of(html: str) -> str:
    return re.search(r'data-decision="([^"]*)"', advice_button(html)).group(1)


def in_tauschrunde(alice) -> Match:
    """Speedtrödel solo: Alice led the Tauschrunde card, the trick is done, all pass a card."""
    match = start(alice)
    actions.play(match.pk, 0, {"type": "play", "card": "T"}, version=match.version)
    bots_until_alice(match)
    assert TROEDEL.view(state_of(match), 0)["phase"] == "swap"
    match.refresh_from_db()
    return match


def test_rat_is_a_light_bulb_in_the_turn_line_with_its_answer_below(alice, bots):
    html = board(start(alice))
    button = advice_button(html)
    assert 'aria-label="Rat"' in button and 'data-key="r"' in button
    assert "disabled" not in button  # Alice leads: her turn
    assert '<svg class="bulb"' in html and "💡" not in html
    # in the turn line, the answer's panel right below it, both before the cards and „Partie
    # verlassen“ (on a phone the answer is on the first screen)
    turn_line = html[
        html.index('id="turn-line"') : html.index("</p>", html.index('id="turn-line"'))
    ]
    assert 'id="advice"' in turn_line
    order = [
        html.index('id="advice"'),
        html.index('id="advice-panel"'),
        html.index('id="spiel"'),
        html.index('class="hand'),
        html.index("Partie verlassen"),
    ]
    assert order == sorted(order)


def test_the_answer_of_rat_names_the_decision_the_board_shows(client, alice, bots):
    from accounts.identity import Player
    from lobby.services import start_solo

    solo = start_solo(Player(user=alice), "speedwerk", 2, "leicht", {"kurz": True})
    engine = get_engine("speedwerk")
    for _ in range(5):  # the bots bid until it is Alice's turn
        solo.refresh_from_db()
        actors = sorted(engine.actors(engine.from_json(solo.state)))
        if actors == [0]:
            break
        actions.run_bot(solo.pk, solo.version, actors[0])
    client.force_login(alice)
    answer = client.post(f"/partie/{solo.pk}/rat/").content.decode()
    page = client.get(f"/partie/{solo.pk}/").content.decode()
    assert decision_of(page) and f'data-decision="{decision_of(page)}"' in answer
    assert "data-advised" in answer


def test_a_bots_pick_in_the_tauschrunde_keeps_the_decision(alice, bots):
    match = in_tauschrunde(alice)
    before = decision_of(board(match))
    assert before
    # a bot passes its card: Alice still has the same choice, so her Rat still holds
    assert actions.run_bot(match.pk, match.version, 1)
    match.refresh_from_db()
    assert 0 in TROEDEL.actors(state_of(match))
    assert decision_of(board(match)) == before
    # Alice passes hers: that decision is over
    actions.play(match.pk, 0, {"type": "swap", "card": "B3"}, version=match.version)
    assert decision_of(board(match)) != before


def test_a_failing_rat_answers_in_german(client, alice, bots, monkeypatch):
    match = start(alice)
    engine = get_engine("speedtroedel")

    def broken(view, legal):
        raise RuntimeError("the bot tripped")

    monkeypatch.setattr(engine, "explain", broken)
    client.force_login(alice)
    answer = client.post(f"/partie/{match.pk}/rat/")
    assert answer.status_code == 200
    text = answer.content.decode()
    assert "Der Rat ist gerade nicht zu haben" in text and "data-advised" not in text


def test_rat_refused_in_a_table_game_and_when_the_helps_are_off(client, alice, bob, bots):
    client.force_login(alice)
    table = basar_match(alice, bob)
    text = client.post(f"/partie/{table.pk}/rat/").content.decode()
    assert "Rat gibt es nur in Solo-Partien" in text
    assert 'id="advice"' not in board(table)
    solo = basar_match(alice, bob, solo=True)
    alice_seat = solo.seats.get(index=0)
    alice_seat.prefs["hilfen"] = False
    alice_seat.save(update_fields=["prefs"])
    text = client.post(f"/partie/{solo.pk}/rat/").content.decode()
    assert "Die Hilfen sind ausgeblendet" in text and "data-advised" not in text


def test_the_live_region_gets_every_event_of_an_update_in_order(alice, bots):
    match = start(alice)
    actions.play(match.pk, 0, {"type": "play", "card": "T"}, version=match.version)
    bots_until_alice(match)  # the last bot's card completes the trick: several events
    html = board(match)
    source = re.search(r'<div class="sr-only" id="announce-src" hidden>(.*?)</div>', html).group(1)
    lines = re.findall(r'<p data-seq="(\d+)\.(\d+)">(.*?)</p>', source)
    seqs = [(int(v), int(i)) for v, i, _ in lines]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    last = max(v for v, _ in seqs)
    of_last = [text for v, i, text in lines if int(v) == last]
    assert len(of_last) >= 2, of_last  # the completing card and what followed from it
    # the same lines as the ticker, which lists them newest first
    ticker = html[html.index('id="ticker"') : html.index("</section>", html.index('id="ticker"'))]
    shown = re.findall(r"<li[^>]*>(.*?)</li>", ticker)
    assert [re.sub(r" <small.*", "", t) for t in shown] == [t for *_, t in lines][::-1][:10]
    turn = re.search(r'id="turn-line"><span class="turn-text"><strong>(.*?)</strong>', html)
    assert source.endswith(f"<p data-turn>{turn.group(1)}</p>")


def test_the_ticker_is_not_numbered(alice, bots):
    match = start(alice)
    actions.play(match.pk, 0, {"type": "play", "card": "T"}, version=match.version)
    html = board(match)
    assert '<ul class="ticker-list">' in html and '<ol class="ticker-list">' not in html


def test_the_skip_link_leads_past_the_header_to_the_game(client, alice, bots):
    match = start(alice)
    client.force_login(alice)
    page = client.get(f"/partie/{match.pk}/").content.decode()
    link = page.index('<a class="skip-link" href="#spiel">Zum Spiel springen</a>')
    assert link < page.index("<header")
    assert page.index('id="spiel"') < page.index('class="hand')
    # other pages skip to their content
    other = client.get("/").content.decode()
    assert '<a class="skip-link" href="#main">Zum Inhalt springen</a>' in other


def keys_help(html: str) -> str:
    return re.search(r'<p class="keys-help muted" id="keys-help">(.*?)</p>', html).group(1)


def test_the_key_help_lists_only_the_keys_that_work(alice, bob, bots):
    plain_table = keys_help(board(basar_match(alice, bob)))
    assert "M Marktbuch" in plain_table and "P passen" in plain_table
    for off in ("D zweite Karte", "S Stimmt genau", "R Rat", "Leertaste"):
        assert off not in plain_table
    double_solo = keys_help(board(basar_match(alice, bob, options=DOUBLE, solo=True)))
    assert "D zweite Karte dazu (Doppelladung)" in double_solo and "R Rat" in double_solo
    assert "S Stimmt genau" not in double_solo and "Leertaste" not in double_solo
    handschlag = {"extrascharf": "auswahl", "regeln": ["handschlag"]}
    solo = basar_match(alice, bob, options=handschlag, solo=True)
    seat = solo.seats.get(index=0)
    seat.prefs.update({"autoglauben": True})
    seat.save(update_fields=["prefs"])
    keys = keys_help(board(solo))
    assert "S Stimmt genau" in keys and "Leertaste" in keys and "D zweite" not in keys
    seat.prefs.update({"hilfen": False})
    seat.save(update_fields=["prefs"])
    assert "R Rat" not in keys_help(board(solo))  # helps switched off: no Rat, no R
    # every live game lists R only where Rat is there
    werk = game("speedwerk")
    situation = KeySituation(view={}, options={}, prefs={}, helps=True, advice=True)
    assert "R Rat" in werk.keys_text(situation)
    assert "R Rat" not in werk.keys_text(KeySituation(view={}, options={}, prefs={}))


def test_a_key_without_a_condition_is_always_listed():
    assert Key("X immer").works(KeySituation(view={}, options={}, prefs={}))


def test_a_spectator_gets_only_the_keys_that_look():
    """Issue 41.17: a visitor without a seat is not shown the players' keys; the last trick (L)
    only shows something, so it stays where the game has it."""
    watching = KeySituation(view={}, options={}, prefs={}, seated=False)
    assert game("speedtroedel").keys_text(watching) == "L letzter Stich"
    assert game("speedwerk").keys_text(watching) == "L letzter Stich"
    assert game("speedone").keys_text(watching) == ""
    assert game("speedbasar").keys_text(watching) == ""
    seated = KeySituation(view={}, options={}, prefs={})
    assert game("speedtroedel").keys_text(seated).endswith("L letzter Stich, D Dein Laden")
    assert game("speedwerk").keys_text(seated).endswith("L letzter Stich, Esc schließt Dialoge")
    assert not Key("X spielt").works(watching)
    assert Key("Y schaut", watch=True).works(watching)


def test_the_spectators_board_has_no_players_keys(alice, bob):
    match = basar_match(alice, bob)
    public = render_board(match, None)
    assert 'id="keys-help"' not in public and 'id="advice"' not in public
    assert 'id="keys-help"' in render_board(match, match.seats.get(index=0))


def test_only_a_visitor_without_a_seat_is_told_they_watch(alice, bob, client):
    match = basar_match(alice, bob)
    url = f"/partie/{match.pk}/"
    client.force_login(alice)
    assert 'id="watching"' not in client.get(url).content.decode()
    from accounts.models import User

    client.force_login(User.objects.create_user("Zoe", password="kartenglück-42"))
    page = client.get(url).content.decode()
    assert 'id="watching"' in page and "Du schaust zu" in page and 'id="keys-help"' not in page
