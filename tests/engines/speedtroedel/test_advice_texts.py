"""Rat in Speedtrödel: second person, card and colour names (capitalised), no codes or internals,
over random positions of every kind of decision."""

from __future__ import annotations

import random
import re

from games.engines.base import IllegalAction
from tests.engines.speedtroedel.helpers import ENGINE, said

CODE = re.compile(r"\b(?:[PSBME]1?\d|[PSBME]|[TFGVHR])\b")  # a card or a colour letter
INTERNAL = re.compile(r"[{}=_]|\bNone\b|\bTrue\b|\bFalse\b|\d\.\d|\+\d")
OPENINGS = ("Spiel ", "Nimm ", "Gib ", "Verlange ", "Nur Fälschungen")


def test_advice_over_random_positions_speaks_to_you_in_names() -> None:
    rng = random.Random(5)
    kinds: set[str] = set()
    checked = 0
    for seed in range(60):
        st = ENGINE.new_game(rng.choice((3, 4)), None, 10**11 + seed)
        stop = rng.randrange(0, 60)
        for step in range(200):
            actors = sorted(ENGINE.actors(st))
            if not actors:
                break
            seat = rng.choice(actors)
            legal = ENGINE.legal_actions(st, seat)
            kind = legal[0]["type"]
            if step >= stop and len(legal) > 1:
                advice = ENGINE.explain(ENGINE.view(st, seat), legal)
                reason = said(advice.reason)
                assert not CODE.search(reason), reason
                assert not INTERNAL.search(reason), reason
                assert reason.startswith(OPENINGS), reason
                assert re.search(r"\b([Dd]u|[Dd]ich|[Dd]ir|[Dd]ein\w*)\b", reason), reason
                kinds.add(kind)
                checked += 1
                break
            ENGINE.apply(st, seat, rng.choice(legal))
    assert checked >= 40 and kinds >= {"play", "swap", "pick"}, (checked, kinds)


def test_refusals_name_cards_and_colours_never_codes() -> None:
    rng = random.Random(9)
    wrong = (
        {"type": "ask", "colour": "X"},
        {"type": "play", "card": "M18"},
        {"type": "play", "card": "E16"},
        {"type": "pick", "card": "P3"},
        {"type": "swap", "card": "S17"},
        {"type": "play", "card": "Q9"},
    )
    seen = 0
    for seed in range(20):
        st = ENGINE.new_game(3, None, 10**10 + seed)
        for _ in range(rng.randrange(0, 40)):
            actors = sorted(ENGINE.actors(st))
            if not actors:
                break
            seat = rng.choice(actors)
            ENGINE.apply(st, seat, rng.choice(ENGINE.legal_actions(st, seat)))
        for seat in sorted(ENGINE.actors(st)):
            for action in wrong:
                probe = ENGINE.from_json(ENGINE.to_json(st))
                try:
                    ENGINE.apply(probe, seat, action)
                except IllegalAction as exc:
                    text = said(exc.msg)
                    assert not CODE.search(text), text
                    seen += 1
    assert seen > 50
