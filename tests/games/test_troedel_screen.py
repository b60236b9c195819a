"""Speedtrödel's screen: a stacked game through the services – trick line, Tauschrunde,
Schnäppchenblick, Heute gefragt, Kassensturz, ticker, Rat – without card codes in any text."""

from __future__ import annotations

import re

import pytest

from accounts.bots import bots_of
from games import actions
from games.actions import SeatSpec
from games.engines.base import get_engine
from games.models import Match
from games.presenters.base import ui_icon
from games.registry import presenter_of

# seat 0 (Alice) leads round 1 with a stacked deck
ALICE = ["T", "H", "P0", "F", "E5", "P4", "S4", "B3", "M3", "E1"]
BOT1 = ["P5", "P6", "P7", "P8", "P9", "P10", "S5", "S6", "S7", "S8"]
BOT2 = ["B4", "B5", "B6", "B7", "B8", "B9", "B10", "M4", "M5", "M6"]
DECK = [*ALICE, *BOT1, *BOT2]
CODE = re.compile(r"\b(?:[PSBME]1?\d|[TFGVHR])\b")


def start(alice, solo: bool = True) -> Match:
    bots = bots_of("leicht")[:2]
    seats = [SeatSpec(alice.username, user=alice)] + [
        SeatSpec(b.username, user=b, bot_strength="leicht") for b in bots
    ]
    return actions.start_match(
        "speedtroedel", seats, {"partie_kurz": True}, solo=solo, deck=DECK, seed=5
    )


def board(match: Match, index: int = 0) -> str:
    from games.rendering import render_board

    match = Match.objects.prefetch_related("seats").get(pk=match.pk)
    seat = next(s for s in match.seats.all() if s.index == index)
    return render_board(match, seat)


def text_of(html: str) -> str:
    """What a person reads: tags, attributes and the hidden Vorschau spans stripped (a name's
    link to the profile is part of its line)."""
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"</?a\b[^>]*>", "", html)
    return re.sub(r"<[^>]+>", " ", html)


def state_of(match: Match):
    match.refresh_from_db()
    return get_engine("speedtroedel").from_json(match.state)


def bots_until_alice(match: Match, limit: int = 20) -> None:
    engine = get_engine("speedtroedel")
    for _ in range(limit):
        state = state_of(match)
        actors = sorted(engine.actors(state))
        if not actors or 0 in actors:
            return
        assert actions.run_bot(match.pk, match.version, actors[0])


@pytest.mark.django_db
def test_a_stacked_round_shows_every_decision_in_words(alice, bots):
    engine = get_engine("speedtroedel")
    match = start(alice)
    html = board(match)
    assert "Runde 1 von 4" in html and "Du spielst aus." in html
    assert "Noch keine Bedienfarbe" in html
    assert "Dachboden" in html and "speedtroedel/cards.svg#stars1" in html  # the tiers' stars
    # the Fälschung is outlined red; keys 1–9 on the playable cards
    assert re.search(r'class="card-button playable fake" data-card="F"', html)
    assert 'data-key="1"' in html
    # Vorschau texts for every card, Dein Laden
    assert "Mit Tauschrunde spielst du aus." in html
    assert 'id="shop"' in html

    # Alice leads the Tauschrunde; the bots follow; everyone passes a card
    actions.play(match.pk, 0, {"type": "play", "card": "T"}, version=match.version)
    html = board(match)
    assert "Alice legt Tauschrunde." in text_of(html)
    bots_until_alice(match)
    state = state_of(match)
    assert engine.view(state, 0)["phase"] == "swap"
    html = board(match)
    assert "Tauschrunde: Welche Karte gibst du an" in html
    assert "Bedienen:" not in html
    actions.play(match.pk, 0, {"type": "swap", "card": "B3"}, version=match.version)
    html = board(match)
    assert "Du gibst Bücher 3 an" in html
    assert f"{ui_icon('check')} gewählt" in html
    bots_until_alice(match)
    state = state_of(match)
    view = engine.view(state, 0)
    assert view["phase"] == "play" and view["swap"]["gave"] == "B3"
    html = board(match)
    assert "Getauscht" in text_of(html)
    assert "Du hast Bücher 3 weitergegeben" in html

    # play on until Alice has a Schnäppchenblick pick or Heute gefragt to decide
    seen = set()
    for _ in range(200):
        state = state_of(match)
        if engine.view(state, 0)["round"] == 2:
            break
        actors = sorted(engine.actors(state))
        if 0 not in actors:
            assert actions.run_bot(match.pk, match.version, actors[0])
            continue
        view = engine.view(state, 0)
        legal = engine.legal_actions(state, 0)
        html = board(match)
        seen.add(view["phase"])
        visible = text_of(html)
        # no card code in anything a person reads
        for line in re.findall(r">([^<]+)<", re.sub(r"<kbd[^>]*>.*?</kbd>", "", html)):
            keys = line.strip().startswith("Tasten:")  # the key help names keys, not cards
            assert keys or not CODE.search(line.strip()) or line.strip().isdigit(), line
        if view["phase"] == "pick":
            assert "Schnäppchenblick: Welche Karte nimmst du dir aus dem Stich?" in html
            assert 'id="pick-dialog"' in html
        elif view["phase"] == "ask":
            assert "Heute gefragt: Welche Farbe" in html and "Smaragd" in visible
            assert html.count("tcol-button") == 5
            actions.play(match.pk, 0, {"type": "ask", "colour": "M"}, version=match.version)
            assert "Heute gefragt: Messing (von Alice)" in board(match)
            continue
        elif view["phase"] == "play":
            assert "Bedienen:" in html or "Noch keine Bedienfarbe" in html
        # Alice prefers the Schnäppchenblick and Heute gefragt
        pref = [a for a in legal if a.get("card") in ("P0", "H")]
        actions.play(match.pk, 0, (pref or legal)[0], version=match.version)
    assert {"pick", "ask"} <= seen, seen
    html = board(match)
    assert 'id="round-summary"' in html and "Kassensturz nach Runde 1" in html
    assert "Kassensturz nach Runde 1:" in text_of(html)  # the ticker line


@pytest.mark.django_db
def test_every_public_event_has_a_ticker_line():
    p = presenter_of("speedtroedel")
    names = ["Alice", "Bruno", "Cleo"]
    events = [
        {"type": "play", "seat": 0, "card": "E0"},
        {"type": "trick", "winner": 1, "taken": [[1, "P4"], [0, "S9"], [1, "G"]]},
        {"type": "pick", "seat": 0, "card": "S9"},
        {"type": "penalty", "seat": 2, "points": -3},
        {"type": "swap_start"},
        {"type": "swap_chosen", "seat": 1},
        {"type": "swap_done"},
        {"type": "ask", "seat": 0, "colour": "E"},
        {"type": "round_end", "round": 1, "scores": [10, 8, 12]},
        {"type": "round_start", "round": 2, "attic_draws": [0, 2, 0], "leader": 1},
        {"type": "game_over", "reason": "leergekauft", "scores": [1, 2, 3]},
    ]
    for e in events:
        line = p.describe(e, names)
        assert line, e
        assert not CODE.search(line), line
    assert p.describe({"type": "trick_won", "seat": 1}, names) is None
    assert "Smaragd 0" in p.describe(events[0], names)
    assert "Cleo nimmt" not in p.describe(events[1], names)
    assert "Alice nimmt Spielzeug 9" in p.describe(events[1], names)


@pytest.mark.django_db
def test_rat_gives_a_german_reason_for_every_kind_of_decision(client, alice, bots):
    """A solo game dealt as usual: at the first card, Schnäppchenblick, Tauschrunde and Heute
    gefragt decision of Alice the Rat names a choice the board offers and says why."""
    import random

    from bench import client as generic

    engine = get_engine("speedtroedel")
    bots3 = bots_of("leicht")[:3]
    seats = [SeatSpec(alice.username, user=alice)] + [
        SeatSpec(b.username, user=b, bot_strength="leicht") for b in bots3
    ]
    client.force_login(alice)
    asked: dict[str, str] = {}
    # full games (Heute gefragt lies deep in the attic); Alice plays it and the Schnäppchenblicke
    # whenever she can
    wanted = ("H", "P0", "S0", "B0", "M0", "E0")
    for seed in range(1, 40):
        match = actions.start_match("speedtroedel", seats, {}, solo=True, seed=seed)
        rng = random.Random(seed)
        for _ in range(2000):
            if set(asked) >= {"play", "pick", "swap", "ask"}:
                break
            match.refresh_from_db()
            if match.status != Match.Status.RUNNING:
                break
            state = engine.from_json(match.state)
            actors = sorted(engine.actors(state))
            if 0 not in actors:
                assert actions.run_bot(match.pk, match.version, actors[0])
                continue
            phase = engine.view(state, 0)["phase"]
            html = board(match)
            if phase not in asked and len(engine.legal_actions(state, 0)) > 1:
                answer = client.post(f"/partie/{match.pk}/rat/").content.decode()
                advised = re.search(r'data-advised="([^"]+)"', answer)
                assert advised, answer
                assert f'data-action="{advised.group(1)}"' in html, (phase, advised.group(1))
                text = text_of(answer).strip()
                assert not CODE.search(text), text
                asked[phase] = text
            offered = generic.actions(html)
            action = next(
                (a for a in offered if a.get("card") in wanted), generic.choose(html, rng)
            )
            actions.play(match.pk, 0, action, version=match.version)
        if set(asked) >= {"play", "pick", "swap", "ask"}:
            break
    assert set(asked) >= {"play", "pick", "swap", "ask"}, asked
    assert all(len(t) > 20 for t in asked.values()), asked


@pytest.mark.django_db
def test_a_finished_rekordjagd_shows_as_best_under_meine_partien(client, alice, bots):
    import random

    from accounts.identity import Player
    from bench import client as generic
    from lobby.services import start_solo

    engine = get_engine("speedtroedel")
    match = start_solo(Player(user=alice), "speedtroedel", 2, "leicht", {"partie_kurz": True})
    rng = random.Random(1)
    for _ in range(600):
        match.refresh_from_db()
        if match.status != Match.Status.RUNNING:
            break
        actors = sorted(engine.actors(engine.from_json(match.state)))
        if 0 in actors:
            action = generic.choose(board(match), rng)
            actions.play(match.pk, 0, action, version=match.version)
        else:
            assert actions.run_bot(match.pk, match.version, actors[0])
    assert match.status == Match.Status.FINISHED
    seat = match.seats.get(index=0)
    client.force_login(alice)
    page = client.get("/konto/profil/").content.decode()
    if seat.place == 1:
        assert f"Speedtrödel gegen leicht: Bestwert {seat.score} Punkte (1 Partie" in page
    else:  # a lost game is no best
        assert "Speedtrödel gegen leicht: noch kein Sieg (1 Partie)" in page


def test_open_attic_knapp_ramschtag_and_heute_gefragt_are_shown():
    from types import SimpleNamespace

    from games.presenters import Frame

    engine = get_engine("speedtroedel")
    p = presenter_of("speedtroedel")
    state = engine.new_game(3, {"dachboden_offen": True}, 11)
    state.attic = state.attic[:3]  # far too few for the next round
    state.ramsch = True
    state.g_colour, state.g_caller = 4, 1
    view = engine.view(state, 0)
    frame = Frame(names=["Alice", "Bruno", "Cleo"], urls={})
    ctx = p.present(view, engine.legal_actions(state, 0), frame)
    assert ctx["attic"]["knapp"] and ctx["attic"]["open"] and ctx["attic"]["top_html"]
    texts = [x["text"] for x in ctx["follow_line"]]
    assert "Heute gefragt: Smaragd (von Bruno)" in texts
    assert "Ramschtag: Die niedrigste Karte gewinnt den Stich." in texts
    match = SimpleNamespace(status="running")
    html = p.board_html({**ctx, "view": view, "me": None, "match": match})
    assert "knapp!" in html and "Dachboden offen" in html
    top = view["attic"]["top"]
    from games.speedtroedel.presenter import card_name

    assert card_name(top) in html
