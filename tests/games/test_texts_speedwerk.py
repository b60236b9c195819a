"""Speedwerk says the same words after its engine speaks in codes (issue 40, part 3).

Whole games of the engine's bots from fixed seeds (3 to 6 players, with and without special
cards) record every text players read: each seat's and a spectator's board at a sample of moves,
the ticker line of every event, the replay line of every action, the Rat's reason at a sample of
turns, the option form and the refusals of illegal actions and options. The golden file was
written from the engine before the conversion (``SPEEDWERK_GOLDEN=write`` rewrites it); the test
compares a sha256 per game and the readable texts of the sample kept in the file.

Also: every code the engine raises or returns has words in ``games.speedwerk.texts``, and no
string constant with German words is left in ``games/speedwerk/engine/``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from games.engines.base import get_engine
from games.registry import say
from tests.games import golden_texts as gt

GOLDEN = Path(__file__).parent / "golden" / "speedwerk_texts.json"
ENGINE_DIR = Path(__file__).resolve().parents[2] / "games" / "speedwerk" / "engine"
SLUG = "speedwerk"

ALL = [
    "dampfkoloss",
    "funkenfee",
    "transformator",
    "fliessband",
    "kesselberster",
    "dampfwolke",
    "prototyp",
    "blaupause",
    "schrottsammlerin",
]

#: (name, players, options, seed, bot strength, board every n-th move, advice every n-th turn)
GAMES: list[tuple[str, int, dict[str, Any], int, str, int, int]] = [
    ("p3_all_kurz", 3, {"specials": ALL, "kurz": True}, 11, "normal", 1, 3),
    ("p4_all_full", 4, {"specials": ALL}, 12, "normal", 5, 40),
    ("p5_none_kurz", 5, {"specials": [], "kurz": True}, 13, "leicht", 1, 5),
    (
        "p6_some_full",
        6,
        {"specials": ALL[:3] + ["fliessband", "schrottsammlerin"]},
        14,
        "leicht",
        4,
        60,
    ),
    (
        "p4_rest_kurz",
        4,
        {"specials": ["dampfwolke", "prototyp", "blaupause", "kesselberster"], "kurz": True},
        15,
        "normal",
        1,
        4,
    ),
]

#: illegal actions tried on the seat on turn (besides every card of its hand, played bare)
ODD_ACTIONS: list[Any] = [
    "nonsense",
    {"type": "nonsense"},
    {"type": "bid", "tricks": 99},
    {"type": "bid", "tricks": True},
    {"type": "trump", "color": "X"},
    {"type": "play", "card": "ZZ"},
    {"type": "play", "card": "R1"},
    {"type": "play", "card": "TR", "color": "B"},
    {"type": "play", "card": "PT", "declare": "blindgaenger"},
    {"type": "play_blind"},
    {"type": "pass", "card": "Y15"},
    {"type": "pass", "card": "ZZ"},
    {"type": "adjust", "delta": 5},
    {"type": "swap", "give": "ZZ", "take": "R1"},
    {"type": "keep"},
]

BAD_OPTIONS: list[tuple[dict[str, Any], int]] = [
    ({"specials": ["funkenfee"]}, 4),
    ({"specials": ["nix"]}, 4),
    ({"specials": "dampfkoloss"}, 4),
    ({"specials": ["dampfkoloss", "dampfkoloss"]}, 4),
    ({"kurz": 1}, 4),
    ({"gibtsnicht": 1}, 4),
    ({}, 7),
]


def _tries(
    state: Any, seat: int, legal: list[Any], view: dict[str, Any], actors: list[int], players: int
) -> list[gt.Try]:
    """The odd actions, every hand card played bare, with a colour and declared, and out of
    turn."""
    tries: list[gt.Try] = [(str(odd), seat, odd) for odd in ODD_ACTIONS]
    for card in view["hand"]:
        for extra in ({}, {"color": "R"}, {"declare": "meisterwerk"}):
            act = {"type": "play", "card": card, **extra}
            if act not in legal:
                tries.append((str(act), seat, act))
    return tries + gt.out_of_turn(seat, players, actors, legal)


def _end(engine: Any, state: Any) -> list[str]:
    bid = {"type": "bid", "tricks": 0}
    return [f"illegal end: {gt.refusal(SLUG, lambda: engine.apply(state, 0, bid))}"]


def play_game(*args: Any) -> list[str]:
    """Every text of one whole game (``GAMES``' arguments), in order."""
    return gt.play_game(SLUG, *args, illegal_every=7, tries=_tries, end=_end)


def static_texts() -> list[str]:
    """The option form, the option refusals and the descriptions of odd actions."""
    from lobby.forms import option_fields

    engine = get_engine(SLUG)
    out = [
        f"options: {json.dumps(option_fields(engine, {}), ensure_ascii=False, default=str, sort_keys=True)}"
    ]
    for options, players in BAD_OPTIONS:
        out.append(
            f"bad options {options} {players}: {gt.refusal(SLUG, lambda o=options, p=players: engine.validate_options(o, p))}"
        )
    out.append(
        f"first round: {gt.refusal(SLUG, lambda: engine.rules.new_game(4, {'specials': []}, 1, first_round=16))}"
    )
    out.append(
        f"bad deck: {gt.refusal(SLUG, lambda: engine.rules.new_game(4, {'specials': []}, 1, deck=['R1', 'Q9']))}"
    )
    odd_actions: list[dict[str, Any]] = [
        {"type": "play", "card": "TR", "color": "G"},
        {"type": "play", "card": "PT", "declare": "blindgaenger"},
        {"type": "play", "card": "ZZ"},
        {"type": "swap", "give": "ZZ", "take": "R1"},
        {"type": "adjust", "delta": -1},
        {"type": "trump", "color": "Q"},
        {"type": "what"},
    ]
    for action in odd_actions:
        out.append(f"describe {action}: {say(SLUG, engine.describe_action(action))}")
    return out


@pytest.mark.django_db
def test_players_read_the_same_words_as_before() -> None:
    gt.assert_golden(GOLDEN, "SPEEDWERK_GOLDEN", gt.collect(static_texts, GAMES, play_game))


# -- the engine's codes all have words, and the engine holds no German -------------------------


def engine_codes() -> set[str]:
    """Every code the engine's sources name (``golden_texts.source_codes``), and the codes the
    card tables and the options build."""
    from games.speedwerk.engine import cards, rules

    codes, _prefixes = gt.source_codes(ENGINE_DIR)
    codes |= set(cards.COLOR_NAMES) | set(cards.SPECIAL_NAMES.values())
    codes |= set(cards.SPECIAL_TEXT.values()) | set(cards.DECLARE_NAMES.values())
    return codes | gt.option_codes(rules.OPTIONS)


def test_every_code_of_the_engine_has_words() -> None:
    from games.speedwerk.texts import TEXTS
    from games.wording import knows

    codes = engine_codes()
    assert len(codes) > 80, sorted(codes)
    assert "error.must_follow" in codes and "advice.bid.moved" in codes
    missing = sorted(c for c in codes if not knows(c, TEXTS))
    assert not missing


def test_every_code_said_by_the_engine_at_run_time_has_words() -> None:
    """The codes built from tables (``error.now.*``) and nested ones, as a whole game says them:
    every Msg the harness's games produce is said without a missing text (``collect`` above
    would raise ``MissingText``); here the catalogue has no entry the engine never names."""
    from games.speedwerk.texts import TEXTS

    unused = sorted(set(TEXTS) - engine_codes())
    assert not unused


def test_no_german_string_is_left_in_the_engine() -> None:
    assert gt.german_strings(ENGINE_DIR, gt.GERMAN) == []


def test_memoised_words_are_kept_per_language() -> None:
    """The presenter's memoised pieces that hold words (card faces, names, void chips) are kept
    per language, so a second language never gets the first one's words from the memo."""
    from games.speedwerk import components as presenter

    presenter._face_html.cache_clear()
    presenter._card_name.cache_clear()
    presenter._void_chips.cache_clear()
    for language in ("de", "en"):
        with translation.override(language):
            presenter.face_html("DK")
            presenter.card_name("R7")
            presenter._void_chips(translation.get_language(), ("R",))
    assert presenter._face_html.cache_info().currsize == 2
    assert presenter._card_name.cache_info().currsize == 4  # R7 and the face's DK, twice
    assert presenter._void_chips.cache_info().currsize == 2
