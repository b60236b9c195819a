"""Our engines side by side with OpenSpiel's C++ games: ``python -m bench.openspiel [slug ...]``.

Random play on one core, the same loop shape on both sides (list the legal moves, pick one with
``random.Random``, apply it), alternating short slices of each so that the shared machine's speed
changes hit both alike. Each pair:

* Speedtrödel and Speedbasar against ``hearts`` (4 players), Speedwerk against ``oh_hell``
  (4 players), Speedone against ``crazy_eights`` (4 players); our games with ``BENCH``'s
  random-play players and options, as ``bench.engines`` plays them;
* ``moves`` count decisions (a seat's move) on both sides; OpenSpiel also deals card by card as
  chance moves, which ``ratio_with_chance`` counts as moves of OpenSpiel as well (our engines
  deal inside ``new_game`` and the end-of-round step, within the timed loop, uncounted);
* times are the process's CPU time (``time.process_time``), so the time another engineer's job
  takes the core away is not counted on either side.

Needs ``open-spiel`` (``pip install open-spiel``; the ``bench`` extra of ``pyproject.toml``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from bench.engines import random_games
from games.engines.base import Engine, get_engine
from games.engines.benchspec import BenchSpec

#: our game → (OpenSpiel game, its parameters), the counterpart named in issue 48
PAIRS: dict[str, tuple[str, dict[str, Any]]] = {
    "speedtroedel": ("hearts", {}),
    "speedbasar": ("hearts", {}),
    "speedwerk": ("oh_hell", {"players": 4}),
    "speedone": ("crazy_eights", {"players": 4}),
}


@dataclass
class Tally:
    moves: int = 0
    chance: int = 0
    games: int = 0
    seconds: float = 0.0


def ours_slice(
    engine: Engine[Any], spec: BenchSpec, rng: random.Random, seconds: float, t: Tally
) -> float:
    """Random play for about ``seconds`` of CPU time, whole games only (``bench.engines``)."""
    games, moves, elapsed = random_games(engine, spec, rng, seconds)
    t.games += games
    t.moves += moves
    t.seconds += elapsed
    return moves / elapsed


def openspiel_slice(game: Any, rng: random.Random, seconds: float, t: Tally) -> float:
    """Random play of an OpenSpiel game, chance outcomes drawn by their probabilities."""
    moves = chance = 0
    clock = time.process_time
    start = clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _p in outcomes]
                state.apply_action(rng.choices(actions, [p for _a, p in outcomes])[0])
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        t.games += 1
    elapsed = clock() - start
    t.moves += moves
    t.chance += chance
    t.seconds += elapsed
    return moves / elapsed


def compare(slug: str, rounds: int, slice_seconds: float) -> dict[str, Any]:
    import pyspiel  # noqa: PLC0415 - optional: only this benchmark needs it

    engine = get_engine(slug)
    spec: BenchSpec = importlib.import_module(type(engine).__module__).BENCH
    os_name, params = PAIRS[slug]
    game = pyspiel.load_game(os_name, params)
    ours, theirs = Tally(), Tally()
    rng_ours, rng_theirs = random.Random(1), random.Random(1)
    ratios = []
    for i in range(rounds):
        # alternate which side goes first, so neither always gets the warmer cache
        if i % 2 == 0:
            a = ours_slice(engine, spec, rng_ours, slice_seconds, ours)
            b = openspiel_slice(game, rng_theirs, slice_seconds, theirs)
        else:
            b = openspiel_slice(game, rng_theirs, slice_seconds, theirs)
            a = ours_slice(engine, spec, rng_ours, slice_seconds, ours)
        ratios.append(a / b)
    ours_rate = ours.moves / ours.seconds
    theirs_rate = theirs.moves / theirs.seconds
    theirs_all = (theirs.moves + theirs.chance) / theirs.seconds
    return {
        "game": slug,
        "openspiel": os_name,
        "openspiel_params": params,
        "players": spec.random_players,
        "options": spec.random_options,
        "moves_per_s": round(ours_rate),
        "openspiel_moves_per_s": round(theirs_rate),
        "openspiel_actions_per_s": round(theirs_all),
        "ratio": round(ours_rate / theirs_rate, 3),
        "ratio_with_chance": round(ours_rate / theirs_all, 3),
        "ratio_per_slice": {
            "median": round(statistics.median(ratios), 3),
            "min": round(min(ratios), 3),
            "max": round(max(ratios), 3),
        },
        "games": ours.games,
        "openspiel_games": theirs.games,
        "cpu_seconds": round(ours.seconds + theirs.seconds, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"default: all ({', '.join(PAIRS)})")
    parser.add_argument("--rounds", type=int, default=10, help="slices per side (default 10)")
    parser.add_argument("--slice", type=float, default=1.0, help="CPU seconds per slice")
    parser.add_argument("--json", action="store_true", help="one JSON line per game")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in PAIRS]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)} (choose from {', '.join(PAIRS)})")
    for slug in args.games or list(PAIRS):
        out = compare(slug, args.rounds, args.slice)
        print(json.dumps(out) if args.json else json.dumps(out, indent=2, ensure_ascii=False))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
