"""Speedone table: hand (sorted by the seat's chosen mode), Karten-Info, pile, seats."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.engines.base import Action, Event, View
from games.presenters.base import Frame, Presenter, action_json, word_table
from games.speedone.engine import card_info, requirement, sort_hand
from games.speedone.engine.info import hand_codes

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
    """The Karten-Info window of a card, memoised on what it shows. Built in Python like the
    frame's seats strip: a board holds one per hand card, and the looks vary too much (playable,
    reason, what laying it would do) for a memo of Django template renders to keep up."""
    i = dict(zip(_INFO_KEYS, values, strict=True))
    t = _words(language)
    out = [
        f'<div class="card-info" role="tooltip"><strong>{escape(i["color_name"])} · '
        f"{escape(i['value'])}</strong><span>{t['points']}: {escape(i['points'])}</span>"
        f"<span>{escape(i['effect'])}</span>"
    ]
    if i["in_hand"]:
        if i["playable"]:
            out.append(f'<span class="ok">{t["fits"]}</span>')
        elif i["reason"]:
            out.append(f'<span class="no">{escape(i["reason"])}</span>')
        if i["triggers"]:
            out.append(f"<span>{escape(i['triggers'])}</span>")
    out.append("</div>")
    return SafeString("".join(out))


@lru_cache(maxsize=8192)
def hand_card_html(
    language: str | None, n: int, card: str, playable: bool, info: tuple[Any, ...]
) -> SafeString:
    """One hand card: the card, its action (or, for a wild card, the colour dialog) and its
    Karten-Info. ``n`` is its place in the hand (keys 1–9, the dialog's id); the version comes
    from the board around it (``data-version``)."""
    name = escape(card_name(card))
    code = escape(card)
    body = face_html(card, language)
    key = f' data-key="{n}"' if n < 10 else ""
    if playable and card.startswith("W"):
        t = _words(language)
        colours = "".join(
            f'<button type="button" class="chip-button {c}" data-color="{c}" data-action="'
            f'{escape(action_json({"type": "play", "card": card, "color": c}))}">'
            f"{COLOR_NAME[c]}</button>"
            for c in "RYGB"
        )
        control = (
            f'<button type="button" class="card-button playable" data-card="{code}"{key} '
            f'data-dialog="wish-{n}" aria-label="{name}">{body}</button>'
            f'<dialog id="wish-{n}" class="wish"><p>{t["wish"]}</p>'
            f'<div class="wish-colors">{colours}</div>'
            f'<form method="dialog"><button class="link">{t["cancel"]}</button></form></dialog>'
        )
    elif playable:
        act = escape(action_json({"type": "play", "card": card}))
        control = (
            f'<button type="button" class="card-button playable" data-card="{code}"{key} '
            f'data-action="{act}" aria-label="{name}">{body}</button>'
        )
    else:
        control = f'<span class="card-button" data-card="{code}" title="{name}">{body}</span>'
    return SafeString(f'<li class="has-info">{control}{info_html(language, info)}</li>')


@word_table
def _words() -> dict[str, str]:
    """The board's fixed words."""
    return {
        "points": _("Punkte am Rundenende"),
        "fits": _("Passt jetzt."),
        "wish": _("Welche Farbe wünschst du dir?"),
        "cancel": _("Abbrechen"),
        "direction": _("Spielrichtung"),
        "clockwise": _("im Uhrzeigersinn"),
        "counter": _("gegen den Uhrzeigersinn"),
        "pile": _("Stapel"),
        "hand": _("Deine Karten"),
        "sort": _("Sortieren"),
        "draw": _("Karte ziehen"),
    }


class SpeedonePresenter(Presenter):
    slug = "speedone"

    def present(self, view: View, legal: list[Action], frame: Frame) -> dict[str, Any]:
        seat = view["seat"]
        prefs = frame.prefs
        mode = prefs.get("sort", 1) if prefs.get("sort") in (1, 2) else 1
        playable = {a["card"] for a in legal if a["type"] == "play"}
        language = get_language()
        cards = sort_hand(view["hand"], mode) if view.get("hand") is not None else []
        codes = hand_codes(view)
        hand = [
            hand_card_html(
                language, n, card, card in playable, _info_values(card_info(view, card, codes))
            )
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
                "info_html": info_html(language, _info_values(card_info(view, view["top"], codes))),
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

    def board_html(self, ctx: dict[str, Any]) -> str:
        """Speedone's part of the frame: direction, piles, demand, the own hand. Built in Python:
        it is rendered for every seat on every move."""
        view, t = ctx["view"], _words(get_language())
        turn = f"↻ {t['clockwise']}" if view["direction"] == 1 else f"↺ {t['counter']}"
        pending = view.get("pending")
        demand = f'<span class="chip {ctx["color_cls"]}"></span> {escape(ctx["color_name"])}'
        if pending:
            demand += f' <strong class="pending">+{pending}</strong>'
        top = ctx["top"]
        out = [
            f'<section class="center">\n<div class="direction" title="{t["direction"]}">{turn}</div>'
            f'\n<div class="piles">\n<div class="pile draw">\n<span class="card back">'
            f'<span class="sym">{view["draw_pile"]}</span><span class="sub">{t["pile"]}</span>'
            f'</span>\n</div>\n<div class="pile discard has-info" tabindex="0">\n'
            f'{top["face_html"]}\n{top["info_html"]}\n</div>\n<div class="demand">{demand}</div>'
            "\n</div>\n"
        ]
        requirement = ctx["requirement"]
        if requirement and ctx["match"].status == "running":
            out.append(f'<p class="requirement" id="requirement">{escape(requirement["text"])}</p>')
        out.append("\n</section>\n")
        if ctx["me"]:
            urls = ctx["urls"]
            out.append(
                f'<section class="hand-area" aria-label="{t["hand"]}" data-hand>\n'
                f'<div class="hand-tools">\n<button type="button" class="button secondary small" '
                f'hx-post="{urls["sort"]}" hx-target="#board" hx-swap="outerHTML" id="sort" '
                f'title="{escape(ctx["sort_label"])}">{t["sort"]} ({ctx["sort_mode"]})</button>\n'
            )
            if ctx["can_one"]:
                out.append(
                    f'<button type="button" class="button one-button" id="one" '
                    f'data-action="{escape(ctx["one_action"])}" data-key="o">ONE</button>'
                )
            out.append("\n")
            if ctx["can_draw"]:
                label = escape(_("%(n)s Karten ziehen") % {"n": pending}) if pending else t["draw"]
                out.append(
                    f'<button type="button" class="button secondary" id="draw" '
                    f'data-action="{escape(ctx["draw_action"])}" data-key="d">{label}</button>'
                )
            out.append('\n</div>\n<ul class="hand" tabindex="-1">\n')
            out.extend(ctx["hand"])
            out.append("\n</ul>\n</section>\n")
        return "".join(out)

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
