"""Stacked-deck helpers for the Speedbasar scenario tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.engines.base import get_engine, shuffle_rng
from games.speedbasar.engine import SpeedbasarEngine
from games.speedbasar.engine import cards as C
from games.speedbasar.engine.rules import BasarState

E: SpeedbasarEngine = get_engine("speedbasar")  # type: ignore[assignment]

HANDS3 = [
    ["R1", "R2", "R3", "R4", "R5", "R6"],
    ["K1", "K2", "K3", "K4", "K5", "K6"],
    ["S1", "S2", "S3", "S4", "S5", "S6"],
]


def seed_for_start(players: int, start: int) -> int:
    """A seed whose lot lets ``start`` begin."""
    seed = 987_654_321_987
    while shuffle_rng(seed, 1).randrange(players) != start:
        seed += 1
    return seed


def filler(hands: Sequence[Sequence[str]], count: int) -> list[str]:
    """``count`` cards that are still free after the hands (for a draw pile nobody cares about)."""
    used = Counter(c for h in hands for c in h)
    out: list[str] = []
    for code in reversed(C.CODES[:30]):
        while used[code] < C.COPIES and len(out) < count:
            used[code] += 1
            out.append(code)
    return out


def game(
    hands: Sequence[Sequence[str]] = HANDS3,
    draw: Sequence[str] | None = None,
    rules: Sequence[str] = (),
    start: int = 0,
) -> BasarState:
    """A game with the given hands (seat 0 first), draw pile (top first) and the Glut right
    under the draw pile."""
    pile = list(draw) if draw is not None else filler(hands, 12)
    deck = [c for h in hands for c in h] + pile + ["G"]
    options: dict[str, Any] = {"extrascharf": "auswahl", "regeln": list(rules)} if rules else {}
    return E.new_game(len(hands), options, seed_for_start(len(hands), start), deck)


def lay(state: BasarState, seat: int, cards: str | list[str], claim: str) -> list[dict[str, Any]]:
    """Lay ``cards`` claiming e.g. ``"R4"``."""
    cards = [cards] if isinstance(cards, str) else cards
    action = {"type": "lay", "cards": cards, "spice": claim[0], "number": int(claim[1:])}
    return E.apply(state, seat, action)


def believe(state: BasarState, seat: int) -> list[dict[str, Any]]:
    return E.apply(state, seat, {"type": "believe", "window": state.window})


def believe_all(state: BasarState) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for seat in sorted(E.actors(state)):
        events += believe(state, seat)
    return events


def doubt(state: BasarState, seat: int, feature: str = "number") -> list[dict[str, Any]]:
    return E.apply(state, seat, {"type": "doubt", "feature": feature, "window": state.window})


def pass_(state: BasarState, seat: int) -> list[dict[str, Any]]:
    return E.apply(state, seat, {"type": "pass"})


def hand(state: BasarState, seat: int) -> list[str]:
    return [C.code(c) for c in state.hands[seat]]
