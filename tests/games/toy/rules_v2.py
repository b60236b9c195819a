"""„Hoch“ by its second rules (``rules_version = 2``, the test of issue 40's rules versions):
seat 1 leads and the lower card wins. Everything else is the first rules' (``rules``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engines.base import Action, Event, IllegalAction, Result
from tests.games.toy import rules
from tests.games.toy.rules import (  # noqa: F401 – the rest of the module's interface
    State,
    actors,
    clone_state,
    describe_action,
    legal_actions,
    state_from_json,
    state_to_json,
    timeout_action,
)


def new_game(
    players: int, options: dict[str, Any], seed: int, deck: Sequence[str] | None = None
) -> State:
    state = rules.new_game(players, options, seed, deck)
    state["turn"] = 1
    return state


def apply(state: State, seat: int, action: Action) -> list[Event]:
    if seat not in actors(state):
        raise IllegalAction("error.not_your_turn")
    card = action.get("card") if isinstance(action, dict) else None
    if action.get("type") != "play" or card not in state["hands"][seat]:
        raise IllegalAction("error.invalid_move")
    state["hands"][seat].remove(card)
    state["played"][seat] = card
    state["turn"] = 0 if seat == 1 else None
    return [{"type": "play", "seat": seat, "card": card}]


def result(state: State) -> Result | None:
    if state["turn"] is not None:
        return None
    a, b = (int(c) for c in state["played"])
    places = [1, 2] if a < b else [2, 1]
    return Result(scores=[a, b], places=places, winners=[places.index(1)], leaderboard=[0, 0])
