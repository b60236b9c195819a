"""Speedbasar's words stay the same while the engine speaks in codes (issue 40, part 3).

The golden file ``golden/speedbasar_texts.json`` was recorded on the engine that still spoke
German: whole games of the bots from fixed seeds (3–6 players, with and without Extrascharf),
every seat's board and context at every move, the ticker lines, the replay lines, the Rat's
reasons, the option form and the refusals of illegal moves and options. The boards are stored as
sha256 per text (a few hundred texts in full, readable); everything else in full.

Regenerate (only on purpose): ``SPEEDBASAR_GOLDEN=write pytest tests/games/test_texts_speedbasar.py``.
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

from games import registry, wording
from games.engines.base import IllegalAction, InvalidOptions, Msg, get_engine
from games.presenters.base import Frame
from games.speedbasar.engine import cards, extras, rules
from games.speedbasar.texts import TEXTS
from tests.games import golden_texts as gt

ENGINE = get_engine("speedbasar")
GOLDEN = Path(__file__).parent / "golden" / "speedbasar_texts.json"
ENGINE_DIR = Path(rules.__file__).parent
NAMES = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fina"]
#: (players, options, seed, board every n-th move)
GAMES: list[tuple[int, dict[str, Any], int]] = [
    (3, {}, 11),
    (4, {"extrascharf": "zufall"}, 12),
    (5, {"extrascharf": "auswahl", "regeln": ["doppelladung", "handschlag", "reine_ware"]}, 13),
    (
        6,
        {"extrascharf": "auswahl", "regeln": ["gleicher_preis", "feilschen", "zehnerzoll"]},
        14,
    ),
    (4, {"extrascharf": "auswahl", "regeln": ["enge_gasse"]}, 15),
    (3, {"extrascharf": "auswahl", "regeln": ["doppelladung", "gleicher_preis"]}, 16),
]


def say(message: Any) -> str:
    return registry.say("speedbasar", message)


def _refusal(state: Any, seat: int, action: Any) -> str:
    try:
        ENGINE.apply(ENGINE.clone(state), seat, action)
    except IllegalAction as exc:
        return say(exc.msg)
    return "(allowed)"


def _bad_actions(state: Any, seat: int, view: dict[str, Any]) -> list[Any]:
    """Illegal actions for ``seat`` in ``state`` that reach the engine's different refusals."""
    w = view["window"]
    hand = [h["card"] for h in view["hand"] or []]
    card = hand[0] if hand else "R1"
    missing = next(c for c in ("R1", "K5", "S9", "W", "M", "R10", "K2") if c not in hand)
    return [
        "nope",
        {"type": "jump"},
        {"type": "pass", "x": 1},
        {"type": "pass"},
        {"type": "lay", "cards": [card]},
        {"type": "lay", "cards": [], "spice": "R", "number": 1},
        {"type": "lay", "cards": [card, card, card], "spice": "R", "number": 1},
        {"type": "lay", "cards": ["X9"], "spice": "R", "number": 1},
        {"type": "lay", "cards": [missing], "spice": "R", "number": 1},
        {"type": "lay", "cards": sorted(hand[:2], reverse=True), "spice": "R", "number": 1},
        {"type": "lay", "cards": [card], "spice": "Q", "number": 1},
        {"type": "lay", "cards": [card], "spice": "R", "number": "1"},
        {"type": "lay", "cards": [card], "spice": "K", "number": 12},
        {"type": "lay", "cards": [card], "spice": "S", "number": 9},
        {"type": "believe"},
        {"type": "believe", "window": w, "x": 1},
        {"type": "believe", "window": True},
        {"type": "believe", "window": w},
        {"type": "believe", "window": w - 1},
        {"type": "doubt", "feature": "colour", "window": w},
        {"type": "doubt", "feature": "exact", "window": w},
        {"type": "doubt", "feature": "number", "window": w, "x": 1},
        {"type": "doubt", "feature": "number", "window": w},
    ]


def _board(view: dict[str, Any], legal: list[Any], names: list[str], prefs: dict[str, Any]) -> str:
    presenter = registry.presenter_of("speedbasar")
    frame = Frame(names=names, urls={"sort": "/hilfen/"}, prefs=prefs, advice=bool(prefs))
    ctx = presenter.present(view, legal, frame)
    rest = json.dumps(
        {k: v for k, v in ctx.items() if k != "names"}, sort_keys=True, default=str, indent=None
    )
    ctx["me"] = view["seat"] is not None
    ctx["match"] = SimpleNamespace(status="finished" if view["over"] else "running")
    return str(presenter.board_html(ctx)) + "\n<!--ctx-->\n" + rest


def play(players: int, options: dict[str, Any], seed: int) -> dict[str, list[str]]:
    """Every text of one whole game, by kind."""
    presenter = registry.presenter_of("speedbasar")
    names = NAMES[:players]
    rng = random.Random(seed)
    bots = [ENGINE.bot(("leicht", "normal", "stark")[s % 3]) for s in range(players)]
    state = ENGINE.new_game(players, ENGINE.validate_options(options, players), seed)
    out: dict[str, list[str]] = {"board": [], "ticker": [], "replay": [], "advice": [], "error": []}
    prefs_of = [{}, {"hilfen": True, "autoglauben": True, "passt": False, "geraeusche": True}]
    for move in range(3000):
        actors = sorted(ENGINE.actors(state))
        for seat in [*range(players), None]:
            view = ENGINE.view(state, seat)
            legal = ENGINE.legal_actions(state, seat) if seat is not None else []
            prefs = prefs_of[(move + (seat or 0)) % 2]
            out["board"].append(_board(view, legal, names, prefs))
        if not actors:
            break
        seat = rng.choice(actors)
        view = ENGINE.view(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        if move % 3 == 0:
            out["advice"].append(say(ENGINE.explain(view, legal).reason))
        if move % 7 == 0:
            out["error"] += [_refusal(state, seat, a) for a in _bad_actions(state, seat, view)]
            other = next(s for s in range(players) if s not in actors)
            out["error"].append(_refusal(state, other, {"type": "pass"}))
        action = bots[seat].choose(view, legal, rng)
        out["replay"].append(say(ENGINE.describe_action(action)))
        for event in ENGINE.apply(state, seat, action):
            line = presenter.describe(event, names)
            out["ticker"].append("" if line is None else str(line))
    for seat in range(players):
        out["error"].append(_refusal(state, seat, {"type": "pass"}))
    return out


def fixed_texts() -> dict[str, list[str]]:
    """The option form, the refusals of bad options and the replay lines of odd actions."""
    from lobby.forms import option_fields

    form = []
    for values in ({}, {"extrascharf": "auswahl", "regeln": ["feilschen"]}):
        for solo in (False, True):
            form.append(json.dumps(option_fields(ENGINE, values, solo=solo), default=str))
    errors = []
    for options in (
        {"extrascharf": "auswahl"},
        {"extrascharf": "aus", "regeln": ["feilschen"]},
        {"extrascharf": "bunt"},
        {"regeln": ["nix"]},
        {"zweifel_sekunden": 4},
        {"farbe": 1},
    ):
        try:
            ENGINE.validate_options(options, 4)
            errors.append("(valid)")
        except InvalidOptions as exc:
            errors.append(say(exc.msg))
    odd = [
        {"type": "doubt"},
        {"type": "doubt", "feature": "exact"},
        {"type": "lay", "cards": ["R1", "K2"], "spice": "S", "number": 10},
        {"type": "lay"},
        {"type": "jump"},
        "nope",
    ]
    return {
        "form": form,
        "option_error": errors,
        "replay": [say(ENGINE.describe_action(a)) for a in odd],
    }


def record() -> dict[str, Any]:
    with translation.override("de"):
        games = {}
        for players, options, seed in GAMES:
            texts = play(players, options, seed)
            key = f"{players}:{json.dumps(options, sort_keys=True)}:{seed}"
            boards = texts.pop("board")
            games[key] = {
                **texts,
                "board_sha256": [hashlib.sha256(b.encode()).hexdigest() for b in boards],
                "board_sample": {str(i): boards[i] for i in range(0, len(boards), 151)},
            }
        return {"games": games, "fixed": fixed_texts()}


def _first_mismatch(old: Any, new: Any, where: str = "") -> str | None:
    if isinstance(old, dict) and isinstance(new, dict):
        for k in sorted(set(old) | set(new)):
            if k not in old or k not in new:
                return f"{where}/{k}: only in {'golden' if k in old else 'now'}"
            found = _first_mismatch(old[k], new[k], f"{where}/{k}")
            if found:
                return found
        return None
    if isinstance(old, list) and isinstance(new, list):
        for i, (a, b) in enumerate(zip(old, new, strict=False)):
            found = _first_mismatch(a, b, f"{where}[{i}]")
            if found:
                return found
        if len(old) != len(new):
            return f"{where}: {len(old)} texts in golden, {len(new)} now"
        return None
    if old != new:
        return f"{where}:\n golden: {old!r}\n now:    {new!r}"
    return None


def _board_mismatch(golden: dict[str, Any], now: dict[str, Any]) -> str | None:
    """The first board whose hash differs, said with the recorded sample where there is one."""
    for key, game in golden["games"].items():
        for i, (a, b) in enumerate(
            zip(game["board_sha256"], now["games"][key]["board_sha256"], strict=True)
        ):
            if a != b:
                sample = game["board_sample"].get(str(i))
                text = now["games"][key]["board_sample"].get(str(i))
                if sample is not None and text is not None:
                    return _first_mismatch(sample, text, f"{key} board {i}") or "?"
                return f"{key}: board {i} differs (not in the sample; rerun with a finer sample)"
    return None


@pytest.mark.django_db
def test_players_read_the_same_words_as_before():
    now = record()
    if os.environ.get("SPEEDBASAR_GOLDEN") == "write":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(now, ensure_ascii=False, indent=0, sort_keys=True) + "\n")
    golden = json.loads(GOLDEN.read_text())
    texts_now = {
        k: {kk: vv for kk, vv in g.items() if kk != "board_sample"} for k, g in now["games"].items()
    }
    texts_old = {
        k: {kk: vv for kk, vv in g.items() if kk not in ("board_sample", "board_sha256")}
        for k, g in golden["games"].items()
    }
    for k in texts_now:
        texts_now[k].pop("board_sha256")
    assert not (diff := _first_mismatch(texts_old, texts_now)), diff
    assert not (diff := _first_mismatch(golden["fixed"], now["fixed"])), diff
    assert not (diff := _board_mismatch(golden, now)), diff
    # the games reach what they should: every kind of text, and the refusals differ
    for game in golden["games"].values():
        assert len(game["board_sha256"]) > 100 and len(set(game["error"])) > 10
        assert all(game["replay"]) and all(game["advice"])


# -- every code has words, and the engine has no German left ---------------------------------------
#: the prefixes of the codes Speedbasar's engine speaks in
PREFIXES = ("error.", "move.", "advice.", "option.", "options.", "card.", "spice.", "rule.")
#: German in a string: umlauts, German quotes or common German words
GERMAN = re.compile(
    r"[äöüÄÖÜß„“]|\b(der|die|das|und|ist|nicht|du|dein\w*|eine?|zu|mit|auf|von|oder|kein\w*|"
    r"Karte\w*|Zahl|legt?)\b",
    re.IGNORECASE,
)


def _constant_codes() -> set[str]:
    """String literals of the engine that look like codes, and the first argument of every
    ``IllegalAction``, ``InvalidOptions``, ``msg`` and ``Msg`` call (both branches of a
    conditional)."""
    codes: set[str] = set()

    def strings(node: ast.AST) -> list[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.IfExp):
            return strings(node.body) + strings(node.orelse)
        return []

    for _path, tree in gt.engine_trees(ENGINE_DIR):
        # the literal parts of f-strings are no codes (the runtime codes cover those)
        parts = {id(n) for f in ast.walk(tree) if isinstance(f, ast.JoinedStr) for n in f.values}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args:
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name in gt.CODE_CALLS:
                    codes.update(strings(node.args[0]))
            elif (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in parts
                and wording.CODE.fullmatch(node.value)
                and node.value.startswith(PREFIXES)
            ):
                codes.add(node.value)
    return codes


def _runtime_codes() -> set[str]:
    """The codes the engine builds: option labels, choices and help lines, the Extrascharf
    rules, the spice and joker names, the move lines of every doubt."""
    codes: set[str] = set()
    for opt in ENGINE.options_schema:
        codes.add(opt.label)
        codes.update(label for _v, label in opt.choices or ())
        codes.update(line for _v, line in opt.choice_help)
        if opt.help:
            codes.add(opt.help)
    codes.update(title for _k, _s, title in rules.EXTRASCHARF)
    codes.update(rules.EXTRASCHARF_TEXT.values())
    codes.update(cards.SPICE_NAMES)
    codes.update(name for name, _card, _code in extras._BOOK_JOKERS)
    for feature in (*rules.FEATURES, "colour"):
        codes.add(ENGINE.describe_action({"type": "doubt", "feature": feature}).code)
    codes.update(f"station.{station}" for _k, station, _t in rules.EXTRASCHARF)
    return codes


def test_every_code_of_the_engine_has_words():
    codes = _constant_codes() | _runtime_codes()
    assert len(codes) > 60
    assert all(wording.CODE.fullmatch(c) for c in codes), sorted(
        c for c in codes if not wording.CODE.fullmatch(c)
    )
    missing = sorted(c for c in codes if not wording.knows(c, TEXTS))
    assert not missing, missing
    # and every entry says something in German (callables with the arguments they take)
    card = cards.describe(cards.WAAGE)
    for code in TEXTS:
        params = {
            "count": 2,
            "claim": card,
            "allowed": [card],
            "card": card,
            "first": card,
            "second": card,
            "spice": Msg("spice.r"),
            "number": 3,
            "odds": "",
            "cards": card,
            "kind": Msg("advice.kind.honest"),
            "suspicion": 5,
        }
        assert wording.say(Msg(code, params), TEXTS).strip(), code


def test_no_german_is_left_in_the_engine():
    found = gt.german_strings(ENGINE_DIR, GERMAN)
    assert not found, "\n".join(found)


def test_the_detector_finds_german():
    assert GERMAN.search("Du bist gerade nicht am Zug.") and GERMAN.search("Gewürzmühle")
    assert GERMAN.search("Du bist dran") and GERMAN.search("Lege eine Karte.")
    assert not GERMAN.search("error.not_your_turn") and not GERMAN.search("the Glut must lie")
