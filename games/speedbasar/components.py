"""Speedbasar's board as HTML: its faces, its pieces and the board itself (``board_html``), built
with ``games.html`` from the context its presenter made (one home of the screen's markup: the
presenter holds no HTML)."""

from __future__ import annotations

from functools import lru_cache
from itertools import groupby
from pathlib import Path
from typing import Any

from django.templatetags.static import static
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from games.html import Html, Markup, attr, fill, h, join
from games.presenters.base import (
    info_window,
    named_like_face,
    sprite_use,
    word_table,
)
from games.speedbasar.engine.cards import GLUT
from games.speedbasar.texts import TEXTS

#: the spices' names (lazy: each use says them in the active language)
SPICE_NAME = {"R": TEXTS["spice.r"], "K": TEXTS["spice.k"], "S": TEXTS["spice.s"]}


#: the card pictures: one SVG sprite (``R`` ``K`` ``S`` the spices, ``W`` ``M`` the jokers, ``G``
#: the Glut, ``back`` the card back), referenced by <use>
SPRITE = "speedbasar/cards.svg"


JOKER_NAME = {"W": TEXTS["card.w"], "M": TEXTS["card.m"]}


#: the cards' names on their narrow faces, with a soft hyphen where they may break (site.css
#: breaks a face's name at a soft hyphen only, never inside a syllable)
FACE_NAME = {
    "R": gettext_lazy("Rosen­pfeffer"),
    "K": gettext_lazy("Karda­mom"),
    "S": SPICE_NAME["S"],
    "W": gettext_lazy("Messing­waage"),
    "M": gettext_lazy("Gewürz­mühle"),
}


@lru_cache(maxsize=1024)
def spice_number(spice: str, number: Any, language: str | None) -> str:
    """A spice card or claim in words: "Safran 7" (in ``language``, the active one)."""
    return _("%(spice)s %(number)s") % {"spice": SPICE_NAME[spice], "number": number}


@lru_cache(maxsize=256)
def card_name(card: str, language: str | None) -> str:
    """A card in words: "Safran 7", "Messingwaage"."""
    if card in JOKER_NAME:
        return str(JOKER_NAME[card])
    if card == GLUT:
        return _("Glut")
    return spice_number(card[0], card[1:], language)


@lru_cache(maxsize=512)
def _face_html(card: str, small: bool, language: str | None) -> Markup:
    whole = card in JOKER_NAME or card == GLUT  # a card without a number: its name is the card
    name = card_name(card, language)
    return h(
        '<span class="card bcard {}{}" role="img" title="{}" aria-label="{}">'
        '<span class="num">{}</span>{} <span class="sub">{}</span></span>',  # space: two words
        ("J" + card if card in JOKER_NAME else card) if whole else card[0],
        _SMALL if small else "",
        name,
        name,
        "" if whole else card[1:],
        face_picture(card, hidden=False),
        str(FACE_NAME[card if whole else card[0]]) if card != GLUT else name,
    )


def face_picture(card: str, hidden: bool = True) -> Markup:
    """The picture of a card's spice (a joker's, the Glut's) from the sprite (``hidden=False`` in
    a face: its ``role="img"`` hides it)."""
    return sprite_use(
        SPRITE, card if card in JOKER_NAME or card == GLUT else card[0], hidden=hidden
    )


_SMALL = Markup(" small")


@lru_cache(maxsize=1)
def back_html() -> Markup:
    """A card's back (the pile), with the sprite's pattern."""
    return h(
        '<span class="card bcard back" aria-hidden="true">{}</span>', sprite_use(SPRITE, "back")
    )


@lru_cache(maxsize=8)
def backs_picture(n: int) -> Markup:
    """``n`` cards face down, fanned (a seat's hand, up to five shown; a pile): backs only, so
    the picture of a hidden card never tells what it is."""
    return h('<span class="info-backs">{}</span>', join([back_html()] * max(0, min(n, 5))))


@lru_cache(maxsize=4)
def krugs_picture(taken: int) -> Markup:
    """The three Gewürzkrüge, the ``taken`` ones full."""
    return h(
        '<span class="info-krugs">{}</span>',
        join(
            h('<span class="krug-slot{}">{}</span>', _TAKEN if i < taken else "", KRUG_HTML)
            for i in range(3)
        ),
    )


@lru_cache(maxsize=64)
def claim_picture(spice: str, number: int) -> Markup:
    """A claim: the spice's picture and the number said, as a tag – no card, for what really lies
    under it is seen only by who doubts."""
    return h(
        '<span class="info-claim spice-{}">{}<span class="num">{}</span></span>',
        spice,
        sprite_use(SPRITE, spice),
        number,
    )


KRUG_HTML = Markup(
    '<svg class="icon krug" viewBox="0 0 16 16" aria-hidden="true"><path fill="currentColor" '
    'd="M5 1h6v2h-1v1.2c2.4.8 4 3 4 5.5C14 13 11.3 15 8 15s-6-2-6-5.3c0-2.5 1.6-4.7 4-5.5V3H5z"/>'
    "</svg>"
)


BOOK_HTML = Markup(
    '<svg class="icon book" viewBox="0 0 16 16" aria-hidden="true"><path fill="currentColor" '
    'd="M2 2.5C3.8 1.6 6 1.6 7.5 2.8v11C6 12.7 3.8 12.7 2 13.6zM14 2.5c-1.8-.9-4-.9-5.5.3v11c1.5-'
    '1.1 3.7-1.1 5.5-.2z"/></svg>'
)


@lru_cache(maxsize=1)
def autobelieve_js() -> Markup:
    """The solo's "Nach 4 s automatisch glauben" script, inlined into the doubt window."""
    return Markup((Path(__file__).parent / "autobelieve.js").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def sound_urls() -> tuple[str, str]:
    return static("sounds/basar-glut.wav"), static("sounds/basar-reveal.wav")


def info_html(i: dict[str, Any]) -> Markup:
    """A Karten-Info (on the board and in the frame's seats): about ten per board, most of them
    the same for every seat of a move and from move to move, so built once per content."""
    return _info_html(i["title"], i["ok"], i["no"], i["pic"], *i["lines"])


@lru_cache(maxsize=4096, typed=True)
def _info_html(title: Any, ok: Any, no: Any, pic: Any, *lines: Any) -> Markup:
    """``typed``: the key holds every value's type too, as escaping depends on it (a ``Markup``
    is taken as it is, an equal ``str`` is escaped)."""
    out = Html()
    out("<strong>{}</strong>", title)
    for line in lines:
        out("<span>{}</span>", line)
    if ok:
        out('<span class="ok">{}</span>', ok)
    if no:
        out('<span class="no">{}</span>', no)
    return info_window(pic, out.markup())


@lru_cache(maxsize=64)
def _krugs_html(krugs: int) -> Markup:
    """A seat's Krüge under its name: the icons and the number for a screen reader."""
    return h(
        '<span class="krug-icons" aria-hidden="true">{}</span><span class="sr-only">{}</span>',
        join([KRUG_HTML] * krugs) or "–",
        krugs,
    )


_BOOK_CLS = {"aufgedeckt": "rev", "hand": "hand", "gelegt": "laid", "unbekannt": "unk"}


_BOOK_TITLE = {
    "aufgedeckt": gettext_lazy("aufgedeckt"),
    "hand": gettext_lazy("auf deiner Hand"),
    "gelegt": gettext_lazy("von dir in den Stapel gelegt"),
    "unbekannt": gettext_lazy("unbekannt"),
}


_BOOK_HEAD = Markup(
    '<div class="scroll-x"><table class="book"><thead><tr><th></th>'
    + "".join(f"<th>{n}</th>" for n in range(1, 11))
    + "</tr></thead><tbody>"
)


@lru_cache(maxsize=8192)
def _book_row(row: tuple[Any, ...], language: str | None) -> Markup:
    """One spice's row: per number a cell with its three dots and one title that says them all
    („Zimt 3: 1× aufgedeckt, 2× unbekannt“) – a title per dot made the Marktbuch 7 of a board's
    23 KB, pushed to every seat on every move."""
    spice, name, numbers = row
    out = Html()
    out('<tr class="spice-{}"><th scope="row">{}</th>', spice, name)
    for number, dots in numbers:
        out.add(_book_cell(name, number, dots, language))
    out("</tr>")
    return out.markup()


@lru_cache(maxsize=4096)
def _book_cell(name: str, number: int, dots: tuple[str, ...], language: str | None) -> Markup:
    """One number's cell of a spice's row. A move changes one row of a seat's book; the row is
    new, but nine of its ten cells recur (at most a few hundred kinds of cell exist)."""
    return h(
        '<td title="{} {}: {}">{}</td>', name, number, _dots_title(dots, language), _dots_html(dots)
    )


@lru_cache(maxsize=1024)
def _book_jokers(jokers: tuple[Any, ...], language: str | None) -> Markup:
    out = Html()
    out('</tbody></table></div><p class="book-jokers">')
    for label, dots in jokers:
        out(
            '<span class="joker-row" title="{}: {}">{}: ', label, _dots_title(dots, language), label
        )
        out.add(_dots_html(dots))
        out("</span>")
    out("</p>")
    return out.markup()


@lru_cache(maxsize=64)
def _dots_html(dots: tuple[str, ...]) -> Markup:
    """The dots of one card kind (revealed, on the own hand, laid by the seat, unknown)."""
    return Markup("".join(f'<span class="dot {_BOOK_CLS[d]}"></span>' for d in dots))


@lru_cache(maxsize=256)
def _dots_title(dots: tuple[str, ...], language: str | None) -> str:
    """What the dots of one card kind say, in their order: „1× aufgedeckt, 2× unbekannt“ (in
    ``language``, the active one)."""
    return ", ".join(
        _("%(n)s× %(what)s") % {"n": len(list(group)), "what": _BOOK_TITLE[d]}
        for d, group in groupby(dots)
    )


@lru_cache(maxsize=256)
def _lay_dialog_html(
    language: str | None, claims: tuple[tuple[str, int, str, str], ...], pair: bool
) -> Markup:
    """The hand's one lay dialog: the chosen card(s), the allowed claims as a choice (a claim
    button only selects; no ``data-action``), „Zweite Karte dazulegen“ (Doppelladung) and the
    „Verdeckt legen“ button, whose ``data-action`` the page writes for the chosen card(s) and
    claim (``static/js/games/speedbasar.js``). The same for every card and every seat with the same allowed
    claims: built once per look."""
    t = _words(language)
    out = Html()
    out(
        '<dialog id="lay-dialog" class="wish lay-dialog" aria-label="{}">\n'
        '<div class="lay-head"><span class="lay-faces"></span><p><strong class="lay-names">'
        '</strong> {}<br><small class="lay-note"></small>'
        '<small class="pair-only">{}</small></p></div>\n'
        '<div class="claim-choices" role="radiogroup" aria-label="{}">',
        t["lay_label"],
        t["lay_as"],
        t["pair_note"],
        t["claim_choice"],
    )
    for spice, number, code, label in claims:
        out(
            '<button type="button" class="claim-button spice-{}" role="radio" '
            'aria-checked="false" data-claim="{}" data-spice="{}" data-number="{}">{} '
            '<small class="honest-mark">{}</small></button>',
            spice,
            code,
            spice,
            number,
            label,
            t["honest"],
        )
    out("</div>\n")
    if pair:
        out(
            '<p class="second-row single-only"><button type="button" class="button secondary '
            'second-button" data-second>{} <kbd>D</kbd></button> <small class="muted">{}</small>'
            "</p>\n",
            t["second"],
            t["second_note"],
        )
    out(
        '<p class="lay-confirm"><button type="button" class="button lay-button" id="lay-confirm" '
        "disabled>{} <kbd>Enter</kbd></button></p>\n"
        '<p class="muted small">{}</p>\n<form method="dialog"><button class="link">'
        '<span class="single-only">{}</span><span class="pair-only">{}</span></button></form>\n'
        "</dialog>\n",
        t["lay_confirm"],
        t["enter_lays"],
        t["cancel"],
        t["other_second"],
    )
    return out.markup()


@lru_cache(maxsize=4096)
def _hand_card_html(
    group_start: bool,
    playable: bool,
    card: str,
    name: str,
    n: int,
    honest_codes: str,
    now: str,
    mark: str,
    face: Markup,
    info: Markup,
    language: str | None,
) -> Markup:
    """One card of the hand (``<li>``): a button that opens the lay dialog (``playable``) or a
    plain face, the „passt“/„½“ mark and its Karten-Info. A function of these values only (the
    seat's own card, never another's): the same hand recurs from move to move; ``language``: the
    active one (the words)."""
    out = Html()
    out('<li class="has-info{}">\n', _GROUP_START if group_start else "")
    if playable:
        out(
            '<button type="button" class="card-button playable" data-card="{}" '
            'data-name="{}" data-n="{}" data-honest="{}" data-note="{}" '
            'data-dialog="lay-dialog"{} aria-label="{}{}">{}</button>\n',
            card,
            name,
            n,
            honest_codes,
            now,
            attr("data-key", n) if n < 10 else "",
            named_like_face(name, face),
            _(" – passt") if mark == "passt" else "",
            face,
        )
    else:
        out(
            '<span class="card-button" data-card="{}" tabindex="0" title="{}">{}</span>\n',
            card,
            name,
            face,
        )
    if mark == "passt":
        out('<span class="mark passt">{}</span>', _("passt"))
    elif mark == "halb":
        out('<span class="mark halb">½</span>')
    out("\n{}\n</li>", info)
    return out.markup()


@lru_cache(maxsize=1024, typed=True)  # typed: a name as Markup is not escaped
def _table_html(
    language: str | None,
    back: Markup,
    pile_count: int,
    pile_info: Markup,
    claim: bool,
    spice: str,
    text: str,
    by: str,
    count: int,
    claim_info: Markup | str,
    heat: str,
    noch: int,
    draw_info: Markup,
    krugs_total: int,
    krug_info: Markup,
) -> Markup:
    """The table in the board's centre: the pile, the claim if any (spice, words, who, how many
    cards, its Karten-Info), the draw pile and the Krüge. The same for every seat of a move (public
    values only): built once per move, not once per seat."""
    t = _words(language)
    m = _messages(language)
    out = Html()
    out(
        '<section class="center basar-center">\n<div class="basar-table">\n'
        '<div class="has-info basar-spot pile-spot" tabindex="0" role="group" id="pile" aria-label="{}">\n'
        '{}\n<span class="spot-label">{} <strong id="pile-count">{}</strong></span>\n{}\n'
        "</div>\n"
        '<div class="has-info basar-spot claim-spot" tabindex="0" role="group" id="claim" aria-label="{}">\n',
        t["pile"],
        h('<span class="pile-stack">{}</span>', back) if pile_count else _EMPTY_PILE,
        t["stack"],
        pile_count,
        pile_info,
        t["claim"],
    )
    if claim:
        out(
            '<span class="claim-big spice-{}"><span class="claim-spice">{}</span></span>\n'
            '<span class="spot-label">{}{}</span>\n{}\n',
            spice,
            text,
            fill(m["says"], by=by),
            h(" · {} {}", count, t["cards"]) if count > 1 else "",
            claim_info,
        )
    else:
        out(
            '<span class="claim-big none">{}</span><span class="spot-label">{}</span>\n',
            t["new_pile"],
            t["no_claim"],
        )
    out(
        "</div>\n"
        '<div class="has-info basar-spot draw-spot {}" tabindex="0" role="group" id="draw-pile" '
        'aria-label="{}">\n{}<span class="draw-noch">{}</span>\n'
        '<span class="spot-label">{}{}</span>\n{}\n</div>\n'
        '<div class="has-info basar-spot krug-spot" tabindex="0" role="group" id="krugs" aria-label="{}">\n'
        '<span class="draw-noch">{} {}/3</span>\n<span class="spot-label">{}</span>\n{}\n'
        "</div>\n</div>\n",
        heat,
        t["draw_pile"],
        _SPARKS if noch <= 12 else "",
        fill(m["noch"], n=noch),
        face_picture(GLUT),
        t["to_glut"],
        draw_info,
        t["krugs_label"],
        KRUG_HTML,
        krugs_total,
        t["krugs"],
        krug_info,
    )
    return out.markup()


@lru_cache(maxsize=256)
def _book_panel_html(language: str | None, unknown: int) -> tuple[Markup, Markup]:
    """The Marktbuch panel around its grid (``_book_grid``, memoised on its own): the part
    before the grid and the part after it."""
    t = _words(language)
    head = h(
        '<details class="marktbuch panel" id="marktbuch">\n'
        '<summary data-key="m">{} {} <kbd>M</kbd></summary>\n'
        '<p class="legend small"><span class="dot rev"></span> {} '
        '<span class="dot hand"></span> {} <span class="dot laid"></span> {} '
        '<span class="dot unk"></span> {}</p>\n',
        BOOK_HTML,
        t["marktbuch"],
        t["revealed"],
        t["in_hand"],
        t["laid"],
        t["unknown"],
    )
    tail = h(
        '\n<p class="muted small">{}</p>\n</details>\n',
        fill(
            ngettext(
                "%(n)s Karte ist dir noch unbekannt.",
                "%(n)s Karten sind dir noch unbekannt.",
                unknown,
            ),
            n=unknown,
        ),
    )
    return head, tail


@lru_cache(maxsize=64, typed=True)
def _settings(
    language: str | None,
    url: str,
    solo: bool,
    helps_on: bool,
    auto_believe: bool,
    marks_on: bool,
    sounds: bool,
) -> Markup:
    """The Ansicht's switches (``settings_html``), built once per language, URL and states."""
    t = _words(language)
    states = dict(zip(_SWITCH_PREFS, (helps_on, auto_believe, marks_on, sounds), strict=True))
    out = Html()
    out('<p class="settings-group" id="ansicht">{}</p>\n', t["view"])
    for pref, element, word, solo_only in _SWITCHES:
        if solo_only and not solo:
            continue
        on = states[pref]
        # a role=switch of type=button (issue 44); its state follows the board's data-prefs-on
        out(
            '<button type="button" class="pref-switch{}" id="{}" role="switch" aria-checked="{}" '
            'data-pref="{}" hx-post="{}" hx-target="#board" hx-swap="outerHTML" '
            """hx-vals='{{"pref": "{}"}}'>{}: <span class="pref-state">{}</span></button>\n""",
            _ON if on else "",
            element,
            "true" if on else "false",
            pref,
            url,
            pref,
            t[word],
            t["on"] if on else t["off"],
        )
    return out.markup()


_EMPTY_PILE = Markup('<span class="card bcard empty" aria-hidden="true"></span>')


_MINE = Markup(' class="mine"')


_TAKEN = Markup(" taken")


_MANY = Markup(" many")


_ROWS2 = Markup(" rows2")


# the Glut's rising sparks (speedbasar.css; still with prefers-reduced-motion)
_SPARKS = Markup(
    '<span class="sparks" aria-hidden="true"><i></i><i></i><i></i><i></i><i></i></span>'
)


_GROUP_START = Markup(" group-start")


_ON = Markup(" on")


@lru_cache(maxsize=8)
def _messages(language: str | None) -> dict[str, str]:
    """The board's messages with placeholders (for ``fill``), translated once per language."""
    return {
        "says": _("sagt %(by)s"),
        "noch": _("noch %(n)s"),
        "who_says": _("%(who)s sagt „%(c)s“"),
    }


@word_table
def _words() -> dict[str, str]:
    """The board's fixed words."""
    return {
        "pile": _("Ablagestapel"),
        "stack": _("Stapel"),
        "claim": _("Aktuelle Ansage"),
        "cards": _("Karten"),
        "new_pile": _("Neuer Stapel"),
        "no_claim": _("noch keine Ansage"),
        "draw_pile": _("Nachziehstapel"),
        "to_glut": _("bis zur Glut"),
        "krugs_label": _("Gewürzkrüge"),
        "krugs": _("Krüge"),
        "history": _("Ansagen auf diesem Stapel"),
        "my_pile": _("Deine Karten im Stapel"),
        "extrascharf": _("Extrascharf"),
        "window": _("Zweifel-Fenster"),
        "last_card": _("die letzte Karte!"),
        "auto_text": _("Nach 4 s glaubst du automatisch – Leertaste oder Klick hält an."),
        "auto_paused": _("Angehalten – Leertaste oder Klick läuft weiter."),
        "instinct": _("Händler-Instinkt"),
        "approx": _("Näherung bei zwei Karten"),
        "undecided": _("Noch unentschieden"),
        "hand": _("Deine Karten"),
        "allowed": _("Erlaubte Ansagen"),
        "pass": _("Passen – 1 Karte ziehen"),
        "lay_hint": _(
            "Karte antippen, Zahl (und Gewürz) wählen, „Verdeckt legen“ drücken. „passt“ heißt: "
            "ehrlich ansagbar."
        ),
        "pair_hint": _(
            "Doppelladung: „Zweite Karte dazulegen“ (Taste D), dann die zweite Karte antippen."
        ),
        "pair": _("Doppelladung"),
        "pair_ready": _("liegt bereit – wähle die zweite Karte (1–9)."),
        "cancel": _("Abbrechen"),
        "honest": _("ehrlich"),
        "second": _("+ Zweite Karte dazulegen"),
        "second_note": _("Doppelladung: zwei Karten unter einer Ansage"),
        "enter_lays": _("Enter legt die gewählte Ansage, Esc bricht ab."),
        "lay_label": _("Karte verdeckt legen"),
        "claim_choice": _("Ansage"),
        "lay_confirm": _("Verdeckt legen"),
        "no_cards": _("Keine Karten auf der Hand."),
        "lay_as": _("verdeckt legen – als was?"),
        "pair_note": _("Ein Zweifel prüft beide Karten: Nur wenn beide stimmen, hält die Ansage."),
        "other_second": _("Andere zweite Karte"),
        "marktbuch": _("Marktbuch"),
        "revealed": _("aufgedeckt"),
        "in_hand": _("auf deiner Hand"),
        "laid": _("von dir gelegt"),
        "unknown": _("unbekannt"),
        "view": _("Ansicht"),
        "helps": _("Hilfen"),
        "auto": _("Nach 4 s automatisch glauben"),
        "marks": _("„passt“ zeigen"),
        "sounds": _("Basar-Geräusche"),
        "on": _("an"),
        "off": _("aus"),
    }


# -- the board ----------------------------------------------------------------------------
def board_html(ctx: dict[str, Any]) -> Markup:
    """Speedbasar's part of the frame: pile, claim, draw pile, Krüge, the doubt window, the
    reveal, the hand (laid face down with a claim), the Marktbuch and the solo helps."""
    language = get_language()
    t = _words(language)
    m = _messages(language)
    playing = bool(ctx["me"]) and ctx["match"].status == "running"
    out = Html()
    if ctx["marktbuch"]:  # the book at the top of the board opens the Marktbuch (as M does)
        out(
            '<div class="basar-topbar"><button type="button" class="marktbuch-open" '
            'id="marktbuch-open" data-open-panel="marktbuch" aria-controls="marktbuch">'
            '{} {} <kbd aria-hidden="true">M</kbd></button></div>\n',
            BOOK_HTML,
            t["marktbuch"],
        )
    claim = ctx["claim"]
    draw = ctx["draw"]
    out.add(
        _table_html(
            language,
            ctx["back_html"],
            ctx["pile_count"],
            info_html(ctx["pile_info"]),
            bool(claim),
            claim["spice"] if claim else "",
            claim["big"] if claim else "",
            claim["by"] if claim else "",
            claim["count"] if claim else 0,
            info_html(claim["info"]) if claim else "",
            draw["heat"],
            draw["noch"],
            info_html(draw["info"]),
            ctx["krugs_total"],
            info_html(ctx["krug_info"]),
        )
    )
    if ctx["history"]:
        out('<ol class="claim-history" aria-label="{}">', t["history"])
        if ctx["history_more"]:
            out('<li class="muted">… +{}</li>', ctx["history_more"])
        for e in ctx["history"]:
            out(
                '<li{}><span class="who">{}</span> {}{}</li>',
                _MINE if e["mine"] else "",
                e["by"],
                e["text"],
                h(' <span class="muted">×{}</span>', e["count"]) if e["count"] > 1 else "",
            )
        out("</ol>\n")
    if ctx["my_pile_cards"]:
        out(
            '<p class="my-pile muted small">{}: {}</p>\n',
            t["my_pile"],
            join(c["html"] for c in ctx["my_pile_cards"]),
        )
    if ctx["rules"]:
        out('<ul class="extrascharf" aria-label="{}">', t["extrascharf"])
        for r in ctx["rules"]:
            out("<li><strong>{}</strong> – {}</li>", r["title"], r["text"])
        out("</ul>\n")
    if ctx["window"]:
        window_html(out, ctx, t, m)
    reveal = ctx["reveal"]
    if reveal:
        out(
            '<div class="reveal panel {}" id="reveal" role="status">\n'
            '<div class="reveal-cards">{}</div>\n<div class="reveal-text">\n'
            "<p><strong>{}</strong> {}</p>\n<p>{}. {}</p>\n</div>\n</div>\n",
            "holds" if reveal["holds"] else "caught",
            join(c["html"] for c in reveal["cards"]),
            reveal["verdict"],
            reveal["who_text"],
            reveal["checked"],
            reveal["outcome"],
        )
    out("</section>\n")
    if ctx["solo"] and not ctx["helps_on"]:
        out('<span class="basar-nohelp" hidden></span>\n')
    if playing:
        hand_html(out, ctx, t, language)
    out('<div class="basar-tools">\n')
    book = ctx["marktbuch"]
    if book:
        head, tail = _book_panel_html(language, book["unknown"])
        out.add(head, book["html"], tail)
    out("</div>\n")
    if playing:
        # the state of the Ansicht's switches in the gear menu (outside the board: the page's
        # settings_html), for static/js/match.js after a switch or a push
        out.add(_prefs_on(*_switch_states(ctx)))
    if playing:
        glut, reveal_src = sound_urls()
        out(
            '<span id="basar-sound" hidden data-on="{}" data-noch="{}" data-reveal="{}" '
            'data-glut-src="{}" data-reveal-src="{}"></span>',
            "1" if ctx["sounds_on"] else "0",
            draw["noch"],
            ctx["reveal_key"],
            glut,
            reveal_src,
        )
    return out.markup()


def window_html(out: Html, ctx: dict[str, Any], t: dict[str, Markup], m: dict[str, str]) -> None:
    """The doubt window: the claim, the buttons, the autobelieve bar, the instinct."""
    w = ctx["window"]
    out(
        '<div class="doubt-window panel" id="doubt-window" data-window="{}" role="group" '
        'aria-label="{}">\n<p class="doubt-claim">{}{}{}</p>\n',
        w["id"],
        t["window"],
        fill(m["who_says"], who=w["claimant"], c=w["claim"]),
        h(" ({} {})", w["count"], t["cards"]) if w["count"] > 1 else "",
        h(' – <strong class="last">{}</strong>', t["last_card"]) if w["last_card"] else "",
    )
    if w["double_note"]:
        out('<p class="doubt-note double-note">{}</p>\n', w["double_note"])
    if w["buttons"]:
        out('<div class="doubt-buttons">')
        for b in w["buttons"]:
            out(
                '<button type="button" class="button doubt-button {}" id="{}" '
                'data-action="{}" data-key="{}"><span class="big">{}</span> '
                "<small>{} <kbd>{}</kbd></small></button>",
                b["cls"],
                b["id"],
                b["action"],
                b["key"],
                b["label"],
                b["hint"],
                b["key"].upper(),
            )
        out("</div>\n")
        if w["autobelieve"] and ctx["auto_believe"]:
            out(
                '<div class="autobelieve" id="autobelieve" data-window="{}" role="timer">'
                '<span class="track"><span class="bar"></span></span>'
                '<small class="auto-text">{}</small><small class="auto-paused">{}</small>'
                "</div>\n<script>{}</script>",
                w["id"],
                t["auto_text"],
                t["auto_paused"],
                autobelieve_js(),
            )
        out("\n")
    if w["note"]:
        out('<p class="doubt-note">{}</p>\n', w["note"])
    ins = w["instinct"]
    if ins:
        out(
            '<div class="instinct" id="instinct" role="group" aria-label="{}">'
            '<span class="instinct-title">{}{}</span>\n',
            t["instinct"],
            t["instinct"],
            h(' <small class="muted">({})</small>', t["approx"]) if ins["approx"] else "",
        )
        for key in ("number", "spice"):
            out(
                '<span class="meter"><span class="meter-label">{}</span>'
                '<span class="meter-bar"><span style="width:{}%"></span></span>'
                "<strong>{} %</strong></span>",
                ins[key + "_label"],
                ins[key],
                ins[key],
            )
        out("</div>\n")
    if w["pending"]:
        out('<p class="muted small">{}: {}</p>\n', t["undecided"], ", ".join(w["pending"]))
    out("</div>\n")


def hand_html(out: Html, ctx: dict[str, Any], t: dict[str, Markup], language: str | None) -> None:
    """The hand: every card (a playable one opens the lay dialog) with its Karten-Info, and
    the one lay dialog of the hand (``_lay_dialog_html``)."""
    lay = ctx["lay"]
    pair = bool(lay and lay["pair"])
    out('<section class="hand-area basar-hand" aria-label="{}" data-hand>\n', t["hand"])
    if ctx["pass_action"]:
        out(
            '<div class="hand-tools">\n<span class="allowed"><span class="muted">{}:</span> '
            '<strong id="allowed-claims">{}</strong></span>\n'
            '<button type="button" class="button secondary" id="pass" data-action="{}" '
            'data-key="p">{} <kbd>P</kbd></button>\n</div>\n'
            '<p class="muted small lay-hint">{}{}</p>\n',
            t["allowed"],
            ctx["allowed_text"],
            ctx["pass_action"],
            t["pass"],
            t["lay_hint"],
            h(" {}", t["pair_hint"]) if pair else "",
        )
        if pair:
            out(
                '<p class="pair-hint" id="pair-hint" role="status" hidden><span>{}: '
                '<strong class="pair-first"></strong> {}</span> '
                '<button type="button" class="link" id="pair-cancel">{} <kbd>Esc</kbd>'
                "</button></p>\n",
                t["pair"],
                t["pair_ready"],
                t["cancel"],
            )
    # two rows from 12 cards on phones, from 15 elsewhere (speedbasar.css reads ``--half``)
    size = ctx["hand_size"]
    out(
        '<ul class="hand basar-cards{}{}" style="--half: {}">\n',
        _MANY if size >= 12 else "",
        _ROWS2 if size >= 15 else "",
        (size + 1) // 2,
    )
    first_group = True
    for g in ctx["hand_groups"]:
        for i, c in enumerate(g["cards"]):
            out.add(
                _hand_card_html(
                    i == 0 and not first_group,
                    bool(lay and c["layable"]),
                    c["card"],
                    c["name"],
                    c["n"],
                    c["honest_codes"],
                    c["now"],
                    c["mark"],
                    c["html"],
                    info_html(c["info"]),
                    language,
                )
            )
        first_group = False
    if first_group:
        out('<li class="muted">{}</li>', t["no_cards"])
    out("\n</ul>\n")
    if lay:
        claims = tuple((c["spice"], c["number"], c["code"], c["label"]) for c in lay["claims"])
        out.add(_lay_dialog_html(language, claims, pair))
    out("</section>\n")


def _switch_states(ctx: dict[str, Any]) -> tuple[bool, bool, bool, bool]:
    """The Ansicht's switches: helps, autobelieve, „passt“, sounds."""
    return (
        bool(ctx["helps_on"]),
        bool(ctx["auto_believe"]),
        bool(ctx["marks_on"]),
        bool(ctx["sounds_on"]),
    )


@lru_cache(maxsize=16)
def _prefs_on(helps_on: bool, auto_believe: bool, marks_on: bool, sounds: bool) -> Markup:
    """The hidden list of the Ansicht's switches that are on (``data-prefs-on``)."""
    on = [
        name
        for name, value in zip(
            _SWITCH_PREFS, (helps_on, auto_believe, marks_on, sounds), strict=True
        )
        if value
    ]
    return h('<span hidden data-prefs-on="{}"></span>\n', " ".join(on))


def settings_html(ctx: dict[str, Any]) -> Markup:
    """Ansicht in the gear menu of the match page (templates/games/match.html, outside the pushed
    board): the helps and autobelieve (solo games only), „passt“ and the sounds, each a labelled
    switch."""
    return _settings(get_language(), ctx["hilfen_url"], bool(ctx["solo"]), *_switch_states(ctx))


#: the switches' prefs (``games.views.PREF_SWITCHES``), in the order of ``_switch_states``
_SWITCH_PREFS = ("hilfen", "autoglauben", "passt", "geraeusche")
#: (pref, element id, word key) of the switches: the helps and autobelieve only in solo games
_SWITCHES = (
    ("hilfen", "helps-toggle", "helps", True),
    ("autoglauben", "auto-toggle", "auto", True),
    ("passt", "passt-toggle", "marks", False),
    ("geraeusche", "sound-toggle", "sounds", False),
)


def face_html(card: str, small: bool = False, language: str | None = None) -> Markup:
    """The face of a card, built once per process, look and language (``None``: the active one):
    the number as text, the picture of its spice (a joker's, the Glut's) from the sprite, the
    spice's name; an image (``role="img"``) named by the card's name."""
    return _face_html(card, small, get_language() if language is None else language)
