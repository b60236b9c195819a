"""Speedone table: hand (sorted by the seat's chosen mode), Karten-Info, pile, seats."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from games.engines.base import Action, Event, View
from games.engines.speedone import card_info, requirement, sort_hand
from games.presenters.base import Frame, Presenter, action_json

COLOR_CLASS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", None: "wild"}
COLOR_NAME = {"R": "Rot", "Y": "Gelb", "G": "Grün", "B": "Blau"}
SORT_LABEL = {1: "Farben, Sonderkarten bei der höchsten", 2: "Zahlen, dann Sonderkarten"}
VALUE_NAME = {"S": "Aussetzen", "R": "Richtungswechsel", "+2": "2 Ziehen"}


def face(card: str) -> dict[str, str]:
    """How a card looks: colour class and the big symbol."""
    if card.startswith("W"):
        return {"cls": "wild", "symbol": "+4" if card == "W+4" else "★", "sub": "Wunsch"}
    colour, rest = card[0], card[1:]
    symbol = {"S": "⊘", "R": "⇄", "+2": "+2"}.get(rest, rest)
    return {"cls": COLOR_CLASS[colour], "symbol": symbol, "sub": ""}


def card_name(card: str) -> str:
    """A card in words: "Rot 7", "Blau Aussetzen", "Wunsch Plus4"."""
    if card == "W+4":
        return "Wunsch Plus4"
    if card.startswith("W"):
        return "Farbwunsch"
    return f"{COLOR_NAME[card[0]]} {VALUE_NAME.get(card[1:], card[1:])}"


@lru_cache(maxsize=512)
def face_html(card: str, language: str | None, small: bool = False) -> SafeString:
    """The rendered face of ``card`` (``_card.html``): a card looks the same in every state, so
    each is rendered once per process."""
    return SafeString(
        render_to_string(
            "games/speedone/_card.html", {"f": face(card), "small": small, "name": card_name(card)}
        )
    )


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
    language: str | None, n: int, card: str, playable: bool, info: tuple[Any, ...]
) -> SafeString:
    """One hand card (``_hand_card.html``: the card, its action or colour dialog, its
    Karten-Info) – the same few looks recur move after move, so each is rendered once per
    process. The version comes from the board around it (``data-version``)."""
    wild = card.startswith("W")
    c = {
        "card": card,
        "name": card_name(card),
        "playable": playable,
        "wild": wild,
        "face_html": face_html(card, language),
        "info_html": info_html(language, info),
        "action": action_json({"type": "play", "card": card}),
        "color_actions": [
            (c, COLOR_NAME[c], action_json({"type": "play", "card": card, "color": c}))
            for c in "RYGB"
        ]
        if wild
        else [],
    }
    return SafeString(render_to_string("games/speedone/_hand_card.html", {"c": c, "n": n}))


class SpeedonePresenter(Presenter):
    slug = "speedone"
    board_template = "games/speedone/board.html"
    round_end_events = frozenset({"round_end"})

    def present(self, view: View, legal: list[Action], frame: Frame) -> dict[str, Any]:
        seat = view["seat"]
        prefs = frame.prefs
        mode = prefs.get("sort", 1) if prefs.get("sort") in (1, 2) else 1
        playable = {a["card"] for a in legal if a["type"] == "play"}
        language = get_language()
        cards = sort_hand(view["hand"], mode) if view.get("hand") is not None else []
        hand = [
            hand_card_html(language, n, card, card in playable, _info_values(card_info(view, card)))
            for n, card in enumerate(cards, start=1)
        ]
        stats = []
        for s in view["seats"]:
            row = []
            if s["one"]:
                row.append({"value": SafeString('<span class="badge one">ONE</span>')})
            missed = list(dict.fromkeys(s["missed"]))  # each colour once, in order
            if missed:
                chips = "".join(
                    f'<span class="chip {c} crossed" title="{COLOR_NAME[c]}"></span>'
                    for c in missed
                )
                row.append(
                    {
                        "value": SafeString(chips),
                        "cls": "missed",
                        "title": "musste schon ziehen bei",
                    }
                )
            stats.append(row)
        types = {a["type"] for a in legal}
        last = view.get("last_round")
        return {
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
            "seat_stats": stats,
            "can_draw": "draw" in types,
            "can_one": "one" in types,
            "draw_action": action_json({"type": "draw"}),
            "one_action": action_json({"type": "one"}),
            "round_summary": self._round_summary(last, frame.names, language) if last else None,
        }

    def _round_summary(
        self, last: dict[str, Any], names: list[str], language: str | None
    ) -> dict[str, Any]:
        return {
            "title": f"Runde {last['round']} vorbei",
            "columns": ["", "Resthand", "Kartenpunkte", "angeschrieben", "Stand"],
            "rows": [
                {
                    "cells": [
                        names[i],
                        SafeString("".join(face_html(c, language, True) for c in last["hands"][i]))
                        or "–",
                        last["points"][i],
                        last["booked"][i],
                        last["scores"][i],
                    ],
                    "winner": i in last["winners"],
                }
                for i in range(len(names))
            ],
        }

    def describe(self, event: Event, names: list[str]) -> str | None:
        t = event.get("type")
        who = names[event["seat"]] if isinstance(event.get("seat"), int) else ""
        if t == "play":
            text = f"{who} legt {card_name(event['card'])}"
            if event.get("color"):
                text += f" und wünscht {COLOR_NAME[event['color']]}"
            return text + "."
        if t == "draw":
            n = event.get("count", 1)
            return f"{who} zieht {n} Karte{'n' if n != 1 else ''}."
        if t == "penalty":
            return f"{who} hat ONE vergessen und zieht {event['count']} Strafkarten."
        if t == "one":
            return f"{who} ruft ONE!"
        if t == "skip":
            return f"{who} muss aussetzen."
        if t == "reverse":
            return "Die Spielrichtung wechselt."
        if t == "round_end":
            winners = ", ".join(names[w] for w in event.get("winners", []))
            return f"Runde {event['round']} vorbei – gewonnen hat {winners}."
        if t == "deal":
            return f"Runde {event['round']}: neue Karten."
        return None
