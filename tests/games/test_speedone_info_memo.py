"""The Speedone board memoises each hand card's Karten-Info on the situation it depends on
(``presenter._hand_infos``): over whole games with every seat count and both stacking rules, each
hand card of each seat's view gets exactly what ``card_info`` computes for that view."""

from __future__ import annotations

import random

import pytest

from games.engines.base import get_engine
from games.speedone import presenter
from games.speedone.info import card_info, hand_codes

ENGINE = get_engine("speedone")
#: each game's table has other people: the memo serves every table, the names are the board's
TABLES = [
    ("Alice", "Bruno", "Cleo", "Dora"),
    ("du", "Zoë <b>", "{0} {x}", "X"),
    ("Kai", "du", "Lea & Co", "Mo"),
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("stacking", [False, True])
def test_memoised_karten_info_equals_card_info(players: int, stacking: bool) -> None:
    presenter._HAND_INFO.clear()
    rng = random.Random(players * 10 + stacking)
    checked = hits = 0
    for game, table in enumerate(TABLES):
        names = table[:players]
        state = ENGINE.new_game(players, {"stacking": stacking}, 10**12 + game * 7 + players)
        for _ in range(600):
            actors = ENGINE.actors(state)
            if not actors:
                break
            for seat in range(players):
                view = ENGINE.view(state, seat)
                codes = hand_codes(view)
                known = presenter._HAND_INFO.get(presenter._hand_situation(view, codes, players))
                hits += sum(card in known for card in view["hand"]) if known else 0
                memo = presenter._hand_infos(view, view["hand"], codes, names)
                for card, values in zip(view["hand"], memo, strict=True):
                    direct = presenter._info_values(card_info(view, card, codes, names=names))
                    assert values == direct, (card, view)
                    checked += 1
            actor = min(actors)
            ENGINE.apply(state, actor, rng.choice(ENGINE.legal_actions(state, actor)))
    assert checked > 2000 and hits > checked // 4  # the memo is used, not only filled
