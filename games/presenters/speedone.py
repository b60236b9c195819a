"""Speedone table: hand (sorted by the seat's chosen mode), Karten-Info, pile, seats."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from games.engines.base import View
from games.engines.speedone import card_info, requirement, sort_hand

COLOR_CLASS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", None: "wild"}
COLOR_NAME = {"R": "Rot", "Y": "Gelb", "G": "Grün", "B": "Blau"}
SORT_LABEL = {1: "Farben, Sonderkarten bei der höchsten", 2: "Zahlen, dann Sonderkarten"}


def face(card: str) -> dict[str, str]:
    """How a card looks: colour class and the big symbol."""
    if card.startswith("W"):
        return {"cls": "wild", "symbol": "+4" if card == "W+4" else "★", "sub": "Wunsch"}
    colour, rest = card[0], card[1:]
    symbol = {"S": "⊘", "R": "⇄", "+2": "+2"}.get(rest, rest)
    return {"cls": COLOR_CLASS[colour], "symbol": symbol, "sub": ""}


@lru_cache(maxsize=256)
def face_html(card: str, language: str | None) -> SafeString:
    """The rendered face of ``card`` (``_card.html``): a card looks the same in every state, so
    each is rendered once per process."""
    return SafeString(render_to_string("games/speedone/_card.html", {"f": face(card)}))


_INFO_KEYS = (
    "color_name",
    "value",
    "points",
    "effect",
    "in_hand",
    "playable",
    "reason",
    "triggers",
)


def _info_values(info: dict[str, Any]) -> tuple[Any, ...]:
    """What the Karten-Info window shows of ``card_info``'s answer (the memo key)."""
    return tuple(info[k] for k in _INFO_KEYS)


@lru_cache(maxsize=4096)
def info_html(language: str | None, values: tuple[Any, ...]) -> SafeString:
    """The rendered Karten-Info window (``_info.html``), memoised on what it shows."""
    return SafeString(
        render_to_string(
            "games/speedone/_info.html", {"i": dict(zip(_INFO_KEYS, values, strict=True))}
        )
    )


@lru_cache(maxsize=8192)
def hand_card_html(
    language: str | None,
    act_url: str,
    n: int,
    card: str,
    playable: bool,
    info: tuple[Any, ...],
) -> SafeString:
    """One hand card (``_hand_card.html``: the card, its buttons or colour dialog, its Karten-Info)
    – the same few looks recur move after move, so each is rendered once per process."""
    wild = card.startswith("W")
    c = {
        "card": card,
        "playable": playable,
        "wild": wild,
        "face_html": face_html(card, language),
        "info_html": info_html(language, info),
        "action": json.dumps({"type": "play", "card": card}),
        "color_actions": [
            (c, COLOR_NAME[c], json.dumps({"type": "play", "card": card, "color": c}))
            for c in "RYGB"
        ]
        if wild
        else [],
    }
    return SafeString(
        render_to_string("games/speedone/_hand_card.html", {"c": c, "n": n, "act_url": act_url})
    )


def present(
    view: View, prefs: dict[str, Any], legal: list[dict[str, Any]], urls: dict[str, str]
) -> dict[str, Any]:
    seat = view["seat"]
    mode = prefs.get("sort", 1) if prefs.get("sort") in (1, 2) else 1
    playable = {a["card"] for a in legal if a["type"] == "play"}
    language = get_language()
    cards = sort_hand(view["hand"], mode) if view.get("hand") is not None else []
    hand = [
        hand_card_html(
            language,
            urls["act"],
            n,
            card,
            card in playable,
            _info_values(card_info(view, card)),
        )
        for n, card in enumerate(cards, start=1)
    ]
    seats = []
    for s in view["seats"]:
        missed = list(dict.fromkeys(s["missed"]))  # each colour once, in the order it happened
        seats.append(
            {**s, "missed": missed, "me": s["seat"] == seat, "turn": s["seat"] == view["turn"]}
        )
    types = {a["type"] for a in legal}
    return {
        "view": view,
        "hand": hand,
        "sort_mode": mode,
        "sort_label": SORT_LABEL[mode],
        "top": {
            "card": view["top"],
            "face_html": face_html(view["top"], language),
            "info_html": info_html(language, _info_values(card_info(view, view["top"]))),
        },
        "color_cls": COLOR_CLASS.get(view["color"], "wild"),
        "color_name": COLOR_NAME.get(view["color"], ""),
        "requirement": requirement(view) if seat is not None else None,
        "seats": seats,
        "can_draw": "draw" in types,
        "can_one": "one" in types,
        "draw_action": json.dumps({"type": "draw"}),
        "one_action": json.dumps({"type": "one"}),
        "my_turn": seat is not None and view["turn"] == seat,
        "last_round": view.get("last_round"),
    }
