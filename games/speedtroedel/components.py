"""Speedtroedel's board as HTML: its faces, its pieces and the board itself (``board_html``), built
with ``games.html`` from the context its presenter made (one home of the screen's markup: the
presenter holds no HTML)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from games.html import Html, Markup, attr, fill, h, join
from games.presenters.base import (
    named_like_face,
    sprite_use,
    word_table,
)
from games.speedtroedel.texts import TEXTS

COLOURS = ("P", "S", "B", "M", "E")


#: the colours' names: the engine's catalogue codes (``card.colour.p`` …), lazy gettext strings
COLOUR_NAME = {c: TEXTS[f"card.colour.{c.lower()}"] for c in COLOURS}


COLOUR_CLASS = {
    "P": "porzellan",
    "S": "spielzeug",
    "B": "buecher",
    "M": "messing",
    "E": "smaragd",
}


#: the card pictures: one SVG sprite (``<symbol id="g-P">`` a good, ``s-T`` a special card,
#: ``stars1``…``stars5`` the attic's tiers), referenced by ``<use>``
SPRITE = "speedtroedel/cards.svg"


#: the special cards: name (the engine's catalogue) and effect, lazy gettext strings
SPECIAL = {
    "T": (
        TEXTS["card.special.t"],
        gettext_lazy("Am Ende des Stichs gibt jeder 1 Handkarte an den linken Nachbarn."),
    ),
    "F": (
        TEXTS["card.special.f"],
        gettext_lazy("Wer sie auf den Ladentisch nimmt, bekommt sofort −3 Punkte."),
    ),
    "G": (
        TEXTS["card.special.g"],
        gettext_lazy(
            "Du nimmst alle anderen Karten des Stichs; der Sieger bekommt nur den Posten."
        ),
    ),
    "V": (
        TEXTS["card.special.v"],
        gettext_lazy("Du spielst den nächsten Stich aus – egal, wer diesen gewinnt."),
    ),
    "H": (
        TEXTS["card.special.h"],
        gettext_lazy("Du nennst eine Farbe, die im nächsten Stich alle bedienen müssen."),
    ),
    "R": (TEXTS["card.special.r"], gettext_lazy("Im nächsten Stich gewinnt die niedrigste Karte.")),
}


#: the specials' names on their narrow faces, with a soft hyphen where they may break (site.css
#: breaks a face's name at a space or a soft hyphen only, never inside a syllable)
FACE_NAME = {
    "T": gettext_lazy("Tausch­runde"),
    "F": gettext_lazy("Fäl­schung"),
    "V": gettext_lazy("Vor­drän­geln"),
    "H": gettext_lazy("Heute ge­fragt"),
    "R": gettext_lazy("Ramsch­tag"),
}


def card_name(card: str) -> str:
    """A card in words: "Porzellan 7", "Smaragd 0", "Fälschung" (in the active language)."""
    return _card_name(get_language(), card)


@lru_cache(maxsize=512)
def _card_name(language: str | None, card: str) -> str:
    if card in SPECIAL:
        return str(SPECIAL[card][0])
    return str(TEXTS["card.plain"]) % {"colour": COLOUR_NAME[card[0]], "value": card[1:]}


def face_symbol(card: str) -> str:
    """The id of the card's picture in the sprite: the good of a colour card, the special's own."""
    return f"s-{card}" if card in SPECIAL else f"g-{card[0]}"


@lru_cache(maxsize=1024)
def _face_html(language: str | None, card: str, small: bool) -> Markup:
    if card in SPECIAL:
        name, effect = SPECIAL[card]
        cls = "special fake" if card == "F" else "special"
        number, sub = "", str(FACE_NAME.get(card, name))
        title = _("%(name)s: %(effect)s") % {"name": name, "effect": effect}
    else:
        colour, number = card[0], card[1:]
        zero = number == "0"
        title = card_name(card)
        if zero:
            title += _(" – Schnäppchenblick: Am Ende des Stichs nimmst du 1 Karte daraus.")
        cls = COLOUR_CLASS[colour] + (" zero" if zero else "")
        sub = _("Blick") if zero else ""
    return h(
        '<span class="card tcard {}{}" role="img" title="{}" aria-label="{}">{}{} {}</span>',  # space: two words
        cls,
        _SMALL if small else "",
        title,
        card_name(card),
        sprite_use(SPRITE, face_symbol(card), hidden=False),
        h('<span class="sym">{}</span>', number) if number else "",
        h('<span class="sub">{}</span>', sub) if sub else "",
    )


_SMALL = Markup(" small")


@lru_cache(maxsize=256)
def _shop_link(value: int | str) -> Markup:
    """A stat of the own seat as a link to "Dein Laden"."""
    return h('<a href="#shop-inhalt" class="shop-link">{}</a>', value)


@lru_cache(maxsize=256)
def _colour_chips(language: str | None, colours: tuple[str, ...]) -> Markup:
    return join(
        h(
            '<span class="chip tcol {} crossed" title="{}"><span class="sr-only">{}</span></span>',
            COLOUR_CLASS[c],
            _("kann %(colour)s nicht bedienen") % {"colour": COLOUR_NAME[c]},
            _("kein %(colour)s") % {"colour": COLOUR_NAME[c]},
        )
        for c in colours
    )


@lru_cache(maxsize=1024)
def _top_html(
    language: str | None,
    follow: tuple[tuple[str, str], ...],
    count: int,
    tiers: tuple[tuple[str, int, Markup], ...],
    top_stars: Markup | str,
    top_html: Markup | None,
    top_card: str,
    open_attic: bool,
    knapp: bool,
) -> Markup:
    """The board's top: the colour to follow (``(cls, text)`` per part) and the attic line."""
    t = _words(language)
    out = Html()
    out(
        '<section class="center troedel-center">\n<div class="troedel-top">\n'
        '<p class="follow-line" id="follow-line">'
    )
    for cls, text in follow:
        out('<span class="fl {}">{}</span>', cls, text)
    out(
        '</p>\n<p class="attic-line" id="attic" title="{}">\n<strong>{}</strong> {}\n',
        t["attic_title"],
        t["attic"],
        count,
    )
    for name, n, tier_stars in tiers:
        out(
            '<span class="tier{}" title="{}: {}">{} {}</span>',
            "" if n else _EMPTY,
            name,
            n,
            tier_stars,
            n,
        )
    out("\n")
    if top_stars:
        out(
            '<span class="top" title="{}">{}: {}{}</span>',
            t["top_title"],
            t["top"],
            top_stars,
            h(' {}<span class="sr-only">{}</span>', top_html, top_card) if top_html else "",
        )
    out("\n")
    if open_attic:
        out('<span class="badge open-attic">{}</span>', t["attic_open"])
    out("\n")
    if knapp:
        out('<span class="badge knapp" title="{}">{}</span>', t["knapp_title"], t["knapp"])
    out("\n</p>\n</div>\n")
    return out.markup()


@lru_cache(maxsize=4096)
def _play_html(
    winner: bool, seat: int | None, name: str, card_html: Markup, card_name: str
) -> Markup:
    """One play of a trick (``seat`` for the current trick's ``data-seat``, ``None`` in the last
    trick)."""
    return h(
        '<li class="trick-play{}"{}><span class="who">{}</span>{}<span class="what">{}</span></li>',
        _WINNER if winner else "",
        attr("data-seat", seat) if seat is not None else "",
        name,
        card_html,
        card_name,
    )


@lru_cache(maxsize=1024)
def _last_trick_html(
    language: str | None,
    title: str,
    plays: tuple[tuple[bool, str, Markup, str], ...],
    notes: tuple[str, ...],
    winner: str,
    outcome: tuple[str, ...],
) -> Markup:
    """The last trick (``<details>``): changes once a trick, the same for every seat."""
    out = Html()
    out(
        '<details class="last-trick" id="last-trick"><summary data-key="l">{}</summary>\n'
        '<ol class="trick small">',
        title,
    )
    for won, name, card_html, card_name in plays:
        out.add(_play_html(won, None, name, card_html, card_name))
    out("</ol>\n")
    if notes:
        out('<p class="muted">{}</p>\n', " · ".join(notes))
    out(
        "<p>{} {}</p>\n</details>\n",
        fill(_("%(w)s hat den Stich gefangen."), w=winner),
        " ".join(outcome),
    )
    return out.markup()


@lru_cache(maxsize=4096)
def _hand_card_html(
    n: int,
    fake: bool,
    card: str,
    action: str,
    key: str,
    preview: str | None,
    name: str,
    html: Markup,
) -> Markup:
    """One hand card (``n`` its place: the Vorschau's ``data-pv``): a seat's cards look the same
    move after move until its turn, so most are found here."""
    shown = named_like_face(name, html)
    label = f"{shown}. {preview}" if preview else shown
    if action:
        return h(
            '<li data-pv="{}">\n<button type="button" class="card-button playable{}" '
            'data-card="{}" data-action="{}"{}{} aria-label="{}">{}</button>\n</li>',
            n,
            _FAKE if fake else "",
            card,
            action,
            attr("data-key", key),
            attr("data-preview", preview),
            label,
            html,
        )
    return h(
        '<li data-pv="{}">\n<span class="card-button{}" data-card="{}" title="{}">{}</span>\n</li>',
        n,
        _FAKE if fake else "",
        card,
        label,
        html,
    )


@lru_cache(maxsize=64)
def _cards_text(language: str | None, n: int) -> Markup:
    """ "n Karte(n)" (a Heute-gefragt button: how many of the colour the seat holds)."""
    return fill(ngettext("%(n)s Karte", "%(n)s Karten", n), n=n)


@lru_cache(maxsize=2048)
def _shop_html(
    language: str | None,
    n: int,
    counter: tuple[Markup, ...],
    box: tuple[Markup, ...],
    need: str,
    swap: str,
) -> Markup:
    """Dein Laden: the own counter (``n`` cards, ``counter`` their faces) and box; it changes
    when the seat catches a trick, so it is found here move after move."""
    t = _words(language)
    out = Html()
    out(
        '<details class="shop panel" id="shop"><summary data-key="d">{}</summary>\n'
        '<h2 id="shop-inhalt">{}{}</h2>\n<p class="mini">{}</p>\n'
        '<h2>{} <small class="muted">{}</small></h2>\n<p class="mini">{}</p>\n<p>{}</p>\n',
        fill(
            ngettext(
                "Dein Laden: %(n)s Karte auf dem Ladentisch",
                "Dein Laden: %(n)s Karten auf dem Ladentisch",
                n,
            ),
            n=n,
        ),
        t["counter"],
        h(' <span class="plus-mark" title="{}">+{}</span>', t["counts"], n) if n else "",
        join(counter) or h('<span class="muted">{}</span>', t["nothing"]),
        t["box"],
        t["box_note"],
        join(box) or h('<span class="muted">{}</span>', t["empty_box"]),
        need,
    )
    if swap:
        out('<p class="muted">{}</p>\n', swap)
    out("</details>")
    return out.markup()


@lru_cache(maxsize=2048)
def _seat_info_html(
    language: str | None, counter: tuple[str, ...], box: tuple[str, ...], need: str
) -> Markup:
    """The own seat's info window: the names of the cards on its counter and in its box."""
    out = Html()
    out(
        '<div class="card-info shop-info" role="tooltip"><strong>{}</strong>'
        '<span class="info-counter">{}: {}</span><span class="info-box">{}: {}</span>'
        "<span>{}</span></div>",
        _("Dein Laden"),
        fill(
            ngettext("Ladentisch (%(n)s Karte)", "Ladentisch (%(n)s Karten)", len(counter)),
            n=len(counter),
        ),
        ", ".join(counter) or _("noch nichts gefangen"),
        fill(ngettext("Kiste (%(n)s Karte)", "Kiste (%(n)s Karten)", len(box)), n=len(box)),
        ", ".join(box) or _("leer"),
        need,
    )
    return out.markup()


_EMPTY = Markup(" empty")


_NBSP = Markup("&nbsp;")


_WINNER = Markup(" winner")


_FAKE = Markup(" fake")


@word_table
def _words() -> dict[str, str]:
    """The board's fixed words."""
    return {
        "attic_title": _("Dachboden: Karten je Sterne-Stufe"),
        "attic": _("Dachboden"),
        "top_title": _("Oberste Dachbodenkarte"),
        "top": _("oben"),
        "attic_open": _("Dachboden offen"),
        "knapp_title": _(
            "Nach jetzigem Stand reicht der Dachboden in der nächsten Runde nicht für alle – "
            "dann schließt der Markt."
        ),
        "knapp": _("knapp!"),
        "trick": _("Aktueller Stich"),
        "empty": _("Der Stich ist leer."),
        "hand": _("Deine Karten"),
        "pick": _("Schnäppchenblick"),
        "ask": _("Heute gefragt"),
        "swap_tip": _("Tipp auf die Karte (Tasten 1–9)."),
        "preview": _("Vorschau: Zeig auf eine Karte."),
        "counter": _("Ladentisch"),
        "counts": _("zählt beim Kassensturz"),
        "nothing": _("Noch nichts gefangen."),
        "box": _("Kiste"),
        "box_note": _("(Inhalt, nicht die Reihenfolge)"),
        "empty_box": _("Die Kiste ist leer."),
    }


# -- the board ----------------------------------------------------------------------------
def board_html(ctx: dict[str, Any]) -> Markup:
    """Speedtrödel's part of the frame: the colour to follow, attic, trick, decisions, hand,
    Dein Laden."""
    language = get_language()
    t = _words(language)
    view = ctx["view"]
    running = ctx["match"].status == "running"
    out = Html()
    attic = ctx["attic"]
    out.add(
        _top_html(
            language,
            tuple((p.get("cls") or "", p["text"]) for p in ctx["follow_line"]),
            attic["count"],
            tuple((tier["name"], tier["count"], tier["stars"]) for tier in attic["tiers"]),
            attic["top_stars"],
            attic["top_html"],
            attic["top_card"],
            attic["open"],
            attic["knapp"],
        )
    )
    if not view["over"]:
        out('<ol class="trick" id="trick" aria-label="{}">\n', t["trick"])
        for p in ctx["trick"]:
            out.add(_play_html(p["winner"], p["seat"], p["name"], p["card_html"], p["card_name"]))
        if not ctx["trick"]:
            out(
                '<li class="trick-empty muted">{}</li>',
                t["empty"] if view["phase"] == "play" else _NBSP,
            )
        out("\n</ol>\n")
    if ctx["trick_note"]:
        out('<p class="trick-note" id="trick-note">{}</p>\n', ctx["trick_note"])
    last = ctx["last_trick"]
    if last:
        out.add(
            _last_trick_html(
                language,
                last["title"],
                tuple(
                    (p["winner"], p["name"], p["card_html"], p["card_name"]) for p in last["plays"]
                ),
                tuple(last["notes"]),
                last["winner"],
                tuple(last["outcome"]),
            )
        )
    out("</section>\n")
    if ctx["me"] and running:
        hand_html(out, ctx, t)
    shop = ctx["shop"]
    if shop and running:
        out.add(
            _shop_html(
                language,
                shop["points"],
                tuple(c["html"] for c in shop["counter"]),
                tuple(c["html"] for c in shop["box"]),
                shop["need"],
                shop["swap"],
            )
        )
    return out.markup()


def hand_html(out: Html, ctx: dict[str, Any], t: dict[str, Markup]) -> None:
    """The decision (Schnäppchenblick, Heute gefragt, Tauschrunde) and the hand."""
    out('<section class="hand-area troedel-hand" aria-label="{}" data-hand>\n', t["hand"])
    decision = ctx["board_decision"]
    if decision == "pick":
        out(
            '<div class="decision" role="dialog" aria-label="{}" id="pick-dialog">\n'
            '<p class="phase-title"><strong>{}</strong></p>\n<div class="choices">',
            t["pick"],
            ctx["decision_title"],
        )
        for c in ctx["pick_choices"]:
            out(
                '<button type="button" class="card-button playable" data-action="{}"{} '
                'aria-label="{}">{}<span class="key-hint" aria-hidden="true" data-cap="{}"></span></button>',
                c["action"],
                attr("data-key", c["key"]),
                named_like_face(c["name"], c["html"]),
                c["html"],
                c["key"],
            )
        out("</div>\n</div>\n")
    elif decision == "ask":
        out(
            '<div class="decision" role="dialog" aria-label="{}" id="ask-dialog">\n'
            '<p class="phase-title"><strong>{}</strong></p>\n<div class="choices">',
            t["ask"],
            ctx["decision_title"],
        )
        for c in ctx["ask_choices"]:
            n = c["have"]
            out(
                '<button type="button" class="chip-button tcol-button {}" data-action="{}" '
                'data-key="{}">{} <small>({})</small> <kbd>{}</kbd></button>',
                c["cls"],
                c["action"],
                c["key"],
                c["label"],
                _cards_text(get_language(), n),
                c["key"],
            )
        out("</div>\n</div>\n")
    elif decision == "swap":
        out(
            '<p class="phase-title decision-line" id="swap-dialog" role="status">'
            '<strong>{}</strong> <span class="muted">{}</span></p>\n',
            ctx["decision_title"],
            t["swap_tip"],
        )
    if ctx.get("swap_waiting"):
        out('<p class="muted" id="swap-waiting">{}</p>\n', ctx["swap_waiting"])
    cards = ctx["hand_cards"]
    if decision == "play":
        out(
            '<p class="vorschau" id="vorschau" aria-live="off" data-preview-out>'
            '<span class="default muted">{}</span>',
            t["preview"],
        )
        for n, c in enumerate(cards, start=1):
            if c.get("preview"):  # a space between: the paragraph's text never glues
                out(' <span class="pv" data-pv="{}">{}</span>', n, c["preview"])
        out("</p>\n")
    out('<ul class="hand">\n')
    for n, c in enumerate(cards, start=1):
        out.add(
            _hand_card_html(
                n,
                c["fake"],
                c["card"],
                c["action"],
                c["key"],
                c.get("preview"),
                c["name"],
                c["html"],
            )
        )
    out("\n</ul>\n</section>\n")


def face_html(card: str, small: bool = False, language: str | None = None) -> Markup:
    """The face of a card, built once per card, size and language per process: the picture of its
    good (or of the special card) from the sprite, the value (or the special's name) as text; an
    image (``role="img"``) named by the card's name."""
    return _face_html(language or get_language(), card, small)
