"""Speedwerk table: trump, bidding with the sum rule, the trick, special-card choices, score sheet."""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from games.engines.base import Action, Event, View
from games.html import Markup, fill
from games.presenters.base import (
    Frame,
    Presenter,
    action_json,
    ui_icon,
)
from games.speedwerk import components
from games.speedwerk.components import (
    COLOR_CLASS,
    SPECIAL,
    _said,
    _sheet_html,
    _void_chips,
    card_name,
    colour_name,
    face_html,
)
from games.speedwerk.engine.cards import (
    DECLARE_NAMES,
)

PHASE_TITLE = {
    "pass": gettext_lazy("Fließband: Gib eine Karte an deinen linken Nachbarn weiter."),
    "adjust": gettext_lazy("Dampfwolke: Ändere deine Ansage um 1."),
    "swap": gettext_lazy(
        "Schrottsammlerin: Tausche eine Handkarte gegen eine Karte aus dem Stich – oder nicht."
    ),
    "trump": gettext_lazy("Die Trumpfkarte ist eine Sonderkarte: Bestimme die Trumpffarbe."),
}


def declare_name(declare: str) -> str:
    """A Prototyp declaration in words: "Meisterwerk", "Blindgänger"."""
    return _said(get_language(), DECLARE_NAMES[declare])


def play_name(play: dict[str, Any]) -> str:
    """A played card with what was declared: "Fließband (Rot)", "Prototyp als Meisterwerk"."""
    text = card_name(play["card"])
    if play.get("color"):
        text += _(" (%(colour)s)") % {"colour": colour_name(play["color"])}
    if play.get("declare"):
        text += _(" als %(declare)s") % {"declare": declare_name(play["declare"])}
    return text


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

    def board_html(self, ctx: dict[str, Any]) -> Markup:
        return components.board_html(ctx)

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


# -- memoised parts of the board: pure functions of their (hashable) arguments; the trick's plays
# and the last trick are the same for every seat of a move, a hand card stays the same move after
# move until the seat's turn
