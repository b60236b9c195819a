"""Post-game analysis benchmarks (issue 47): ``python -m bench.analysis [--games N] [--cost K]
[--samples S] [slug ...]``.

Prints one JSON object per game:

* ``cost``: CPU seconds (one core, ``time.process_time``) to analyse one person's decisions of
  a whole game with the site's budget (``Engine.analysis_samples``), over ``K`` games of normal
  bots (seat 0 is "the person"): mean, max and the judged decisions per game;
* ``marks_mean_something``: ``N`` games of a mixed field (one ``leicht`` bot and normal bots,
  seats rotated), every seat analysed (with ``--samples`` re-deals per decision, default the
  site's), and then: how often the seat with the lowest accuracy won no place 1 against how
  often an average seat does not (``lowest_acc_lost`` vs ``base_lost``), and the point-biserial
  correlation between a seat's accuracy and its having won (``corr_accuracy_win``: positive
  means the more accurate seats win more often).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from games.engines import analysis as sim
from games.engines.base import Action, Engine, engines, get_engine

OPTIONS: dict[str, dict[str, Any]] = {
    "speedtroedel": {},
    "speedone": {},
    "speedbasar": {},
    "speedwerk": {},
}


def play(
    engine: Engine[Any], strengths: list[str], seed: int
) -> tuple[list[tuple[int, Action, dict[str, Any], list[Action]]], Any]:
    """A bot game: every decision as (seat, action, view, legal), and the final state."""
    state = engine.new_game(len(strengths), OPTIONS.get(engine.slug), seed)
    bots = [engine.bot(s) for s in strengths]
    rng = random.Random(seed)
    log = []
    while True:
        actors = engine.actors(state)
        if not actors:
            return log, state
        seat = min(actors)
        legal = engine.legal_actions(state, seat)
        view = engine.view(state, seat)
        action = legal[0] if len(legal) == 1 else bots[seat].choose(view, legal, rng)
        log.append((seat, action, view, legal))
        engine.apply(state, seat, action)


def analyse(
    engine: Engine[Any],
    log: list[tuple[int, Action, dict[str, Any], list[Action]]],
    seats: set[int],
    seed: int,
    samples: int,
) -> dict[int, list[float]]:
    """The losses of every judged decision per seat."""
    losses: dict[int, list[float]] = {s: [] for s in seats}
    for number, (seat, action, view, legal) in enumerate(log, start=1):
        if seat not in seats:
            continue
        extra = sim.strong_pick(engine, view, legal, seed + number)
        j = sim.judge(engine, view, legal, action, seed + number, samples, None, extra)
        if j is not None:
            losses[seat].append(j.loss)
    return losses


def cost(engine: Engine[Any], games: int) -> dict[str, Any]:
    seconds = []
    judged = []
    players = max(engine.min_players, 3)
    for g in range(games):
        log, _state = play(engine, ["normal"] * players, 1000 + g)
        started = time.process_time()
        losses = analyse(engine, log, {0}, 7 * g, engine.analysis_samples)
        seconds.append(time.process_time() - started)
        judged.append(len(losses[0]))
    return {
        "games": games,
        "samples": engine.analysis_samples,
        "cpu_s_mean": round(statistics.mean(seconds), 1),
        "cpu_s_max": round(max(seconds), 1),
        "judged_per_game": round(statistics.mean(judged), 1),
    }


def meaning(engine: Engine[Any], games: int, samples: int | None) -> dict[str, Any]:
    players = max(engine.min_players, 3)
    scale = sim.thresholds_of(engine).scale
    pairs: list[tuple[float, float]] = []
    lowest_lost = 0
    base_lost = 0.0
    for g in range(games):
        strengths = ["normal"] * players
        strengths[g % players] = "leicht"
        log, state = play(engine, strengths, 5000 + g)
        result = engine.result(state)
        assert result is not None
        losses = analyse(
            engine, log, set(range(players)), 13 * g, samples or engine.analysis_samples
        )
        acc = [sim.accuracy(losses[s], scale) for s in range(players)]
        won = [1.0 if s in result.winners else 0.0 for s in range(players)]
        pairs += list(zip(acc, won, strict=True))
        low = min(range(players), key=lambda s: (acc[s], s))
        lowest_lost += won[low] == 0.0
        base_lost += 1 - sum(won) / players
        done = g + 1
        print(  # progress on stderr: a cut-short run still says what it found so far
            json.dumps(
                {
                    "game": engine.slug,
                    "games_so_far": done,
                    "lowest_acc_lost": round(lowest_lost / done, 3),
                    "base_lost": round(base_lost / done, 3),
                    "corr_accuracy_win": round(correlation(pairs), 3),
                }
            ),
            file=sys.stderr,
            flush=True,
        )
    return {
        "games": games,
        "players": players,
        "samples": samples or engine.analysis_samples,
        "lowest_acc_lost": round(lowest_lost / games, 3),
        "base_lost": round(base_lost / games, 3),
        "corr_accuracy_win": round(correlation(pairs), 3),
        "mean_accuracy": round(statistics.mean(a for a, _w in pairs), 1),
    }


def correlation(pairs: list[tuple[float, float]]) -> float:
    xs = [a for a, _ in pairs]
    ys = [b for _, b in pairs]
    if len(pairs) < 2 or statistics.pstdev(xs) == 0 or statistics.pstdev(ys) == 0:
        return 0.0
    mx, my = statistics.mean(xs), statistics.mean(ys)
    cov = sum((x - mx) * (y - my) for x, y in pairs) / len(pairs)
    return cov / (statistics.pstdev(xs) * statistics.pstdev(ys))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slugs", nargs="*")
    parser.add_argument("--games", type=int, default=1000, help="games of the meaning check")
    parser.add_argument("--cost", type=int, default=3, help="games of the cost measurement")
    parser.add_argument("--samples", type=int, default=None, help="re-deals in the check")
    args = parser.parse_args(argv)
    slugs = args.slugs or [e.slug for e in engines()]
    for slug in slugs:
        engine = get_engine(slug)
        out: dict[str, Any] = {"game": slug}
        if args.cost:
            out["cost"] = cost(engine, args.cost)
        if args.games:
            out["marks_mean_something"] = meaning(engine, args.games, args.samples)
        print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
