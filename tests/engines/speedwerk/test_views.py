"""No view shows a card its seat may not know."""

from __future__ import annotations

import json
import random
from typing import Any

from games.speedwerk.engine.cards import card_str
from games.speedwerk.engine.rules import ALL_SPECIALS
from tests.engines.speedwerk.helpers import E

HISTORY = {"tricks", "swaps", "sheet"}  # cards that were public once (and may be in a hand again)


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def _random_states(players: int, seed: int):
    st = E.new_game(players, {"specials": ALL_SPECIALS}, seed)
    rng = random.Random(seed)
    while E.actors(st):
        yield st
        seat = rng.choice(sorted(E.actors(st)))
        E.apply(st, seat, rng.choice(E.legal_actions(st, seat)))


def test_no_view_shows_another_seats_hidden_hand_cards() -> None:
    checked = 0
    for players in (3, 4, 6):
        for i, st in enumerate(_random_states(players, 11 + players)):
            if i % 7:
                continue
            for seat in range(players):
                v = E.view(st, seat)
                shown = _strings({k: x for k, x in v.items() if k not in HISTORY})
                left = (seat + 1) % players
                for o in range(players):
                    if o == seat:
                        continue
                    allowed = set(v["known"][o])
                    if o == left and v["passed_card"]:
                        allowed.add(v["passed_card"])
                    if v["blind"]:
                        allowed.update(c for c in v["blind_cards"] if c)
                    for c in st.hands[o]:
                        text = card_str(c)
                        assert text not in shown or text in allowed, (text, o, seat)
                checked += 1
    assert checked > 100


def test_views_never_show_the_undealt_cards() -> None:
    for st in _random_states(4, 3):
        if st.round_no > 3:
            break
        stock = {card_str(c) for c in st.stock}
        for seat in (0, 1, 2, 3, None):
            v = E.view(st, seat)
            assert not (_strings({k: x for k, x in v.items() if k not in HISTORY}) & stock)


def test_own_hand_is_in_the_view_after_the_blind_round() -> None:
    st = E.new_game(4, None, 9, first_round=3)
    assert len(E.view(st, 2)["hand"]) == 3


def test_spectator_view_has_no_hand() -> None:
    st = E.new_game(4, None, 9, first_round=3)
    v = E.view(st, None)
    assert v["seat"] is None and v["hand"] == [] and v["decision"] is None
    json.dumps(v)


def test_view_says_whose_turn_and_what_decision() -> None:
    st = E.new_game(4, None, 9, first_round=3)
    v = E.view(st, st.turn)
    assert v["to_act"] == [st.turn] and v["decision"] == "bid" and v["phase"] == "bid"
    other = E.view(st, (st.turn + 1) % 4)
    assert other["decision"] is None
