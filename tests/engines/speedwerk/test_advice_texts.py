"""Rat in Speedwerk: German, second person, card names instead of codes, and a reason that adds
up (a bid says the hand's estimate, its rounding and what moved the bid)."""

from __future__ import annotations

import random
import re

from games.speedwerk.engine.bots import advice_head
from games.speedwerk.engine.rules import ALL_SPECIALS, forbidden_bid
from games.speedwerk.texts import TEXTS
from games.wording import say
from tests.engines.speedwerk.helpers import E, deal

CODE = re.compile(r"\b(?:[RBGY](?:1[0-5]|[1-9])|DK|FF|TR|FB|KB|DW|PT|BP|SS)\b")
INTERNAL = re.compile(r"[{}=_]|\bNone\b|\bTrue\b|\bFalse\b|\d\.\d")


def positions(n: int, seed: int) -> list[tuple[object, int]]:
    """``n`` random positions (all special cards in play) with the seat to advise."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        options = {"specials": list(ALL_SPECIALS)}
        st = E.new_game(rng.choice((3, 4, 5)), options, rng.randrange(10**9))
        steps = rng.randrange(0, 40)
        for _ in range(steps):
            actors = sorted(E.actors(st))
            if not actors:
                break
            seat = rng.choice(actors)
            E.apply(st, seat, rng.choice(E.legal_actions(st, seat)))
        actors = sorted(E.actors(st))
        if actors:
            out.append((st, actors[0]))
    return out


def test_advice_over_random_positions_names_cards_and_speaks_to_you() -> None:
    for st, seat in positions(14, seed=7):
        legal = E.legal_actions(st, seat)
        advice = E.explain(E.view(st, seat), legal)
        assert advice.action in legal
        reason = say(advice.reason, TEXTS)
        assert not CODE.search(reason), reason
        assert not INTERNAL.search(reason), reason
        assert reason.startswith(say(advice_head(advice.action), TEXTS)), reason
        assert " sagt " not in reason and " spielt " not in reason  # no 3rd person


def test_a_bid_is_explained_from_the_estimate_and_the_simulation() -> None:
    st = E.new_game(4, None, 8, first_round=4)
    seat = st.turn
    advice = E.explain(E.view(st, seat), E.legal_actions(st, seat))
    bid = advice.action["tricks"]
    reason = say(advice.reason, TEXTS)
    assert reason.startswith(f"Sag {bid} an: Nach Trumpf und Höhe sind deine Karten etwa")
    assert "gerundet" in reason
    assert f"triffst du Ansage {bid} in" in reason and "% der Fälle" in reason
    assert "Erwartete Stiche" not in reason


def test_the_sum_rule_is_named_when_it_forbids_the_rounded_bid() -> None:
    # the dealer (seat 1) holds two low red cards (rounded 0) after the others bid 1 and 1
    st = deal([["G14", "G15"], ["R1", "R2"], ["B14", "B15"]], "Y1")
    for _ in range(2):
        E.apply(st, st.turn, {"type": "bid", "tricks": 1})
    seat = st.turn
    assert seat == st.dealer and forbidden_bid(st, seat) == 0
    advice = E.explain(E.view(st, seat), E.legal_actions(st, seat))
    assert advice.action == {"type": "bid", "tricks": 1}
    reason = say(advice.reason, TEXTS)
    assert "gerundet 0" in reason
    assert "Ansage 0 verbietet dir die Summenregel" in reason


def test_the_blind_bid_compares_what_both_bids_pay() -> None:
    st = E.new_game(4, None, 3)
    seat = st.turn
    advice = E.explain(E.view(st, seat), E.legal_actions(st, seat))
    reason = say(advice.reason, TEXTS)
    assert "verdeckte Karte gewinnt den Stich" in reason
    assert "für Ansage 1" in reason and "für Ansage 0" in reason


def test_every_action_reads_as_advice_without_codes() -> None:
    acts = [
        {"type": "bid", "tricks": 2},
        {"type": "trump", "color": "G"},
        {"type": "play_blind"},
        {"type": "play", "card": "FB", "color": "Y"},
        {"type": "play", "card": "PT", "declare": "meisterwerk"},
        {"type": "pass", "card": "R7"},
        {"type": "adjust", "delta": -1},
        {"type": "swap", "give": "B3", "take": "Y12"},
        {"type": "keep"},
    ]
    heads = [say(advice_head(a), TEXTS) for a in acts]
    assert heads[3] == "Spiel Fließband als Gelb"
    assert heads[7] == "Tausch Blau 3 gegen Gelb 12"
    for h in heads:
        assert not CODE.search(h), h
    assert say(E.describe_action(acts[7]), TEXTS) == "tauscht Blau 3 gegen Gelb 12"
