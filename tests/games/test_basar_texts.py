"""Speedbasar's words (issue 24): the Rat speaks to the player („Leg …“, „Glaub …“, „Pass …“), names
cards and spices in words, never in notation (R7, K10, W, M) – nor does the ticker or a refusal."""

from __future__ import annotations

import random
import re

import pytest

from games.engines.base import IllegalAction, get_engine
from games.registry import say
from games.speedbasar.presenter import SpeedbasarPresenter

ENGINE = get_engine("speedbasar")
PRESENTER = SpeedbasarPresenter()
NAMES = ["Anna", "Ben", "Cem", "Dora"]
#: a card, claim or spice in notation: R7, K10, S1, W, M, R (not inside a word)
CODE = re.compile(r"(?<![\wÄÖÜäöüß])(?:[RKS](?:10|[1-9])?|[WM])(?![\wÄÖÜäöüß])")


def no_code(text: str) -> None:
    assert not CODE.search(text), text


def positions(games: int, players: int, options: dict, seed: int):
    """Every decision of whole games played by the normal bot: (state, seat, view, legal)."""
    rng = random.Random(seed)
    bot = ENGINE.bot("normal")
    for g in range(games):
        state = ENGINE.new_game(players, ENGINE.validate_options(options, players), seed + g)
        for _ in range(3000):
            actors = sorted(ENGINE.actors(state))
            if not actors:
                break
            seat = rng.choice(actors)
            view = ENGINE.view(state, seat)
            legal = ENGINE.legal_actions(state, seat)
            yield state, seat, view, legal
            ENGINE.apply(state, seat, bot.choose(view, legal, rng))


def test_the_pattern_finds_codes_and_spares_words():
    assert CODE.search("Lege R7 als K10") and CODE.search("legt W.")
    assert CODE.search("Das Gewürz muss R, K oder S sein.")
    assert not CODE.search("Leg Safran 7 als „Kardamom 10“ (ehrlich). Messingwaage, Gewürzmühle")


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (4, {"extrascharf": "auswahl", "regeln": ["doppelladung", "handschlag"]})],
)
def test_rat_and_ticker_speak_in_words_in_the_second_person(players, options):
    names = NAMES[:players]
    checked = lines = 0
    for i, (state, seat, view, legal) in enumerate(positions(2, players, options, 99 + players)):
        if i % 4 == 0:
            reason = say("speedbasar", ENGINE.explain(view, legal).reason)
            no_code(reason)
            assert re.match(r"(Leg |Pass |Glaub |Zweifle |Ruf |Gerade )", reason), reason
            checked += 1
        for event in ENGINE.apply(ENGINE.clone(state), seat, legal[-1]):
            line = PRESENTER.describe(event, names)
            if line:
                no_code(line)
                lines += 1
    assert checked > 30 and lines > 100


def test_refusals_of_malformed_lays_name_no_codes():
    state = ENGINE.new_game(3, ENGINE.validate_options({}, 3), 5)
    seat = state.turn
    for action in (
        {"type": "lay", "cards": ["X9"], "spice": "R", "number": 1},
        {
            "type": "lay",
            "cards": [ENGINE.view(state, seat)["hand"][0]["card"]],
            "spice": "Q",
            "number": 1,
        },
        {
            "type": "lay",
            "cards": [ENGINE.view(state, seat)["hand"][0]["card"]],
            "spice": "R",
            "number": 9,
        },
    ):
        with pytest.raises(IllegalAction) as refused:
            ENGINE.apply(ENGINE.clone(state), seat, action)
        no_code(say("speedbasar", refused.value.msg))
