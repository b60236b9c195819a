"""„Hoch“: two players each hold two cards of 1–9; seat 0 plays one, then seat 1; the higher
card wins."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from games.engines.base import Action, Event, IllegalAction, Result

State = dict[str, Any]


def new_game(
    players: int, options: dict[str, Any], seed: int, deck: Sequence[str] | None = None
) -> State:
    cards = list(deck) if deck else random.Random(seed).sample([str(c) for c in range(1, 10)], 4)
    return {"hands": [cards[0:2], cards[2:4]], "played": [None, None], "turn": 0}


def actors(state: State) -> frozenset[int]:
    return frozenset() if state["turn"] is None else frozenset({state["turn"]})


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in actors(state):
        return []
    return [{"type": "play", "card": c} for c in state["hands"][seat]]


def apply(state: State, seat: int, action: Action) -> list[Event]:
    if seat not in actors(state):
        raise IllegalAction("Du bist nicht am Zug.")
    card = action.get("card") if isinstance(action, dict) else None
    if action.get("type") != "play" or card not in state["hands"][seat]:
        raise IllegalAction("Diese Karte hast du nicht.")
    state["hands"][seat].remove(card)
    state["played"][seat] = card
    state["turn"] = 1 if seat == 0 else None
    return [{"type": "play", "seat": seat, "card": card}]


def timeout_action(state: State, seat: int) -> Action:
    return legal_actions(state, seat)[0]


def result(state: State) -> Result | None:
    if state["turn"] is not None:
        return None
    a, b = (int(c) for c in state["played"])
    places = [1, 2] if a > b else [2, 1]
    return Result(scores=[a, b], places=places, winners=[places.index(1)], leaderboard=[0, 0])


def describe_action(action: Action) -> str:
    return f"spielt {action['card']}"


def state_to_json(state: State) -> dict[str, Any]:
    return copy.deepcopy(state)


def state_from_json(data: dict[str, Any]) -> State:
    return copy.deepcopy(data)


clone_state = state_from_json
