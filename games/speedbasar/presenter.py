"""Speedbasar table: hand by spice, laying face down with a claim, the doubt window in real time,
the reveal, draw pile, Gewürzkrüge, Karten-Info, Marktbuch and the solo helps.

Everything here is computed from the seat's view (and its legal actions): a hidden card never
reaches a template. Engine helpers are imported from the package only.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import groupby
from pathlib import Path
from typing import Any

from django.templatetags.static import static
from django.utils.translation import get_language, gettext, gettext_lazy, gettext_noop, ngettext
from django.utils.translation import gettext as _

from games.engines.base import Action, Event, View
from games.html import Html, Markup, attr, fill, h, join
from games.presenters.base import (
    Frame,
    Presenter,
    action_json,
    info_window,
    named_like_face,
    sprite_use,
    word_table,
)
from games.speedbasar.engine import EXTRASCHARF, EXTRASCHARF_TEXT, instinct
from games.speedbasar.engine.cards import GLUT
from games.speedbasar.engine.extras import BookInputs, book_grid, book_inputs
from games.speedbasar.texts import TEXTS
from games.wording import say

SPICES = ("R", "K", "S")
#: the spices' names (lazy: each use says them in the active language)
SPICE_NAME = {"R": TEXTS["spice.r"], "K": TEXTS["spice.k"], "S": TEXTS["spice.s"]}
#: the card pictures: one SVG sprite (``R`` ``K`` ``S`` the spices, ``W`` ``M`` the jokers, ``G``
#: the Glut, ``back`` the card back), referenced by <use>
SPRITE = "speedbasar/cards.svg"
JOKER_NAME = {"W": TEXTS["card.w"], "M": TEXTS["card.m"]}
JOKER_TEXT = {
    "W": gettext_lazy("Übersteht jeden Zweifel an der Zahl, verliert jeden Zweifel am Gewürz."),
    "M": gettext_lazy("Übersteht jeden Zweifel am Gewürz, verliert jeden Zweifel an der Zahl."),
}
#: the cards' names on their narrow faces, with a soft hyphen where they may break (site.css
#: breaks a face's name at a soft hyphen only, never inside a syllable)
FACE_NAME = {
    "R": gettext_lazy("Rosen­pfeffer"),
    "K": gettext_lazy("Karda­mom"),
    "S": SPICE_NAME["S"],
    "W": gettext_lazy("Messing­waage"),
    "M": gettext_lazy("Gewürz­mühle"),
}
COPIES = 3
#: the Extrascharf rules: (title, the rule in one line) as the engine's codes (``rule_words``)
RULES = {key: (title, EXTRASCHARF_TEXT[key]) for key, _station, title in EXTRASCHARF}


@lru_cache(maxsize=64)
def rule_words(key: str, language: str | None) -> tuple[str, str]:
    """An Extrascharf rule's title and its one line, in ``language`` (the active one)."""
    title, text = RULES[key]
    return say(title, TEXTS), say(text, TEXTS)


#: the end of a game by reason (messages for ``gettext``, said by ``end_text``)
END_TEXT = {
    "krug2": gettext_noop("%(who)s hat den zweiten Gewürzkrug – gewonnen!"),
    "krug3": gettext_noop("Der dritte Gewürzkrug ist vergeben – die Partie ist aus."),
    "glut": gettext_noop("Die Glut liegt oben auf dem Nachziehstapel – die Partie ist aus."),
    "": gettext_noop("Die Partie ist aus."),
}


def _tr(language: str | None) -> Any:
    """``gettext`` for ``language`` (the active one), memoised per message: a board says some
    forty words, and each ``gettext`` costs a few microseconds (the active language sits in an
    ``asgiref`` local). The presenter's methods bind it to ``_`` (so ``makemessages`` finds the
    words) with the language they were given."""
    return _translators(language)[0]


def _ntr(language: str | None) -> Any:
    """``ngettext`` for ``language``, memoised as ``_tr``."""
    return _translators(language)[1]


@lru_cache(maxsize=8)
def _translators(language: str | None) -> tuple[Any, Any]:
    words: dict[str, str] = {}
    plurals: dict[tuple[str, str, int], str] = {}

    def tr(message: str) -> str:
        found = words.get(message)
        if found is None:
            found = words[message] = gettext(message)
        return found

    def ntr(singular: str, plural: str, n: int) -> str:
        found = plurals.get((singular, plural, n))
        if found is None:
            found = plurals[singular, plural, n] = ngettext(singular, plural, n)
        return found

    return tr, ntr


def end_text(reason: str, who: str, language: str | None) -> str:
    """The line of a game's end (``reason``: the engine's ``end_reason``)."""
    return _tr(language)(END_TEXT.get(reason, END_TEXT[""])) % {"who": who}


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


@lru_cache(maxsize=64)
def claim_on_table(spice: str, number: int, language: str | None) -> str:
    """A claim as the table's claim spot shows it: the spice's name may break at its soft hyphen
    (a phone's narrow spot shows „Rosen-pfeffer 10“ whole, never „Rosenpfeffe“)."""
    return _("%(spice)s %(number)s") % {"spice": FACE_NAME[spice], "number": number}


def claim_name(claim: dict[str, Any], language: str | None) -> str:
    return spice_number(claim["spice"], claim["number"], language)


def cards_words(cards: list[str], language: str | None) -> str:
    """Cards in words: "Safran 7", "Safran 7 und Messingwaage"."""
    if len(cards) == 2:
        _ = _tr(language)
        return _("%(first)s und %(second)s") % {
            "first": card_name(cards[0], language),
            "second": card_name(cards[1], language),
        }
    return ", ".join(card_name(c, language) for c in cards)


@lru_cache(maxsize=256)
def n_cards(n: int, language: str | None) -> str:
    """ "1 Karte", "3 Karten"."""
    return ngettext("%(n)s Karte", "%(n)s Karten", n) % {"n": n}


@lru_cache(maxsize=256)
def n_points(n: int, language: str | None) -> str:
    """ "1 Punkt", "3 Punkte"."""
    return ngettext("%(n)s Punkt", "%(n)s Punkte", n) % {"n": n}


def face_html(card: str, small: bool = False, language: str | None = None) -> Markup:
    """The face of a card, built once per process, look and language (``None``: the active one):
    the number as text, the picture of its spice (a joker's, the Glut's) from the sprite, the
    spice's name; an image (``role="img"``) named by the card's name."""
    return _face_html(card, small, get_language() if language is None else language)


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
SOUND_HTML = {
    on: Markup(
        '<svg class="icon sound" viewBox="0 0 16 16" aria-hidden="true"><path fill="currentColor" '
        'd="M2 6h3l4-3.5v11L5 10H2z"/><path fill="none" stroke="currentColor" stroke-width="1.4" '
        'stroke-linecap="round" d="'
        + (
            "M11 5.5c1.2 1.4 1.2 3.6 0 5M12.8 3.8c2.1 2.4 2.1 6 0 8.4"
            if on
            else "M11 6l4 4M15 6l-4 4"
        )
        + '"/></svg>'
    )
    for on in (False, True)
}


@lru_cache(maxsize=1)
def autobelieve_js() -> Markup:
    """The solo's "Nach 4 s automatisch glauben" script, inlined into the doubt window."""
    return Markup((Path(__file__).parent / "autobelieve.js").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def sound_urls() -> tuple[str, str]:
    return static("sounds/basar-glut.wav"), static("sounds/basar-reveal.wav")


def _info(
    title: str, *lines: str, ok: str = "", no: str = "", pic: Markup | str = ""
) -> dict[str, Any]:
    """A Karten-Info's content; ``pic``: its picture beside the words (``info_window``): a hand
    card's face, the backs of a pile or a seat's hand (a hidden card never shows its face)."""
    return {"title": title, "lines": [x for x in lines if x], "ok": ok, "no": no, "pic": pic}


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


@lru_cache(maxsize=2048)
def _hand_card(
    card: str,
    in_hand: int,
    revealed: int,
    claims: tuple[tuple[str, int], ...],
    language: str | None,
) -> tuple[str, str, tuple[str, ...], str, dict[str, Any], str]:
    """What a hand card shows besides its place: (sprite key, name, the honest claims in words,
    the joker's note, its Karten-Info, the honest claims as codes). A function of the card, how
    many copies the seat holds, how many were revealed and its honest claims (``(spice, number)``):
    the same hand recurs from move to move, so built once per look. The Karten-Info is shared
    between renders (nothing changes it); ``language``: the active one (the words)."""
    honest = tuple(spice_number(spice, number, language) for spice, number in claims)
    copies = _("Es gibt %(copies)s davon – %(mine)s bei dir, %(revealed)s schon aufgedeckt.") % {
        "copies": COPIES,
        "mine": in_hand,
        "revealed": revealed,
    }
    if card in JOKER_NAME:
        now = _("Halbe Wahrheit: %(text)s") % {"text": JOKER_TEXT[card]}
        info = _info(
            card_name(card, language),
            str(JOKER_TEXT[card]),
            copies,
            ok=_("½ passt: für jede Ansage eine halbe Wahrheit."),
            pic=face_html(card, False, language),
        )
    else:
        now = ""
        info = _info(
            card_name(card, language),
            copies,
            ok=_("passt: ehrlich als „%(claims)s“.") % {"claims": "“, „".join(honest)}
            if honest
            else "",
            no="" if honest else _("Gerade nicht ehrlich ansagbar."),
            pic=face_html(card, False, language),
        )
    key = card if card in JOKER_NAME else card[0]
    codes = " ".join(spice + str(number) for spice, number in claims)
    return key, card_name(card, language), honest, now, info, codes


@lru_cache(maxsize=64)
def _krugs_html(krugs: int) -> Markup:
    """A seat's Krüge under its name: the icons and the number for a screen reader."""
    return h(
        '<span class="krug-icons" aria-hidden="true">{}</span><span class="sr-only">{}</span>',
        join([KRUG_HTML] * krugs) or "–",
        krugs,
    )


@lru_cache(maxsize=4096, typed=True)  # typed: a name as Markup is not escaped
def _seat_info_of(
    seat_name: str,
    you: bool,
    hand: int,
    piles: int,
    krugs: int,
    points: int,
    window: tuple[str, int, bool] | None,
    pile: int,
    penalty: int,
    over: bool,
    language: str | None,
) -> dict[str, Any]:
    """One seat's Karten-Info (``SpeedbasarPresenter._seat_info``) from counts only; ``window``:
    the seat's open claim in the doubt window (its words, the number of cards, the last card).
    Most seats look the same for every viewer of a move: built once per content (the returned
    dict is shared, nothing changes it); ``language``: the active one (the words)."""
    name = seat_name
    lines = [
        _("Auf der Hand: %(cards)s (je −1)") % {"cards": n_cards(hand, language)},
        _("Punktestapel: %(cards)s (je +1)") % {"cards": n_cards(piles, language)},
        _("Gewürzkrüge: %(krugs)s (je +10)") % {"krugs": krugs},
        _("Stand jetzt: %(points)s") % {"points": n_points(points, language)},
    ]
    ok = no = ""
    if window is not None:
        claim, count, last_card = window
        if count > 1:
            what = _("„%(claim)s“ (%(count)s Karten)") % {"claim": claim, "count": count}
        else:
            what = _("„%(claim)s“") % {"claim": claim}
        ok = _(
            "Ein Zweifel an %(what)s ist jetzt %(points)s wert (der Stapel); wer falsch liegt, "
            "zieht %(penalty)s Karten."
        ) % {"what": what, "points": n_points(pile, language), "penalty": penalty}
        if last_card:
            ok += " " + _("Es geht auch um den Gewürzkrug.")
    elif pile and not over:
        lines.append(
            _("Im Stapel liegen %(cards)s: Ein Zweifel ist gerade %(points)s wert.")
            % {"cards": n_cards(pile, language), "points": n_points(pile, language)}
        )
    if hand == 1 and not over:
        no = (
            _("Du hast nur noch eine Karte – legst du sie unerwischt, gibt es einen Krug.")
            if you
            else _("%(name)s hat nur noch eine Karte – ein Krug droht!") % {"name": name}
        )
    if krugs == 1 and not over:
        lines.append(
            _("Noch ein Krug, und du gewinnst sofort.")
            if you
            else _("Noch ein Krug, und %(name)s gewinnt sofort.") % {"name": name}
        )
    title = _("%(name)s (du)") % {"name": seat_name} if you else seat_name
    return _info(title, *lines, ok=ok, no=no, pic=backs_picture(hand))


def _claims_text(claims: list[dict[str, Any]], language: str | None) -> str:
    """The allowed claims in short: "Kardamom 4–10" or "1–3 in jedem Gewürz"."""
    return _claims_text_of(tuple((c["spice"], c["number"]) for c in claims), language)


@lru_cache(maxsize=1024)
def _claims_text_of(claims: tuple[tuple[str, int], ...], language: str | None) -> str:
    """``_claims_text`` of the claims as ``(spice, number)``: the same few sets recur."""
    if not claims:
        return ""
    spices = list(dict.fromkeys(spice for spice, _number in claims))
    parts = []
    for s in spices:
        nums = sorted(number for spice, number in claims if spice == s)
        runs: list[str] = []
        start = prev = nums[0]
        for n in [*nums[1:], None]:
            if n is not None and n == prev + 1:
                prev = n
                continue
            runs.append(str(start) if start == prev else f"{start}–{prev}")
            if n is not None:
                start = prev = n
        parts.append(spice_number(s, ", ".join(runs), language))
    new_pile = {(spice, number) for spice in SPICES for number in (1, 2, 3)}
    if len(claims) == 9 and set(claims) == new_pile:
        return _("1, 2 oder 3 in einem Gewürz deiner Wahl (neuer Stapel)")
    return " · ".join(parts)


class SpeedbasarPresenter(Presenter):
    slug = "speedbasar"

    def present(self, view: View, legal: list[Action], frame: Frame) -> dict[str, Any]:
        language = get_language()
        _ = _tr(language)
        names = frame.names
        me = view["seat"]
        types = {a["type"] for a in legal}
        helps_on = frame.advice and frame.prefs.get("hilfen", True) is not False
        auto = frame.advice and frame.prefs.get("autoglauben", False) is True
        revealed_count = self._revealed_counts(view)
        ctx: dict[str, Any] = {
            "names": names,
            "solo": frame.advice,
            "helps_on": helps_on,
            "auto_believe": auto,
            "hilfen_url": frame.urls.get("sort", ""),
            "rules": [
                dict(zip(("title", "text"), rule_words(r, language), strict=True))
                for r in view["rules"]
                if r in RULES
            ],
            "pass_action": action_json({"type": "pass"}) if "pass" in types else "",
            "allowed_text": _claims_text(view["allowed_claims"], language),
        }
        ctx["hand_groups"] = self._hand(view, legal, revealed_count, language)
        # „passt“ under the hand cards, switchable in the Ansicht row (on by default)
        ctx["marks_on"] = frame.prefs.get("passt", True) is not False
        if not ctx["marks_on"]:
            for group in ctx["hand_groups"]:
                for card in group["cards"]:
                    card["mark"] = ""
        ctx["hand_size"] = len(view["hand"] or [])
        ctx["lay"] = self._lay(view, legal, language)
        ctx.update(self._pile(view, names, language))
        ctx["window"] = self._window(view, legal, names, helps_on, language)
        ctx["reveal"] = self._reveal(view, names, language)
        # "Basar-Geräusche" (off by default): the page plays the sounds, see static/js/basar.js
        ctx["sounds_on"] = frame.prefs.get("geraeusche", False) is True
        ctx["reveal_key"] = view["window"] if ctx["reveal"] else ""
        ctx["draw"] = self._draw(view, language)
        ctx["krug_info"] = _info(
            _("Gewürzkrüge"),
            _("%(n)s von 3 Krügen vergeben.") % {"n": sum(view["krugs"])},
            _(
                "Einen Krug (10 Punkte) bekommt, wer seine letzte Karte legt und nicht erwischt "
                "wird. Der zweite eigene Krug gewinnt sofort; mit dem dritten Krug ist Schluss."
            ),
            pic=krugs_picture(sum(view["krugs"])),
        )
        ctx["krugs_total"] = sum(view["krugs"])
        ctx["marktbuch"] = self._marktbuch(view, language) if me is not None else None
        ctx["seat_stats"] = self._seat_stats(view, names, language)
        ctx["seat_info"] = [info_html(i) for i in self._seat_info(view, names, language)]
        ctx["turn_text"] = self._turn_text(view, legal, names, language)
        ctx["status"] = self._status(view, language)
        ctx["round_summary"] = self._final(view, names, language) if view["over"] else None
        return ctx

    # -- pieces of the board ------------------------------------------------------------------
    @staticmethod
    def _revealed_counts(view: View) -> dict[str, int]:
        out: dict[str, int] = {}
        for r in view["revealed"]:
            for c in r["cards"]:
                out[c] = out.get(c, 0) + 1
        return out

    def _hand(
        self, view: View, legal: list[Action], revealed: dict[str, int], language: str | None
    ) -> list[dict[str, Any]]:
        hand = view["hand"] or []
        # every card may be laid under every allowed claim: the board carries the claims once
        # (``lay`` in the context), a card only says whether it may be laid and what is honest
        layable = {a["cards"][0] for a in legal if a["type"] == "lay" and len(a["cards"]) == 1}
        in_hand: dict[str, int] = {}
        for entry in hand:
            in_hand[entry["card"]] = in_hand.get(entry["card"], 0) + 1
        groups: list[dict[str, Any]] = []
        for n, entry in enumerate(hand, start=1):
            card = entry["card"]
            group = "J" if card in JOKER_NAME else card[0]
            if not groups or groups[-1]["group"] != group:
                groups.append({"group": group, "cards": []})
            claims = tuple((c["spice"], c["number"]) for c in entry["claims"])
            key, name, honest, now, info, codes = _hand_card(
                card, in_hand[card], revealed.get(card, 0), claims, language
            )
            groups[-1]["cards"].append(
                {
                    "n": n,
                    "card": card,
                    "key": key,
                    "name": name,
                    "html": face_html(card, False, language),
                    "mark": entry["mark"],
                    "layable": card in layable,
                    "honest": list(honest),
                    "now": now,
                    "info": info,
                    # the honest claims as "R3 K3": the page marks them for a pair of cards
                    "honest_codes": codes,
                }
            )
        return groups

    @staticmethod
    def _lay(view: View, legal: list[Action], language: str | None) -> dict[str, Any] | None:
        """The lay step: every hand card may be laid under every allowed claim, so the board
        carries the claims once, in one dialog for the whole hand (not one per card). The page
        (``static/js/basar.js``) fills it with the tapped card (or, with Doppelladung, the two
        cards in hand order); choosing a claim only selects it, „Verdeckt legen“ (or Enter) sends
        the lay. ``pair``: Doppelladung is allowed."""
        if not any(a["type"] == "lay" for a in legal):
            return None
        return {
            "pair": any(a["type"] == "lay" and len(a["cards"]) == 2 for a in legal),
            "claims": [
                {
                    "spice": c["spice"],
                    "number": c["number"],
                    "code": c["spice"] + str(c["number"]),
                    "label": claim_name(c, language),
                }
                for c in view["allowed_claims"]
            ],
        }

    def _pile(self, view: View, names: list[str], language: str | None) -> dict[str, Any]:
        _, ngettext = _tr(language), _ntr(language)
        pile = view["pile"]
        count = sum(e["count"] for e in pile)
        claim = view["claim"]
        penalty = 2
        if claim and claim["number"] == 10 and "zehnerzoll" in view["rules"]:
            penalty = 4
        if count:
            stake = ngettext(
                "Im Stapel liegt %(count)s Karte: Bei einem Zweifel geht es um %(points)s, der "
                "Verlierer zieht %(penalty)s Karten.",
                "Im Stapel liegen %(count)s Karten: Bei einem Zweifel geht es um %(points)s, der "
                "Verlierer zieht %(penalty)s Karten.",
                count,
            ) % {"count": count, "points": n_points(count, language), "penalty": penalty}
        else:
            stake = _("Der Stapel ist leer: Wer dran ist, beginnt neu mit 1, 2 oder 3.")
        claim_ctx = None
        if claim:
            top = pile[-1]
            claim_ctx = {
                "text": claim_name(claim, language),
                "big": claim_on_table(claim["spice"], claim["number"], language),
                "spice": claim["spice"],
                "number": claim["number"],
                "by": names[top["seat"]],
                "count": top["count"],
                "info": _info(
                    _("Aktuelle Ansage"),
                    (
                        _("%(who)s sagt „%(claim)s“ (%(count)s Karten).")
                        if top["count"] > 1
                        else _("%(who)s sagt „%(claim)s“.")
                    )
                    % {
                        "who": names[top["seat"]],
                        "claim": claim_name(claim, language),
                        "count": top["count"],
                    },
                    _(
                        "Doppelladung: Ein Zweifel prüft beide Karten – nur wenn beide stimmen, "
                        "hält die Ansage."
                    )
                    if top["count"] == 2
                    else "",
                    _("Was wirklich darunter liegt, sieht erst, wer anzweifelt."),
                    pic=claim_picture(claim["spice"], claim["number"]),
                ),
            }
        history = [
            {
                "by": names[e["seat"]],
                "text": claim_name(e, language),
                "count": e["count"],
                "mine": bool(e.get("cards")),
            }
            for e in pile
        ]
        mine = [
            {"html": face_html(c, True, language), "name": card_name(c, language)}
            for e in pile
            for c in e.get("cards", [])
        ]
        return {
            "pile_count": count,
            "pile_info": _info(
                _("Ablagestapel"), stake, pic=backs_picture(min(count, 3)) if count else _EMPTY_PILE
            ),
            "claim": claim_ctx,
            "history": history[-6:],
            "history_more": max(0, len(history) - 6),
            "my_pile_cards": mine,
            "back_html": back_html(),
        }

    def _window(
        self,
        view: View,
        legal: list[Action],
        names: list[str],
        helps_on: bool,
        language: str | None,
    ) -> dict[str, Any] | None:
        _ = _tr(language)
        w = view["doubt_window"]
        if w is None:
            return None
        me = view["seat"]
        claim = w["claim"]
        by_feature = {a.get("feature", "believe"): a for a in legal if a.get("window") == w["id"]}
        buttons = []
        if by_feature:
            buttons.append(
                {
                    "id": "doubt-number",
                    "label": _("Nicht die %(number)s!") % {"number": claim["number"]},
                    "hint": _("Zahl anzweifeln"),
                    "key": "z",
                    "action": action_json(by_feature["number"]),
                    "cls": "doubt",
                }
            )
            buttons.append(
                {
                    "id": "doubt-spice",
                    "label": _("Kein %(spice)s!") % {"spice": SPICE_NAME[claim["spice"]]},
                    "hint": _("Gewürz anzweifeln"),
                    "key": "w",
                    "action": action_json(by_feature["spice"]),
                    "cls": "doubt",
                }
            )
            if "exact" in by_feature:
                buttons.append(
                    {
                        "id": "doubt-exact",
                        "label": _("Stimmt genau!"),
                        "hint": _("Handschlag"),
                        "key": "s",
                        "action": action_json(by_feature["exact"]),
                        "cls": "exact",
                    }
                )
            buttons.append(
                {
                    "id": "believe",
                    "label": _("Glauben"),
                    "hint": _("weiter"),
                    "key": "g",
                    "action": action_json(by_feature["believe"]),
                    "cls": "believe",
                }
            )
        pending = [names[s] for s in w["pending"]]
        if me == w["claimant"]:
            note = _("Deine Ansage – glauben die anderen dir?")
        elif me is not None and me not in w["eligible"]:
            note = _("Bei „Enge Gasse“ darf nur der nächste Spieler anzweifeln.")
        elif me is not None and not by_feature:
            note = _("Du glaubst diese Ansage – warte auf die anderen.")
        else:
            note = ""
        hint = None
        if by_feature and helps_on:
            ins = instinct(view)
            if ins is not None:
                hint = {
                    "number": round(100 * ins["number_lie"]),
                    "spice": round(100 * ins["spice_lie"]),
                    "number_label": _("Zahl %(number)s gelogen") % {"number": claim["number"]},
                    "spice_label": _("%(spice)s gelogen") % {"spice": SPICE_NAME[claim["spice"]]},
                    # for two cards the instinct is an approximation (docs: Händler-Instinkt)
                    "approx": w["count"] == 2,
                }
        return {
            "id": w["id"],
            "claimant": names[w["claimant"]],
            "claim": claim_name(claim, language),
            "count": w["count"],
            "double_note": _(
                "Ein Zweifel prüft beide Karten: Nur wenn beide stimmen, hält die Ansage."
            )
            if w["count"] == 2
            else "",
            "last_card": w["last_card"],
            "buttons": buttons,
            "pending": pending,
            "note": note,
            "instinct": hint,
            "autobelieve": bool(by_feature),
        }

    def _reveal(self, view: View, names: list[str], language: str | None) -> dict[str, Any] | None:
        """The last reveal, shown while no new claim has been made since."""
        _ = _tr(language)
        if not view["revealed"]:
            return None
        r = view["revealed"][-1]
        if r["window"] != view["window"]:
            return None
        claimant, doubter = names[r["seat"]], names[r["doubter"]]
        claim = r["claim"]
        if r["feature"] == "number":
            checked = _("Geprüft wurde die Zahl %(number)s") % {"number": claim["number"]}
        elif r["feature"] == "spice":
            checked = _("Geprüft wurde das Gewürz %(spice)s") % {
                "spice": SPICE_NAME[claim["spice"]]
            }
        else:
            checked = _("Geprüft wurde „Stimmt genau!“ (Gewürz und Zahl)")
        if len(r["cards"]) == 2:
            checked += _(" – bei beiden Karten (Doppelladung)")
        holds = r["holds"]
        if r["feature"] == "exact":
            verdict = _("Stimmt genau!") if holds else _("Stimmt nicht genau.")
        else:
            verdict = _("Stimmt!") if holds else _("Gelogen!")
        if r["feature"] == "exact":
            who_text = _("%(doubter)s hat zuerst „Stimmt genau!“ gerufen.") % {"doubter": doubter}
        else:
            who_text = _("%(doubter)s hat zuerst gezweifelt: „%(claim)s“ von %(claimant)s.") % {
                "doubter": doubter,
                "claim": claim_name(claim, language),
                "claimant": claimant,
            }
        return {
            "who_text": who_text,
            "cards": [
                {"html": face_html(c, False, language), "name": card_name(c, language)}
                for c in r["cards"]
            ],
            "cards_text": cards_words(r["cards"], language),
            "doubter": doubter,
            "claimant": claimant,
            "claim": claim_name(claim, language),
            "checked": checked,
            "verdict": verdict,
            "holds": holds,
            "outcome": self._outcome(r, names, self._penalty(r, view["rules"], language), language),
        }

    @staticmethod
    def _penalty(r: dict[str, Any], rules: list[str], language: str | None) -> str:
        return n_cards(4 if r["claim"]["number"] == 10 and "zehnerzoll" in rules else 2, language)

    @staticmethod
    def _outcome(r: dict[str, Any], names: list[str], penalty: str, language: str | None) -> str:
        _ = _tr(language)
        claimant, doubter, winner = names[r["seat"]], names[r["doubter"]], names[r["winner"]]
        words = {"winner": winner, "pile": n_cards(r["pile"], language), "penalty": penalty}
        if r["feature"] == "exact" and r["holds"]:
            return _("%(winner)s bekommt den Stapel (%(pile)s), %(claimant)s beginnt neu.") % {
                **words,
                "claimant": claimant,
            }
        loser = doubter if r["feature"] == "exact" or r["holds"] else claimant
        return _("%(winner)s bekommt den Stapel (%(pile)s), %(loser)s zieht %(penalty)s.") % {
            **words,
            "loser": loser,
        }

    @staticmethod
    def _draw(view: View, language: str | None) -> dict[str, Any]:
        _ = _tr(language)
        noch = view["noch"]
        # the Glut's steps (site.css: a stronger glow each step, sparks from the second);
        # "warm"/"hot" stay the names of the two strongest ranges
        step = next((i for i, n in ((5, 2), (4, 5), (3, 8), (2, 12), (1, 20)) if noch <= n), 0)
        heat = (f"heat-{step}" if step else "") + (
            " hot" if noch <= 5 else (" warm" if noch <= 12 else "")
        )
        return {
            "noch": noch,
            "heat": heat,
            "info": _info(
                _("Nachziehstapel"),
                _("Noch %(cards)s bis zur Glut.") % {"cards": n_cards(noch, language)},
                _("Liegt die Glut oben, ist die Partie sofort aus – dann zählt jede Handkarte −1."),
                no=_("Bald ist Schluss!") if noch <= 5 else "",
                pic=backs_picture(min(noch + 1, 3)),
            ),
        }

    @staticmethod
    def _marktbuch(view: View, language: str | None) -> dict[str, Any]:
        """The seat's Marktbuch, memoised on everything it depends on (``book_inputs``): between
        two moves of the others these rarely change."""
        html, unknown = _book_of(book_inputs(view), language)
        return {"html": html, "unknown": unknown}

    @staticmethod
    def _seat_stats(
        view: View, names: list[str], language: str | None
    ) -> list[list[dict[str, Any]]]:
        _ = _tr(language)
        out = []
        for s in range(view["players"]):
            krugs = view["krugs"][s]
            row: list[dict[str, Any]] = [
                {
                    "label": _("Krüge"),
                    "value": _krugs_html(krugs),
                    "cls": "krugs",
                },
                {
                    "label": _("Stapel"),
                    "value": view["point_piles"][s],
                },
            ]
            if view["hand_counts"][s] == 1 and not view["over"]:
                row.append(
                    {
                        "value": _("letzte Karte!"),
                        "cls": "last-card",
                    }
                )
            out.append(row)
        return out

    @staticmethod
    def _seat_info(view: View, names: list[str], language: str | None) -> list[dict[str, Any]]:
        """Karten-Info of every seat (hover, long press): counts only, never a card. How much a
        doubt of the seat's open claim is worth now, and who is down to the last card."""
        me = view["seat"]
        w = view["doubt_window"]
        pile = sum(e["count"] for e in view["pile"])
        penalty = 2
        if view["claim"] and view["claim"]["number"] == 10 and "zehnerzoll" in view["rules"]:
            penalty = 4
        over = view["over"]
        out = []
        for s in range(view["players"]):
            window = None
            if w is not None and w["claimant"] == s and not over:
                window = (claim_name(w["claim"], language), w["count"], bool(w["last_card"]))
            out.append(
                _seat_info_of(
                    names[s],
                    s == me,
                    view["hand_counts"][s],
                    view["point_piles"][s],
                    view["krugs"][s],
                    view["points"][s],
                    window,
                    pile,
                    penalty,
                    bool(over),
                    language,
                )
            )
        return out

    @staticmethod
    def _turn_text(
        view: View, legal: list[Action], names: list[str], language: str | None
    ) -> str | None:
        _ = _tr(language)
        me = view["seat"]
        w = view["doubt_window"]
        if view["over"]:
            return None
        if w is not None:
            claim = claim_name(w["claim"], language)
            if me == w["claimant"]:
                return _("Du hast „%(claim)s“ angesagt – die anderen entscheiden.") % {
                    "claim": claim
                }
            words = {"who": names[w["claimant"]], "claim": claim}
            if legal:
                return (
                    _(
                        "%(who)s sagt „%(claim)s“: Glauben oder anzweifeln? Wer zuerst zweifelt, gilt."
                    )
                    % words
                )
            return _("%(who)s sagt „%(claim)s“ – die anderen entscheiden.") % words
        if view["turn"] == me and legal:
            return _("Du bist dran: Karte wählen und ansagen – oder passen.")
        return _("%(who)s ist dran.") % {"who": names[view["turn"]]}

    @staticmethod
    def _status(view: View, language: str | None) -> str:
        _ = _tr(language)
        parts = [_("Nachziehstapel: noch %(n)s") % {"n": view["noch"]}]
        parts.append(_("Krüge vergeben: %(n)s von 3") % {"n": sum(view["krugs"])})
        if view["rules"]:
            titles = ", ".join(rule_words(r, language)[0] for r in view["rules"])
            parts.append(_("Extrascharf: %(rules)s") % {"rules": titles})
        return " · ".join(parts)

    @staticmethod
    def _final(view: View, names: list[str], language: str | None) -> dict[str, Any]:
        _ = _tr(language)
        reason = view["end_reason"]
        who = names[view["krug_winner"]] if view["krug_winner"] >= 0 else ""
        title = end_text(reason, who, language)
        return {
            "title": title,
            # soft hyphens: the headers break at a word's seam on a phone, never inside a name
            "columns": [
                "",
                _("Punkte­stapel"),
                _("Krüge (×10)"),
                _("Hand­karten (−1)"),
                _("Punkte"),
            ],
            "rows": [
                {
                    "cells": [
                        names[s],
                        view["point_piles"][s],
                        view["krugs"][s],
                        view["hand_counts"][s],
                        view["points"][s],
                    ],
                    "winner": s == view["krug_winner"]
                    or (view["krug_winner"] < 0 and view["points"][s] == max(view["points"])),
                }
                for s in range(view["players"])
            ],
        }

    # -- the board ----------------------------------------------------------------------------
    def board_html(self, ctx: dict[str, Any]) -> Markup:
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
            self._window_html(out, ctx, t, m)
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
            self._hand_html(out, ctx, t, language)
        out('<div class="basar-tools">\n')
        book = ctx["marktbuch"]
        if book:
            head, tail = _book_panel_html(language, book["unknown"])
            out.add(head, book["html"], tail)
        if playing:
            self._view_menu_html(out, ctx, language)
        out("</div>\n")
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

    @staticmethod
    def _window_html(
        out: Html, ctx: dict[str, Any], t: dict[str, Markup], m: dict[str, str]
    ) -> None:
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

    @staticmethod
    def _hand_html(
        out: Html, ctx: dict[str, Any], t: dict[str, Markup], language: str | None
    ) -> None:
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
        # two rows from 12 cards on phones, from 15 elsewhere (site.css reads ``--half``)
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

    @staticmethod
    def _view_menu_html(out: Html, ctx: dict[str, Any], language: str | None) -> None:
        """Ansicht: the helps, autobelieve, „passt“ and the sounds, each a toggle (the same for
        every render with the same switches: ``_view_menu``)."""
        out.add(
            _view_menu(
                language,
                ctx["hilfen_url"],
                bool(ctx["solo"]),
                bool(ctx["helps_on"]),
                bool(ctx["auto_believe"]),
                bool(ctx["marks_on"]),
                bool(ctx["sounds_on"]),
            )
        )

    # -- the move ticker ----------------------------------------------------------------------
    def card_html(self, card: str) -> Markup:
        return face_html(card, small=True)

    def describe(self, event: Event, names: list[str]) -> str | None:
        language = get_language()
        _, ngettext = _tr(language), _ntr(language)
        t = event.get("type")
        seat = event.get("seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
        if t == "start":
            return _("Die Partie beginnt – %(who)s fängt an.") % {"who": names[event["first"]]}
        if t == "lay":
            words = {
                "who": who,
                "claim": claim_name(event["claim"], language),
                "count": event["count"],
            }
            if event.get("last_card"):
                return (
                    ngettext(
                        "%(who)s legt eine Karte verdeckt: „%(claim)s“ – die letzte Karte!.",
                        "%(who)s legt %(count)s Karten verdeckt: „%(claim)s“ – die letzte Karte!.",
                        event["count"],
                    )
                    % words
                )
            return (
                ngettext(
                    "%(who)s legt eine Karte verdeckt: „%(claim)s“.",
                    "%(who)s legt %(count)s Karten verdeckt: „%(claim)s“.",
                    event["count"],
                )
                % words
            )
        if t == "believe":
            return None  # the window shows who is still undecided; "believed" sums it up
        if t == "believed":
            return _("Alle glauben %(who)s.") % {"who": who}
        if t == "doubt":
            return None  # the reveal that follows says everything
        if t == "reveal":
            claim = event["claim"]
            doubter, claimant = names[event["doubter"]], names[event["seat"]]
            if event["feature"] == "number":
                call = _("„Nicht die %(number)s!“") % {"number": claim["number"]}
            elif event["feature"] == "spice":
                call = _("„Kein %(spice)s!“") % {"spice": SPICE_NAME[claim["spice"]]}
            else:
                call = _("„Stimmt genau!“")
            if event["feature"] == "exact":
                verdict = _("stimmt genau") if event["holds"] else _("stimmt nicht genau")
            else:
                verdict = _("stimmt") if event["holds"] else _("gelogen")
            line = _(
                "%(doubter)s ruft %(call)s – aufgedeckt: %(cards)s (%(claimant)s): %(verdict)s."
            ) % {
                "doubter": doubter,
                "call": call,
                "cards": cards_words(event["cards"], language),
                "claimant": claimant,
                "verdict": verdict,
            }
            return line + " " + self._outcome(event, names, _("Strafkarten"), language)
        if t == "krug":
            return _("%(who)s bekommt einen Gewürzkrug (%(n)s. Krug).") % {
                "who": who,
                "n": event["krugs"],
            }
        if t == "draw":
            return _("%(who)s zieht %(cards)s – noch %(noch)s im Stapel.") % {
                "who": who,
                "cards": n_cards(event["count"], language),
                "noch": event["noch"],
            }
        if t == "pass":
            return _("%(who)s passt.") % {"who": who}
        if t == "end":
            reason = event.get("reason", "")
            winner = event.get("krug_winner", -1)
            return end_text(
                reason, names[winner] if isinstance(winner, int) and winner >= 0 else "", language
            )
        return None


_BOOK_CLS = {"aufgedeckt": "rev", "hand": "hand", "gelegt": "laid", "unbekannt": "unk"}
_BOOK_TITLE = {
    "aufgedeckt": gettext_lazy("aufgedeckt"),
    "hand": gettext_lazy("auf deiner Hand"),
    "gelegt": gettext_lazy("von dir in den Stapel gelegt"),
    "unbekannt": gettext_lazy("unbekannt"),
}


@lru_cache(maxsize=4096)
def _book_of(key: BookInputs, language: str | None) -> tuple[Markup, int]:
    """The Marktbuch grid's HTML and the count of unknown cards for ``key`` (``book_inputs``) in
    ``language`` (the active one: the names of the spices and jokers are said here)."""
    spices, jokers, unknown = book_grid(*key)
    spices = tuple((spice, say(name, TEXTS), numbers) for spice, name, numbers in spices)
    jokers = tuple((say(name, TEXTS), dots) for name, dots in jokers)
    return _book_grid((spices, jokers, language)), unknown


_BOOK_HEAD = Markup(
    '<div class="scroll-x"><table class="book"><thead><tr><th></th>'
    + "".join(f"<th>{n}</th>" for n in range(1, 11))
    + "</tr></thead><tbody>"
)


@lru_cache(maxsize=4096)
def _book_grid(key: tuple[Any, ...]) -> Markup:
    """The Marktbuch table and joker row: about a hundred dots, the largest part of the board, and
    the same grid recurs from move to move – built once per look and process, from rows that are
    memoised on their own (a move changes one spice's row at most, the others recur)."""
    spices, jokers, language = key
    out = Html().add(_BOOK_HEAD)
    for row in spices:
        out.add(_book_row(row, language))
    return out.add(_book_jokers(jokers, language)).markup()


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
    claim (``static/js/basar.js``). The same for every card and every seat with the same allowed
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
def _view_menu(
    language: str | None,
    url: str,
    solo: bool,
    helps_on: bool,
    auto_believe: bool,
    marks_on: bool,
    sounds: bool,
) -> Markup:
    """Ansicht: the helps, autobelieve, „passt“ and the sounds, each a toggle."""
    t = _words(language)
    out = Html()
    out(
        '<div class="view-menu" id="ansicht" role="group" aria-label="{}">\n'
        '<span class="view-menu-title">{}:</span>\n',
        t["view"],
        t["view"],
    )
    if solo:
        out(
            '<form class="helps-toggle" hx-post="{}" hx-target="#board" hx-swap="outerHTML" '
            """hx-vals='{{"pref": "hilfen"}}'>\n"""
            '<button type="submit" class="link" id="helps-toggle">{}</button>\n</form>\n'
            '<form class="helps-toggle" hx-post="{}" hx-target="#board" hx-swap="outerHTML" '
            """hx-vals='{{"pref": "autoglauben"}}'>\n"""
            '<button type="submit" class="link" id="auto-toggle">{}</button>\n</form>\n',
            url,
            t["helps_off"] if helps_on else t["helps_on"],
            url,
            t["auto_off"] if auto_believe else t["auto_on"],
        )
    out(
        '<form class="helps-toggle" hx-post="{}" hx-target="#board" hx-swap="outerHTML" '
        """hx-vals='{{"pref": "passt"}}'>\n"""
        '<button type="submit" class="link" id="passt-toggle">{}</button>\n</form>\n'
        # a switch posts itself (type=button: a role=switch may not submit a form, issue 44)
        '<form class="helps-toggle">\n<button type="button" hx-post="{}" hx-target="#board" '
        """hx-swap="outerHTML" hx-vals='{{"pref": "geraeusche"}}' """
        'class="link sound-toggle{}" id="sound-toggle" role="switch" '
        'aria-checked="{}">{} {}: {}</button>\n</form>\n</div>\n',
        url,
        t["marks_off"] if marks_on else t["marks_on"],
        url,
        _ON if sounds else "",
        "true" if sounds else "false",
        SOUND_HTML[sounds],
        t["sounds"],
        t["on"] if sounds else t["off"],
    )
    return out.markup()


_EMPTY_PILE = Markup('<span class="card bcard empty" aria-hidden="true"></span>')
_MINE = Markup(' class="mine"')
_TAKEN = Markup(" taken")
_MANY = Markup(" many")
_ROWS2 = Markup(" rows2")
# the Glut's rising sparks (site.css; still with prefers-reduced-motion)
_SPARKS = Markup(
    '<span class="sparks" aria-hidden="true"><i></i><i></i><i></i><i></i><i></i></span>'
)
_GROUP_START = Markup(" group-start")
_HONEST = Markup(" honest")
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
        "helps_off": _("Hilfen ausblenden"),
        "helps_on": _("Hilfen zeigen"),
        "auto_off": _("Nicht mehr automatisch glauben"),
        "auto_on": _("Nach 4 s automatisch glauben"),
        "marks_off": _("„passt“ ausblenden"),
        "marks_on": _("„passt“ zeigen"),
        "sounds": _("Basar-Geräusche"),
        "on": _("an"),
        "off": _("aus"),
    }
