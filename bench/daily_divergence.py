"""Issue 41 item 1, measured: how often two attempts at the same daily deal, with identical human
moves, are still the same game after 10 human moves. Each pair plays one day's deal as the site
deals it (``leaderboards.daily``: its players, its options drawn from the seed); the person on
seat 0 plays the same moves in both attempts (a random policy fixed by the pair and the
position), the bots ("normal", as in the daily game) decide with each attempt's own ``bot_seed``
(``games.engines.base.bot_rng``, as ``games.actions.run_bot`` does). The goal is at most 2 % per
game. For the pairs that stayed the same game it says what forced that, per bot decision: one
legal move ("forced"), several but the bot's rule leaves it one ("by rule": 16 other bot seeds
give the same move), or a choice its chance made alike twice ("by chance")::

    python -m bench.daily_divergence [game ...] [--pairs 50]
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field
from typing import Any

from games.engines.base import bot_rng, get_engine

GAMES = ("speedone", "speedbasar", "speedtroedel", "speedwerk")
HUMAN_MOVES = 10
#: the other bot seeds that decide whether a bot decision had a choice
PROBES = 16


@dataclass
class Attempt:
    """One attempt's moves ``(seat, action)`` and, per bot decision, what decided it (``forced``,
    ``rule`` or ``chance``; only when probed)."""

    log: list[tuple[int, str]] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)


def deal(game: str, day: int) -> tuple[int, dict[str, Any], int]:
    """The seed, options and players of a daily game, as ``leaderboards.daily`` draws them."""
    from leaderboards import daily

    seed = random.Random(f"daily-divergence:{game}:{day}").getrandbits(63)
    return seed, daily.daily_options(game, seed), daily.daily_players(game)


def attempt(game: str, day: int, bot_seed: int, probe: bool = False) -> Attempt:
    """One attempt at the deal of ``day``: the person on seat 0 plays the moves of ``day``'s
    policy, the others are normal bots with ``bot_seed``. With ``probe`` each bot decision also
    records what decided it."""
    seed, options, players = deal(game, day)
    engine = get_engine(game)
    state = engine.new_game(players, options, seed)
    bot = engine.bot("normal")
    out = Attempt()
    human = version = 0
    while human < HUMAN_MOVES and engine.result(state) is None:
        actors = sorted(engine.actors(state))
        if not actors:
            break
        seat = actors[0]
        legal = engine.legal_actions(state, seat)
        action: dict[str, Any]
        if seat == 0:
            action = random.Random(f"{day}:{len(out.log)}:{legal}").choice(legal)
            human += 1
        else:
            view = engine.view(state, seat)
            action = bot.choose(view, legal, bot_rng(bot_seed, version, seat))
            if probe:
                moves = {
                    repr(sorted(bot.choose(view, legal, bot_rng(-k, version, seat)).items()))
                    for k in range(1, PROBES + 1)
                }
                kind = "forced" if len(legal) == 1 else "chance" if len(moves) > 1 else "rule"
                out.kinds.append(kind)
        engine.apply(state, seat, action)
        version += 1
        out.log.append((seat, repr(sorted(action.items()))))
    return out


def same_games(game: str, pairs: int) -> list[int]:
    """The days (``0 .. pairs-1``) whose two attempts (bot seeds ``2d+1`` and ``2d+2``) were the
    same game."""
    return [
        day
        for day in range(pairs)
        if attempt(game, day, 2 * day + 1).log == attempt(game, day, 2 * day + 2).log
    ]


def main() -> None:
    from bench.load import setup_django

    setup_django()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--pairs", type=int, default=50)
    args = parser.parse_args()
    for game in args.games:
        same = same_games(game, args.pairs)
        print(f"{game}: {len(same)}/{args.pairs} identical ({100 * len(same) / args.pairs:.0f} %)")
        for day in same:
            probed = attempt(game, day, 2 * day + 1, probe=True)
            k = probed.kinds
            print(
                f"  day {day}: {len(k)} bot decisions: {k.count('forced')} forced, "
                f"{k.count('rule')} by rule, {k.count('chance')} by chance alike"
            )


if __name__ == "__main__":
    main()
