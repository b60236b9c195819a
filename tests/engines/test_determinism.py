"""Seeded random games play the same, move for move (issue 48: engine speed-ups change no game).

For every game and a few option sets, seeded random games run through the public API as
``bench.engines`` plays them. The record of each move – the seat, the full list of its legal
actions in order, the action, the events – every seat's and the spectator's view every few moves,
the refusal of the seat's earlier choices that are no longer legal (refused on a copy, so that the
refusal's code is checked too), the final state's JSON and the result go into one sha256 per case,
compared with ``golden/determinism.json``.

A change that only makes an engine faster keeps every hash. A change of the rules bumps the
game's rules version (docs/architecture.md) and rewrites the file with
``python -m tests.engines.test_determinism --write``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from games.engines.base import IllegalAction, get_engine

GOLDEN = Path(__file__).parent / "golden" / "determinism.json"

#: name → (game, players, options, games)
CASES: dict[str, tuple[str, int, dict[str, Any], int]] = {
    "speedtroedel-4": ("speedtroedel", 4, {}, 50),
    "speedtroedel-3-kurz-offen": (
        "speedtroedel",
        3,
        {"partie_kurz": True, "dachboden_offen": True, "faelschung_ohne_strafe": True},
        10,
    ),
    "speedtroedel-5-ohne": ("speedtroedel", 5, {"ohne_sonderkarten": True}, 10),
    "speedbasar-4": ("speedbasar", 4, {}, 50),
    "speedbasar-3-zufall": ("speedbasar", 3, {"extrascharf": "zufall"}, 20),
    "speedbasar-6-alle": (
        "speedbasar",
        6,
        {"extrascharf": "auswahl", "regeln": "ALL", "zweifel_sekunden": 3},
        10,
    ),
    "speedwerk-4-alle": ("speedwerk", 4, {"specials": "ALL"}, 50),
    "speedwerk-3": ("speedwerk", 3, {}, 10),
    "speedwerk-6-alle-kurz": ("speedwerk", 6, {"specials": "ALL", "kurz": True}, 10),
    "speedone-4": ("speedone", 4, {}, 12),
    "speedone-4-partner-stapeln": (
        "speedone",
        4,
        {"partners": True, "stacking": True, "scoring": "winner"},
        4,
    ),
    "speedone-2": ("speedone", 2, {}, 4),
    "speedone-3": ("speedone", 3, {}, 4),
}

#: every seat's view is recorded on every this many moves (Speedone's games are long)
VIEW_EVERY = {"speedone": 41}


def _options(slug: str, options: dict[str, Any]) -> dict[str, Any]:
    """``"ALL"`` stands for every choice of a list option."""
    engine = get_engine(slug)
    out = dict(options)
    for opt in engine.options_schema:
        if out.get(opt.key) == "ALL":
            out[opt.key] = [c[0] for c in opt.choices or ()]
    return out


def _dump(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, default=repr).encode()


def play(slug: str, players: int, options: dict[str, Any], seed: int, h: Any) -> int:
    """One seeded random game, recorded into the hash ``h``; returns its moves."""
    engine = get_engine(slug)
    rng = random.Random(seed)
    state = engine.new_game(players, options, seed)
    earlier: dict[int, list[dict[str, Any]]] = {}
    every = VIEW_EVERY.get(slug, 7)
    moves = 0
    while True:
        actors = engine.actors(state)
        if not actors:
            break
        seat = min(actors) if len(actors) == 1 else rng.choice(sorted(actors))
        legal = engine.legal_actions(state, seat)
        h.update(_dump([seat, sorted(actors), legal]))
        for old in earlier.get(seat, ())[:3]:
            if old not in legal:
                try:
                    engine.apply(engine.clone(state), seat, dict(old))
                except IllegalAction as exc:
                    h.update(_dump(exc.msg.to_json()))
                else:
                    raise AssertionError(f"{slug}: {old} is not listed but was applied")
        action = rng.choice(legal)
        earlier[seat] = [dict(a) for a in legal[-3:]]
        events = engine.apply(state, seat, dict(action))
        h.update(_dump([action, events]))
        moves += 1
        if moves % every == 0:
            for s in [*range(players), None]:
                h.update(_dump(engine.view(state, s)))
    result = engine.result(state)
    assert result is not None
    h.update(_dump(engine.to_json(state)))
    h.update(_dump(result.to_json()))
    return moves


def digest(name: str) -> str:
    slug, players, options, games = CASES[name]
    options = _options(slug, options)
    seeds = random.Random(name)
    h = hashlib.sha256()
    for _ in range(games):
        play(slug, players, options, seeds.getrandbits(63), h)
    return h.hexdigest()


@pytest.mark.parametrize("name", list(CASES))
def test_seeded_random_games_play_as_recorded(name: str) -> None:
    golden = json.loads(GOLDEN.read_text())
    assert digest(name) == golden[name]


def main(argv: list[str]) -> int:
    if argv != ["--write"]:
        print("usage: python -m tests.engines.test_determinism --write", file=sys.stderr)
        return 2
    import games.engines  # noqa: F401, PLC0415 - registers the engines

    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps({n: digest(n) for n in CASES}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
