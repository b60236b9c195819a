"""Speedtrödel says the same words after its engine speaks in codes (issue 40, part 3).

Whole games of the engine's bots from fixed seeds (3 to 5 players, each option) record every text
players read: each seat's and a spectator's board at a sample of moves, the ticker line of every
event, the replay line of every action, the Vorschau of every hand card, the Rat's reason at a
sample of turns, the option form and the refusals of illegal actions and options. The golden
file was written from the engine before the conversion (``SPEEDTROEDEL_GOLDEN=write`` rewrites
it); the test compares a sha256 per kind of text and game and the readable sample kept in the
file.

Also: every code the engine raises or returns has words in ``games.speedtroedel.texts``, and no
string constant with German words is left in ``games/speedtroedel/engine/``.
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

GOLDEN = Path(__file__).parent / "golden" / "speedtroedel_texts.json"
ENGINE_DIR = Path(__file__).resolve().parents[2] / "games" / "speedtroedel" / "engine"
SLUG = "speedtroedel"

#: (name, players, options, seed, bot strength, board every n-th move, advice every n-th turn)
GAMES: list[tuple[str, int, dict[str, Any], int, str, int, int]] = [
    ("p3_kurz", 3, {"partie_kurz": True}, 21, "normal", 1, 9),
    ("p4_offen_kurz", 4, {"partie_kurz": True, "dachboden_offen": True}, 22, "normal", 2, 15),
    ("p5_ohne_kurz", 5, {"partie_kurz": True, "ohne_sonderkarten": True}, 23, "leicht", 2, 20),
    ("p4_strafe", 4, {"faelschung_ohne_strafe": True}, 24, "leicht", 4, 40),
    ("p3_full", 3, {}, 25, "normal", 3, 30),
]

#: illegal actions tried on the seat on turn (besides every card of its hand, played bare)
ODD_ACTIONS: list[Any] = [
    "nonsense",
    {"type": "nonsense"},
    {"type": "play"},
    {"type": "play", "card": "ZZ"},
    {"type": "play", "card": 7},
    {"type": "play", "card": "E16"},
    {"type": "play", "card": "F"},
    {"type": "play", "card": "G", "x": 1},
    {"type": "pick", "card": "P7"},
    {"type": "swap", "card": "P7"},
    {"type": "swap", "card": "M18"},
    {"type": "ask", "colour": "X"},
    {"type": "ask", "colour": "E"},
    {"type": "ask", "colour": "PS"},
]

BAD_OPTIONS: list[tuple[dict[str, Any], int]] = [
    ({"ohne_sonderkarten": True, "faelschung_ohne_strafe": True}, 4),
    ({"partie_kurz": 1}, 4),
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


def _try(engine: Any, state: Any, seat: Any, action: Any) -> str:
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


def _preview(view: Any, card: str) -> str:
    """The engine's Vorschau of ``card`` (the presenter says it for a card that may not be laid)."""
    from games.speedtroedel.engine import preview

    return say(SLUG, preview(view, card)["text"])


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
    presenter = presenter_of(SLUG)
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
        view = engine.view(state, seat)
        if move % board_every == 0:
            for s in [*range(players), None]:
                out.append(f"board {move} {s}: {_board(presenter, engine, state, s, names)}")
            for card in view["hand"]:
                out.append(f"preview {move} {card}: {_preview(view, card)}")
        if move % 5 == 0:
            for odd in ODD_ACTIONS:
                out.append(f"illegal {move} {odd}: {_try(engine, state, seat, odd)}")
            for card in view["hand"]:
                for kind in ("play", "pick", "swap"):
                    act = {"type": kind, "card": card}
                    if act not in legal:
                        out.append(f"illegal {move} {act}: {_try(engine, state, seat, act)}")
            other = (seat + 1) % players
            if other not in actors:
                out.append(f"illegal {move} out of turn: {_try(engine, state, other, legal[0])}")
            out.append(f"illegal {move} seat 9: {_try(engine, state, 9, legal[0])}")
        if turns % advice_every == 0:
            advice = engine.explain(view, legal)
            out.append(f"advice {move}: {say(SLUG, advice.reason)}")
        turns += 1
        action = bots[seat].choose(view, legal, rng)
        out.append(f"action {move}: {say(SLUG, engine.describe_action(action))}")
        events = engine.apply(state, seat, action)
        for event in events:
            line = presenter.describe(event, names)
            if line is not None:
                out.append(f"event {move}: {line}")
        move += 1
    for s in [*range(players), None]:
        out.append(f"board end {s}: {_board(presenter, engine, state, s, names)}")
    for odd in ({"type": "play", "card": "P7"}, {"type": "ask", "colour": "E"}):
        out.append(f"illegal end {odd}: {_try(engine, state, 0, odd)}")
    out.append(f"timeout end: {_refusal(lambda: engine.timeout_action(state, 0))}")
    return out


def static_texts() -> list[str]:
    """The option form, the option refusals and the descriptions of odd actions."""
    from lobby.forms import option_fields

    engine = get_engine(SLUG)
    fields = option_fields(engine, {})
    out = [f"options: {json.dumps(fields, ensure_ascii=False, default=str, sort_keys=True)}"]
    for options, players in BAD_OPTIONS:
        out.append(
            f"bad options {options} {players}: "
            f"{_refusal(lambda o=options, p=players: engine.validate_options(o, p))}"
        )
    for action in [
        {"type": "play", "card": "P7"},
        {"type": "play", "card": "F"},
        {"type": "pick", "card": "E0"},
        {"type": "swap", "card": "G"},
        {"type": "play", "card": "ZZ"},
        {"type": "ask", "colour": "B"},
        {"type": "ask", "colour": "Q"},
        {"type": "what", "card": "M12"},
    ]:
        out.append(f"describe {action}: {say(SLUG, engine.describe_action(action))}")
    return out


def collect() -> dict[str, list[str]]:
    with translation.override("de"):
        texts = {"static": static_texts()}
        for name, *args in GAMES:
            texts[name] = play_game(name, *args)
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
    if os.environ.get("SPEEDTROEDEL_GOLDEN") == "write":
        GOLDEN.parent.mkdir(exist_ok=True)
        data = {
            name: {"sha256": _digests(lines), "count": len(lines), "sample": _sample(lines)}
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
        digests = _digests(lines)
        differ = [k for k in want["sha256"] if digests.get(k) != want["sha256"][k]]
        assert not differ, f"{name}: texts of kind {differ} differ (the sample agrees)"


# -- the engine's codes all have words, and the engine holds no German -------------------------

#: calls whose first argument is a code
_CODE_CALLS = {"IllegalAction", "InvalidOptions", "msg", "Msg"}
#: German as it shows in a sentence: umlauts, ß, or a frequent German word
_GERMAN = re.compile(
    r"[äöüÄÖÜß–„“]|\b(?:der|die|das|den|und|oder|nicht|ist|du|dein|deine|ein|eine|mit|ohne|von|"
    r"zu|gibt|alle|wird|jetzt|spielt|nimmt|fragt|gegen|Runde|Karte|Karten|Stich|Farbe|Spiel|"
    r"Zug|Punkte|Partie|Platz|Aktion|Wert|Sonderkarten|dann|zuerst)\b",
    re.IGNORECASE,
)


#: the game's name (``Engine.name``) is a proper name, the same in every language
_PROPER_NAMES = {"Speedtrödel"}


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


def _prefix(node: ast.AST) -> str | None:
    """The literal start of an f-string code (``f"move.{kind}"`` gives ``move.``)."""
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
    return None


def engine_codes() -> tuple[set[str], set[str]]:
    """Every code the engine's sources name, and the prefixes of the codes it builds: the first
    argument of ``IllegalAction``, ``InvalidOptions``, ``msg`` and ``Msg`` (a literal, or an
    f-string whose literal start is a prefix), every string literal that looks like a code (the
    tables: phases, option labels), the card tables' codes and the options' labels and help."""
    from games.speedtroedel.engine import cards, rules
    from games.wording import CODE

    codes: set[str] = set()
    prefixes: set[str] = set()
    for _path, tree in _engine_trees():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and CODE.fullmatch(node.value)
            ):
                codes.add(node.value)
            if isinstance(node, ast.Call):
                called = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if called in _CODE_CALLS and node.args:
                    first = node.args[0]
                    if isinstance(first, ast.Constant):
                        assert CODE.fullmatch(first.value), first.value
                    elif (prefix := _prefix(first)) is not None:
                        prefixes.add(prefix)
                    else:  # a table of codes, or a Msg passed on
                        assert isinstance(first, ast.Name | ast.Subscript | ast.IfExp), ast.dump(
                            first
                        )
    codes |= set(cards.SUIT_NAMES) | set(cards.SPECIAL_NAMES.values())
    for opt in rules.OPTIONS:
        codes |= {opt.label, opt.help}
    return codes, prefixes


def test_every_code_of_the_engine_has_words() -> None:
    from games.speedtroedel.texts import TEXTS
    from games.wording import knows

    codes, prefixes = engine_codes()
    assert len(codes) > 60, sorted(codes)
    assert "error.must_follow" in codes and "advice.hint.top_emerald" in codes
    assert "card.colour.e" in codes and "card.special.g" in codes
    missing = sorted(c for c in codes if not knows(c, TEXTS))
    assert not missing
    # the built codes: move.play/pick/swap, advice.head.play/pick/swap/ask
    built = {f"move.{k}" for k in ("play", "pick", "swap")}
    built |= {f"advice.head.{k}" for k in ("play", "pick", "swap", "ask")}
    assert prefixes == {"move.", "advice.head."}
    assert all(knows(c, TEXTS) for c in built)


def test_the_catalogue_has_no_entry_the_engine_never_names() -> None:
    from games.speedtroedel.texts import TEXTS

    codes, prefixes = engine_codes()
    unused = sorted(c for c in set(TEXTS) - codes if not c.startswith(tuple(prefixes)))
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
                and node.value not in _PROPER_NAMES
                and _GERMAN.search(node.value)
            ):
                german.append(f"{path.name}:{node.lineno}: {node.value!r}")
    assert german == []


def test_the_german_check_finds_german() -> None:
    assert _GERMAN.search("Du musst Porzellan bedienen.")
    assert _GERMAN.search("Fälschung")
    assert _GERMAN.search("normal gegen leicht")
    assert not _GERMAN.search("error.must_follow")
    assert not _GERMAN.search("leergekauft")


def test_a_refusal_is_a_code_said_in_german() -> None:
    from games.speedtroedel.engine.rules import new_game
    from games.speedtroedel.texts import TEXTS
    from games.wording import say as say_with

    engine = get_engine(SLUG)
    state = new_game(3, engine.validate_options({}, 3), 5)
    other = (state.turn + 1) % 3
    with pytest.raises(IllegalAction) as exc:
        engine.apply(state, other, {"type": "play", "card": state.hands[other] and "P7"})
    assert exc.value.code == "error.not_your_turn"
    with pytest.raises(IllegalAction) as exc:
        engine.apply(state, state.turn, {"type": "play", "card": "E16"})
    assert exc.value.code == "error.not_in_hand"
    with translation.override("de"):
        assert say_with(exc.value.msg, TEXTS) == "Smaragd 16 hast du nicht auf der Hand."


def test_the_presenters_memos_are_kept_per_language() -> None:
    """The presenter looks words up once per language (``_Said``) and memoises faces, chips and
    the last trick with the language in the key: a board in another language never reuses the
    German words of a memo."""
    from games.speedtroedel import presenter as module

    engine = get_engine(SLUG)
    presenter = presenter_of(SLUG)
    state = engine.new_game(3, engine.validate_options({}, 3), 3)
    names = ["A", "B", "C"]
    module._face_html.cache_clear()
    module._said_in.cache_clear()
    boards, faces = {}, {}
    for language in ("de", "en"):
        with translation.override(language):
            boards[language] = _board(presenter, engine, state, 0, names)
            assert module._tr().language == language
        faces[language] = module._face_html.cache_info().currsize
    assert faces["de"] > 0 and faces["en"] == 2 * faces["de"]  # the same faces, once per language
    assert module._said_in("de") is not module._said_in("en")
    assert module._said_in("en")._cards and module._said_in("de")._cards
    assert boards["de"] == boards["en"]  # no English catalogue yet: the same German words
