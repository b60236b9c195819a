"""What one seat of „Hoch“ may know: its own hand and the played cards."""

from __future__ import annotations

import random

from games.engines.base import View
from tests.games.toy.rules import State, actors


def build_view(state: State, seat: int | None) -> View:
    over = state["turn"] is None
    return {
        "seat": seat,
        "players": 2,
        "phase": "over" if over else "play",
        "actors": sorted(actors(state)),
        "scores": [0, 0],
        "hand_counts": [len(h) for h in state["hands"]],
        "over": over,
        "hand": list(state["hands"][seat]) if seat is not None else [],
        "played": list(state["played"]),
    }


def sample_state(view: View, rng: random.Random) -> State:
    raise NotImplementedError("the toy's bots need no re-deal")
