"""Issue 41 item 1, measured: how often two attempts at the same daily deal, with identical human
moves, are still the same game after 10 human moves – the bots ("normal", as in the daily game)
decide with each attempt's own ``bot_seed`` (``games.engines.base.bot_rng``). The goal is at most
2 % per game. Pure engines, no Django::

    python -m bench.daily_divergence [game ...] [--pairs 50]
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from games.engines.base import bot_rng, get_engine

GAMES = ("speedone", "speedbasar", "speedtroedel", "speedwerk")
PLAYERS = 4
HUMAN_MOVES = 10


def attempt(game: str, seed: int, bot_seed: int, human_seed: int) -> list[tuple[int, str]]:
    """One attempt: seat 0 plays the same moves in every attempt of a pair (a random policy fixed
    by ``human_seed`` and the position), the others are normal bots. Returns the move log."""
    engine = get_engine(game)
    state = engine.new_game(PLAYERS, {}, seed)
    bot = engine.bot("normal")
    log: list[tuple[int, str]] = []
    human = version = 0
    while human < HUMAN_MOVES and engine.result(state) is None:
        actors = sorted(engine.actors(state))
        if not actors:
            break
        seat = actors[0]
        legal = engine.legal_actions(state, seat)
        action: dict[str, Any]
        if seat == 0:
            action = random.Random(f"{human_seed}:{len(log)}:{legal}").choice(legal)
            human += 1
        else:
            view = engine.view(state, seat)
            action = bot.choose(view, legal, bot_rng(bot_seed, version, seat))
        engine.apply(state, seat, action)
        version += 1
        log.append((seat, repr(sorted(action.items()))))
    return log


def identical(game: str, pairs: int) -> int:
    """How many of ``pairs`` attempt pairs were the same game."""
    return sum(
        attempt(game, 1000 + i, 2 * i + 1, i) == attempt(game, 1000 + i, 2 * i + 2, i)
        for i in range(pairs)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--pairs", type=int, default=50)
    args = parser.parse_args()
    for game in args.games:
        import importlib

        importlib.import_module(f"games.{game}.engine")
        same = identical(game, args.pairs)
        print(f"{game}: {same}/{args.pairs} identical ({100 * same / args.pairs:.0f} %)")


if __name__ == "__main__":
    main()
