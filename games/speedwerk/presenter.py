"""Speedwerk table: trump, bidding with the sum rule, the trick, special-card choices, score sheet."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from games.engines.base import Action, Event, View
from games.html import Html, Markup, attr, fill, h, join
from games.presenters.base import (
    Frame,
    Presenter,
    action_json,
    named_like_face,
    sprite_use,
    ui_icon,
    word_table,
)
from games.speedwerk.engine.cards import (
    COLOR_NAMES,
    DECLARE_NAMES,
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


PHASE_TITLE = {
    "pass": gettext_lazy("Fließband: Gib eine Karte an deinen linken Nachbarn weiter."),
    "adjust": gettext_lazy("Dampfwolke: Ändere deine Ansage um 1."),
    "swap": gettext_lazy(
        "Schrottsammlerin: Tausche eine Handkarte gegen eine Karte aus dem Stich – oder nicht."
    ),
    "trump": gettext_lazy("Die Trumpfkarte ist eine Sonderkarte: Bestimme die Trumpffarbe."),
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


def declare_name(declare: str) -> str:
    """A Prototyp declaration in words: "Meisterwerk", "Blindgänger"."""
    return _said(get_language(), DECLARE_NAMES[declare])


def special(card: str) -> tuple[str, str]:
    """A special card's name and what it does, in words."""
    name, effect = SPECIAL[card]
    language = get_language()
    return _said(language, name), _said(language, effect)


def play_name(play: dict[str, Any]) -> str:
    """A played card with what was declared: "Fließband (Rot)", "Prototyp als Meisterwerk"."""
    text = card_name(play["card"])
    if play.get("color"):
        text += _(" (%(colour)s)") % {"colour": colour_name(play["color"])}
    if play.get("declare"):
        text += _(" als %(declare)s") % {"declare": declare_name(play["declare"])}
    return text


def face_symbol(card: str) -> str:
    """The id of the card's picture in the sprite: its colour's shape, or the special's own."""
    return f"s-{card}" if card in SPECIAL else f"c-{card[0]}"


def colour_icon(code: str) -> Markup | str:
    """A colour's shape before its name on a choice button ("" for a choice that is no colour)."""
    return sprite_use(SPRITE, f"c-{code}") if code in COLOR_CLASS else ""


def face_html(card: str, small: bool = False) -> Markup:
    """The face of a card, built once per card, size and language per process: the colour's
    shape (or the special's picture) from the sprite, the value (or the special's name) as text;
    an image (``role="img"``) named by the card's name."""
    return _face_html(get_language(), card, small)


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


class SpeedwerkPresenter(Presenter):
    slug = "speedwerk"

    def present(self, view: View, legal: list[Action], frame: Frame) -> dict[str, Any]:
        me = view["seat"]
        names = frame.names
        phase = view["phase"]
        running = phase != "over"
        ctx: dict[str, Any] = {
            "status": ngettext(
                "Runde %(round)s von %(rounds)s · %(round)s Karte je Spieler · Geber: %(dealer)s",
                "Runde %(round)s von %(rounds)s · %(round)s Karten je Spieler · Geber: %(dealer)s",
                view["round"],
            )
            % {"round": view["round"], "rounds": view["rounds"], "dealer": names[view["dealer"]]}
            if running
            else _("%(rounds)s Runden gespielt") % {"rounds": view["rounds"]},
            "trump": self._trump(view),
            "suit_name": colour_name(view["suit"]) if view["suit"] in COLOR_CLASS else "",
            "trick": [self._play(p, names) for p in view["trick"]],
            "last_trick": self._last_trick(view, names),
            "phase_title": str(PHASE_TITLE.get(phase, "")),
            "bids_line": self._bids_line(view) if running else "",
            "seat_stats": self._seat_stats(view, names),
            "sheet": self._sheet(view, names),
            "round_summary": self._round_summary(view, names),
        }
        ctx["turn_text"] = self._turn_text(view, names)
        ctx.update(self._controls(view, legal))
        if me is not None and view["blind"] and running:
            ctx["blind_note"] = _(
                "Blinde Runde: Deine eigene Karte liegt verdeckt – du siehst nur die Karten "
                "der anderen."
            )
        return ctx

    # -- parts of the screen ------------------------------------------------------------------
    def _trump(self, view: View) -> dict[str, Any]:
        card = view["trump_card"]
        colour = view["trump"]
        transformed = any(
            p["card"] in ("TR", "BP") and p.get("color") == colour
            for p in [*view["trick"], *(pl for t in view["tricks"] for pl in t["plays"])]
        ) and (card is None or card in SPECIAL or card[0] != colour)
        if colour:
            said = {"colour": colour_name(colour)}
            if transformed:
                text = _("Trumpf: %(colour)s (durch den Transformator)") % said
            elif card in SPECIAL:
                text = _("Trumpf: %(colour)s (vom Geber bestimmt)") % said
            else:
                text = _("Trumpf: %(colour)s") % said
        elif card is None:
            text = _("Kein Trumpf: keine Karte übrig.")
        elif view["phase"] == "trump":
            text = _("Der Geber bestimmt gleich die Trumpffarbe.")
        else:
            text = _("Kein Trumpf in dieser Runde.")
        return {
            "card_html": face_html(card) if card else None,
            "text": text,
            "cls": COLOR_CLASS.get(colour or "", ""),
        }

    def _bids_line(self, view: View) -> str:
        """How the bids stand against the round's tricks (over- or underbid)."""
        bids = [b for b in view["bids"] if b is not None]
        n = view["round"]
        if not bids:
            return ngettext("%(n)s Stich zu vergeben.", "%(n)s Stiche zu vergeben.", n) % {"n": n}
        total = sum(bids)
        diff = total - n
        said = {"total": total, "n": n, "diff": abs(diff)}
        if len(bids) < view["players"]:
            return (
                ngettext(
                    "Angesagt: %(total)s von %(n)s Stich.",
                    "Angesagt: %(total)s von %(n)s Stichen.",
                    n,
                )
                % said
            )
        if diff > 0:
            return (
                ngettext(
                    "Angesagt: %(total)s von %(n)s Stich – %(diff)s zu viel.",
                    "Angesagt: %(total)s von %(n)s Stichen – %(diff)s zu viel.",
                    n,
                )
                % said
            )
        return (
            ngettext(
                "Angesagt: %(total)s von %(n)s Stich – %(diff)s zu wenig.",
                "Angesagt: %(total)s von %(n)s Stichen – %(diff)s zu wenig.",
                n,
            )
            % said
        )

    def _play(self, play: dict[str, Any], names: list[str]) -> dict[str, Any]:
        return {
            "seat": play["seat"],
            "name": names[play["seat"]],
            "card_html": face_html(play["card"]),
            "label": play_name(play),
        }

    def _last_trick(self, view: View, names: list[str]) -> dict[str, Any] | None:
        if not view["tricks"]:
            return None
        t = view["tricks"][-1]
        if t["winner"] is None:
            outcome = _("Kessel geplatzt – niemand bekommt den Stich. %(name)s spielt aus.") % {
                "name": names[t["leads_next"]]
            }
        else:
            outcome = _("%(name)s bekommt den Stich.") % {"name": names[t["winner"]]}
        return {
            "number": len(view["tricks"]),
            "plays": [self._play(p, names) for p in t["plays"]],
            "outcome": outcome,
            "winner": t["winner"],
        }

    def _seat_stats(self, view: View, names: list[str]) -> list[list[dict[str, Any]]]:
        out = []
        passing = view.get("passing")
        for s in range(view["players"]):
            bid = view["bids"][s]
            row: list[dict[str, Any]] = [
                {"label": _("Ansage"), "value": "–" if bid is None else bid, "cls": "bid"},
                {"label": _("Stiche"), "value": view["won"][s], "cls": "won"},
            ]
            if bid is not None and view["won"][s] == bid and view["phase"] != "bid":
                row[1]["cls"] = "won on-target"
            if view["voids"][s] and view["phase"] != "over":
                chips = _void_chips(get_language(), tuple(view["voids"][s]))
                row.append({"value": chips, "title": _("hat diese Farben nicht mehr")})
            if view["known"][s]:
                row.append(
                    {
                        "label": _("bekannt"),
                        "value": ", ".join(card_name(c) for c in view["known"][s]),
                        "title": _("von der Schrottsammlerin genommen, für alle sichtbar"),
                    }
                )
            blind = view.get("blind_cards")
            if blind and blind[s]:
                row.append({"value": face_html(blind[s], True), "cls": "blind-card"})
            if passing:
                row.append(
                    {
                        "value": fill(_("%(icon)s weitergegeben"), icon=ui_icon("check"))
                        if passing["done"][s]
                        else _("wählt …"),
                        "cls": "pass",
                    }
                )
            out.append(row)
        return out

    def _sheet(self, view: View, names: list[str]) -> dict[str, Any]:
        rows = tuple(
            (r["round"], tuple(r["bids"]), tuple(r["won"]), tuple(r["points"]), tuple(r["totals"]))
            for r in view["sheet"]
        )
        return {
            "rows": bool(rows),
            "html": _sheet_html(get_language(), tuple(names), rows) if rows else "",
        }

    def _round_summary(self, view: View, names: list[str]) -> dict[str, Any] | None:
        """The last round's scores while the next round has not seen its first card."""
        if not view["sheet"]:
            return None
        fresh = not view["tricks"] and not view["trick"]
        if not fresh and view["phase"] != "over":
            return None
        r = view["sheet"][-1]
        return {
            "title": _("Runde %(round)s gewertet") % {"round": r["round"]},
            "columns": ["", _("Ansage"), _("Stiche"), _("Punkte"), _("Stand")],
            "rows": [
                {
                    "cells": [
                        names[s],
                        r["bids"][s],
                        r["won"][s],
                        f"{r['points'][s]:+d}".replace("-", "−"),  # a real minus sign
                        str(r["totals"][s]).replace("-", "−"),
                    ],
                    "winner": r["bids"][s] == r["won"][s],
                }
                for s in range(view["players"])
            ],
        }

    def _turn_text(self, view: View, names: list[str]) -> str | None:
        me = view["seat"]
        actors = view["to_act"]
        phase = view["phase"]
        if not actors:
            return None
        who = actors[0]
        mine = who == me
        name = {"name": names[who]}
        if phase == "pass":
            if me in actors:
                return _(
                    "Fließband: Alle geben gleichzeitig eine Karte nach links weiter – du auch."
                )
            return _("Fließband: Alle geben gleichzeitig eine Karte nach links weiter.")
        if phase == "trump":
            return (
                _("Du bestimmst die Trumpffarbe.")
                if mine
                else _("%(name)s bestimmt Trumpf.") % name
            )
        if phase == "bid":
            return _("Du sagst an.") if mine else _("%(name)s sagt an.") % name
        if phase == "adjust":
            return (
                _("Du änderst deine Ansage (Dampfwolke).")
                if mine
                else _("%(name)s ändert die Ansage (Dampfwolke).") % name
            )
        if phase == "swap":
            return (
                _("Du darfst tauschen (Schrottsammlerin).")
                if mine
                else _("%(name)s darf tauschen (Schrottsammlerin).") % name
            )
        if mine:
            return _("Du spielst aus.") if not view["trick"] else _("Du bist am Zug.")
        return None

    def _controls(self, view: View, legal: list[Action]) -> dict[str, Any]:
        """The buttons of the seat's decision (none when it is not this seat's turn)."""
        me = view["seat"]
        out: dict[str, Any] = {"board_decision": None}
        hand = view["hand"] or []
        by_card: dict[str, list[Action]] = {}
        for a in legal:
            if a["type"] in ("play", "pass"):
                by_card.setdefault(a["card"], []).append(a)
        cards = []
        for n, card in enumerate(hand, start=1):
            acts = by_card.get(card, [])
            entry: dict[str, Any] = {
                "card": card,
                "name": card_name(card),
                "html": face_html(card),
                "key": str(n) if n <= 9 and acts else "",
                "n": n,
            }
            if len(acts) == 1:
                entry["action"] = action_json(acts[0])
            elif acts:
                entry["choices"] = [
                    {
                        "action": action_json(a),
                        "label": colour_name(a["color"])
                        if "color" in a
                        else declare_name(a["declare"]),
                        "cls": a.get("color", a.get("declare", "")),
                    }
                    for a in acts
                ]
            cards.append(entry)
        out["hand_cards"] = cards
        if me is None or not legal:
            return out
        types = {a["type"] for a in legal}
        if "trump" in types:
            out["board_decision"] = "trump"
            out["trump_choices"] = [
                {"action": action_json(a), "label": colour_name(a["color"]), "cls": a["color"]}
                for a in legal
            ]
        elif "bid" in types:
            out["board_decision"] = "bid"
            allowed = {a["tricks"] for a in legal}
            forbidden = view["forbidden_bid"]
            out["bids"] = [
                {
                    "n": b,
                    "action": action_json({"type": "bid", "tricks": b}),
                    "key": str(b) if b <= 9 else "",
                    "allowed": b in allowed,
                }
                for b in range(view["round"] + 1)
            ]
            if forbidden is not None:
                out["forbidden_reason"] = _(
                    "Summenregel: Als Geber darfst du nicht %(bid)s ansagen – sonst ergäbe "
                    "die Summe aller Ansagen genau %(total)s."
                ) % {"bid": forbidden, "total": view["round"]}
        elif "play_blind" in types:
            out["board_decision"] = "blind"
            out["blind_action"] = action_json(legal[0])
        elif "play" in types:
            out["board_decision"] = "play"
        elif "pass" in types:
            out["board_decision"] = "pass"
        elif "adjust" in types:
            out["board_decision"] = "adjust"
            bid = view["bids"][me]
            out["adjust_choices"] = [
                {
                    "action": action_json(a),
                    "label": (
                        _("+1 → Ansage %(bid)s") if a["delta"] > 0 else _("−1 → Ansage %(bid)s")
                    )
                    % {"bid": bid + a["delta"]},
                    "key": "+" if a["delta"] > 0 else "-",
                }
                for a in legal
            ]
        elif "keep" in types:
            out["board_decision"] = "swap"
            takes: dict[str, list[dict[str, Any]]] = {}
            for a in legal:
                if a["type"] == "swap":
                    takes.setdefault(a["take"], []).append(
                        {
                            "action": action_json(a),
                            "html": face_html(a["give"], True),
                            "name": card_name(a["give"]),
                        }
                    )
            out["swap_takes"] = [
                {"card": t, "html": face_html(t), "name": card_name(t), "gives": gives, "n": i}
                for i, (t, gives) in enumerate(takes.items(), start=1)
            ]
            out["keep_action"] = action_json({"type": "keep"})
        if view.get("passing") and view["passing"]["mine"]:
            out["passed_mine"] = card_name(view["passing"]["mine"])
        return out

    # -- the board ----------------------------------------------------------------------------
    def board_html(self, ctx: dict[str, Any]) -> Markup:
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
            self._hand_html(out, ctx, t)
        sheet = ctx["sheet"]
        out(
            '<details class="score-sheet panel" id="score-sheet"{}>\n<summary>{}</summary>\n{}\n'
            "</details>",
            _OPEN if ctx["match"].status == "finished" else "",
            t["sheet"],
            sheet["html"] if sheet["rows"] else h('<p class="muted">{}</p>', t["sheet_empty"]),
        )
        return out.markup()

    @staticmethod
    def _hand_html(out: Html, ctx: dict[str, Any], t: dict[str, Markup]) -> None:
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
                    '<button type="button" class="button" data-action="{}" data-key="{}">{}'
                    "</button>",
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
                    '</div>\n<form method="dialog"><button class="link">{}</button></form>'
                    "</dialog>",
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

    # -- the move ticker ----------------------------------------------------------------------
    def card_html(self, card: str) -> Markup:
        return face_html(card, small=True)

    def describe(self, event: Event, names: list[str]) -> str | None:
        t = event.get("type")
        who = names[event["seat"]] if isinstance(event.get("seat"), int) else ""
        if t == "trump_chosen":
            return _("%(name)s bestimmt Trumpf: %(colour)s.") % {
                "name": who,
                "colour": colour_name(event["color"]),
            }
        if t == "bid":
            return _("%(name)s sagt %(tricks)s an.") % {"name": who, "tricks": event["tricks"]}
        if t == "played":
            said = {"name": who, "card": play_name(event)}
            if event["card"] == "TR" and event.get("color"):
                said["colour"] = colour_name(event["color"])
                return _("%(name)s spielt %(card)s – Trumpf ist jetzt %(colour)s.") % said
            if event["card"] == "PT":
                return _("%(name)s spielt %(card)s (Prototyp).") % said
            return _("%(name)s spielt %(card)s.") % said
        if t == "trick":
            if event.get("kessel"):
                return _("Der Kessel platzt: Niemand bekommt den Stich. %(name)s spielt aus.") % {
                    "name": names[event["leads_next"]]
                }
            return _("%(name)s bekommt den Stich.") % {"name": names[event["winner"]]}
        if t == "pass_chosen":
            return _("%(name)s hat eine Karte zum Weitergeben gewählt.") % {"name": who}
        if t == "passed":
            return _("Das Fließband reicht jede gewählte Karte nach links weiter.")
        if t == "bid_changed":
            return _("%(name)s ändert die Ansage auf %(bid)s (Dampfwolke).") % {
                "name": who,
                "bid": event["bid"],
            }
        if t == "swapped":
            return _("%(name)s tauscht %(gave)s gegen %(took)s (Schrottsammlerin).") % {
                "name": who,
                "gave": card_name(event["gave"]),
                "took": card_name(event["took"]),
            }
        if t == "kept":
            return _("%(name)s tauscht nicht (Schrottsammlerin).") % {"name": who}
        if t == "round_scored":
            return _("Runde %(round)s gewertet.") % {"round": event["round"]}
        if t == "round_started":
            card = event.get("trump_card")
            said = {
                "round": event["round"],
                "card": card_name(card) if card else _("keine"),
                "colour": colour_name(event["trump"]) if event.get("trump") else "",
            }
            if event.get("trump"):
                return _("Runde %(round)s: Trumpfkarte %(card)s, Trumpf %(colour)s.") % said
            return _("Runde %(round)s: Trumpfkarte %(card)s.") % said
        if t == "game_over":
            return _("Die Partie ist vorbei.")
        return None


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


# -- memoised parts of the board: pure functions of their (hashable) arguments; the trick's plays
# and the last trick are the same for every seat of a move, a hand card stays the same move after
# move until the seat's turn


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
