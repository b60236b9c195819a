"""Speedone cards: integer codes inside the engine, notation strings at the API edge.

A card is ``colour * 16 + value``. Colours 0–3 are R (rot), Y (gelb), G (grün), B (blau);
colour 4 marks the two wild cards. Values 0–9 are the numbers, 10 Aussetzen (``S``),
11 Richtungswechsel (``R``), 12 2 Ziehen (``+2``), 13 Farbwunsch (``W``), 14 Wunsch Plus4 (``W+4``).

Notation: ``R7``, ``GS``, ``BR``, ``Y+2``, ``W``, ``W+4``.
"""

from __future__ import annotations

from games.engines.base import Msg, msg

COLORS = "RYGB"
#: the colours' names as codes of the game's catalogue (``games.speedone.texts``)
COLOR_NAMES = ("card.color.r", "card.color.y", "card.color.g", "card.color.b")
WILD_COLOR = 4

SKIP = 10
REVERSE = 11
DRAW2 = 12
WILD = 13
WILD4 = 14

W = WILD_COLOR * 16 + WILD
W4 = WILD_COLOR * 16 + WILD4

HAND_LIMIT = 22
HAND_SIZE = 7

_SYMBOL = {SKIP: "S", REVERSE: "R", DRAW2: "+2"}
#: the action cards' names as codes: a card is named like its face ("Grün +2" in German)
VALUE_NAMES = {SKIP: "card.value.skip", REVERSE: "card.value.reverse", DRAW2: "card.value.draw2"}


def make(color: int, value: int) -> int:
    return color * 16 + value


def to_str(card: int) -> str:
    if card == W:
        return "W"
    if card == W4:
        return "W+4"
    v = card & 15
    return COLORS[card >> 4] + (str(v) if v < 10 else _SYMBOL[v])


def color_name(color: int) -> Msg:
    """A colour (0–3) as a code: the catalogue says "Rot", "Gelb", "Grün", "Blau"."""
    return Msg(COLOR_NAMES[color])


def value_name(card: int) -> Msg:
    """A card's value as a code: said "7", "Aussetzen", "+2", "Farbwunsch", "Wunsch Plus4"."""
    if card == W:
        return Msg("card.value.wild")
    if card == W4:
        return Msg("card.value.wild4")
    v = card & 15
    return msg("card.value.number", number=v) if v < 10 else Msg(VALUE_NAMES[v])


def spoken(card: int) -> Msg:
    """A card as every text names it, as a code: said "Rot 7", "Blau Aussetzen", "Grün +2",
    "Farbwunsch", "Wunsch Plus4" (never the notation ``R7``)."""
    if card >> 4 == WILD_COLOR:
        return value_name(card)
    return msg("card.name", color=color_name(card >> 4), value=value_name(card))


def full_deck() -> list[int]:
    """The 108 cards: per colour one 0, two each of 1–9, S, R, +2; four W and four W+4."""
    deck: list[int] = []
    for c in range(4):
        deck.append(make(c, 0))
        for v in range(1, 13):
            deck.append(make(c, v))
            deck.append(make(c, v))
    deck.extend([W] * 4)
    deck.extend([W4] * 4)
    return deck


DECK: tuple[int, ...] = tuple(sorted(full_deck()))
CODE: dict[str, int] = {to_str(c): c for c in set(DECK)}
NAME: dict[int, str] = {c: s for s, c in CODE.items()}
COLOR_CODE: dict[str, int] = {c: i for i, c in enumerate(COLORS)}


def parse(text: object) -> int | None:
    """The code of a card in notation, or ``None`` for anything that is no card."""
    if not isinstance(text, str):
        return None
    return CODE.get(text)


def points(card: int) -> int:
    """Points at round end: numbers their face value, action cards 20, wilds 50."""
    v = card & 15
    if v < 10:
        return v
    if v < 13:
        return 20
    return 50


POINTS: tuple[int, ...] = tuple(points(c) if c in NAME else 0 for c in range(80))
