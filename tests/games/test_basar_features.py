"""Speedbasar's table features of the later issue-13 work, through the services, the views and
the presenter: Doppelladung (two cards under one claim, the reveal of both, the refusal without
the rule), the "Basar-Geräusche" switch (off by default, remembered for the person's next match)
and the solo helps hidden on the server when they are switched off (no Instinkt figures in the
board, Rat refused) – and the seats' Karten-Info, which never names a hidden card."""

from __future__ import annotations

import json
import re
import wave
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.utils import timezone

from accounts.bots import bots_of
from bench import client as bench_client
from games import actions
from games.actions import ActionRejected, SeatSpec
from games.engines.base import get_engine
from games.models import Match, Move
from leaderboards.models import DailyChallenge
from tests.games.test_platform import hidden_cards, leaks, services_board

pytestmark = pytest.mark.django_db
ENGINE = get_engine("speedbasar")
DOUBLE = {"extrascharf": "auswahl", "regeln": ["doppelladung"]}
#: Alice (seat 0) holds two Rosenpfeffer 1, R3, K1, K2 and the Waage; Bob (1) and the bot (2)
DECK = ["R1", "R1", "R3", "K1", "K2", "W"] + ["S1", "S2", "S3", "K4", "K5", "M"]
DECK += ["R4", "R5", "R6", "K7", "K8", "S9"]
PAIR = {"type": "lay", "cards": ["R1", "R3"], "spice": "R", "number": 1}


def basar_match(alice, bob, *, options: dict | None = None, solo: bool = False) -> Match:
    """Alice, Bob (or in solo a second bot) and a bot; Alice is on turn."""
    bot = bots_of("leicht")[0]
    seats = [SeatSpec("Alice", user=alice)]
    if solo:
        other = bots_of("leicht")[1]
        seats.append(SeatSpec(other.username, user=other, bot_strength="leicht"))
    else:
        seats.append(SeatSpec("Bob", user=bob))
    seats.append(SeatSpec(bot.username, user=bot, bot_strength="leicht"))
    match = actions.start_match("speedbasar", seats, options or {}, deck=DECK, solo=solo)
    state = ENGINE.from_json(match.state)
    state.turn = 0
    Match.objects.filter(pk=match.pk).update(state=ENGINE.to_json(state))
    return Match.objects.get(pk=match.pk)


def section(html: str, marker: str, end: str = "</div>") -> str:
    start = html.index(marker)
    return html[start : html.index(end, start)]


# -- Doppelladung ---------------------------------------------------------------------------------
def test_doppelladung_two_cards_through_the_services_and_the_reveal_of_both(alice, bob, bots):
    match = basar_match(alice, bob, options=DOUBLE)
    html = services_board(match, 0)
    # the screen offers the pair: "+ Zweite Karte dazulegen" in the hand's one lay dialog, with
    # the allowed claims (no data-action until the card(s) and the claim are chosen)
    assert "Zweite Karte dazulegen" in html and html.count("<dialog") == 1
    lay_dialog = html[
        html.index('id="lay-dialog"') : html.index("</dialog>", html.index('id="lay-dialog"'))
    ]
    assert lay_dialog.count('data-claim="') == 9  # a new pile: 1–3 in every spice
    assert "data-action" not in lay_dialog
    assert re.search(r'data-n="1" data-honest="R1"', html)  # what the page needs for "ehrlich"
    # the bench client still finds only complete, legal actions
    legal = ENGINE.legal_actions(ENGINE.from_json(match.state), 0)
    assert all(a in legal for a in bench_client.actions(html))

    match = actions.play(match.pk, 0, PAIR, version=match.version)
    state = ENGINE.from_json(match.state)
    assert state.pile[-1][3] == (0, 2) and len(state.hands[0]) == 4  # R1 and R3 lie face down
    bob_board = services_board(match, 1)
    assert "(2 Karten)" in bob_board and "Ein Zweifel prüft beide Karten" in bob_board
    assert "legt 2 Karten verdeckt: „Rosenpfeffer 1“" in bob_board
    history = section(bob_board, 'class="claim-history"', "</ol>")
    assert "Rosenpfeffer 1 <span" in history and "×2" in history
    assert not leaks(bob_board, hidden_cards(ENGINE, state, 1))
    assert "Rosenpfeffer 3" not in bob_board[: bob_board.index('id="marktbuch"')]
    # Alice sees her own two cards in the pile
    mine = services_board(match, 0)
    assert mine.count('title="Rosenpfeffer 1"') >= 1 and 'title="Rosenpfeffer 3"' in mine

    # Bob doubts the number: R3 is no 1, the pair is caught; the reveal shows both cards
    match = actions.play(
        match.pk, 1, {"type": "doubt", "feature": "number", "window": 1}, version=match.version
    )
    html = services_board(match, 1)
    reveal = html[html.index('id="reveal"') : html.index('class="reveal-text"')]
    assert 'title="Rosenpfeffer 1"' in reveal and 'title="Rosenpfeffer 3"' in reveal
    text = html[html.index('class="reveal-text"') :]
    assert "Gelogen!" in text and "bei beiden Karten (Doppelladung)" in text
    assert "Bob bekommt den Stapel (2 Karten)" in text
    # (Alice's name links to her profile: the words without the link's tags)
    ticker = re.sub(r"</?a\b[^>]*>", "", html[html.index('id="ticker"') :])
    assert "aufgedeckt: Rosenpfeffer 1 und Rosenpfeffer 3 (Alice): gelogen" in ticker


def test_a_pair_that_holds_survives_the_doubt_and_both_cards_show(alice, bob, bots):
    match = basar_match(alice, bob, options=DOUBLE)
    pair = {"type": "lay", "cards": ["R1", "R1"], "spice": "R", "number": 1}
    match = actions.play(match.pk, 0, pair, version=match.version)
    match = actions.play(
        match.pk, 1, {"type": "doubt", "feature": "spice", "window": 1}, version=match.version
    )
    html = services_board(match, 0)
    reveal = html[html.index('id="reveal"') :]
    assert reveal.count('title="Rosenpfeffer 1"') >= 2
    assert (
        "Stimmt!" in reveal and "Alice bekommt den Stapel (2 Karten), Bob zieht 2 Karten" in reveal
    )


def test_two_cards_without_doppelladung_are_refused_with_a_german_message(client, alice, bob, bots):
    match = basar_match(alice, bob)
    html = services_board(match, 0)
    assert 'id="lay-dialog"' in html and "Zweite Karte" not in html
    with pytest.raises(ActionRejected) as refused:
        actions.play(match.pk, 0, PAIR, version=match.version)
    assert refused.value.message == "Lege eine Karte."
    # over HTTP: the message on the board, nothing changed
    client.force_login(alice)
    answer = client.post(
        f"/partie/{match.pk}/zug/",
        {"action": json.dumps(PAIR), "version": str(match.version)},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200 and "Lege eine Karte." in answer.content.decode()
    after = Match.objects.get(pk=match.pk)
    assert after.version == match.version and after.state == match.state
    assert not Move.objects.filter(match=match).exists()


# -- Basar-Geräusche ------------------------------------------------------------------------------
def test_the_sound_switch_is_off_by_default_and_remembered_for_the_next_match(
    client, alice, bob, bots
):
    match = basar_match(alice, bob)
    html = services_board(match, 0)
    assert re.search(r'id="basar-sound" hidden data-on="0" data-noch="\d+"', html)
    assert 'data-prefs-on="passt"' in html  # the board tells the gear's switches their state
    client.force_login(alice)
    page = client.get(f"/partie/{match.pk}/").content.decode()
    toggle = re.search(r'<button[^>]*id="sound-toggle"[^>]*>.*?</button>', page, re.S).group(0)
    assert 'aria-checked="false"' in toggle and "Basar-Geräusche: <span" in toggle
    assert 'role="switch"' in toggle and 'type="button"' in toggle
    answer = client.post(
        f"/partie/{match.pk}/sortieren/", {"pref": "geraeusche"}, headers={"HX-Request": "true"}
    )
    body = answer.content.decode()
    assert 'data-prefs-on="passt geraeusche"' in body and 'data-on="1"' in body
    assert match.seats.get(index=0).prefs["geraeusche"] is True
    assert match.seats.get(index=1).prefs.get("geraeusche") is None  # Bob's is his own
    # the sounds are small files the site serves
    for name in ("basar-glut.wav", "basar-reveal.wav"):
        assert f"/static/sounds/{name}" in body
        path = Path(finders.find(f"sounds/{name}"))
        assert path.stat().st_size < 12_000
        with wave.open(str(path)) as w:
            assert 0.1 < w.getnframes() / w.getframerate() < 1.5
    # Alice's next match starts with the sounds on; switching off is remembered as well
    second = basar_match(alice, bob)
    page = client.get(f"/partie/{second.pk}/").content.decode()
    assert re.search(r'id="sound-toggle"[^>]*aria-checked="true"', page) and 'data-on="1"' in page
    client.post(f"/partie/{second.pk}/sortieren/", {"pref": "geraeusche"})
    third = basar_match(alice, bob)
    page = client.get(f"/partie/{third.pk}/").content.decode()
    assert re.search(r'id="sound-toggle"[^>]*aria-checked="false"', page) and 'data-on="0"' in page
    # a registered person's choice is in the account: another device (a new session) has it too
    client.post(f"/partie/{third.pk}/sortieren/", {"pref": "geraeusche"})
    alice.refresh_from_db()
    assert alice.prefs == {"geraeusche": True}
    other_device = Client()
    other_device.force_login(alice)
    fourth = basar_match(alice, bob)
    page = other_device.get(f"/partie/{fourth.pk}/").content.decode()
    assert re.search(r'id="sound-toggle"[^>]*aria-checked="true"', page) and 'data-on="1"' in page


# -- the solo helps hidden on the server ----------------------------------------------------------
def bot_lays(match: Match) -> Match:
    """The bot (seat 2) lays R4 as Rosenpfeffer 1: Alice's doubt window opens."""
    state = ENGINE.from_json(match.state)
    state.turn = 2
    Match.objects.filter(pk=match.pk).update(state=ENGINE.to_json(state))
    lay = {"type": "lay", "cards": ["R4"], "spice": "R", "number": 1}
    return actions.play(match.pk, 2, lay, version=match.version, by="bot")


def instinct_figures(html: str) -> list[str]:
    return re.findall(r"gelogen</span>|class=\"meter-bar\"|\d+ %", html)


def test_helps_off_hide_the_instinct_and_refuse_rat(client, alice, bots):
    match = bot_lays(basar_match(alice, None, solo=True))
    html = services_board(match, 0)
    assert 'id="instinct"' in html and instinct_figures(html)
    assert 'id="advice"' in html
    client.force_login(alice)
    client.post(
        f"/partie/{match.pk}/sortieren/", {"pref": "hilfen"}, headers={"HX-Request": "true"}
    )
    html = services_board(match, 0)
    assert 'id="instinct"' not in html and "Händler-Instinkt" not in html
    assert not instinct_figures(html)
    assert 'id="advice"' not in html
    assert 'data-prefs-on="passt"' in html  # the gear's „Hilfen“ shows off
    before = Match.objects.get(pk=match.pk)
    answer = client.post(f"/partie/{match.pk}/rat/", headers={"HX-Request": "true"})
    text = answer.content.decode()
    assert "Die Hilfen sind ausgeblendet" in text and "data-advised" not in text
    after = Match.objects.get(pk=match.pk)
    assert (after.version, after.state) == (before.version, before.state)
    assert Move.objects.filter(match=match).count() == 1  # only the bot's lay
    # switched on again: Rat answers
    client.post(
        f"/partie/{match.pk}/sortieren/", {"pref": "hilfen"}, headers={"HX-Request": "true"}
    )
    answer = client.post(f"/partie/{match.pk}/rat/", headers={"HX-Request": "true"})
    assert "data-advised" in answer.content.decode()


def test_no_instinct_and_no_rat_at_a_table_or_in_a_daily_game(client, alice, bob, bots):
    table = bot_lays(basar_match(alice, bob))
    html = services_board(table, 0)
    assert 'id="doubt-number"' in html and not instinct_figures(html)
    assert 'id="advice"' not in html
    client.force_login(alice)
    page = client.get(f"/partie/{table.pk}/").content.decode()
    assert 'id="sound-toggle"' in page and 'id="helps-toggle"' not in page
    answer = client.post(f"/partie/{table.pk}/rat/", headers={"HX-Request": "true"})
    assert "nur in Solo-Partien" in answer.content.decode()
    daily = bot_lays(basar_match(alice, None, solo=True))
    DailyChallenge.objects.create(
        game="speedbasar", day=timezone.localdate(), seed=daily.seed, seed_hash="x" * 64
    )
    daily.kind = "daily"  # the day's deal: its kind, stored when leaderboards.daily starts it
    daily.save(update_fields=["kind"])
    html = services_board(daily, 0)
    assert 'id="doubt-number"' in html and not instinct_figures(html)
    # the light bulb is there, greyed, and says why there is no Rat
    assert "advice-button refused" in html and "Im Tagesspiel gibt es keinen Rat" in html
    answer = client.post(f"/partie/{daily.pk}/rat/", headers={"HX-Request": "true"})
    assert "data-advised" not in answer.content.decode()
    assert "Im Tagesspiel gibt es keinen Rat." in answer.content.decode()


# -- Karten-Info of the seats ---------------------------------------------------------------------
def test_the_seats_karten_info_tells_what_a_doubt_is_worth_and_who_has_one_card(alice, bob, bots):
    match = basar_match(alice, bob)
    state = ENGINE.from_json(match.state)
    state.hands[1] = state.hands[1][:1]  # Bob is down to his last card
    Match.objects.filter(pk=match.pk).update(state=ENGINE.to_json(state))
    match = actions.play(
        match.pk, 0, {"type": "lay", "cards": ["K1"], "spice": "K", "number": 1}, version=0
    )
    html = services_board(match, 1)
    seats = re.findall(r'<div class="seat[^"]*has-info" data-seat="(\d)" tabindex="0">', html)
    assert seats == ["0", "1", "2"]
    alice_info = html[html.index('data-seat="0"') : html.index('data-seat="1"')]
    assert "Ein Zweifel an „Kardamom 1“ ist jetzt 1 Punkt wert" in alice_info
    bob_info = html[html.index('data-seat="1"') : html.index('data-seat="2"')]
    assert "Du hast nur noch eine Karte" in bob_info and "Auf der Hand: 1 Karte (je −1)" in bob_info
    alice_board = services_board(match, 0)
    bob_seen = alice_board[alice_board.index('data-seat="1"') : alice_board.index('data-seat="2"')]
    assert "Bob hat nur noch eine Karte – ein Krug droht!" in bob_seen
    assert not leaks(html, hidden_cards(ENGINE, ENGINE.from_json(match.state), 1))


def test_the_instinct_of_a_double_lay_is_marked_as_an_approximation(alice, bots):
    match = basar_match(alice, None, options=DOUBLE, solo=True)
    state = ENGINE.from_json(match.state)
    state.turn = 2
    Match.objects.filter(pk=match.pk).update(state=ENGINE.to_json(state))
    pair = {"type": "lay", "cards": ["R4", "R5"], "spice": "R", "number": 1}
    match = actions.play(match.pk, 2, pair, version=match.version, by="bot")
    html = services_board(match, 0)
    window = html[html.index('id="doubt-window"') :]
    assert "(2 Karten)" in window and "Ein Zweifel prüft beide Karten" in window
    assert 'id="instinct"' in window and "Näherung bei zwei Karten" in window
    assert re.search(r"<strong>\d+ %</strong>", window)
    assert not leaks(html, hidden_cards(ENGINE, ENGINE.from_json(match.state), 0))


def test_the_passt_marks_can_be_switched_off_in_the_gear_menu(client, alice, bob, bots):
    match = basar_match(alice, bob)
    html = services_board(match, 0)
    assert 'class="mark passt"' in html or 'class="mark halb"' in html
    assert 'data-prefs-on="passt"' in html
    client.force_login(alice)
    page = client.get(f"/partie/{match.pk}/").content.decode()
    assert re.search(r'<button[^>]*id="passt-toggle"[^>]*aria-checked="true"', page)
    body = client.post(
        f"/partie/{match.pk}/sortieren/", {"pref": "passt"}, headers={"HX-Request": "true"}
    ).content.decode()
    assert 'class="mark passt"' not in body and 'class="mark halb"' not in body
    assert 'data-prefs-on=""' in body
    page = client.get(f"/partie/{match.pk}/").content.decode()
    assert re.search(r'<button[^>]*id="passt-toggle"[^>]*aria-checked="false"', page)
    assert match.seats.get(index=0).prefs["passt"] is False


# -- the lay step (issue 24) ------------------------------------------------------------------------
def test_the_hand_has_one_lay_dialog_whose_claims_only_select(alice, bob, bots):
    """A claim button lays nothing (no data-action): the page writes the chosen card and claim into
    „Verdeckt legen“. The claims are rendered once for the hand, not once per card."""
    match = basar_match(alice, bob)
    html = services_board(match, 0)
    hand = section(html, 'class="hand-area basar-hand"', "</section>")
    assert hand.count('data-dialog="lay-dialog"') == 6  # every card opens the same dialog
    assert html.count("<dialog") == 1 and html.count('class="claim-button') == 9
    dialog = section(html, 'id="lay-dialog"', "</dialog>")
    claims = re.findall(r"<button[^>]*class=\"claim-button[^>]*>", dialog)
    assert len(claims) == 9 and all('role="radio"' in b for b in claims)
    assert "data-action" not in dialog
    assert re.search(r'<button[^>]*id="lay-confirm"[^>]*disabled>Verdeckt legen', dialog)
    # the only complete action on the board is passing: a tap can never lay by itself
    offered = re.findall(r'data-action="([^"]*)"', html)
    assert [json.loads(a.replace("&quot;", '"')) for a in offered] == [{"type": "pass"}]
    assert "Karte antippen, Zahl (und Gewürz) wählen, „Verdeckt legen“ drücken." in html
    # the joker's note travels with its card into the dialog
    assert 'data-card="W" data-name="Messingwaage"' in hand and 'data-note="Halbe Wahrheit:' in hand
    # not on turn: no dialog, no card opens one
    other = services_board(match, 1)
    assert "<dialog" not in other and 'data-dialog="lay-dialog"' not in other


# -- the Marktbuch (issue 28: one title per cell) ------------------------------------------------
def test_the_marktbuch_cell_says_all_its_dots_in_one_title(alice, bob, bots):
    match = basar_match(alice, bob)
    match = actions.play(match.pk, 0, {**PAIR, "cards": ["R1"]}, version=match.version)
    book = section(services_board(match, 0), 'id="marktbuch"', "</details>")
    cells = re.findall(r'<td title="([^"]*)">((?:<span class="dot [a-z]+"></span>)+)</td>', book)
    assert len(cells) == 30  # three spices × ten numbers, each cell three dots
    titles = dict(cells)
    # Alice laid one Rosenpfeffer 1 and holds the other; Rosenpfeffer 3 is on her hand
    r1 = next(t for t in titles if t.startswith("Rosenpfeffer 1:"))
    assert r1 == "Rosenpfeffer 1: 1× auf deiner Hand, 1× von dir in den Stapel gelegt, 1× unbekannt"
    assert titles[r1] == (
        '<span class="dot hand"></span><span class="dot laid"></span><span class="dot unk"></span>'
    )
    assert "Rosenpfeffer 3: 1× auf deiner Hand, 2× unbekannt" in titles
    assert 'title="Messingwaage: 1× auf deiner Hand, 2× unbekannt"' in book
    assert book.count('class="dot') == 96 + 4  # the grid, the jokers and the legend's four
    assert 'class="dot unk" title=' not in book  # no title per dot any more
