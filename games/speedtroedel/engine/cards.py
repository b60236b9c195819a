"""Speedtrödel cards: integer ids inside the engine, a short notation at the API edge.

Notation (also used by ``deck=`` in tests, in actions and in views):

* colour cards: suit letter + value — ``P`` Porzellan, ``S`` Spielzeug, ``B`` Bücher, ``M`` Messing,
  ``E`` Smaragd (the trump). ``P7``, ``S11``, ``M18``, ``E5``. Values 1–10 are start cards, 11–18
  (Smaragd 1–16) attic cards; ``P0`` ``S0`` ``B0`` ``M0`` ``E0`` are the Schnäppchenblicke.
* special cards: ``T`` Tauschrunde, ``F`` Fälschung (two of them, both written ``F``), ``G`` Ganzer
  Posten, ``V`` Vordrängeln, ``H`` Heute gefragt, ``R`` Ramschtag.

Ids: colour card ``suit * 20 + value`` (suit 0–3 colours, 4 Smaragd), specials 100–106.
"""

from __future__ import annotations

from games.engines.base import Msg, msg

SUITS = "PSBME"
#: the colours' names as catalogue codes (``games.speedtroedel.texts``): Porzellan … Smaragd
SUIT_NAMES = tuple(f"card.colour.{s.lower()}" for s in SUITS)
EMERALD = 4

TAUSCH = 100
FALSCH_A = 101
FALSCH_B = 102
POSTEN = 103
VOR = 104
GEFRAGT = 105
RAMSCH = 106
SPECIALS = (TAUSCH, FALSCH_A, FALSCH_B, POSTEN, VOR, GEFRAGT, RAMSCH)
FAKES = (FALSCH_A, FALSCH_B)

SPECIAL_CODES = {
    TAUSCH: "T",
    FALSCH_A: "F",
    FALSCH_B: "F",
    POSTEN: "G",
    VOR: "V",
    GEFRAGT: "H",
    RAMSCH: "R",
}
#: the special cards' names as catalogue codes: Tauschrunde, Fälschung, Ganzer Posten, …
SPECIAL_NAMES = {c: f"card.special.{k.lower()}" for c, k in SPECIAL_CODES.items()}
_CODE_TO_SPECIAL = {"T": TAUSCH, "F": FALSCH_A, "G": POSTEN, "V": VOR, "H": GEFRAGT, "R": RAMSCH}


def card_id(suit: int, value: int) -> int:
    return suit * 20 + value


def _tiers() -> dict[int, int]:
    """Star tier of every attic card (RULES-NOTES table); start cards are tier 0."""
    t: dict[int, int] = {}
    for s in range(4):
        for v in range(1, 11):
            t[card_id(s, v)] = 0
        for v, tier in ((11, 1), (12, 1), (13, 2), (14, 2), (15, 3), (16, 3), (17, 4), (18, 5)):
            t[card_id(s, v)] = tier
        t[card_id(s, 0)] = s + 1  # P0 1★, S0 2★, B0 3★, M0 4★
    t[card_id(EMERALD, 0)] = 5
    for v in range(1, 17):
        t[card_id(EMERALD, v)] = (
            1 if v <= 2 else 2 if v <= 4 else 3 if v <= 6 else 4 if v <= 11 else 5
        )
    t.update({TAUSCH: 1, FALSCH_A: 2, VOR: 3, GEFRAGT: 4, RAMSCH: 4, POSTEN: 5, FALSCH_B: 5})
    return t


TIER = _tiers()
ALL_CARDS = tuple(sorted(TIER))
ATTIC_CARDS = tuple(c for c in ALL_CARDS if TIER[c] > 0)
ATTIC_PLAIN = tuple(c for c in ATTIC_CARDS if c < 100)


def start_cards(players: int) -> tuple[int, ...]:
    """3: without 1s, 2s, P3 and S3 (30); 4: without 1s (36); 5: all 40."""
    out = []
    for s in range(4):
        for v in range(1, 11):
            if players <= 4 and v == 1:
                continue
            if players == 3 and (v == 2 or (v == 3 and s in (0, 1))):
                continue
            out.append(card_id(s, v))
    return tuple(out)


def is_zero(c: int) -> bool:
    return c < 100 and c % 20 == 0


def _code(c: int) -> str:
    if c >= 100:
        return SPECIAL_CODES[c]
    return f"{SUITS[c // 20]}{c % 20}"


#: every card's notation by id (``CODES[c]``; ``""`` for ids that are no card)
CODES: tuple[str, ...] = tuple(_code(c) if c in TIER else "" for c in range(max(TIER) + 1))


def code(c: int) -> str:
    return CODES[c]


def colour_name(suit: int) -> Msg:
    """A colour's name as a code: ``card.colour.p`` (Porzellan) … ``card.colour.e`` (Smaragd)."""
    return Msg(SUIT_NAMES[suit])


def name(c: int) -> Msg:
    """A card's name as a code with arguments, said e.g. ``Porzellan 7``, ``Smaragd 0``,
    ``Ganzer Posten``."""
    if c >= 100:
        return Msg(SPECIAL_NAMES[c])
    return msg("card.plain", colour=colour_name(c // 20), value=c % 20)


def parse(text: object) -> int | None:
    """Card id of a notation string (``F`` gives the first Fälschung), or ``None`` if invalid."""
    if type(text) is str:
        c = _PARSED.get(text)
        if c is not None:
            return c
    return _parse(text)


def _parse(text: object) -> int | None:
    if not isinstance(text, str) or not text:
        return None
    if text in _CODE_TO_SPECIAL:
        return _CODE_TO_SPECIAL[text]
    s = SUITS.find(text[0])
    if s < 0 or not text[1:].isdigit() or len(text) > 3 or (len(text) == 3 and text[1] == "0"):
        return None
    v = int(text[1:])
    if v > (16 if s == EMERALD else 18):
        return None
    return card_id(s, v)


#: the card of every valid notation in its usual spelling (``parse``'s table; other spellings,
#: such as other digits, go through ``_parse``)
_PARSED: dict[str, int] = {
    k: c for k in (f"{s}{v}" for s in SUITS for v in range(19)) if (c := _parse(k)) is not None
}
_PARSED.update(_CODE_TO_SPECIAL)


def strength(c: int) -> int:
    """A rough worth of a card as a hand card (bots, timeouts): Smaragd above colour cards,
    Ganzer Posten and Heute gefragt high, Fälschung lowest."""
    if c < 80:
        return c % 20
    if c < 100:
        return 22 + c % 20
    return _SPECIAL_STRENGTH[c]


_SPECIAL_STRENGTH = {
    TAUSCH: 6,
    FALSCH_A: -5,
    FALSCH_B: -5,
    POSTEN: 30,
    VOR: 9,
    GEFRAGT: 20,
    RAMSCH: 8,
}
