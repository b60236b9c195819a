"""What a seat of Speedone may know (``build_view``) and re-dealing the hidden cards from it
(``sample_state``)."""

from __future__ import annotations

import random

from games.engines.base import View
from games.speedone.engine.cards import COLOR_CODE, COLORS, DECK, NAME, parse
from games.speedone.engine.rules import State, card_names


def build_view(state: State, seat: int | None) -> View:
    n = state.players
    top = state.discard[-1]
    seats = [
        {
            "seat": s,
            "cards": len(state.hands[s]),
            "one": state.one[s],
            "score": state.scores[s],
            "missed": [COLORS[c] for c in state.missed[s]],
        }
        for s in range(n)
    ]
    return {
        "game": "speedone",
        "seat": seat,
        "players": n,
        "phase": "over" if state.over else "play",
        "actors": [] if state.over else [state.turn],
        "hand_counts": [len(h) for h in state.hands],
        "options": dict(state.options),
        "round": state.round,
        "dealer": state.dealer,
        "turn": None if state.over else state.turn,
        "direction": state.direction,
        "top": NAME[top],
        "color": COLORS[state.color],
        "pending": state.pending,
        "draw_pile": len(state.pile),
        "discard": card_names(state.discard),
        "hand": None if seat is None else card_names(state.hands[seat]),
        "seats": seats,
        "teams": [[0, 2], [1, 3]] if state.options["partners"] else None,
        "scores": list(state.scores),
        "round_winners": [list(w) for w in state.round_winners],
        "round_points": [list(r) for r in state.round_points],
        "last_round": state.last_round,
        "over": state.over,
    }


def sample_state(view: View, rng: random.Random) -> State:
    n = view["players"]
    seat = view["seat"]
    state = State(
        players=n,
        options=dict(view["options"]),
        seed=rng.getrandbits(63),
        round=view["round"],
        dealer=view["dealer"],
        turn=-1 if view["turn"] is None else view["turn"],
        direction=view["direction"],
        color=COLOR_CODE[view["color"]],
        pending=view["pending"],
        discard=[parse(c) for c in view["discard"]],  # type: ignore[misc]
        one=[s["one"] for s in view["seats"]],
        scores=list(view["scores"]),
        missed=[[COLOR_CODE[c] for c in s["missed"]] for s in view["seats"]],
        round_winners=[list(w) for w in view["round_winners"]],
        round_points=[list(r) for r in view["round_points"]],
        last_round=view["last_round"],
        over=view["over"],
    )
    unknown = list(DECK)
    known = list(state.discard)
    own: list[int] = []
    if seat is not None:
        own = [parse(c) for c in view["hand"]]  # type: ignore[misc]
        known.extend(own)
    for c in known:
        unknown.remove(c)
    rng.shuffle(unknown)
    hands: list[list[int]] = []
    for s in range(n):
        if s == seat:
            hands.append(sorted(own))
        else:
            k = view["seats"][s]["cards"]
            hands.append(sorted(unknown[:k]))
            del unknown[:k]
    state.hands = hands
    state.pile = unknown
    assert len(unknown) == view["draw_pile"], "view is inconsistent"
    return state
