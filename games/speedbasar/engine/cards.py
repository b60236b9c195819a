"""Cards of Speedbasar and their notation.

Notation (used by ``deck=``, actions, views and logs):

* ``R1`` … ``R10`` Rosenpfeffer, ``K1`` … ``K10`` Kardamom, ``S1`` … ``S10`` Safran
  (three copies of each);
* ``W`` Messingwaage (number joker: survives every number doubt, loses every spice doubt),
  ``M`` Gewürzmühle (spice joker: survives every spice doubt, loses every number doubt),
  three copies each;
* ``G`` the Glut (only in a stacked ``deck=``: it marks where the Glut lies in the draw pile).

Internally a card is an int: ``spice * 10 + number - 1`` for the 30 spice cards (spice 0 = R,
1 = K, 2 = S), ``30`` for the Messingwaage and ``31`` for the Gewürzmühle.
"""

from __future__ import annotations

from games.engines.base import Msg, msg

SPICES = ("R", "K", "S")
#: the spices' names (codes of the catalogue ``games/speedbasar/texts.py``)
SPICE_NAMES = ("spice.r", "spice.k", "spice.s")
WAAGE = 30
MUEHLE = 31
KINDS = 32
COPIES = 3
GLUT = "G"

CODES: tuple[str, ...] = tuple(f"{SPICES[c // 10]}{c % 10 + 1}" for c in range(30)) + ("W", "M")
CODE_TO_CARD: dict[str, int] = {code: i for i, code in enumerate(CODES)}
SPICE_INDEX = {s: i for i, s in enumerate(SPICES)}


def code(card: int) -> str:
    return CODES[card]


def parse(text: object) -> int | None:
    """The card of a notation string, or ``None`` if it is no card."""
    if not isinstance(text, str):
        return None
    return CODE_TO_CARD.get(text)


def full_deck() -> list[int]:
    """All 96 cards (without the Glut), sorted."""
    return [c for c in range(KINDS) for _ in range(COPIES)]


def fits_number(card: int, number: int) -> bool:
    """Would the card survive a number doubt on ``number`` (without Extrascharf)?"""
    return card == WAAGE or (card < 30 and card % 10 + 1 == number)


def fits_spice(card: int, spice: int) -> bool:
    """Would the card survive a spice doubt on ``spice`` (without Extrascharf)?"""
    return card == MUEHLE or (card < 30 and card // 10 == spice)


def honest(card: int, spice: int, number: int) -> bool:
    """Fully honest: the card is exactly what is claimed (a joker never is)."""
    return card < 30 and card // 10 == spice and card % 10 + 1 == number


def describe(card: int) -> Msg:
    """A card's name, e.g. ``Safran 7`` (a code with arguments)."""
    if card == WAAGE:
        return msg("card.w")
    if card == MUEHLE:
        return msg("card.m")
    return describe_claim(card // 10, card % 10 + 1)


def describe_claim(spice: int, number: int) -> Msg:
    return msg("card.spice", spice=Msg(SPICE_NAMES[spice]), number=number)
