"""Speedone's words (issue 24): no card code in any text a player reads – Rat, ticker, Karten-Info,
the demand line, refusals –, seats named by name, the +2 named like its face, the Rat in the
second person. Positions come from the engine with bots playing whole games."""

from __future__ import annotations

import random
import re

import pytest

from games.engines.base import IllegalAction, get_engine
from games.speedone.engine.cards import NAME
from games.speedone.info import card_info, requirement
from games.speedone.presenter import SpeedonePresenter, card_name
from games.speedone.texts import TEXTS
from games.wording import say

ENGINE = get_engine("speedone")
PRESENTER = SpeedonePresenter()
NAMES = ["Anna", "Ben", "Cem", "Dora"]
#: a card in notation: R7, GS, BR, Y+2, W+4 (not a word such as "Rot" or "RS" inside a word)
CODE = re.compile(r"(?<![\wÄÖÜäöüß])(?:[RYGB](?:\d|S|R|\+2)|W\+4|W)(?![\wÄÖÜäöüß+])")


def no_code(text: str) -> None:
    assert not CODE.search(text), text
    assert "Platz" not in text, text


def positions(games: int, players: int, options: dict, seed: int):
    """Every decision of ``games`` games played by the normal bot: (state, seat, view, legal)."""
    rng = random.Random(seed)
    bot = ENGINE.bot("normal")
    for g in range(games):
        state = ENGINE.new_game(players, ENGINE.validate_options(options, players), seed + g)
        for _ in range(2000):
            if not ENGINE.actors(state):
                break
            seat = next(iter(ENGINE.actors(state)))
            view = ENGINE.view(state, seat)
            legal = ENGINE.legal_actions(state, seat)
            yield state, seat, view, legal
            action = rng.choice(legal) if rng.random() < 0.3 else bot.choose(view, legal, rng)
            ENGINE.apply(state, seat, action)


def test_the_pattern_finds_codes_and_spares_words():
    assert CODE.search("B8 zählt am Rundenende viel") and CODE.search("legt Y+2.")
    assert CODE.search("legt W+4") and CODE.search("Verlangt ist Rot oder S".replace("Rot", "R7"))
    assert not CODE.search("Spiel Grün +2: Rot, Gelb, Blau, Wunsch Plus4, ONE")


@pytest.mark.parametrize(
    ("players", "options"),
    [(4, {"stacking": True}), (2, {}), (4, {"partners": True, "scoring": "winner"})],
)
def test_every_ticker_line_karten_info_and_demand_is_free_of_codes(players, options):
    names = NAMES[:players]
    seen_events: set[str] = set()
    for state, seat, view, legal in positions(3, players, options, 4242 + players):
        for card in set(view["hand"]) | {view["top"]}:
            info = card_info(view, card, names=names)
            for key in ("color_name", "value", "effect", "reason", "triggers"):
                if info[key]:
                    no_code(str(info[key]))
        no_code(requirement(view)["text"])
        # the refusal of every card that does not fit
        for card in set(view["hand"]) - {a["card"] for a in legal if a["type"] == "play"}:
            action = {"type": "play", "card": card}
            if card.startswith("W"):
                action["color"] = "R"
            with pytest.raises(IllegalAction) as refused:
                ENGINE.apply(ENGINE.clone(state), seat, action)
            no_code(say(refused.value.msg, TEXTS))
        action = legal[0]
        for event in ENGINE.apply(ENGINE.clone(state), seat, action):
            line = PRESENTER.describe(event, names)
            if line:
                seen_events.add(event["type"])
                no_code(line)
    assert {"play", "draw", "round_end"} <= seen_events


def test_every_rat_text_is_second_person_and_free_of_codes():
    """The strong bot's advice over many positions of whole games (3 and 4 players, stacking)."""
    checked = 0
    for i, (_, _, view, legal) in enumerate(positions(2, 3, {"stacking": True}, 777)):
        if i % 3:
            continue
        advice = ENGINE.explain(view, legal)
        reason = say(advice.reason, TEXTS)
        no_code(reason)
        for c in advice.candidates:
            no_code(say(c["text"], TEXTS))
        # second person: an imperative or a sentence to "du", never "Spielt"/"Gib … weiter" to a
        # third person; colours capitalised
        assert re.match(r"(Spiel |Gib |Zieh |Du |Keine |Nur )", reason), reason
        assert not re.search(r"\b(rot|gelb|grün|blau)\b", reason), reason
        checked += 1
    assert checked > 40


def test_rat_reasons_add_up():
    from tests.engines.speedone.helpers import table

    # a high card: its points are the reason
    state = table([["B8", "R1", "G5"], ["Y1", "Y2", "Y3"], ["G1", "G2", "G3"]], "B2", fill=True)
    view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
    reason = say(ENGINE.explain(view, legal).reason, TEXTS)
    assert reason == (
        "Spiel Blau 8: Sie zählt am Rundenende 8 Punkte, also wirst du sie besser früh los."
    )
    # the next player is down to one card: an action card brakes them
    state = table([["BS", "R1", "G5"], ["Y1"], ["G1", "G2", "G3"]], "B2", fill=True)
    advice = ENGINE.explain(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
    assert advice.action == {"type": "play", "card": "BS"}
    assert (
        say(advice.reason, TEXTS)
        == "Spiel Blau Aussetzen: Der Nächste hat nur noch 1 Karte, so bremst du ihn."
    )


def test_karten_info_names_the_seats():
    from tests.engines.speedone.helpers import table

    state = table([["R+2", "RR", "B5"], ["B2", "B3"], ["G1", "G2"]], "R2")
    view = ENGINE.view(state, 0)
    assert card_info(view, "R+2", names=NAMES[:3])["triggers"] == "Ben muss 2 Karten ziehen."
    assert (
        card_info(view, "RR", names=NAMES[:3])["triggers"]
        == "Die Richtung dreht sich: als Nächstes ist Cem dran."
    )


def test_a_draw2_is_named_like_its_face_everywhere():
    assert card_name("G+2") == "Grün +2"
    assert (
        PRESENTER.describe({"type": "play", "seat": 1, "card": "G+2"}, NAMES) == "Ben legt Grün +2."
    )
    from tests.engines.speedone.helpers import table

    state = table([["R+2", "B5"], ["B2"]], "G+2", pending=2, options={"stacking": True})
    view = ENGINE.view(state, 0)
    assert card_info(view, "R+2", names=NAMES[:2])["value"] == "+2"
    assert requirement(view)["text"].startswith("2 Karten ziehen – oder mit einer +2 weitergeben.")
    assert all(card_name(c) for c in NAME.values())
