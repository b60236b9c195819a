"""Post-game analysis benchmarks (issue 47). Three commands:

``python -m bench.analysis cost [--games K] [--out COSTFILE] [slug ...]``
    CPU seconds (one core, ``time.process_time``) to analyse one person's decisions of a whole
    game with the site's budget (``Engine.analysis_samples``): ``K`` games, 3 players (fewer
    where the game has no third), default options, seat 0 is "the person" (in game ``g`` a
    ``FIELD[g % 3]`` bot, the others normal bots); median, p95 and max over the games, and the
    judged decisions per game; ``--out`` appends one JSON line per game with its losses.

``python -m bench.analysis check --samples S [--games N] [--first G] [--minutes M] --out FILE [slug ...]``
    Bot games of a mixed field (``leicht``, ``normal``, ``stark``; the seats rotate from game to
    game), every seat's decisions judged with ``S`` re-deals each (the same for every decision);
    one JSON line per game is appended to ``FILE`` (strengths, winners, places, every judged
    loss per seat). Per game at most ``N`` games or ``M`` minutes of wall clock, the games one
    after the other. ``--first G`` starts at game number ``G`` (each game's seed and field follow
    from its number): processes with disjoint ranges run side by side, and their files joined
    (``cat``) are one run. Games already recorded – in ``FILE`` or among the kept lines below,
    with the same ``S`` – are skipped, so a run continues where an earlier one stopped.

``python -m bench.analysis keep FILE [FILE ...]``
    Merge check lines into the repository's record, ``bench/results/analysis/<slug>.jsonl.gz``
    (one line per game number and ``S``, sorted; about 120 bytes per game compressed): the
    1,000 games per game issue 47 asks for take more CPU hours than one session has, so the
    sessions add to one record.

``python -m bench.analysis report [FILE ...] [--cost COSTFILE]``
    From those lines (without ``FILE``: the kept record), per game: the loss distribution of each strength's decisions (the share
    within noise, quantiles), the thresholds derived from them (``derive``), and whether the
    marks mean something, with the site's thresholds and with the derived ones: how often the
    seat with the lowest accuracy is not on place 1 against an average seat, and the correlation
    between a seat's accuracy and its having won (positive: the more accurate seats win more
    often), with a 95 % interval from a bootstrap over games (the seats of one game are not
    independent). With ``--cost``: the cost lines' CPU seconds and losses at the site's budget.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from games.engines import analysis as sim
from games.engines.base import Action, Engine, engines, get_engine

OPTIONS: dict[str, dict[str, Any]] = {
    "speedtroedel": {},
    "speedone": {},
    "speedbasar": {},
    "speedwerk": {},
}

FIELD = ("leicht", "normal", "stark")

Log = list[tuple[int, Action, dict[str, Any], list[Action]]]


def players_of(engine: Engine[Any]) -> int:
    return min(max(engine.min_players, 3), engine.max_players)


def play(engine: Engine[Any], strengths: list[str], seed: int) -> tuple[Log, Any]:
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
    engine: Engine[Any], log: Log, seats: set[int], seed: int, samples: int
) -> dict[int, list[float]]:
    """The expected loss of every judged decision per seat (0 within noise; forced moves are
    not judged), as the site judges them (the strong bot's move among the candidates)."""
    losses: dict[int, list[float]] = {s: [] for s in seats}
    for number, (seat, action, view, legal) in enumerate(log, start=1):
        if seat not in seats:
            continue
        extra = sim.strong_pick(engine, view, legal, seed + number)
        j = sim.judge(engine, view, legal, action, seed + number, samples, None, extra)
        if j is not None:
            losses[seat].append(round(j.loss, 3))
    return losses


def quantile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))
    return xs[k]


# -- cost ---------------------------------------------------------------------------------------
def cost(engine: Engine[Any], games: int, out: Path | None = None) -> dict[str, Any]:
    """Game ``g``: seat 0 ("the person") is ``FIELD[g % 3]``, the others normal bots."""
    seconds = []
    judged = []
    players = players_of(engine)
    for g in range(games):
        strengths = ["normal"] * players
        strengths[0] = FIELD[g % len(FIELD)]
        log, _state = play(engine, strengths, 1000 + g)
        started = time.process_time()
        losses = analyse(engine, log, {0}, 7 * g, engine.analysis_samples)
        seconds.append(time.process_time() - started)
        judged.append(len(losses[0]))
        line = {
            "game": engine.slug,
            "g": g,
            "samples": engine.analysis_samples,
            "strength": strengths[0],
            "cpu_s": round(seconds[-1], 2),
            "losses": losses[0],
        }
        if out is not None:
            with out.open("a") as f:
                f.write(json.dumps(line) + "\n")
    return {
        "games": games,
        "players": players,
        "samples": engine.analysis_samples,
        "cpu_s_median": round(statistics.median(seconds), 1),
        "cpu_s_p95": round(quantile(seconds, 0.95), 1),
        "cpu_s_max": round(max(seconds), 1),
        "judged_per_game": round(statistics.mean(judged), 1),
        "cpu_ms_per_decision": round(1000 * sum(seconds) / max(1, sum(judged)), 1),
    }


# -- the check ----------------------------------------------------------------------------------
def check(
    engine: Engine[Any], samples: int, games: int, minutes: float, out: Path, first: int = 0
) -> int:
    players = players_of(engine)
    started = time.monotonic()
    done = 0
    recorded = {
        line["g"]
        for path in (out, kept_path(engine.slug))
        if path.exists()
        for line in lines_by_game(path).get(engine.slug, [])
        if line["samples"] == samples
    }
    for g in range(first, first + games):
        if time.monotonic() - started > 60 * minutes:
            break
        if g in recorded:
            continue
        strengths = [FIELD[(s + g) % len(FIELD)] for s in range(players)]
        log, state = play(engine, strengths, 5000 + g)
        result = engine.result(state)
        assert result is not None
        cpu = time.process_time()
        losses = analyse(engine, log, set(range(players)), 13 * g, samples)
        line = {
            "game": engine.slug,
            "g": g,
            "samples": samples,
            "strengths": strengths,
            "winners": list(result.winners),
            "places": list(result.places),
            "losses": [losses[s] for s in range(players)],
            "cpu_s": round(time.process_time() - cpu, 2),
        }
        with out.open("a") as f:
            f.write(json.dumps(line) + "\n")
        done += 1
    return done


# -- the report ---------------------------------------------------------------------------------
def derive(by_strength: dict[str, list[float]]) -> tuple[float, float, float, float]:
    """Thresholds from the measured losses (docs/analysis.md): a „Fehler“ is a loss the normal
    bot's decisions reach at most 5 % of the time (its p95); an „Ungenauigkeit“ one the strong
    bot's decisions reach at most 5 % of the time (its p95; where that is 0 – the strong bot
    stands out of the noise in fewer than 5 % of its decisions – the normal bot's p90, and where
    that is 0 too, half the Fehler); the Fehler at least 1.5 × the Ungenauigkeit; a „Patzer“ a
    loss the normal bot's decisions reach at most 1 % of the time (its p99), at least 1.5 × the
    Fehler; the accuracy's scale is the Fehler threshold (a Fehler costs a decision at least
    63 % of its accuracy)."""
    strong = by_strength.get("stark", [])
    normal = by_strength.get("normal", [])
    mistake = quantile(normal, 0.95)
    inaccuracy = quantile(strong, 0.95) or quantile(normal, 0.90) or mistake / 2
    mistake = max(mistake, inaccuracy * 1.5)
    blunder = max(quantile(normal, 0.99), mistake * 1.5)
    return (round(inaccuracy, 1), round(mistake, 1), round(blunder, 1), round(mistake, 1))


def correlation(pairs: list[tuple[float, float]]) -> float:
    xs = [a for a, _ in pairs]
    ys = [b for _, b in pairs]
    if len(pairs) < 2 or statistics.pstdev(xs) == 0 or statistics.pstdev(ys) == 0:
        return 0.0
    mx, my = statistics.mean(xs), statistics.mean(ys)
    cov = sum((x - mx) * (y - my) for x, y in pairs) / len(pairs)
    return cov / (statistics.pstdev(xs) * statistics.pstdev(ys))


def meaning(lines: list[dict[str, Any]], scale: float) -> dict[str, Any]:
    per_game: list[list[tuple[float, float]]] = []
    lowest_lost = 0
    base_lost = 0.0
    for line in lines:
        n = len(line["losses"])
        acc = [sim.accuracy(line["losses"][s], scale) for s in range(n)]
        won = [1.0 if s in line["winners"] else 0.0 for s in range(n)]
        per_game.append(list(zip(acc, won, strict=True)))
        low = min(range(n), key=lambda s: (acc[s], s))
        lowest_lost += won[low] == 0.0
        base_lost += 1 - sum(won) / n
    games = len(lines)
    corr = correlation([p for game in per_game for p in game])
    rng = random.Random(47)
    boot = sorted(
        correlation([p for _ in range(games) for p in per_game[rng.randrange(games)]])
        for _ in range(1000)
    )
    return {
        "lowest_acc_lost": round(lowest_lost / games, 3),
        "base_lost": round(base_lost / games, 3),
        "corr_accuracy_win": round(corr, 3),
        "corr_95": [round(boot[24], 3), round(boot[974], 3)],
    }


def loss_table(by_strength: dict[str, list[float]]) -> dict[str, dict[str, Any]]:
    return {
        strength: {
            "decisions": len(xs),
            "within_noise": round(sum(1 for x in xs if x == 0) / max(1, len(xs)), 3),
            "mean": round(statistics.mean(xs), 2) if xs else 0.0,
            "p90": quantile(xs, 0.90),
            "p95": quantile(xs, 0.95),
            "p99": quantile(xs, 0.99),
        }
        for strength, xs in sorted(by_strength.items())
    }


#: the check lines kept in the repository (``keep``), one file per game
RESULTS = Path(__file__).parent / "results" / "analysis"


def kept_path(slug: str) -> Path:
    return RESULTS / f"{slug}.jsonl.gz"


def lines_by_game(*paths: Path) -> dict[str, list[dict[str, Any]]]:
    """The JSON lines of ``--out`` files (``.gz`` ones too), by game."""
    by_game: dict[str, list[dict[str, Any]]] = {}
    for path in paths:
        if path.suffix == ".gz":
            text = gzip.decompress(path.read_bytes()).decode()
        else:
            text = path.read_text()
        for raw in text.splitlines():
            if raw.strip():
                line = json.loads(raw)
                by_game.setdefault(line["game"], []).append(line)
    return by_game


def keep(paths: list[Path]) -> dict[str, int]:
    """Merge the check lines of ``paths`` into the kept record (one line per game number and
    sample count; a game run twice is the same game, seeded by its number): lines per game."""
    found = lines_by_game(*paths)
    counts = {}
    for slug, lines in found.items():
        target = kept_path(slug)
        old = lines_by_game(target).get(slug, []) if target.exists() else []
        merged = {(x["samples"], x["g"]): x for x in [*old, *lines]}
        body = "".join(json.dumps(merged[k]) + "\n" for k in sorted(merged))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(gzip.compress(body.encode(), compresslevel=9, mtime=0))
        counts[slug] = len(merged)
    return counts


def cost_report(path: Path) -> list[dict[str, Any]]:
    """The lines of ``cost --out``: CPU seconds per game and the losses at the site's budget per
    strength of the judged seat."""
    by_game = lines_by_game(path)
    out = []
    for slug, lines in by_game.items():
        seconds = [x["cpu_s"] for x in lines]
        by_strength: dict[str, list[float]] = {}
        for line in lines:
            by_strength.setdefault(line["strength"], []).extend(line["losses"])
        out.append(
            {
                "game": slug,
                "games": len(lines),
                "samples": sorted({x["samples"] for x in lines}),
                "cpu_s_median": round(statistics.median(seconds), 1),
                "cpu_s_p95": round(quantile(seconds, 0.95), 1),
                "judged_per_game": round(statistics.mean(len(x["losses"]) for x in lines), 1),
                "losses_site_budget": loss_table(by_strength),
                "derived_at_site_budget": list(derive(by_strength)),
            }
        )
    return out


def report(paths: list[Path]) -> list[dict[str, Any]]:
    by_game = lines_by_game(*(paths or sorted(RESULTS.glob("*.jsonl.gz"))))
    out = []
    for slug, lines in by_game.items():
        engine = get_engine(slug)
        by_strength: dict[str, list[float]] = {}
        accuracy: dict[str, list[float]] = {}
        site = sim.thresholds_of(engine)
        for line in lines:
            for s, strength in enumerate(line["strengths"]):
                by_strength.setdefault(strength, []).extend(line["losses"][s])
                accuracy.setdefault(strength, []).append(
                    sim.accuracy(line["losses"][s], site.scale)
                )
        losses = {
            strength: {**row, "mean_accuracy": round(statistics.mean(accuracy[strength]), 1)}
            for strength, row in loss_table(by_strength).items()
        }
        derived = derive(by_strength)
        out.append(
            {
                "game": slug,
                "games": len(lines),
                "samples": sorted({line["samples"] for line in lines}),
                "cpu_s_per_game_mean": round(statistics.mean(x["cpu_s"] for x in lines), 1),
                "losses": losses,
                "site_thresholds": list(engine.analysis_thresholds),
                "derived_thresholds": list(derived),
                "meaning_site": meaning(lines, site.scale),
                "meaning_derived": meaning(lines, derived[3] or site.scale),
            }
        )
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_cost = sub.add_parser("cost")
    p_cost.add_argument("slugs", nargs="*")
    p_cost.add_argument("--games", type=int, default=5)
    p_cost.add_argument("--out", type=Path, default=None, help="one JSON line per game")
    p_check = sub.add_parser("check")
    p_check.add_argument("slugs", nargs="*")
    p_check.add_argument("--samples", type=int, required=True)
    p_check.add_argument("--games", type=int, default=1000)
    p_check.add_argument("--first", type=int, default=0, help="the first game's number")
    p_check.add_argument("--minutes", type=float, default=1e9)
    p_check.add_argument("--out", type=Path, required=True)
    p_keep = sub.add_parser("keep")
    p_keep.add_argument("files", nargs="+", type=Path)
    p_report = sub.add_parser("report")
    p_report.add_argument("files", nargs="*", type=Path, help="without: the kept record")
    p_report.add_argument("--cost", type=Path, default=None, help="the lines of cost --out")
    args = parser.parse_args(argv)
    if args.command == "keep":
        print(json.dumps({"kept_games": keep(args.files)}), flush=True)
        return 0
    if args.command == "report":
        for row in report(args.files):
            print(json.dumps(row), flush=True)
        for row in cost_report(args.cost) if args.cost else []:
            print(json.dumps(row), flush=True)
        return 0
    slugs = args.slugs or [e.slug for e in engines()]
    for slug in slugs:
        engine = get_engine(slug)
        if args.command == "cost":
            found = cost(engine, args.games, args.out)
            print(json.dumps({"game": slug, "cost": found}), flush=True)
        else:
            done = check(engine, args.samples, args.games, args.minutes, args.out, args.first)
            print(json.dumps({"game": slug, "checked_games": done}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
