"""The Speedone board memoises each hand card's Karten-Info on the situation it depends on, with
stand-ins for the names (``presenter._hand_infos``, ``presenter.fill_names``): over whole games
with every seat count and both stacking rules, and other people at every table, each seat's hand
on the board is exactly the HTML built from ``card_info`` with the table's names."""

from __future__ import annotations

import random

import pytest
from django.utils.translation import get_language

from games.engines.base import get_engine
from games.html import Markup
from games.presenters.base import Frame
from games.speedone import presenter
from games.speedone.info import card_info, hand_codes, sort_hand

ENGINE = get_engine("speedone")
PRESENTER = presenter.SpeedonePresenter()
#: each game's table has other people: the memo serves every table, the names are the board's
TABLES = [
    ("Alice", "Bruno", "Cleo", "Dora"),
    ("du", "Zoë <b>", "{0} {x}", "X"),
    ("Kai", "du", "Lea & Co", "Mo"),
]


def direct_hand(view, legal, names) -> str:
    """The hand as the board built it before the memo: every card's ``card_info`` with names."""
    playable = {a["card"] for a in legal if a["type"] == "play"}
    codes = hand_codes(view)
    return "".join(
        presenter.hand_card_html(
            get_language(),
            n,
            card,
            card in playable,
            presenter._info_values(card_info(view, card, codes, names=names)),
        )
        for n, card in enumerate(sort_hand(view["hand"]), start=1)
    )


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("stacking", [False, True])
def test_the_memoised_hand_equals_the_hand_built_from_card_info(
    players: int, stacking: bool
) -> None:
    presenter._HAND_INFO.clear()
    rng = random.Random(players * 10 + stacking)
    checked = hits = 0
    for game, table in enumerate(TABLES):
        names = list(table[:players])
        frame = Frame(names=names, urls={})
        state = ENGINE.new_game(players, {"stacking": stacking}, 10**12 + game * 7 + players)
        for _ in range(400):
            actors = ENGINE.actors(state)
            if not actors:
                break
            for seat in range(players):
                view = ENGINE.view(state, seat)
                legal = ENGINE.legal_actions(state, seat)
                codes = hand_codes(view)
                known = presenter._HAND_INFO.get(
                    presenter._hand_situation(view, codes, players, get_language())
                )
                hits += sum(card in known for card in view["hand"]) if known else 0
                hand = PRESENTER.present(view, legal, frame)["hand_html"]
                assert type(hand) is Markup and "\x00" not in hand
                assert hand == direct_hand(view, legal, names), (seat, view)
                checked += len(view["hand"])
            actor = min(actors)
            ENGINE.apply(state, actor, rng.choice(ENGINE.legal_actions(state, actor)))
    assert checked > 2000 and hits > checked // 4  # the memo is used, not only filled


def test_a_name_is_escaped_where_it_fills_a_stand_in() -> None:
    html = Markup(f"<span>{presenter.SEAT_MARKS[1]} setzt aus</span>")
    assert presenter.fill_names(html, ["du", "<b>Zoë</b>"]) == (
        "<span>&lt;b&gt;Zoë&lt;/b&gt; setzt aus</span>"
    )
