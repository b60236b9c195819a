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

import ast
import hashlib
import json
import os
import random
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from django.utils import translation

from games.engines.base import IllegalAction, InvalidOptions, get_engine
from games.presenters import Frame
from games.registry import presenter_of, say

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

_NOT_TEXT = re.compile(r"<(script|style)\b.*?</\1>", re.S)


def _refusal(fn: Any) -> str:
    try:
        fn()
    except (IllegalAction, InvalidOptions) as exc:
        return f"{type(exc).__name__}: {say(SLUG, exc.msg)}"
    return "accepted"


def _try(engine: Any, state: Any, seat: int, action: Any) -> str:
    """The refusal of ``action`` by ``seat`` on a copy of ``state``."""
    copy = engine.clone(state)
    return _refusal(lambda: engine.apply(copy, seat, action))


def _board(presenter: Any, engine: Any, state: Any, seat: int | None, names: list[str]) -> str:
    view = engine.view(state, seat)
    legal = engine.legal_actions(state, seat) if seat is not None else []
    frame = Frame(names=names, urls={}, advice=seat == 0)
    ctx = presenter.present(view, legal, frame)
    status = "finished" if engine.is_over(state) else "running"
    match = SimpleNamespace(status=status)
    html = presenter.board_html({**ctx, "view": view, "me": seat is not None, "match": match})
    return _NOT_TEXT.sub("", str(html))


def play_game(
    name: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    strength: str,
    board_every: int,
    advice_every: int,
) -> list[str]:
    """Every text of one whole game, in order, each prefixed by what it is."""
    engine = get_engine(SLUG)
    presenter = engine_presenter()
    opts = engine.validate_options(options, players)
    state = engine.new_game(players, opts, seed)
    names = [f"Spieler{i}" for i in range(players)]
    rng = random.Random(seed)
    bots = [engine.bot(strength) for _ in range(players)]
    out: list[str] = []
    move = 0
    turns = 0
    while not engine.is_over(state):
        actors = sorted(engine.actors(state))
        seat = actors[0]
        legal = engine.legal_actions(state, seat)
        if move % board_every == 0:
            for s in [*range(players), None]:
                out.append(f"board {move} {s}: {_board(presenter, engine, state, s, names)}")
        if move % 7 == 0:
            for odd in ODD_ACTIONS:
                out.append(f"illegal {move} {odd}: {_try(engine, state, seat, odd)}")
            for card in engine.view(state, seat)["hand"]:
                for extra in ({}, {"color": "R"}, {"declare": "meisterwerk"}):
                    act = {"type": "play", "card": card, **extra}
                    if act not in legal:
                        out.append(f"illegal {move} {act}: {_try(engine, state, seat, act)}")
            other = (seat + 1) % players
            if other not in actors:
                out.append(f"illegal {move} out of turn: {_try(engine, state, other, legal[0])}")
        if turns % advice_every == 0:
            advice = engine.explain(engine.view(state, seat), legal)
            out.append(f"advice {move}: {say(SLUG, advice.reason)}")
        turns += 1
        action = bots[seat].choose(engine.view(state, seat), legal, rng)
        out.append(f"action {move}: {say(SLUG, engine.describe_action(action))}")
        events = engine.apply(state, seat, action)
        for event in events:
            line = presenter.describe(event, names)
            if line is not None:
                out.append(f"event {move}: {line}")
        move += 1
    for s in [*range(players), None]:
        out.append(f"board end {s}: {_board(presenter, engine, state, s, names)}")
    out.append(
        f"illegal end: {_refusal(lambda: engine.apply(state, 0, {'type': 'bid', 'tricks': 0}))}"
    )
    return out


def engine_presenter() -> Any:
    return presenter_of(SLUG)


def static_texts() -> list[str]:
    """The option form, the option refusals and the descriptions of odd actions."""
    from lobby.forms import option_fields

    engine = get_engine(SLUG)
    out = [
        f"options: {json.dumps(option_fields(engine, {}), ensure_ascii=False, default=str, sort_keys=True)}"
    ]
    for options, players in BAD_OPTIONS:
        out.append(
            f"bad options {options} {players}: {_refusal(lambda o=options, p=players: engine.validate_options(o, p))}"
        )
    out.append(
        f"first round: {_refusal(lambda: engine.rules.new_game(4, {'specials': []}, 1, first_round=16))}"
    )
    out.append(
        f"bad deck: {_refusal(lambda: engine.rules.new_game(4, {'specials': []}, 1, deck=['R1', 'Q9']))}"
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


def collect() -> dict[str, list[str]]:
    with translation.override("de"):
        texts = {"static": static_texts()}
        for name, players, options, seed, strength, board_every, advice_every in GAMES:
            texts[name] = play_game(
                name, players, options, seed, strength, board_every, advice_every
            )
    return texts


def _digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def _sample(lines: list[str]) -> list[str]:
    """A readable sample: the first line of each distinct text other than a board (up to 400),
    and a few boards."""
    seen: set[str] = set()
    short = []
    for line in lines:
        text = line.split(": ", 1)[-1]
        if not line.startswith("board") and text not in seen:
            seen.add(text)
            short.append(line)
    boards = [x for x in lines if x.startswith("board")][::97][:4]
    return short[:400] + boards


def _digests(lines: list[str]) -> dict[str, str]:
    """A sha256 per kind of text (board, event, action, advice, illegal, …)."""
    kinds: dict[str, list[str]] = {}
    for line in lines:
        kinds.setdefault(line.split(" ", 1)[0], []).append(line)
    return {kind: _digest(group) for kind, group in sorted(kinds.items())}


@pytest.mark.django_db
def test_players_read_the_same_words_as_before() -> None:
    texts = collect()
    if os.environ.get("SPEEDWERK_GOLDEN") == "write":
        GOLDEN.parent.mkdir(exist_ok=True)
        data = {
            name: {
                "sha256": _digests(lines),
                "count": len(lines),
                "sample": _sample(lines),
            }
            for name, lines in texts.items()
        }
        GOLDEN.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    golden = json.loads(GOLDEN.read_text())
    assert sorted(golden) == sorted(texts)
    for name, lines in texts.items():
        want = golden[name]
        for i, (old, new) in enumerate(zip(want["sample"], _sample(lines), strict=False)):
            assert new == old, f"{name}: sample text {i} differs:\n- {old}\n+ {new}"
        assert len(lines) == want["count"], name
        assert _digests(lines) == want["sha256"], f"{name}: texts differ (the sample agrees)"


# -- the engine's codes all have words, and the engine holds no German -------------------------

#: calls whose first argument (or ``code=``) is a code
_CODE_CALLS = {"IllegalAction", "InvalidOptions", "msg", "Msg"}
#: ``Option`` keywords that are codes (single) or pairs of (value, code)
_OPTION_CODES = {"label", "help"}
#: German as it shows in a sentence: umlauts, ß, or a frequent German word
_GERMAN = re.compile(
    r"[äöüÄÖÜß]|\b(?i:der|die|das|und|oder|nicht|ist|du|dein|deine|ein|eine|mit|ohne|von|zu|"
    r"gibt|alle|wird|bitte|jetzt|spielt|sagt|Runde|Karte|Karten|Ansage|Stich|Stiche|Trumpf|"
    r"Spiel|Zug|Punkte|Farbe)\b"
)


def _engine_trees() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text())) for path in sorted(ENGINE_DIR.glob("*.py"))]


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring constants of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def engine_codes() -> set[str]:
    """Every code the engine's sources name: the first argument of ``IllegalAction``,
    ``InvalidOptions``, ``msg`` and ``Msg`` when it is a literal, every string literal that looks
    like a code (the tables of codes: phases, colours, cards, option labels), and the codes the
    card tables build."""
    from games.speedwerk.engine import cards, rules
    from games.wording import CODE

    codes: set[str] = set()
    for _path, tree in _engine_trees():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and CODE.fullmatch(node.value)
            ):
                codes.add(node.value)
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                first = node.args[0] if node.args else None
                if name in _CODE_CALLS and isinstance(first, ast.Constant):
                    assert CODE.fullmatch(str(first.value)), first.value  # a code, not words
    codes |= set(cards.COLOR_NAMES) | set(cards.SPECIAL_NAMES.values())
    codes |= set(cards.SPECIAL_TEXT.values()) | set(cards.DECLARE_NAMES.values())
    for opt in rules.OPTIONS:
        codes |= {opt.label, opt.help}
        codes |= {label for _v, label in opt.choices or ()}
        codes |= {line for _v, line in opt.choice_help}
    return codes


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
    german = []
    for path, tree in _engine_trees():
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docs
                and _GERMAN.search(node.value)
            ):
                german.append(f"{path.name}:{node.lineno}: {node.value!r}")
    assert german == []


def test_the_german_check_finds_german() -> None:
    assert _GERMAN.search("Du musst Rot bedienen.")
    assert _GERMAN.search("Fließband")
    assert not _GERMAN.search("error.must_follow")
    assert not _GERMAN.search("play_blind")


def test_memoised_words_are_kept_per_language() -> None:
    """The presenter's memoised pieces that hold words (card faces, names, void chips) are kept
    per language, so a second language never gets the first one's words from the memo."""
    from games.speedwerk import presenter

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
