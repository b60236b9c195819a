"""Scenario helpers: a game whose hands, attic and boxes are set by notation."""

from __future__ import annotations

from typing import Any

from django.utils import translation

from games.engines.base import Msg, get_engine
from games.speedtroedel.engine import SpeedtroedelEngine
from games.speedtroedel.engine.cards import FALSCH_A, FALSCH_B, parse
from games.speedtroedel.engine.rules import State
from games.speedtroedel.texts import TEXTS
from games.wording import say

ENGINE: SpeedtroedelEngine = get_engine("speedtroedel")  # type: ignore[assignment]


#: plenty of attic cards so that a round end never runs the attic dry
BIG_ATTIC = [f"{s}{v}" for v in range(11, 19) for s in "PSBM"] + [f"E{v}" for v in range(1, 17)]


def ids(codes: list[str]) -> list[int]:
    """Card ids of notation strings; a second ``F`` is the second Fälschung."""
    out: list[int] = []
    for k in codes:
        c = parse(k)
        assert c is not None, k
        if c == FALSCH_A and FALSCH_A in out:
            c = FALSCH_B
        out.append(c)
    return out


def game(
    hands: list[list[str]],
    *,
    leader: int = 0,
    attic: list[str] | None = None,
    boxes: list[list[str]] | None = None,
    scores: list[int] | None = None,
    options: dict[str, Any] | None = None,
    rnd: int = 0,
) -> State:
    """A game of ``len(hands)`` players in round ``rnd + 1`` with exactly these hands."""
    n = len(hands)
    st = ENGINE.new_game(n, options, 424242)
    flat = [k for h in hands for k in h] + (attic or []) + [k for b in boxes or [] for k in b]
    everything = ids(flat)
    assert len(set(everything)) == len(everything), "a card appears twice"
    pos = 0
    st.hands = []
    for h in hands:
        st.hands.append(sorted(everything[pos : pos + len(h)]))
        pos += len(h)
    if attic is not None:
        st.attic = everything[pos : pos + len(attic)]
        pos += len(attic)
    if boxes is not None:
        st.boxes = []
        for b in boxes:
            st.boxes.append(everything[pos : pos + len(b)])
            pos += len(b)
    if scores is not None:
        st.scores = list(scores)
    st.rnd = rnd
    st.leader = st.turn = leader
    return st


def play(st: State, seat: int, card: str) -> list[dict[str, Any]]:
    return ENGINE.apply(st, seat, {"type": "play", "card": card})


def trick(st: State, *cards: str) -> list[dict[str, Any]]:
    """Play one card per seat in turn order, starting with the seat to play."""
    events: list[dict[str, Any]] = []
    for k in cards:
        events += play(st, st.turn, k)
    return events


def legal_cards(st: State, seat: int) -> list[str]:
    return [a["card"] for a in ENGINE.legal_actions(st, seat)]


def counter(st: State, seat: int) -> list[str]:
    return ENGINE.view(st, seat)["counter"]


def said(message: Msg | str) -> str:
    """An engine's code with arguments in the German words players read."""
    with translation.override("de"):
        return say(message, TEXTS)
