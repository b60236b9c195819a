"""Speedwerk's board as HTML: its faces, its pieces and the board itself (``board_html``), built
with ``games.html`` from the context its presenter made (one home of the screen's markup: the
presenter holds no HTML)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from games.html import Html, Markup, attr, fill, h, join
from games.presenters.base import (
    named_like_face,
    sprite_use,
    word_table,
)
from games.speedwerk.engine.cards import (
    COLOR_NAMES,
    SPECIAL_CODES,
    SPECIAL_NAMES,
    SPECIAL_TEXT,
    SPECIALS,
    parse_card,
)
from games.speedwerk.engine.cards import card_name as card_code
from games.speedwerk.texts import TEXTS
from games.wording import say

COLORS = ("R", "B", "G", "Y")


COLOR_CLASS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}


#: the card pictures: one SVG sprite (``<symbol id="c-R">`` a colour's shape – Rot circle, Blau
#: diamond, Grün square, Gelb triangle –, ``s-DK`` a special card's picture), referenced by <use>
SPRITE = "speedwerk/cards.svg"


#: the special cards: (name, what the card does) as the engine's codes (said by ``special``)
SPECIAL = {SPECIAL_CODES[c]: (SPECIAL_NAMES[c], SPECIAL_TEXT[c]) for c in SPECIALS}


#: the specials' names on their narrow faces, with a soft hyphen where they may break (site.css
#: breaks a face's name at a soft hyphen only, never inside a syllable)
FACE_NAME = {
    "DK": gettext_lazy("Dampf­koloss"),
    "FF": gettext_lazy("Funken­fee"),
    "TR": gettext_lazy("Trans­for­mator"),
    "FB": gettext_lazy("Fließ­band"),
    "KB": gettext_lazy("Kessel­bers­ter"),
    "DW": gettext_lazy("Dampf­wolke"),
    "PT": gettext_lazy("Proto­typ"),
    "BP": gettext_lazy("Blau­pause"),
    "SS": gettext_lazy("Schrott­samm­lerin"),
}


@lru_cache(maxsize=1024)
def _said(language: str | None, code: str) -> str:
    """A code of the engine without arguments in the language (once per language and code)."""
    return say(code, TEXTS)


@lru_cache(maxsize=512)
def _card_name(language: str | None, card: str) -> str:
    number = parse_card(card)
    return say(card_code(number), TEXTS) if number is not None else card


def card_name(card: str) -> str:
    """A card in words: "Rot 7", "Dampfkoloss"."""
    return _card_name(get_language(), card)


def colour_name(code: str) -> str:
    """A colour code in words: "Rot"."""
    return _said(get_language(), COLOR_NAMES[COLORS.index(code)])


def special(card: str) -> tuple[str, str]:
    """A special card's name and what it does, in words."""
    name, effect = SPECIAL[card]
    language = get_language()
    return _said(language, name), _said(language, effect)


def face_symbol(card: str) -> str:
    """The id of the card's picture in the sprite: its colour's shape, or the special's own."""
    return f"s-{card}" if card in SPECIAL else f"c-{card[0]}"


def colour_icon(code: str) -> Markup | str:
    """A colour's shape before its name on a choice button ("" for a choice that is no colour)."""
    return sprite_use(SPRITE, f"c-{code}") if code in COLOR_CLASS else ""


@lru_cache(maxsize=1024)
def _face_html(language: str | None, card: str, small: bool) -> Markup:
    if card in SPECIAL:
        name, effect = special(card)
        face = FACE_NAME.get(card)
        sub = str(face) if face is not None else name
        cls, number, title = (
            "special",
            "",
            _("%(name)s: %(effect)s") % {"name": name, "effect": effect},
        )
    else:
        cls, number, sub, title = COLOR_CLASS[card[0]], card[1:], "", card_name(card)
    return h(
        '<span class="card wcard {}{}" role="img" title="{}" aria-label="{}">{}{} {}</span>',  # space: two words
        cls,
        _SMALL if small else "",
        title,
        card_name(card),
        sprite_use(SPRITE, face_symbol(card), hidden=False),
        h('<span class="sym">{}</span>', number) if number else "",
        h('<span class="sub">{}</span>', sub) if sub else "",
    )


_SMALL = Markup(" small")


@lru_cache(maxsize=2048)
def _sheet_html(
    language: str | None, names: tuple[str, ...], rows: tuple[tuple[Any, ...], ...]
) -> Markup:
    """The score sheet (a Wizard block: bid/tricks, points, total per round and seat). It is the
    same for every seat and changes once a round, so it is built once per look and process."""
    t = _words(language)
    out = Html()
    out('<div class="scroll-x"><table class="list sheet"><thead><tr><th>{}</th>', t["round"])
    for n in names:
        out("<th>{}</th>", n)
    out("</tr></thead><tbody>")
    for number, bids, won, points, totals in rows:
        out("<tr><td>{}</td>", number)
        for bid, w, p, total in zip(bids, won, points, totals, strict=True):
            out(
                '<td class="{}"><span class="bw" title="{}">{}/{}</span> '
                '<span class="pts">{}</span> <strong class="tot">{}</strong></td>',
                "hit" if bid == w else "miss",
                t["bid_won"],
                bid,
                w,
                f"{p:+d}".replace("-", "−"),  # a real minus sign
                str(total).replace("-", "−"),
            )
        out("</tr>")
    out("</tbody></table></div>")
    return out.markup()


@lru_cache(maxsize=256)
def _void_chips(language: str | None, colours: tuple[str, ...]) -> Markup:
    """The colours a seat has shown it lacks, crossed out."""
    return join(
        h(
            '<span class="chip {} crossed" title="{}"></span>',
            COLOR_CLASS[c],
            _("kein %(colour)s mehr") % {"colour": colour_name(c)},
        )
        for c in colours
    )


@lru_cache(maxsize=64)
def _suit_text(language: str | None, name: str) -> Markup:
    """ "Bedienfarbe: Rot" (the colour to follow)."""
    return fill(_("Bedienfarbe: %(c)s"), c=name)


@lru_cache(maxsize=4096)
def _trick_play_html(seat: int, name: str, card_html: Markup, label: str) -> Markup:
    """One play of the current trick."""
    return h(
        '<li class="trick-play" data-seat="{}"><span class="who">{}</span>{}'
        '<span class="what">{}</span></li>\n',
        seat,
        name,
        card_html,
        label,
    )


@lru_cache(maxsize=1024)
def _last_trick_html(
    language: str | None,
    number: int,
    plays: tuple[tuple[bool, str, Markup, str], ...],
    outcome: str,
) -> Markup:
    """The last trick (``<details>``; per play: won, name, card face, label): once a trick."""
    out = Html()
    out(
        '<details class="last-trick" id="last-trick"><summary data-key="l">{}</summary>\n'
        '<ol class="trick small">',
        fill(_("Letzter Stich (%(n)s)"), n=number),
    )
    for won, name, card_html, label in plays:
        out(
            '<li class="trick-play{}"><span class="who">{}</span>{}'
            '<span class="what">{}</span></li>',
            _WINNER if won else "",
            name,
            card_html,
            label,
        )
    out("</ol>\n<p>{}</p>\n</details>\n", outcome)
    return out.markup()


@lru_cache(maxsize=4096)
def _hand_card_html(
    language: str | None,
    card: str,
    n: int,
    key: str,
    action: str | None,
    choices: tuple[tuple[str, str, str], ...] | None,
    name: str,
    html: Markup,
) -> Markup:
    """One hand card (``<li>``): playable by one action, by a choice of several (a dialog; per
    choice: class, action, label), or not at all."""
    out = Html()
    out("<li>\n")
    data_key = attr("data-key", key)
    if action:
        out(
            '<button type="button" class="card-button playable" data-card="{}" '
            'data-action="{}"{} aria-label="{}">{}</button>',
            card,
            action,
            data_key,
            named_like_face(name, html),
            html,
        )
    elif choices:
        out(
            '<button type="button" class="card-button playable" data-card="{}" '
            'data-dialog="decl-{}"{} aria-label="{}">{}</button>\n'
            '<dialog id="decl-{}" class="wish" aria-labelledby="decl-{}-q"><p id="decl-{}-q">{}</p>\n'
            '<div class="wish-colors">',
            card,
            n,
            data_key,
            named_like_face(name, html),
            html,
            n,
            n,
            n,
            fill(_("Wie spielst du %(c)s?"), c=name),
        )
        for cls, choice, label in choices:
            out(
                '<button type="button" class="chip-button {}" data-action="{}">{}{}</button>',
                cls,
                choice,
                colour_icon(cls),
                label,
            )
        out(
            '</div>\n<form method="dialog"><button class="link">{}</button></form></dialog>',
            _words(language)["cancel"],
        )
    else:
        out(
            '<span class="card-button" data-card="{}" title="{}">{}</span>',
            card,
            name,
            html,
        )
    out("\n</li>")
    return out.markup()


_NBSP = Markup("&nbsp;")


_WINNER = Markup(" winner")


_OPEN = Markup(" open")


@word_table
def _words() -> dict[str, str]:
    """The board's fixed words."""
    return {
        "trump_card": _("Trumpfkarte"),
        "no_suit": _("Noch keine Bedienfarbe"),
        "trick": _("Aktueller Stich"),
        "empty": _("Der Stich ist leer."),
        "hand": _("Deine Karten"),
        "trump_colour": _("Trumpffarbe"),
        "your_bid": _("Deine Ansage"),
        "how_many": _("Wie viele Stiche holst du?"),
        "play_blind": _("Karte verdeckt ausspielen"),
        "take_label": _("Karte aus dem Stich nehmen"),
        "take": _("Welche Karte nimmst du aus dem Stich?"),
        "keep": _("Nicht tauschen"),
        "cancel": _("Abbrechen"),
        "blind_card": _("Deine verdeckte Karte"),
        "no_cards": _("Keine Karten mehr in dieser Runde."),
        "sheet": _("Punktezettel"),
        "sheet_empty": _("Nach der ersten Runde stehen hier Ansagen, Stiche und Punkte."),
        "round": _("Runde"),
        "bid_won": _("Ansage / Stiche"),
    }


# -- the board ----------------------------------------------------------------------------
def board_html(ctx: dict[str, Any]) -> Markup:
    """Speedwerk's part of the frame: trump, trick, decision, hand, score sheet."""
    language = get_language()
    t = _words(language)
    view = ctx["view"]
    out = Html()
    trump = ctx["trump"]
    out(
        '<section class="center werk-center">\n<div class="werk-top">\n'
        '<div class="trump {}">{}<span class="trump-text" id="trump-text">{}</span></div>\n'
        '<div class="bids-line" id="bids-line">{}</div>\n'
        '<div class="suit-line" id="suit-line">{}</div>\n</div>\n'
        '<ol class="trick" id="trick" aria-label="{}">\n',
        trump["cls"],
        h('<span class="trump-card" title="{}">{}</span>', t["trump_card"], trump["card_html"])
        if trump["card_html"]
        else "",
        trump["text"],
        ctx["bids_line"],
        (_suit_text(language, ctx["suit_name"]) if ctx["suit_name"] else t["no_suit"])
        if ctx["trick"]
        else "",
        t["trick"],
    )
    for p in ctx["trick"]:
        out.add(_trick_play_html(p["seat"], p["name"], p["card_html"], p["label"]))
    if not ctx["trick"]:
        out(
            '<li class="trick-empty muted">{}</li>\n',
            t["empty"] if view["phase"] == "play" else _NBSP,
        )
    out("</ol>\n")
    last = ctx["last_trick"]
    if last:
        out.add(
            _last_trick_html(
                language,
                last["number"],
                tuple(
                    (p["seat"] == last["winner"], p["name"], p["card_html"], p["label"])
                    for p in last["plays"]
                ),
                last["outcome"],
            )
        )
    out("</section>\n")
    if ctx["me"] and ctx["match"].status == "running":
        hand_html(out, ctx, t)
    sheet = ctx["sheet"]
    out(
        '<details class="score-sheet panel" id="score-sheet"{}>\n<summary>{}</summary>\n{}\n'
        "</details>",
        _OPEN if ctx["match"].status == "finished" else "",
        t["sheet"],
        sheet["html"] if sheet["rows"] else h('<p class="muted">{}</p>', t["sheet_empty"]),
    )
    return out.markup()


def hand_html(out: Html, ctx: dict[str, Any], t: dict[str, Markup]) -> None:
    """The seat's decision and hand."""
    out('<section class="hand-area werk-hand" aria-label="{}" data-hand>\n', t["hand"])
    decision = ctx["board_decision"]
    if ctx["phase_title"] and decision:
        out('<p class="phase-title"><strong>{}</strong></p>\n', ctx["phase_title"])
    if ctx.get("blind_note"):
        out('<p class="blind-note">{}</p>\n', ctx["blind_note"])
    if decision == "trump":
        out('<div class="choices" role="group" aria-label="{}">', t["trump_colour"])
        for n, c in enumerate(ctx["trump_choices"], start=1):
            out(
                '<button type="button" class="chip-button {}" data-action="{}" data-key="{}">'
                "{}{}</button>",
                c["cls"],
                c["action"],
                n,
                colour_icon(c["cls"]),
                c["label"],
            )
        out("</div>\n")
    elif decision == "bid":
        out(
            '<div class="choices bids" role="group" aria-label="{}">\n'
            '<span class="choices-label">{}</span>\n',
            t["your_bid"],
            t["how_many"],
        )
        reason = ctx.get("forbidden_reason")
        for b in ctx["bids"]:
            if b["allowed"]:
                out(
                    '<button type="button" class="button bid-button" data-action="{}"{}>{}'
                    "</button>",
                    b["action"],
                    attr("data-key", b["key"]),
                    b["n"],
                )
            else:
                out(
                    '<button type="button" class="button bid-button" disabled title="{}">{}'
                    "</button>",
                    reason or "",
                    b["n"],
                )
        out("\n</div>\n")
        if reason:
            out('<p class="forbidden" id="forbidden-bid">{}</p>\n', reason)
    elif decision == "blind":
        out(
            '<div class="choices"><button type="button" class="button" data-action="{}" '
            'data-key="1" id="play-blind">{}</button></div>\n',
            ctx["blind_action"],
            t["play_blind"],
        )
    elif decision == "adjust":
        out('<div class="choices" role="group">')
        for c in ctx["adjust_choices"]:
            out(
                '<button type="button" class="button" data-action="{}" data-key="{}">{}</button>',
                c["action"],
                c["key"],
                c["label"],
            )
        out("</div>\n")
    elif decision == "swap":
        out(
            '<div class="choices swap" role="group" aria-label="{}">\n'
            '<span class="choices-label">{}</span>\n',
            t["take_label"],
            t["take"],
        )
        for take in ctx["swap_takes"]:
            out(
                '<button type="button" class="card-button playable" data-dialog="swap-{}" '
                'aria-label="{}">{}</button>\n<dialog id="swap-{}" class="wish" aria-labelledby="swap-{}-q">'
                '<p id="swap-{}-q">{}</p>\n<div class="wish-colors">',
                take["n"],
                named_like_face(take["name"], take["html"]),
                take["html"],
                take["n"],
                take["n"],
                take["n"],
                fill(_("Welche Handkarte gibst du für %(c)s?"), c=take["name"]),
            )
            for g in take["gives"]:
                out(
                    '<button type="button" class="card-button playable" data-action="{}" '
                    'aria-label="{}">{}</button>',
                    g["action"],
                    named_like_face(g["name"], g["html"]),
                    g["html"],
                )
            out(
                '</div>\n<form method="dialog"><button class="link">{}</button></form></dialog>',
                t["cancel"],
            )
        out(
            '\n<button type="button" class="button secondary" data-action="{}" data-key="k" '
            'id="keep">{}</button>\n</div>\n',
            ctx["keep_action"],
            t["keep"],
        )
    if ctx.get("passed_mine"):
        out(
            '<p class="muted">{}</p>\n',
            fill(_("Du gibst %(c)s weiter – warte auf die anderen."), c=ctx["passed_mine"]),
        )
    out('<ul class="hand" tabindex="-1">\n')
    language = get_language()
    for c in ctx["hand_cards"]:
        choices = c.get("choices")
        out.add(
            _hand_card_html(
                language,
                c["card"],
                c["n"],
                c["key"],
                c.get("action"),
                tuple((ch["cls"], ch["action"], ch["label"]) for ch in choices)
                if choices
                else None,
                c["name"],
                c["html"],
            )
        )
    if not ctx["hand_cards"]:
        if ctx["view"]["blind"]:
            out(
                '<li><span class="card back" title="{}"><span class="sym">?</span></span></li>',
                t["blind_card"],
            )
        else:
            out('<li class="muted">{}</li>', t["no_cards"])
    out("\n</ul>\n</section>\n")


def face_html(card: str, small: bool = False) -> Markup:
    """The face of a card, built once per card, size and language per process: the colour's
    shape (or the special's picture) from the sprite, the value (or the special's name) as text;
    an image (``role="img"``) named by the card's name."""
    return _face_html(get_language(), card, small)
