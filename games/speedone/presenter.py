"""Speedone table: hand (sorted by the seat's chosen mode), Karten-Info, pile, seats."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from games.engines.base import Action, Event, View
from games.html import Html, Markup, attr, esc, h, join
from games.presenters.base import (
    Frame,
    Presenter,
    action_json,
    info_window,
    named_like_face,
    sprite_use,
    ui_icon,
    word_table,
)
from games.speedone.engine.cards import CODE, COLOR_CODE
from games.speedone.info import card_info, hand_codes, requirement, sort_hand, words

COLOR_CLASS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", None: "wild"}
SORT_LABEL = {
    1: gettext_lazy("Farben, Sonderkarten bei der höchsten"),
    2: gettext_lazy("Zahlen, dann Sonderkarten"),
}


def color_name(letter: str, language: str | None = None) -> str:
    """A colour letter (R, Y, G, B) in words, in the active language: "Rot"."""
    t = words(get_language() if language is None else language)
    return t["colors"][COLOR_CODE[letter]]


#: the card pictures: one SVG sprite, referenced by <use>: ``c-R`` … a colour's shape (Rot circle,
#: Gelb triangle, Grün square, Blau diamond: no card is told by its colour alone), ``a-S``
#: Aussetzen, ``a-R`` Richtungswechsel, ``a-2`` / ``a-4`` +2 / +4 (a plus and two / four stacked
#: cards), ``w`` Farbwunsch (the four shapes)
SPRITE = "speedone/cards.svg"
_ACTION_PIC = {"S": "a-S", "R": "a-R", "+2": "a-2"}


def face(card: str) -> dict[str, Any]:
    """How a card looks: colour class, its pictures in the sprite (the colour's shape first, then
    an action's picture: Aussetzen, Richtungswechsel, +2, +4) and the big text (a number only:
    the faces of +2 and +4 are drawn, no glyph)."""
    if card.startswith("W"):
        pics = ("w", "a-4") if card == "W+4" else ("w",)
        return {"cls": "wild", "pics": pics, "symbol": "", "sub": _("Wunsch")}
    colour, rest = card[0], card[1:]
    action = _ACTION_PIC.get(rest)
    return {
        "cls": COLOR_CLASS[colour],
        "pics": (f"c-{colour}", action) if action else (f"c-{colour}",),
        "symbol": "" if action else rest,
        "sub": "",
    }


def face_pictures(card: str) -> Markup:
    """The pictures of a card's face (the colour's shape, an action's own picture), in a face
    with ``role="img"``."""
    return join(sprite_use(SPRITE, p, hidden=False) for p in face(card)["pics"])


def card_name(card: str, language: str | None = None) -> str:
    """A card in words, in the active language (``language``: ``get_language()`` when the caller
    knows it): "Rot 7", "Blau Aussetzen", "Grün +2", "Wunsch Plus4"."""
    return words(get_language() if language is None else language)["names"][CODE[card]]


def signed(n: int) -> str:
    """Leaderboard points with their sign: "+10", "−6" (a real minus), "0"."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


@lru_cache(maxsize=512)
def face_html(card: str, language: str | None, small: bool = False) -> Markup:
    """The face of ``card``: a card looks the same in every state, so each is built once per
    process."""
    f = face(card)
    name = card_name(card, language)
    return h(
        '<span class="card {}{}" role="img" title="{}" aria-label="{}">{}{} {}</span>',  # space: two words
        f["cls"],
        _SMALL if small else "",
        name,
        name,
        face_pictures(card),
        h('<span class="sym">{}</span>', f["symbol"]) if f["symbol"] else "",
        h('<span class="sub">{}</span>', f["sub"]) if f["sub"] else "",
    )


_SMALL = Markup(" small")


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


#: ``_hand_infos``' memo: ``_hand_situation`` → card → ``_info_values`` of ``card_info``'s
#: answer with ``SEAT_MARKS`` for the seats' names (the situations recur across tables, the
#: names do not: ``fill_names`` puts them into the hand's HTML). Cleared when full; the threads
#: of a process share it under the GIL.
_HAND_INFO: dict[tuple[Any, ...], dict[str, tuple[Any, ...]]] = {}
_HAND_INFO_SIZE = 8192
#: stand-ins for the seats' names (seat i's) in memoised texts and HTML: no name, text or escaping
#: produces a NUL character
SEAT_MARKS = tuple(f"\x00{i}\x00" for i in range(8))


def _hand_situation(view: View, codes: list[int], seats: int) -> tuple[Any, ...]:
    """What ``card_info`` reads of ``view`` for a card in the hand ``codes`` of the viewing seat
    (``seats``: how many names the board has): the seats and the direction, the demand of a
    stack, the hand's length up to three (the last card; ONE) and the ONE flag; on the seat's
    turn also the pile and whether the hand holds the demanded colour (whether the card fits,
    and why not). Two views with the same situation give every hand card the same Karten-Info,
    up to the names."""
    seat = view["seat"]
    common = (
        get_language(),  # the memo holds words
        seat,
        view["players"],
        view["direction"],
        view["pending"],
        view["options"]["stacking"],
        min(len(codes), 3),
        view["seats"][seat]["one"],
        seats,
    )
    if view.get("turn") != seat:
        return common
    color = COLOR_CODE[view["color"]]
    return (*common, view["top"], view["color"], any(c >> 4 == color for c in codes))


def _hand_infos(
    view: View, cards: list[str], codes: list[int], seats: int
) -> list[tuple[Any, ...]]:
    """``_info_values(card_info(view, card, codes, names=SEAT_MARKS[:seats]))`` for each of
    ``cards`` (the seat's hand), memoised on the card and ``_hand_situation``: a board asks for
    every hand card on every move, and a card's Karten-Info costs a few microseconds."""
    situation = _hand_situation(view, codes, seats)
    known = _HAND_INFO.get(situation)
    if known is None:
        if len(_HAND_INFO) >= _HAND_INFO_SIZE:
            _HAND_INFO.clear()
        known = _HAND_INFO[situation] = {}
    out = []
    for card in cards:
        values = known.get(card)
        if values is None:
            marks = SEAT_MARKS[:seats]
            values = known[card] = _info_values(card_info(view, card, codes, names=marks))
        out.append(values)
    return out


def fill_names(html: Markup, names: Sequence[str]) -> Markup:
    """``html`` with each ``SEAT_MARKS`` stand-in replaced by that seat's name, escaped."""
    if "\x00" not in html:
        return html
    out = str(html)
    for mark, name in zip(SEAT_MARKS, names, strict=False):
        out = out.replace(mark, esc(name))
    return Markup(out)


@lru_cache(maxsize=4096)
def info_html(language: str | None, values: tuple[Any, ...], card: str) -> Markup:
    """The Karten-Info window of a card (a hand card or the pile's top card: both open) with the
    card itself at a card's size beside the words, memoised on what it shows: a board holds one
    per hand card, and the looks vary (playable, reason, what laying it would do)."""
    i = dict(zip(_INFO_KEYS, values, strict=True))
    t = _words(language)
    out = Html()
    out(
        "<strong>{} · {}</strong><span>{}: {}</span><span>{}</span>",
        i["color_name"],
        i["value"],
        t["points"],
        i["points"],
        i["effect"],
    )
    if i["in_hand"]:
        if i["playable"]:
            out('<span class="ok">{}</span>', t["fits"])
        elif i["reason"]:
            out('<span class="no">{}</span>', i["reason"])
        if i["triggers"]:
            out("<span>{}</span>", i["triggers"])
    return info_window(face_html(card, language), out.markup())


@lru_cache(maxsize=8192)
def hand_card_html(
    language: str | None, n: int, card: str, playable: bool, info: tuple[Any, ...]
) -> Markup:
    """One hand card: the card, its action (or, for a wild card, the colour dialog) and its
    Karten-Info. ``n`` is its place in the hand (keys 1–9, the dialog's id); the version comes
    from the board around it (``data-version``)."""
    name = card_name(card, language)
    body = face_html(card, language)
    key = attr("data-key", n) if n < 10 else ""
    out = Html()
    out('<li class="has-info">')
    if playable and card.startswith("W"):
        t = _words(language)
        out(
            '<button type="button" class="card-button playable" data-card="{}"{} '
            'data-dialog="wish-{}" aria-label="{}">{}</button>'
            '<dialog id="wish-{}" class="wish" aria-labelledby="wish-{}-q"><p id="wish-{}-q">{}</p>'
            '<div class="wish-colors">',
            card,
            key,
            n,
            named_like_face(name, body),
            body,
            n,
            n,
            n,
            t["wish"],
        )
        for c in "RYGB":
            out(
                '<button type="button" class="chip-button {}" data-color="{}" data-action="{}">'
                "{}</button>",
                c,
                c,
                action_json({"type": "play", "card": card, "color": c}),
                color_name(c, language),
            )
        out(
            '</div><form method="dialog"><button class="link">{}</button></form></dialog>',
            t["cancel"],
        )
    elif playable:
        out(
            '<button type="button" class="card-button playable" data-card="{}"{} '
            'data-action="{}" aria-label="{}">{}</button>',
            card,
            key,
            action_json({"type": "play", "card": card}),
            named_like_face(name, body),
            body,
        )
    else:
        out('<span class="card-button" data-card="{}" title="{}">{}</span>', card, name, body)
    out("{}</li>", info_html(language, info, card))
    return out.markup()


_ONE_BADGE = Markup('<span class="badge one">ONE</span>')


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


@lru_cache(maxsize=4096)
def _center_html(
    language: str | None,
    direction: int,
    draw_pile: int,
    top_face: Markup,
    top_info: Markup,
    color_cls: str,
    color_name: str,
    pending: int | None,
) -> Markup:
    """The board's centre up to the demand: the same for every seat of a move."""
    t = _words(language)
    return h(
        '<section class="center">\n<div class="direction" title="{}">{} {}</div>'
        '\n<div class="piles">\n<div class="pile draw">\n<span class="card back">'
        '<span class="sym">{}</span><span class="sub">{}</span>'
        '</span>\n</div>\n<div class="pile discard has-info" tabindex="0">\n'
        '{}\n{}\n</div>\n<div class="demand"><span class="chip {}"></span> {}{}</div>'
        "\n</div>\n",
        t["direction"],
        ui_icon("turn-cw" if direction == 1 else "turn-ccw"),
        t["clockwise"] if direction == 1 else t["counter"],
        draw_pile,
        t["pile"],
        top_face,
        top_info,
        color_cls,
        color_name,
        h(' <strong class="pending">+{}</strong>', pending) if pending else "",
    )


@lru_cache(maxsize=4096)
def _hand_tools_html(
    language: str | None,
    sort_url: str,
    sort_label: str,
    sort_mode: int,
    one_action: str | None,
    draw_action: str | None,
    pending: int | None,
) -> Markup:
    """The hand's tools (sort, ONE, draw) and the hand's opening: ``one_action`` and
    ``draw_action`` only while the seat may call ONE or draw."""
    t = _words(language)
    out = Html()
    out(
        '<section class="hand-area" aria-label="{}" data-hand>\n'
        '<div class="hand-tools">\n<button type="button" class="button secondary small" '
        'hx-post="{}" hx-target="#board" hx-swap="outerHTML" id="sort" '
        'title="{}">{} ({})</button>\n',
        t["hand"],
        sort_url,
        sort_label,
        t["sort"],
        sort_mode,
    )
    if one_action is not None:
        out(
            '<button type="button" class="button one-button" id="one" '
            'data-action="{}" data-key="o">ONE</button>',
            one_action,
        )
    out("\n")
    if draw_action is not None:
        out(
            '<button type="button" class="button secondary" id="draw" '
            'data-action="{}" data-key="d">{}</button>',
            draw_action,
            _("%(n)s Karten ziehen") % {"n": pending} if pending else t["draw"],
        )
    out('\n</div>\n<ul class="hand" tabindex="-1">\n')
    return out.markup()


_CENTER_END = Markup("\n</section>\n")
_HAND_END = Markup("\n</ul>\n</section>\n")
#: the controls' actions (the same for every board)
_DRAW_ACTION = action_json({"type": "draw"})
_ONE_ACTION = action_json({"type": "one"})


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
        names = frame.names
        infos = _hand_infos(view, cards, codes, len(names)) if cards else []
        # the cards' HTML is memoised with stand-ins for the names, which go in once per hand
        hand = fill_names(
            Markup(
                "".join(
                    hand_card_html(language, n, card, card in playable, info)
                    for n, (card, info) in enumerate(zip(cards, infos, strict=True), start=1)
                )
            ),
            names,
        )
        stats = []
        for s in view["seats"]:
            row = []
            # after the game no ONE is left to call: the badge goes with the last round
            if s["one"] and not view["over"]:
                row.append({"value": _ONE_BADGE})
            missed = list(dict.fromkeys(s["missed"]))  # each colour once, in order
            if missed:
                chips = join(
                    h(
                        '<span class="chip {} crossed" title="{}"></span>',
                        c,
                        color_name(c, language),
                    )
                    for c in missed
                )
                row.append(
                    {
                        "value": chips,
                        "cls": "missed",
                        "title": _("musste schon ziehen bei"),
                    }
                )
            stats.append(row)
        types = {a["type"] for a in legal}
        last = view.get("last_round")
        return {
            "hand_html": hand,
            "sort_mode": mode,
            "sort_label": str(SORT_LABEL[mode]),
            "top": {
                "card": view["top"],
                "face_html": face_html(view["top"], language),
                "info_html": info_html(
                    language,
                    _info_values(card_info(view, view["top"], codes, names=names)),
                    view["top"],
                ),
            },
            "color_cls": COLOR_CLASS.get(view["color"], "wild"),
            "color_name": color_name(view["color"], language) if view["color"] else "",
            "requirement": requirement(view) if seat is not None else None,
            "seat_stats": stats,
            "can_draw": "draw" in types,
            "can_one": "one" in types,
            "draw_action": _DRAW_ACTION,
            "one_action": _ONE_ACTION,
            "round_summary": (
                self._round_summary(view, last, names, language, frame.booked) if last else None
            ),
        }

    def board_html(self, ctx: dict[str, Any]) -> Markup:
        """Speedone's part of the frame: direction, piles, demand, the own hand. Its pieces are
        memoised (the centre is the same for every seat of a move, the hand tools for most moves,
        the hand cards are ``hand_card_html``'s): it is rendered for every seat on every move."""
        view = ctx["view"]
        language = ctx.get("language") or get_language()
        pending = view.get("pending")
        top = ctx["top"]
        parts = [
            _center_html(
                language,
                view["direction"],
                view["draw_pile"],
                top["face_html"],
                top["info_html"],
                ctx["color_cls"],
                ctx["color_name"],
                pending,
            )
        ]
        requirement = ctx["requirement"]
        if requirement and ctx["match"].status == "running":
            parts.append(h('<p class="requirement" id="requirement">{}</p>', requirement["text"]))
        parts.append(_CENTER_END)
        # the hand, sorting, ONE and drawing only while the game runs (the end shows the hands
        # in the round summary)
        if ctx["me"] and not view["over"] and ctx["match"].status == "running":
            can_draw = ctx["can_draw"]
            parts.append(
                _hand_tools_html(
                    language,
                    ctx["urls"]["sort"],
                    ctx["sort_label"],
                    ctx["sort_mode"],
                    ctx["one_action"] if ctx["can_one"] else None,
                    ctx["draw_action"] if can_draw else None,
                    pending if can_draw else None,
                )
            )
            parts.append(ctx["hand_html"])
            parts.append(_HAND_END)
        return Markup("".join(parts))

    def _round_summary(
        self,
        view: View,
        last: dict[str, Any],
        names: list[str],
        language: str | None,
        booked: tuple[bool, ...] = (),
    ) -> dict[str, Any]:
        """The last round: rest hands, card points, what was booked, the score, and the
        leaderboard points of the round („Nach jeder Runde gibt es Punkte …“) with their sum so
        far; at the game's end every round's points and their total. Leaderboard points are
        shown only for the seats the leaderboard books (``Frame.booked``: never a bot, a guest's
        game, a practice deal or a seat the computer plays), and the column only where one is."""
        rounds = view["round_points"][: last["round"]]
        shown = [i < len(booked) and booked[i] for i in range(len(names))]
        columns = [
            "",
            _("Resthand"),
            _("Karten­punkte"),
            _("ange­schrieben"),
            _("Stand"),
        ]
        if any(shown):
            columns.append(_("Besten­liste") if last["game_over"] else _("Besten­liste (Runde)"))
        return {
            "title": _("Runde %(round)s vorbei") % {"round": last["round"]},
            # soft hyphens: on a phone the long headers break at a word's seam
            "columns": columns,
            "rows": [
                {
                    "cells": [
                        names[i],
                        join(face_html(c, language, True) for c in last["hands"][i]) or "–",
                        last["points"][i],
                        last["booked"][i],
                        last["scores"][i],
                        *(
                            [self._leaderboard_cell(rounds, i, last["game_over"], shown[i])]
                            if any(shown)
                            else []
                        ),
                    ],
                    "winner": i in last["winners"],
                }
                for i in range(len(names))
            ],
        }

    @staticmethod
    def _leaderboard_cell(rounds: list[list[int]], seat: int, over: bool, booked: bool) -> str:
        """This round's leaderboard points ("+10"), from round 2 on with the sum so far; at the
        end every round's points and the total ("+10 · −6 · +10 = +14"); "–" for a seat whose
        points are not booked."""
        points = [r[seat] for r in rounds]
        if not points or not booked:
            return "–"
        total = signed(sum(points))
        if over and len(points) > 1:
            return " · ".join(signed(p) for p in points) + f" = {total}"
        if len(points) > 1:
            return _("%(points)s (gesamt %(total)s)") % {
                "points": signed(points[-1]),
                "total": total,
            }
        return signed(points[-1])

    def card_html(self, card: str) -> Markup:
        return face_html(card, get_language(), True)

    def describe(self, event: Event, names: list[str]) -> str | None:
        t = event.get("type")
        who = names[event["seat"]] if isinstance(event.get("seat"), int) else ""
        if t == "play":
            card = card_name(event["card"])
            if event.get("color"):
                return _("%(who)s legt %(card)s und wünscht %(color)s.") % {
                    "who": who,
                    "card": card,
                    "color": color_name(event["color"]),
                }
            return _("%(who)s legt %(card)s.") % {"who": who, "card": card}
        if t == "draw":
            n = event.get("count", 1)
            return ngettext("%(who)s zieht %(n)s Karte.", "%(who)s zieht %(n)s Karten.", n) % {
                "who": who,
                "n": n,
            }
        if t == "penalty":
            return _("%(who)s hat ONE vergessen und zieht %(n)s Strafkarten.") % {
                "who": who,
                "n": event["count"],
            }
        if t == "one":
            return _("%(who)s ruft ONE!") % {"who": who}
        if t == "skip":
            return _("%(who)s muss aussetzen.") % {"who": who}
        if t == "reverse":
            return _("Die Spielrichtung wechselt.")
        if t == "round_end":
            winners = ", ".join(names[w] for w in event.get("winners", []))
            return _("Runde %(round)s vorbei – gewonnen hat %(winners)s.") % {
                "round": event["round"],
                "winners": winners,
            }
        if t == "deal":
            return _("Runde %(round)s: neue Karten.") % {"round": event["round"]}
        return None
