"""Speedone says the same words after its engine speaks in codes (issue 40, part 3).

Whole games of the engine's bots from fixed seeds (2 to 4 players, both scorings, stacking,
partners) record every text players read: each seat's and a spectator's board and the board's
context (demand, round summary, seat marks) at a sample of moves, the Karten-Info of the top
card, the ticker line of every event, the replay line of every action, the Rat's reason at a
sample of turns, the option form and the refusals of illegal actions and options. The golden
file was written from the engine before the conversion (``SPEEDONE_GOLDEN=write`` rewrites it);
the test compares a sha256 per kind of text and the readable texts of the sample kept in the file.

Also: every code the engine raises or returns has words in ``games.speedone.texts``, and no
string constant with German words is left in ``games/speedone/engine/``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from games.engines.base import get_engine
from games.presenters import Frame
from games.registry import say
from tests.games import golden_texts as gt

GOLDEN = Path(__file__).parent / "golden" / "speedone_texts.json"
ENGINE_DIR = Path(__file__).resolve().parents[2] / "games" / "speedone" / "engine"
SLUG = "speedone"

#: (name, players, options, seed, bot strength, board every n-th move, advice every n-th turn)
GAMES: list[tuple[str, int, dict[str, Any], int, str, int, int]] = [
    ("p2_each", 2, {}, 21, "normal", 1, 3),
    ("p3_stacking_winner", 3, {"stacking": True, "scoring": "winner"}, 22, "normal", 2, 4),
    ("p4_partners", 4, {"partners": True, "stacking": True}, 23, "leicht", 3, 13),
    ("p4_winner_500", 4, {"scoring": "winner", "target": 500}, 24, "leicht", 5, 29),
]

#: illegal actions tried on the seat on turn (besides every card of its hand)
ODD_ACTIONS: list[Any] = [
    "nonsense",
    {"type": "nonsense"},
    {"type": "draw", "extra": 1},
    {"type": "one"},
    {"type": "play", "card": "ZZ"},
    {"type": "play", "card": "R7", "color": "R"},
    {"type": "play", "card": "W"},
    {"type": "play", "card": "W", "color": "X"},
    {"type": "play", "card": "W+4", "color": "G"},
    {"type": "play", "card": "Y+2"},
]

BAD_OPTIONS: list[tuple[dict[str, Any], int]] = [
    ({"partners": True}, 3),
    ({"partners": True}, 2),
    ({"target": 300}, 2),
    ({"scoring": "nix"}, 2),
    ({"stacking": 1}, 2),
    ({"gibtsnicht": 1}, 2),
    ({}, 5),
]


def _board(presenter: Any, engine: Any, state: Any, seat: int | None, names: list[str]) -> str:
    """The seat's board HTML and the texts of its context the frame shows around it."""
    view = engine.view(state, seat)
    legal = engine.legal_actions(state, seat) if seat is not None else []
    frame = Frame(names=names, urls={"sort": "/sort"}, advice=seat == 0)
    ctx = presenter.present(view, legal, frame)
    status = "finished" if engine.is_over(state) else "running"
    match = SimpleNamespace(status=status)
    html = presenter.board_html(
        {**ctx, "view": view, "me": seat is not None, "match": match, "urls": frame.urls}
    )
    shown = {
        key: ctx.get(key)
        for key in ("sort_label", "color_name", "requirement", "seat_stats", "round_summary")
    }
    extra = json.dumps(shown, ensure_ascii=False, default=str, sort_keys=True)
    return gt.NOT_TEXT.sub("", str(html)) + " | " + extra


def _tries(
    state: Any, seat: int, legal: list[Any], view: dict[str, Any], actors: list[int], players: int
) -> list[gt.Try]:
    """The odd actions, every hand card played bare and with a colour, and out of turn."""
    tries: list[gt.Try] = [(str(odd), seat, odd) for odd in ODD_ACTIONS if odd not in legal]
    for card in view["hand"]:
        for extra in ({}, {"color": "B"}):
            act = {"type": "play", "card": card, **extra}
            if act not in legal:
                tries.append((str(act), seat, act))
    return tries + gt.out_of_turn(seat, players, actors, legal)


def _end(engine: Any, state: Any) -> list[str]:
    return [f"illegal end: {gt.refusal(SLUG, lambda: engine.apply(state, 0, {'type': 'draw'}))}"]


def play_game(*args: Any) -> list[str]:
    """Every text of one whole game (``GAMES``' arguments), in order."""
    return gt.play_game(SLUG, *args, illegal_every=5, tries=_tries, end=_end, board=_board)


def static_texts() -> list[str]:
    """The option form, the option refusals, the descriptions of odd actions and the Karten-Info
    of every card in a few situations."""
    from games.speedone.info import card_info, requirement
    from lobby.forms import option_fields

    engine = get_engine(SLUG)
    out = [
        "options: "
        + json.dumps(option_fields(engine, {}), ensure_ascii=False, default=str, sort_keys=True)
    ]
    for options, players in BAD_OPTIONS:
        refusal = gt.refusal(SLUG, lambda o=options, p=players: engine.validate_options(o, p))
        out.append(f"bad options {options} {players}: {refusal}")
    for action in [
        {"type": "play", "card": "W+4", "color": "G"},
        {"type": "play", "card": "W", "color": "Q"},
        {"type": "play", "card": "ZZ"},
        {"type": "play", "card": "B+2"},
        {"type": "draw"},
        {"type": "one"},
        {"type": "what", "x": 1},
    ]:
        out.append(f"describe {action}: {say(SLUG, engine.describe_action(action))}")
    cards = sorted(set(engine.rules.NAME.values()))
    for players, options, seed in ((2, {}, 5), (3, {"stacking": True}, 6), (4, {}, 7)):
        opts = engine.validate_options(options, players)
        state = engine.new_game(players, opts, seed)
        rng = random.Random(seed)
        names = ["du", "Bruno", "Cleo", "Dora"][:players]
        for step in range(60):
            seat = min(engine.actors(state))
            if step % 6 == 0:
                view = engine.view(state, seat)
                for card in cards:
                    info = card_info(view, card, names=names)
                    out.append(
                        f"info {players} {step} {card}: "
                        + json.dumps(info, ensure_ascii=False, sort_keys=True)
                    )
                out.append(f"requirement {players} {step}: {requirement(view)}")
                out.append(
                    f"requirement {players} {step} none: {requirement(engine.view(state, None))}"
                )
            engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return out


@pytest.mark.django_db
def test_players_read_the_same_words_as_before() -> None:
    gt.assert_golden(GOLDEN, "SPEEDONE_GOLDEN", gt.collect(static_texts, GAMES, play_game))


# -- the engine's codes all have words, and the engine holds no German -------------------------


def engine_codes() -> set[str]:
    """Every code the engine's sources name (``golden_texts.source_codes``), and the codes the
    card tables and the options build."""
    from games.speedone.engine import cards, rules

    codes, _prefixes = gt.source_codes(ENGINE_DIR)
    codes |= set(cards.COLOR_NAMES) | set(cards.VALUE_NAMES.values())
    return codes | gt.option_codes(rules.OPTIONS)


def test_every_code_of_the_engine_has_words() -> None:
    from games.speedone.texts import TEXTS
    from games.wording import knows

    codes = engine_codes()
    assert len(codes) > 50, sorted(codes)
    assert "error.wanted_color_or_value" in codes and "advice.same_color" in codes
    missing = sorted(c for c in codes if not knows(c, TEXTS))
    assert not missing


def test_every_code_said_by_the_engine_at_run_time_has_words() -> None:
    """The codes nested in others (a card in a reason), as a whole game says them:
    every Msg the harness's games produce is said without a missing text (``collect`` above
    would raise ``MissingText``); here the catalogue has no entry the engine never names."""
    from games.speedone.texts import TEXTS

    unused = sorted(set(TEXTS) - engine_codes())
    assert not unused


def test_no_german_string_is_left_in_the_engine() -> None:
    assert gt.german_strings(ENGINE_DIR, gt.GERMAN) == []


def test_the_german_check_finds_german() -> None:
    """The detector ``golden_texts.GERMAN`` Speedone and Speedwerk share."""
    assert gt.GERMAN.search("Du musst Rot bedienen.")
    assert gt.GERMAN.search("Fließband")
    assert not gt.GERMAN.search("error.must_follow")
    assert not gt.GERMAN.search("play_blind")
