"""Engine benchmarks: ``python -m bench.engines <slug> [--json] [--quick]``.

Prints one JSON object per game with
* ``random_games_per_s`` / ``random_moves_per_s``: full games with random legal play through the
  public engine API (``legal_actions`` + ``apply``), on one core, per second of CPU time;
* ``bot_ms_per_decision``: p50/p95 milliseconds per decision and strength (``view`` + ``choose``),
  on one core;
* ``tournaments``: one hero bot against a field of another strength, seats rotated, with the win
  rate in the game's tournament unit (rounds for Speedone, games otherwise; shared wins are split)
  and a 95 % Wilson interval. Tournament games run in parallel on all cores.

Each engine package (``games/<game>/engine/__init__.py``, beside its ``Engine`` class) exposes
``BENCH`` (see ``BenchSpec``) with its tournament list.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from games.engines.base import Engine, engines, get_engine
from games.engines.benchspec import BenchSpec, Tournament


def wilson(p_hat: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (p_hat + z * z / (2 * n)) / denom
    half = z * math.sqrt(p_hat * (1 - p_hat) / n + z * z / (4 * n * n)) / denom
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def random_games(
    engine: Engine[Any], spec: BenchSpec, rng: random.Random, seconds: float
) -> tuple[int, int, float]:
    """Full games of random legal play (``legal_actions`` + ``apply``, ``rng`` picks) for about
    ``seconds`` of CPU time (``time.process_time``: another job taking the core is not counted),
    whole games only: ``(games, moves, CPU seconds)``. ``bench.openspiel`` times its slices
    with it too."""
    games = moves = 0
    clock = time.process_time
    start = clock()
    while clock() - start < seconds:
        state = engine.new_game(spec.random_players, spec.random_options, rng.getrandbits(63))
        while True:
            actors = engine.actors(state)
            if not actors:
                break
            seat = min(actors) if len(actors) == 1 else rng.choice(sorted(actors))
            engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
            moves += 1
        games += 1
    return games, moves, clock() - start


def random_play(engine: Engine[Any], spec: BenchSpec, seconds: float) -> dict[str, float]:
    games, moves, elapsed = random_games(engine, spec, random.Random(1), seconds)
    return {
        "random_games_per_s": round(games / elapsed, 2),
        "random_moves_per_s": round(moves / elapsed),
        "random_games": games,
    }


def bot_timing(engine: Engine[Any], spec: BenchSpec, decisions: int) -> dict[str, dict[str, float]]:
    out = {}
    for strength in ("leicht", "normal", "stark"):
        bot = engine.bot(strength)
        rng = random.Random(2)
        times: list[float] = []
        while len(times) < decisions:
            state = engine.new_game(spec.bot_players, spec.random_options, rng.getrandbits(63))
            while len(times) < decisions:
                actors = sorted(engine.actors(state))
                if not actors:
                    break
                seat = rng.choice(actors)
                t0 = time.perf_counter()
                view = engine.view(state, seat)
                action = bot.choose(view, engine.legal_actions(state, seat), rng)
                times.append(time.perf_counter() - t0)
                engine.apply(state, seat, action)
        times.sort()
        out[strength] = {
            "p50": round(statistics.median(times) * 1000, 3),
            "p95": round(times[int(0.95 * (len(times) - 1))] * 1000, 3),
            "decisions": len(times),
        }
    return out


def play_bot_game(
    slug: str, players: int, options: dict[str, Any], strengths: list[str], seed: int
) -> dict[str, Any]:
    """One full game between bots (``strengths[seat]``); returns the result as JSON."""
    engine = get_engine(slug)
    bots = [engine.bot(s) for s in strengths]
    rng = random.Random(seed ^ 0x5EED)
    state = engine.new_game(players, options, seed)
    while True:
        actors = sorted(engine.actors(state))
        if not actors:
            break
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        view = engine.view(state, seat)
        engine.apply(state, seat, bots[seat].choose(view, engine.legal_actions(state, seat), rng))
    result = engine.result(state)
    assert result is not None
    return result.to_json()


def _tournament_game(args: tuple[str, Tournament, int, int]) -> tuple[float, int]:
    slug, t, hero_seat, seed = args
    strengths = [t.field] * t.players
    strengths[hero_seat] = t.hero
    result = play_bot_game(slug, t.players, t.options, strengths, seed)
    unit = get_engine(slug).tournament_unit
    if unit == "round":
        rounds = result["round_winners"]
        won = sum(1 / len(w) for w in rounds if hero_seat in w)
        return won, len(rounds)
    winners = result["winners"]
    return (1 / len(winners) if hero_seat in winners else 0.0), 1


def tournament(slug: str, t: Tournament, games: int, workers: int) -> dict[str, Any]:
    rng = random.Random(3)
    jobs = [(slug, t, g % t.players, rng.getrandbits(63)) for g in range(games)]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(_tournament_game, jobs, chunksize=max(1, games // (workers * 8))))
    won = sum(r[0] for r in results)
    units = sum(r[1] for r in results)
    rate = won / units if units else 0.0
    return {
        "hero": t.hero,
        "field": t.field,
        "players": t.players,
        "label": t.label,
        "options": t.options,
        "games": games,
        "units": units,
        "unit": get_engine(slug).tournament_unit,
        "hero_win_rate": round(rate, 4),
        "ci95": list(wilson(rate, units)),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def selected(t: Tournament, only: list[str]) -> bool:
    """``only`` holds filters like ``stark-normal`` or ``stark-normal-5`` (hero-field[-players])."""
    if not only:
        return True
    name = f"{t.hero.split(':')[0]}-{t.field}"
    return any(f in (name, f"{name}-{t.players}") for f in only)


def run(
    slug: str,
    quick: bool,
    workers: int,
    only_tournaments: bool = False,
    only: list[str] | None = None,
) -> dict[str, Any]:
    engine = get_engine(slug)
    # the engine package that declares the engine (``games/<game>/engine/__init__.py``)
    spec: BenchSpec = importlib.import_module(type(engine).__module__).BENCH
    out: dict[str, Any] = {"game": slug, "quick": quick, "cores": workers}
    if not only_tournaments:
        out.update(random_play(engine, spec, 3.0 if quick else 15.0))
        out["bot_ms_per_decision"] = bot_timing(
            engine, spec, spec.bot_decisions_quick if quick else spec.bot_decisions
        )
    out["tournaments"] = [
        tournament(slug, t, t.quick_games if quick else t.games, workers)
        for t in spec.tournaments
        if selected(t, only or [])
    ]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    slugs = [e.slug for e in engines()]
    # no ``choices=``: Python 3.11's argparse checks the whole default list against them
    parser.add_argument("games", nargs="*", help=f"default: all ({', '.join(slugs)})")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.add_argument("--quick", action="store_true", help="small version, under a minute")
    parser.add_argument("--tournaments-only", action="store_true")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="HERO-FIELD[-PLAYERS]",
        help="run only these tournaments, e.g. --only stark-leicht --only stark-normal-5",
    )
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in slugs]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)} (choose from {', '.join(slugs)})")
    for slug in args.games or slugs:
        out = run(slug, args.quick, args.workers, args.tournaments_only, args.only)
        if args.json:
            print(json.dumps(out))
        else:
            print(json.dumps(out, indent=2, ensure_ascii=False))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
