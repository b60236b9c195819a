"""The golden-text harness the games' ``test_texts_<slug>.py`` share (issue 40, part 3).

A game's test records every text players read (boards, ticker, replay, advice, refusals) from
whole bot games on fixed seeds, and compares it with a golden JSON file written from the engine
before it spoke in codes. This module holds what every game records the same way: the refusal of
an action, the board HTML, a bot game's loop, the per-kind sha256 and readable sample of a golden
file, and the AST scans of an engine's sources for codes and German string constants. Which
games, actions and options a game tries stays in its own test file.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import random
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from django.utils import translation

from games.engines.base import IllegalAction, InvalidOptions, get_engine
from games.presenters import Frame
from games.registry import presenter_of, say

NOT_TEXT = re.compile(r"<(script|style)\b.*?</\1>", re.S)

#: calls whose first argument is a code
CODE_CALLS = {"IllegalAction", "InvalidOptions", "msg", "Msg"}

#: German as it shows in a sentence: umlauts, ß, or a frequent German word (Speedone's and
#: Speedwerk's detector; a game may bring its own)
GERMAN = re.compile(
    r"[äöüÄÖÜß]|\b(?i:der|die|das|und|oder|nicht|ist|du|dein|deine|ein|eine|mit|ohne|von|zu|"
    r"gibt|alle|wird|bitte|jetzt|spielt|sagt|Runde|Karte|Karten|Ansage|Stich|Stiche|Trumpf|"
    r"Spiel|Zug|Punkte|Farbe)\b"
)

#: one illegal action to try: (label in the record, seat, action)
Try = tuple[str, Any, Any]


# -- recording -----------------------------------------------------------------------------------


def refusal(slug: str, fn: Callable[[], Any]) -> str:
    """How the game refuses ``fn()`` (``IllegalAction: <words>``), or ``accepted``."""
    try:
        fn()
    except (IllegalAction, InvalidOptions) as exc:
        return f"{type(exc).__name__}: {say(slug, exc.msg)}"
    return "accepted"


def try_action(slug: str, engine: Any, state: Any, seat: Any, action: Any) -> str:
    """The refusal of ``action`` by ``seat`` on a copy of ``state``."""
    copy = engine.clone(state)
    return refusal(slug, lambda: engine.apply(copy, seat, action))


def board(presenter: Any, engine: Any, state: Any, seat: int | None, names: list[str]) -> str:
    """The text of ``seat``'s board (``None``: a spectator's), scripts and styles left out."""
    view = engine.view(state, seat)
    legal = engine.legal_actions(state, seat) if seat is not None else []
    frame = Frame(names=names, urls={}, advice=seat == 0)
    ctx = presenter.present(view, legal, frame)
    status = "finished" if engine.is_over(state) else "running"
    match = SimpleNamespace(status=status)
    html = presenter.board_html({**ctx, "view": view, "me": seat is not None, "match": match})
    return NOT_TEXT.sub("", str(html))


def out_of_turn(seat: int, players: int, actors: list[int], legal: list[Any]) -> list[Try]:
    """The first legal action tried by the next seat, when that seat is not on turn."""
    other = (seat + 1) % players
    return [] if other in actors else [("out of turn", other, legal[0])]


def play_game(
    slug: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    strength: str,
    board_every: int,
    advice_every: int,
    *,
    illegal_every: int,
    tries: Callable[[Any, int, list[Any], dict[str, Any], list[int], int], Iterable[Try]],
    end: Callable[[Any, Any], Iterable[str]],
    shown: Callable[[int, dict[str, Any]], Iterable[str]] = lambda move, view: (),
    board: Callable[[Any, Any, Any, int | None, list[str]], str] = board,
) -> list[str]:
    """Every text of one whole game of bots, in order, each prefixed by what it is: the boards of
    every seat and a spectator every ``board_every``-th move (and the game's ``shown`` texts of
    the seat on turn), the refusals of the game's ``tries(state, seat, legal, view, actors,
    players)``
    every ``illegal_every``-th move, the advice every ``advice_every``-th turn, every action's
    replay line and every event's ticker line; at the end the final boards and ``end(engine,
    state)``."""
    engine = get_engine(slug)
    presenter = presenter_of(slug)
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
                out.append(f"board {move} {s}: {board(presenter, engine, state, s, names)}")
            out.extend(shown(move, view))
        if move % illegal_every == 0:
            for label, who, act in tries(state, seat, legal, view, actors, players):
                out.append(f"illegal {move} {label}: {try_action(slug, engine, state, who, act)}")
        if turns % advice_every == 0:
            advice = engine.explain(view, legal)
            out.append(f"advice {move}: {say(slug, advice.reason)}")
        turns += 1
        action = bots[seat].choose(view, legal, rng)
        out.append(f"action {move}: {say(slug, engine.describe_action(action))}")
        for event in engine.apply(state, seat, action):
            line = presenter.describe(event, names)
            if line is not None:
                out.append(f"event {move}: {line}")
        move += 1
    for s in [*range(players), None]:
        out.append(f"board end {s}: {board(presenter, engine, state, s, names)}")
    out.extend(end(engine, state))
    return out


def collect(
    static_texts: Callable[[], list[str]], games: Iterable[tuple[str, Any]], play: Callable
) -> dict[str, list[str]]:
    """The static texts and the texts of every game (``(name, *args)``: ``play(*args)``), in
    German."""
    with translation.override("de"):
        texts = {"static": static_texts()}
        for name, *args in games:
            texts[name] = play(*args)
    return texts


# -- the golden file -----------------------------------------------------------------------------


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def sample(lines: list[str]) -> list[str]:
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


def digests(lines: list[str]) -> dict[str, str]:
    """A sha256 per kind of text (board, event, action, advice, illegal, …)."""
    kinds: dict[str, list[str]] = {}
    for line in lines:
        kinds.setdefault(line.split(" ", 1)[0], []).append(line)
    return {kind: digest(group) for kind, group in sorted(kinds.items())}


def assert_golden(golden_file: Path, env: str, texts: dict[str, list[str]]) -> None:
    """``texts`` are the golden file's: the same games, the readable sample text by text (the
    first difference shown), the count and the sha256 of every kind. With ``<env>=write`` in the
    environment the file is written from ``texts`` first."""
    if os.environ.get(env) == "write":
        golden_file.parent.mkdir(exist_ok=True)
        data = {
            name: {"sha256": digests(lines), "count": len(lines), "sample": sample(lines)}
            for name, lines in texts.items()
        }
        golden_file.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    golden = json.loads(golden_file.read_text())
    assert sorted(golden) == sorted(texts)
    for name, lines in texts.items():
        want = golden[name]
        for i, (old, new) in enumerate(zip(want["sample"], sample(lines), strict=False)):
            assert new == old, f"{name}: sample text {i} differs:\n- {old}\n+ {new}"
        assert len(lines) == want["count"], name
        now = digests(lines)
        differ = [
            k for k in sorted(set(want["sha256"]) | set(now)) if now.get(k) != want["sha256"].get(k)
        ]
        assert not differ, f"{name}: texts of kind {differ} differ (the sample agrees)"


# -- the engine's sources ------------------------------------------------------------------------


def engine_trees(engine_dir: Path) -> list[tuple[Path, ast.Module]]:
    """Every module of an engine (sub-packages too), parsed."""
    return [(path, ast.parse(path.read_text())) for path in sorted(engine_dir.rglob("*.py"))]


def docstrings(tree: ast.Module) -> set[int]:
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


def source_codes(engine_dir: Path, *, strict: bool = False) -> tuple[set[str], set[str]]:
    """Every string literal of the engine's sources that looks like a code, and the prefixes of
    the codes it builds (the literal start of an f-string given to ``IllegalAction``,
    ``InvalidOptions``, ``msg`` or ``Msg``). A literal given to those is asserted to be a code,
    not words; ``strict``: anything else given is a table of codes or a Msg passed on."""
    from games.wording import CODE

    codes: set[str] = set()
    prefixes: set[str] = set()
    for _path, tree in engine_trees(engine_dir):
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and CODE.fullmatch(node.value)
            ):
                codes.add(node.value)
            if isinstance(node, ast.Call) and node.args:
                called = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if called in CODE_CALLS:
                    first = node.args[0]
                    if isinstance(first, ast.Constant):
                        assert CODE.fullmatch(str(first.value)), first.value
                    elif (prefix := _prefix(first)) is not None:
                        prefixes.add(prefix)
                    elif strict:
                        kinds = ast.Name | ast.Subscript | ast.IfExp
                        assert isinstance(first, kinds), ast.dump(first)
    return codes, prefixes


def option_codes(options: Iterable[Any]) -> set[str]:
    """The codes of the options' labels, choices, help and choice help lines."""
    codes: set[str] = set()
    for opt in options:
        codes |= {opt.label, opt.help}
        codes |= {label for _v, label in opt.choices or ()}
        codes |= {line for _v, line in opt.choice_help}
    return codes


def german_strings(
    engine_dir: Path,
    german: re.Pattern[str],
    *,
    proper_names: Iterable[str] = (),
    kept: Iterable[str] = (),
) -> list[str]:
    """The string constants of the engine with German words (``german``), as ``file:line:
    'text'``: docstrings, ``proper_names`` and the values assigned to the ``kept`` names are
    left out."""
    proper, kept = set(proper_names), set(kept)
    found = []
    for path, tree in engine_trees(engine_dir):
        skip = docstrings(tree)
        for node in ast.walk(tree):
            targets = getattr(node, "targets", None) or [getattr(node, "target", None)]
            if isinstance(node, ast.Assign | ast.AnnAssign) and any(
                getattr(t, "id", None) in kept for t in targets
            ):
                skip.update(id(n) for n in ast.walk(node))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in skip
                and node.value not in proper
                and german.search(node.value)
            ):
                found.append(f"{path.name}:{node.lineno}: {node.value!r}")
    return found
