"""A generic player for any live game: it reads the action controls on a board fragment.

Every control that performs a game action carries its action as JSON in ``data-action`` (the
site's one action convention), and the board carries its ``data-version``. So a client needs no
knowledge of a game: the controls a board offers are exactly the seat's legal choices, and any of
them, sent with the board's version, is a valid move. ``bench.load`` and the tests use this.
"""

from __future__ import annotations

import html as html_lib
import json
import random
import re
from typing import Any

_BOARD = re.compile(r'<div id="board"[^>]*\bdata-version="(\d+)"[^>]*\bdata-status="(\w+)"')
_TAG = re.compile(r"<(?:button|summary)\b([^>]*)>")
_ATTR = re.compile(r'([\w:-]+)(?:="([^"]*)")?')


def board_version(fragment: str) -> int | None:
    """The version of the board in ``fragment`` (``None``: no board in it)."""
    m = _BOARD.search(fragment)
    return int(m.group(1)) if m else None


def board_status(fragment: str) -> str | None:
    m = _BOARD.search(fragment)
    return m.group(2) if m else None


def actions(fragment: str) -> list[dict[str, Any]]:
    """Every action an enabled control on the board offers (dialog choices included, and the
    lays of a lay dialog: ``_lays``)."""
    out = []
    cards: list[str] = []
    claims: list[dict[str, Any]] = []
    for m in _TAG.finditer(fragment):
        attrs = dict(_ATTR.findall(m.group(1)))
        if attrs.get("data-dialog") == "lay-dialog" and "data-card" in attrs:
            cards.append(html_lib.unescape(attrs["data-card"]))
        elif "data-claim" in attrs and "data-spice" in attrs and "data-number" in attrs:
            claims.append({"spice": attrs["data-spice"], "number": int(attrs["data-number"])})
        if "data-action" not in attrs or "disabled" in attrs:
            continue
        out.append(json.loads(html_lib.unescape(attrs["data-action"])))
    return out + _lays(cards, claims)


def _lays(cards: list[str], claims: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Speedbasar's lay step: the hand carries one lay dialog, whose „Verdeckt legen“ the page
    composes from the tapped card and the chosen claim (``games/speedbasar/static/js/games/speedbasar.js``);
    every card button opening it may be laid under every claim in it."""
    return [
        {"type": "lay", "cards": [card], **claim}
        for card in dict.fromkeys(cards)
        for claim in claims
    ]


def choose(fragment: str, rng: random.Random) -> dict[str, Any] | None:
    """A random choice among the board's actions (``None``: nothing to do now). Plays are
    preferred over drawing, so that games end."""
    offered = actions(fragment)
    if not offered:
        return None
    plays = [a for a in offered if a.get("type") not in ("draw",)]
    return rng.choice(plays or offered)
