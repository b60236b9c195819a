"""Pure functions over views and logs: the Marktbuch grid and the achievements (Erfolge).

Achievements are detected on a finished game's public event log. The engine keeps that log in
the state (every event ``apply`` returned, plus a ``start`` event); the site reads it from
``engine.result(state).details["log"]`` and calls
``achievements(log, seat, context)``. ``context`` carries what only the site knows: the mode
(``"reise"`` with the ``station`` key, or ``"tagesbasar"``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from games.speedbasar.engine import cards as C

DOT_REVEALED = "aufgedeckt"
DOT_HAND = "hand"
DOT_LAID = "gelegt"
DOT_UNKNOWN = "unbekannt"


Dots = tuple[str, ...]
#: the Marktbuch as plain tuples: per spice (code letter, name, per number (number, dots)), per
#: joker kind (name, dots), and how many cards are unknown to the seat
BookGrid = tuple[
    tuple[tuple[str, str, tuple[tuple[int, Dots], ...]], ...], tuple[tuple[str, Dots], ...], int
]

_BOOK_SPICES = tuple(
    (C.SPICES[s], C.SPICE_NAMES[s], tuple((v, s * 10 + v - 1) for v in range(1, 11)))
    for s in range(3)
)
#: the jokers in the Marktbuch: (name code, card, notation)
_BOOK_JOKERS = (("card.w", C.WAAGE, "W"), ("card.m", C.MUEHLE, "M"))


@cache
def _dots(revealed: int, hand: int, laid: int) -> Dots:
    unknown = C.COPIES - revealed - hand - laid
    return (
        (DOT_REVEALED,) * revealed
        + (DOT_HAND,) * hand
        + (DOT_LAID,) * laid
        + (DOT_UNKNOWN,) * unknown
    )


def book_grid(revealed: Iterable[str], hand: Iterable[str] | None, laid: Iterable[str]) -> BookGrid:
    """The Marktbuch grid of a seat that sees the cards ``revealed`` (codes), holds ``hand``
    (``None``: no hand, a spectator) and laid ``laid`` into the open pile: per spice and number
    (and per joker kind) one dot per copy, revealed first, then the seat's own hand, then its own
    cards in the open pile, then unknown ones. (A seat's board needs it on every move: counting
    straight into tuples costs about a third of building ``marktbuch``'s dicts.)"""
    counts = [[0, 0, 0] for _ in range(C.KINDS)]
    index = C.CODE_TO_CARD
    for code in revealed:
        counts[index[code]][0] += 1
    if hand is not None:
        for code in hand:
            counts[index[code]][1] += 1
        for code in laid:
            counts[index[code]][2] += 1
    spices = tuple(
        (spice, name, tuple((v, _dots(*counts[k])) for v, k in numbers))
        for spice, name, numbers in _BOOK_SPICES
    )
    jokers = tuple((name, _dots(*counts[k])) for name, k, _code in _BOOK_JOKERS)
    unknown = C.KINDS * C.COPIES - sum(map(sum, counts))
    return spices, jokers, unknown


BookInputs = tuple[tuple[str, ...], tuple[str, ...] | None, tuple[str, ...]]


def book_inputs(view: dict[str, Any]) -> BookInputs:
    """Everything of a seat's view that its Marktbuch depends on, sorted (the grid counts copies,
    so order does not matter; a hashable memo key): the revealed cards, the hand (``None``
    without one) and the seat's own cards in the open pile (none without a hand)."""
    hand = view.get("hand")
    if hand is None:
        return tuple(sorted(c for r in view["revealed"] for c in r["cards"])), None, ()
    me = view["seat"]
    return (
        tuple(sorted(c for r in view["revealed"] for c in r["cards"])),
        tuple(sorted(h["card"] for h in hand)),
        tuple(sorted(c for e in view["pile"] if e["seat"] == me for c in e["cards"])),
    )


def marktbuch(view: dict[str, Any]) -> dict[str, Any]:
    """``book_grid`` of a seat's view, as dicts (with each kind's card code)."""
    spices, jokers, unknown = book_grid(*book_inputs(view))
    return {
        "spices": [
            {
                "spice": spice,
                "name": name,
                "numbers": [
                    {"number": v, "card": f"{spice}{v}", "dots": list(dots)} for v, dots in numbers
                ],
            }
            for spice, name, numbers in spices
        ],
        "jokers": [
            {"card": code, "name": name, "dots": list(dots)}
            for (name, _k, code), (_name, dots) in zip(_BOOK_JOKERS, jokers, strict=True)
        ],
        "unknown": unknown,
    }


# -- achievements --------------------------------------------------------------------------------
#: the Erfolge of Speedbasar, in the order they are shown (their words: ``texts.ACHIEVEMENTS``)
ACHIEVEMENTS: tuple[str, ...] = (
    "erster_krug",
    "zwei_kruege",
    "zehnerfalle",
    "scharfes_auge",
    "leere_haende",
    "ehrliche_haut",
    "grosser_fang",
    "halbe_wahrheit",
    "unbeirrbar",
    "glutlaeufer",
    "stimmt_genau",
    "weltreisender",
    "tagessieger",
)


def winners_of(end: dict[str, Any]) -> list[int]:
    """Winners from an ``end`` event (same order as ``Engine.result``)."""
    scores, krugs, hands = end["scores"], end["krugs"], end["hand_counts"]
    if end["krug_winner"] >= 0:
        return [end["krug_winner"]]
    keys = [(-scores[s], -krugs[s], hands[s]) for s in range(len(scores))]
    best = min(keys)
    return [s for s, k in enumerate(keys) if k == best]


def achievements(
    log: Sequence[dict[str, Any]], seat: int, context: dict[str, Any] | None = None
) -> list[str]:
    """Keys of ``ACHIEVEMENTS`` that ``seat`` earned in a finished game with this event log."""
    context = context or {}
    ends = [e for e in log if e["type"] == "end"]
    if not ends:
        return []
    end = ends[-1]
    won = seat in winners_of(end)
    reveals = [e for e in log if e["type"] == "reveal"]
    got: set[str] = set()
    if any(e["type"] == "krug" and e["seat"] == seat for e in log):
        got.add("erster_krug")
    if end["krug_winner"] == seat:
        got.add("zwei_kruege")
    if won and end["hand_counts"][seat] == 0:
        got.add("leere_haende")
    if won and end["reason"] == "glut":
        got.add("glutlaeufer")
    streak = 0
    for r in reveals:
        mine_doubt = r["doubter"] == seat
        if mine_doubt and r["feature"] != "exact":
            right = not r["holds"]
            streak = streak + 1 if right else 0
            if streak >= 5:
                got.add("scharfes_auge")
            if right and r["claim"]["number"] == 10:
                got.add("zehnerfalle")
        if mine_doubt and r["feature"] == "exact" and r["holds"]:
            got.add("stimmt_genau")
        if r["winner"] == seat and r["pile"] >= 10 and mine_doubt:
            got.add("grosser_fang")
        if r["seat"] == seat and r["feature"] != "exact" and r["holds"]:
            if any(c in ("W", "M") for c in r["cards"]):
                got.add("halbe_wahrheit")
            if r["last_card"]:
                got.add("unbeirrbar")
    against = [r for r in reveals if r["seat"] == seat and r["feature"] != "exact"]
    if won and against and all(r["holds"] for r in against):
        got.add("ehrliche_haut")
    if won and context.get("mode") == "tagesbasar":
        got.add("tagessieger")
    if (
        won
        and context.get("mode") == "reise"
        and context.get("station") == "samarkand"
        and any(e["type"] == "krug" and e["seat"] == seat for e in log)
    ):
        got.add("weltreisender")
    return [k for k in ACHIEVEMENTS if k in got]
