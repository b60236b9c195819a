"""Card notation and the static card facts of Speedwerk.

Cards are ints inside the engine and short strings at the API edge:

* number cards ``0..59``: colour ``c // 15`` (R, B, G, Y = Rot, Blau, Grün, Gelb), value
  ``c % 15 + 1``; notation ``R7``, ``B15``, ``G1``, ``Y12``;
* special cards ``60..68``: ``DK`` Dampfkoloss, ``FF`` Funkenfee, ``TR`` Transformator,
  ``FB`` Fließband, ``KB`` Kesselberster, ``DW`` Dampfwolke, ``PT`` Prototyp, ``BP`` Blaupause,
  ``SS`` Schrottsammlerin.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.engines.base import Msg

COLORS = ("R", "B", "G", "Y")
#: the colours' names, as codes of the catalogue (``games.speedwerk.texts``: Rot, Blau, Grün, Gelb)
COLOR_NAMES = ("card.red", "card.blue", "card.green", "card.yellow")
N_NUMBERS = 60

DK, FF, TR, FB, KB, DW, PT, BP, SS = range(60, 69)
SPECIALS = (DK, FF, TR, FB, KB, DW, PT, BP, SS)
SPECIAL_CODES = {
    DK: "DK",
    FF: "FF",
    TR: "TR",
    FB: "FB",
    KB: "KB",
    DW: "DW",
    PT: "PT",
    BP: "BP",
    SS: "SS",
}
#: option values of the ``specials`` multi-select (ASCII keys, German labels below)
SPECIAL_KEYS = {
    DK: "dampfkoloss",
    FF: "funkenfee",
    TR: "transformator",
    FB: "fliessband",
    KB: "kesselberster",
    DW: "dampfwolke",
    PT: "prototyp",
    BP: "blaupause",
    SS: "schrottsammlerin",
}
#: the special cards' names and what each does in one line (the lobby's list and the
#: Karten-Info), as codes of the catalogue: ``card.dampfkoloss``, ``card.dampfkoloss.help``
SPECIAL_NAMES = {s: f"card.{key}" for s, key in SPECIAL_KEYS.items()}
SPECIAL_TEXT = {s: f"card.{key}.help" for s, key in SPECIAL_KEYS.items()}
KEY_TO_SPECIAL = {v: k for k, v in SPECIAL_KEYS.items()}

#: the Blaupause with nothing to copy plays as a Blindgänger
BLIND_COPY = -2

#: kinds of an effective card in a trick
K_NUM, K_DK, K_FF, K_KB, K_MEISTER, K_BLIND, K_SS = range(7)

#: special cards whose player names a colour when playing them
COLOR_CARDS = (TR, FB, DW)
#: special trump cards for which the dealer names the trump colour
DEALER_CHOOSES = (DK, TR, FB, DW, PT, BP)

DECLARE = ("blindgaenger", "meisterwerk")  # Prototyp declaration: index 0 / 1
#: the declarations' names as codes (Blindgänger, Meisterwerk)
DECLARE_NAMES = {"blindgaenger": "card.blindgaenger", "meisterwerk": "card.meisterwerk"}

_CODE_TO_CARD: dict[str, int] = {}
for _c in range(N_NUMBERS):
    _CODE_TO_CARD[f"{COLORS[_c // 15]}{_c % 15 + 1}"] = _c
for _s, _code in SPECIAL_CODES.items():
    _CODE_TO_CARD[_code] = _s

CARD_STR = [""] * 69
for _code, _c in _CODE_TO_CARD.items():
    CARD_STR[_c] = _code


def card_str(card: int) -> str:
    return CARD_STR[card]


def card_strs(cards: Iterable[int]) -> list[str]:
    """``card_str`` of each card, in one pass (the views' card lists)."""
    return list(map(CARD_STR.__getitem__, cards))


def cards_of(texts: Iterable[str]) -> list[int]:
    """The cards of notations known to be valid (a view's lists; ``KeyError`` for others), in
    one pass."""
    return list(map(_CODE_TO_CARD.__getitem__, texts))


def parse_card(text: object) -> int | None:
    """The card for a notation string, ``None`` for anything else."""
    if not isinstance(text, str):
        return None
    return _CODE_TO_CARD.get(text)


def card_name(card: int) -> Msg:
    """A card's name for messages as a code with arguments (said „Rot 7“ or „Dampfkoloss“)."""
    if card < N_NUMBERS:
        return Msg("card.number", {"colour": Msg(COLOR_NAMES[card // 15]), "value": card % 15 + 1})
    return Msg(SPECIAL_NAMES[card])


def colour_name(code: object) -> Msg | None:
    """The name of a colour code ``R``/``B``/``G``/``Y`` as a code, ``None`` for anything else."""
    return Msg(COLOR_NAMES[COLORS.index(code)]) if code in COLORS else None


def effective(card: int, trump_card: int) -> int:
    """What a card plays as: the Blaupause copies the face-up trump card."""
    if card == BP:
        return trump_card if trump_card >= 0 and trump_card != BP else BLIND_COPY
    return card


def play_info(eff: int, decl: int) -> tuple[int, int, float]:
    """``(kind, colour, value)`` of an effective card played with declaration ``decl``.

    Number-valued cards (``K_NUM``): number cards, Transformator (16 of its colour), Fließband
    (7.5), Dampfwolke (9.75). Colour is -1 for the others."""
    if 0 <= eff < N_NUMBERS:
        return (K_NUM, eff // 15, eff % 15 + 1)
    if eff == TR:
        return (K_NUM, decl, 16.0)
    if eff == FB:
        return (K_NUM, decl, 7.5)
    if eff == DW:
        return (K_NUM, decl, 9.75)
    if eff == PT:
        return (K_MEISTER if decl == 1 else K_BLIND, -1, 0.0)
    if eff == DK:
        return (K_DK, -1, 0.0)
    if eff == FF:
        return (K_FF, -1, 0.0)
    if eff == KB:
        return (K_KB, -1, 0.0)
    if eff == SS:
        return (K_SS, -1, 0.0)
    return (K_BLIND, -1, 0.0)


def trick_winner(infos: list[tuple[int, int, float]], trump: int) -> tuple[int, int]:
    """Index of the winning play and of the play that *would* win without a Kesselberster.

    Returns ``(winner, would_be)``; ``winner`` is -1 when a Kesselberster lies in the trick.
    Evaluation order: (1) Kesselberster: nobody takes the trick; (2) Dampfkoloss: the first
    Funkenfee, else the first Dampfkoloss; (3) the first Meisterwerk; the highest trump; the highest
    card of the suit to follow (set by the first number-valued card); without number-valued cards
    the first Blindgänger, then Funkenfee, then Schrottsammlerin. Equal values: the earlier wins."""
    kessel = False
    first = [-1] * 7
    best = -1
    best_val = -1.0
    best_trump = False
    suit = -1
    for i, (kind, colour, value) in enumerate(infos):
        if kind == K_KB:
            kessel = True
            continue
        if first[kind] < 0:
            first[kind] = i
        if kind == K_NUM:
            if suit < 0:
                suit = colour
            is_trump = colour == trump
            if is_trump:
                if not best_trump or value > best_val:
                    best, best_val, best_trump = i, value, True
            elif not best_trump and colour == suit and value > best_val:
                best, best_val = i, value
    if first[K_DK] >= 0:
        w = first[K_FF] if first[K_FF] >= 0 else first[K_DK]
    elif first[K_MEISTER] >= 0:
        w = first[K_MEISTER]
    elif best >= 0:
        w = best
    elif first[K_BLIND] >= 0:
        w = first[K_BLIND]
    elif first[K_FF] >= 0:
        w = first[K_FF]
    elif first[K_SS] >= 0:
        w = first[K_SS]
    else:
        w = 0  # only Kesselberster: the leader "would have won"
    return (-1 if kessel else w), w
