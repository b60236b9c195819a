"""Render times of the match frame and the boards: ``python -m bench.render [--positions N]``.

Bots (``leicht``) play whole games of every live game in memory (no database: an unsaved match
with unsaved seats, three seats where the game allows it); every position is rendered for the
seat to move (a player) and for a spectator. Printed per game and viewer, in ms per render (the
best of ``--repeat`` passes over all positions, so caches are warm as in a long-running process):

* ``context``: ``games.rendering.board_context`` (the engine's view, the presenter's ``present``),
* ``board``: ``Presenter.board_html`` (the game's own part),
* ``frame``: ``games.rendering.frame_html`` (the whole fragment, the board included).

The repeated passes find every per-move memo warm (a centre of the table, a countdown: in a live
process the first seat of a move fills them, the others find them). ``push`` is the live pattern:
fresh positions each pass, each rendered once for every seat and a spectator (context + frame),
in ms per move.

``render`` (printed in both modes): present + render of one board (``board_context`` and
``Presenter.board_html``) per position, each position's best of ``--repeat`` renders, as the
median (p50) and the mean over the positions, in ms, per game and viewer.

``--sizes`` prints the pushed board's size instead of the first two tables: the mean bytes of one
seat's fragment (``frame_html(..., oob=True)``, UTF-8) per position for a player and a spectator,
and the same compressed with zlib (a WebSocket with permessage-deflate sends about that).

``--threads N`` renders the push pattern (every seat's board of a move) in N threads at once, as
a web process's database threads do, once with the language active in the threads (as the
sockets' hops have it, ``games.sockets``) and once without (a fresh thread: Django's
``gettext``/``get_language`` then take asgiref's slow path under a lock all threads share);
printed as process CPU ms per move, the median of five alternating rounds.

Finished positions are left out (their end notes may ask the database). ``DEBUG=1`` by default
(the static files' manifest of a deployment is not needed).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import threading
import time
import zlib
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "1")  # development static storage (no manifest), as `make run`
django.setup()

from django.utils import timezone  # noqa: E402
from django.utils.translation import activate  # noqa: E402

from games import registry  # noqa: E402
from games.engines.base import get_engine  # noqa: E402
from games.models import Match, Seat  # noqa: E402
from games.rendering import board_context, frame_html  # noqa: E402

NAMES = ["Alice", "Bruno", "Cleo", "Dora"]
#: the short-game switches of the games that have one (each engine takes the keys it knows)
SHORT = {"kurz": True, "partie_kurz": True}


def positions(slug: str, count: int, seed: int = 1) -> list[tuple[Match, list[Seat], Any, int]]:
    """``count`` running positions of bot-played games: (match, seats, state, seat to move)."""
    engine = get_engine(slug)
    keys = {o.key for o in engine.options_schema}
    options = engine.validate_options({k: v for k, v in SHORT.items() if k in keys}, 3)
    players = max(engine.min_players, min(3, engine.max_players))
    rng = random.Random(seed)
    bot = engine.bot("leicht")
    out: list[tuple[Match, list[Seat], Any, int]] = []
    game = 0
    while len(out) < count:
        game += 1
        state = engine.new_game(players, options, rng.getrandbits(62))
        match = Match(
            pk=game,
            game=slug,
            players=players,
            options=options,
            seed=0,
            state={},
            status=Match.Status.RUNNING,
            recent=[],
            deadline=timezone.now(),
            move_seconds=30,
        )
        seats = [Seat(match=match, index=i, name=NAMES[i]) for i in range(players)]
        version = 0
        while not engine.is_over(state) and len(out) < count:
            actors = sorted(engine.actors(state))
            seat = rng.choice(actors)
            out.append((_copy(match, version), seats, engine.clone(state), seat))
            legal = engine.legal_actions(state, seat)
            action = bot.choose(engine.view(state, seat), legal, rng)
            events = engine.apply(state, seat, action)
            version += 1
            public = [e for e in events if not e.get("private")]
            match.recent = [*match.recent[-4:], {"v": version, "seat": seat, "events": public}]
    return out


def _copy(match: Match, version: int) -> Match:
    m = Match(**{f.attname: getattr(match, f.attname) for f in Match._meta.concrete_fields})
    m.version = version
    m.recent = list(match.recent)
    return m


def measure(
    slug: str, count: int, repeat: int
) -> tuple[dict[str, dict[str, float]], dict[str, tuple[float, float]]]:
    """The passes' best mean per stage and viewer, and per viewer (p50, mean) of present +
    render (context + board) over the positions, each position's best of the passes."""
    presenter = registry.presenter_of(slug)
    pos = positions(slug, count)
    out: dict[str, dict[str, float]] = {}
    per_board: dict[str, tuple[float, float]] = {}
    for viewer in ("player", "spectator"):
        best = {"context": 1e9, "board": 1e9, "frame": 1e9}
        each = [1e9] * len(pos)
        for _ in range(repeat):
            t_ctx = t_board = t_frame = 0.0
            for i, (match, seats, state, seat) in enumerate(pos):
                me = seats[seat] if viewer == "player" else None
                t0 = time.perf_counter()
                ctx = board_context(match, me, seats=seats, state=state)
                t1 = time.perf_counter()
                presenter.board_html(ctx)
                t2 = time.perf_counter()
                frame_html(ctx, oob=True)
                t3 = time.perf_counter()
                t_ctx += t1 - t0
                t_board += t2 - t1
                t_frame += t3 - t2
                each[i] = min(each[i], 1000 * (t2 - t0))
            for key, total in (("context", t_ctx), ("board", t_board), ("frame", t_frame)):
                best[key] = min(best[key], 1000 * total / len(pos))
        out[viewer] = best
        per_board[viewer] = (statistics.median(each), statistics.fmean(each))
    return out, per_board


def measure_render(slug: str, count: int, repeat: int) -> dict[str, tuple[float, float]]:
    """Per viewer (p50, mean) in ms of present + render of one board (``board_context`` and
    ``Presenter.board_html``), each position's best of ``repeat`` renders."""
    presenter = registry.presenter_of(slug)
    pos = positions(slug, count)
    out: dict[str, tuple[float, float]] = {}
    for viewer in ("player", "spectator"):
        each = []
        for match, seats, state, seat in pos:
            me = seats[seat] if viewer == "player" else None
            best = 1e9
            for _ in range(repeat):
                t0 = time.perf_counter()
                presenter.board_html(board_context(match, me, seats=seats, state=state))
                best = min(best, time.perf_counter() - t0)
            each.append(1000 * best)
        out[viewer] = (statistics.median(each), statistics.fmean(each))
    return out


def print_render(rows: list[tuple[str, dict[str, tuple[float, float]]]]) -> None:
    print(f"\n{'game':<14}{'viewer':<11}{'render p50 ms':>14}{'mean ms':>9}")
    print("(present + render of one board: board_context + board_html)")
    for slug, per_viewer in rows:
        for viewer, (p50, mean) in per_viewer.items():
            print(f"{slug:<14}{viewer:<11}{p50:>14.3f}{mean:>9.3f}")


def measure_push(slug: str, count: int, repeat: int) -> float:
    """ms per move for context + frame of every seat and a spectator, each position once."""
    best = 1e9
    for rep in range(repeat):
        pos = positions(slug, count, seed=100 + rep)  # new games: the per-move memos are cold
        t0 = time.perf_counter()
        for match, seats, state, _seat in pos:
            for me in (*seats, None):
                frame_html(board_context(match, me, seats=seats, state=state), oob=True)
        best = min(best, 1000 * (time.perf_counter() - t0) / len(pos))
    return best


def measure_threads(slug: str, count: int, threads: int, language: bool) -> float:
    """Process CPU ms per move of every seat's board, rendered by ``threads`` threads at once
    (each over the same positions), with or without the language active in the threads."""
    pos = positions(slug, count, seed=200)

    def work() -> None:
        if language:  # a new thread starts with nothing active (the hop before the sockets did)
            activate("de")
        for match, seats, state, _seat in pos:
            for me in seats:
                frame_html(board_context(match, me, seats=seats, state=state), oob=True)

    pool = [threading.Thread(target=work) for _ in range(threads)]
    c0 = time.process_time()
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return 1000 * (time.process_time() - c0) / (threads * len(pos))


def measure_sizes(slug: str, count: int) -> dict[str, tuple[float, float]]:
    """Mean (bytes, deflated bytes) of one pushed fragment per position, per viewer."""
    out: dict[str, tuple[float, float]] = {}
    pos = positions(slug, count)
    for viewer in ("player", "spectator"):
        raw = packed = 0
        for match, seats, state, seat in pos:
            me = seats[seat] if viewer == "player" else None
            data = frame_html(board_context(match, me, seats=seats, state=state), oob=True)
            encoded = str(data).encode()
            raw += len(encoded)
            packed += len(zlib.compress(encoded, 6))
        out[viewer] = (raw / len(pos), packed / len(pos))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sizes", action="store_true", help="pushed bytes instead of times")
    parser.add_argument("--threads", type=int, default=0, help="render in N threads at once")
    parser.add_argument("games", nargs="*", default=[g.slug for g in registry.GAMES if g.live])
    args = parser.parse_args()
    activate("de")
    if args.threads:
        print(f"{'game':<14}{'threads':>8}{'no language ms':>16}{'language ms':>13}")
        for slug in args.games:
            rounds: dict[bool, list[float]] = {False: [], True: []}
            for _ in range(5):
                for language in (False, True):
                    rounds[language].append(
                        measure_threads(slug, args.positions, args.threads, language)
                    )
            off, on = (statistics.median(rounds[k]) for k in (False, True))
            print(f"{slug:<14}{args.threads:>8}{off:>16.3f}{on:>13.3f}")
        return
    if args.sizes:
        print(f"{'game':<14}{'viewer':<11}{'bytes':>9}{'deflated':>10}")
        for slug in args.games:
            for viewer, (raw, packed) in measure_sizes(slug, args.positions).items():
                print(f"{slug:<14}{viewer:<11}{raw:>9.0f}{packed:>10.0f}")
        print_render([(s, measure_render(s, args.positions, args.repeat)) for s in args.games])
        return
    print(f"{'game':<14}{'viewer':<11}{'context ms':>11}{'board ms':>10}{'frame ms':>10}")
    rendered = []
    for slug in args.games:
        stages, per_board = measure(slug, args.positions, args.repeat)
        rendered.append((slug, per_board))
        for viewer, t in stages.items():
            print(
                f"{slug:<14}{viewer:<11}{t['context']:>11.3f}{t['board']:>10.3f}{t['frame']:>10.3f}"
            )
    print_render(rendered)
    print(f"\n{'game':<14}{'push ms/move':>13}")
    for slug in args.games:
        print(f"{slug:<14}{measure_push(slug, args.positions, args.repeat):>13.3f}")


if __name__ == "__main__":
    main()
