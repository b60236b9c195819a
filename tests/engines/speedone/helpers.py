"""Helpers for Speedone scenario tests: set up exact table situations."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest

from games.engines.base import IllegalAction, InvalidOptions
from games.speedone.engine import SpeedoneEngine
from games.speedone.engine.cards import COLOR_CODE, DECK, parse
from games.speedone.engine.rules import State
from games.speedone.texts import TEXTS
from games.wording import say

ENGINE = SpeedoneEngine()
SEED = 987_654_321_123


@contextmanager
def refused(
    kind: type[IllegalAction] | type[InvalidOptions], words: str = ""
) -> Iterator[pytest.ExceptionInfo[Any]]:
    """Like ``pytest.raises(kind, match=words)``, but ``words`` are searched in the refusal as the
    player reads it (the engine's code said with the game's catalogue)."""
    with pytest.raises(kind) as exc:
        yield exc
    said = say(exc.value.msg, TEXTS)
    assert re.search(words, said), said


def codes(cards: Sequence[str]) -> list[int]:
    out = []
    for c in cards:
        code = parse(c)
        assert code is not None, c
        out.append(code)
    return out


def table(
    hands: Sequence[Sequence[str]],
    top: str,
    *,
    color: str | None = None,
    pile: Sequence[str] = ("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"),
    turn: int = 0,
    direction: int = 1,
    pending: int = 0,
    discard_below: Sequence[str] = (),
    options: dict[str, Any] | None = None,
    fill: bool = False,
) -> State:
    """A state in the middle of round 1 with exactly these hands, this top card (``color`` is
    the demanded colour, needed after a wild) and this draw pile (``pile`` top first).
    ``fill`` puts the rest of the 108 cards under the pile (needed by the strong bot's re-deal)."""
    state = ENGINE.new_game(len(hands), options, SEED)
    state.hands = [sorted(codes(h)) for h in hands]
    state.discard = codes(discard_below) + codes([top])
    top_code = state.discard[-1]
    state.color = COLOR_CODE[color] if color else top_code >> 4
    state.pile = list(reversed(codes(pile)))
    if fill:
        rest = list(DECK)
        for c in [*state.pile, *state.discard, *sum(state.hands, [])]:
            rest.remove(c)
        state.pile[:0] = rest
    state.turn = turn
    state.direction = direction
    state.pending = pending
    state.one = [False] * len(hands)
    return state


def hand(state: State, seat: int) -> list[str]:
    return ENGINE.view(state, seat)["hand"]


def play(state: State, seat: int, card: str, color: str | None = None) -> list[dict[str, Any]]:
    action: dict[str, Any] = {"type": "play", "card": card}
    if color:
        action["color"] = color
    return ENGINE.apply(state, seat, action)


def draw(state: State, seat: int) -> list[dict[str, Any]]:
    return ENGINE.apply(state, seat, {"type": "draw"})


def one(state: State, seat: int) -> list[dict[str, Any]]:
    return ENGINE.apply(state, seat, {"type": "one"})


def full_deal(players: int, hands: Sequence[Sequence[str]], first: str, rest: Sequence[str] = ()):
    """``deck=`` for new_game: the hands in seat order, the first card, then the pile top."""
    deck: list[str] = []
    for h in hands:
        assert len(h) == 7
        deck.extend(h)
    deck.append(first)
    deck.extend(rest)
    return deck
