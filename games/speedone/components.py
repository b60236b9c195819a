"""Speedone's board as HTML: its faces, its pieces and the board itself (``board_html``), built
with ``games.html`` from the context its presenter made (one home of the screen's markup: the
presenter holds no HTML)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.html import Html, Markup, attr, h, join
from games.presenters.base import (
    THE_CARD,
    action_json,
    info_window,
    named_like_face,
    sprite_use,
    ui_icon,
    word_table,
)
from games.speedone.engine.cards import CODE, COLOR_CODE
from games.speedone.info import words

COLOR_CLASS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", None: "wild"}


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


@lru_cache(maxsize=4096)
def info_html(language: str | None, values: tuple[Any, ...]) -> Markup:
    """The Karten-Info window of a card (a hand card or the pile's top card: both open) with the
    card itself at a card's size beside the words (``THE_CARD``: copied by the page), memoised on
    what it shows: a board holds one per hand card, and the looks vary (playable, reason, what
    laying it would do)."""
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
    return info_window(THE_CARD, out.markup())


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
    out("{}</li>", info_html(language, info))
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
    one_action: str | None,
    draw_action: str | None,
    pending: int | None,
) -> Markup:
    """The hand's tools (ONE, draw) and the hand's opening: ``one_action`` and ``draw_action``
    only while the seat may call ONE or draw (the sorting is in the gear menu:
    ``settings_html``)."""
    t = _words(language)
    out = Html()
    out(
        '<section class="hand-area" aria-label="{}" data-hand>\n<div class="hand-tools">\n',
        t["hand"],
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


@lru_cache(maxsize=64)
def sort_settings_html(
    language: str | None, url: str, mode: int, labels: tuple[str, ...]
) -> Markup:
    """„Sortieren“ in the gear menu of the match page (``Presenter.settings_html``, outside the
    pushed board): the hand's sortings as a group of radio buttons under its legend, the current
    one checked; choosing one posts it (``games.views.sort``, ``sort=``) and the board comes back
    with the hand in that order. The arrow keys move between them (a native radio group)."""
    t = _words(language)
    out = Html()
    out('<fieldset class="settings-choice" id="sort-choice">\n<legend>{}</legend>\n', t["sort"])
    for n, label in enumerate(labels, start=1):
        out(
            '<label class="pref-radio"><input type="radio" name="sort" value="{}" '
            'id="sort-{}"{} hx-post="{}" hx-target="#board" hx-swap="outerHTML"> '
            "<span>{}</span></label>\n",
            n,
            n,
            Markup(" checked") if n == mode else "",
            url,
            label,
        )
    out("</fieldset>\n")
    return out.markup()


_CENTER_END = Markup("\n</section>\n")


_HAND_END = Markup("\n</ul>\n</section>\n")


def board_html(ctx: dict[str, Any]) -> Markup:
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
    # the hand, ONE and drawing only while the game runs (the end shows the hands
    # in the round summary)
    if ctx["me"] and not view["over"] and ctx["match"].status == "running":
        can_draw = ctx["can_draw"]
        parts.append(
            _hand_tools_html(
                language,
                ctx["one_action"] if ctx["can_one"] else None,
                ctx["draw_action"] if can_draw else None,
                pending if can_draw else None,
            )
        )
        parts.append(ctx["hand_html"])
        parts.append(_HAND_END)
    return Markup("".join(parts))


@lru_cache(maxsize=1024)
def missed_chips(missed: tuple[str, ...], language: str | None) -> Markup:
    """The colours a seat had to draw at, each a crossed chip (a seat's figure; memoised: every
    board shows every seat's on every move)."""
    return join(
        h('<span class="chip {} crossed" title="{}"></span>', c, color_name(c, language))
        for c in missed
    )
