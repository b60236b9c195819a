"""Speedwerk table: trump, bidding with the sum rule, the trick, special-card choices, score sheet."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.engines.base import Action, Event, View
from games.presenters.base import Frame, Presenter, action_json

COLORS = ("R", "B", "G", "Y")
COLOR_NAME = {"R": "Rot", "B": "Blau", "G": "Grün", "Y": "Gelb"}
COLOR_CLASS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}
SPECIAL = {
    "DK": ("Dampfkoloss", "⚙", "Schlägt jede Karte außer der Funkenfee."),
    "FF": ("Funkenfee", "✦", "Die niedrigste Karte – stellt aber den Dampfkoloss ab."),
    "TR": ("Transformator", "ϟ", "Du sagst eine Farbe an: Sie ist ab jetzt Trumpf, er zählt 16."),
    "FB": (
        "Fließband",
        "⇉",
        "Du sagst eine Farbe an (Wert 7,5); danach gibt jeder eine Karte nach links weiter.",
    ),
    "KB": ("Kesselberster", "✸", "Der Kessel platzt: Niemand bekommt den Stich."),
    "DW": (
        "Dampfwolke",
        "☁",
        "Du sagst eine Farbe an (Wert 9,75); der Stichgewinner ändert seine Ansage um 1.",
    ),
    "PT": ("Prototyp", "✚", "Meisterwerk (schlägt jede Zahlenkarte) oder Blindgänger."),
    "BP": ("Blaupause", "⎘", "Kopiert die aufgedeckte Trumpfkarte."),
    "SS": (
        "Schrottsammlerin",
        "♻",
        "Immer die niedrigste Karte; danach darfst du eine "
        "Handkarte gegen eine Karte aus dem Stich tauschen.",
    ),
}
DECLARE_NAME = {"meisterwerk": "Meisterwerk", "blindgaenger": "Blindgänger"}
PHASE_TITLE = {
    "pass": "Fließband: Gib eine Karte an deinen linken Nachbarn weiter.",
    "adjust": "Dampfwolke: Ändere deine Ansage um 1.",
    "swap": "Schrottsammlerin: Tausche eine Handkarte gegen eine Karte aus dem Stich – oder nicht.",
    "trump": "Die Trumpfkarte ist eine Sonderkarte: Bestimme die Trumpffarbe.",
}


def card_name(card: str) -> str:
    """A card in words: "Rot 7", "Dampfkoloss"."""
    if card in SPECIAL:
        return SPECIAL[card][0]
    return f"{COLOR_NAME[card[0]]} {card[1:]}"


def play_name(play: dict[str, Any]) -> str:
    """A played card with what was declared: "Fließband (Rot)", "Prototyp als Meisterwerk"."""
    text = card_name(play["card"])
    if play.get("color"):
        text += f" ({COLOR_NAME[play['color']]})"
    if play.get("declare"):
        text += f" als {DECLARE_NAME[play['declare']]}"
    return text


@lru_cache(maxsize=512)
def face_html(card: str, small: bool = False) -> SafeString:
    """The rendered face of a card (``_card.html``), once per card and size per process."""
    if card in SPECIAL:
        name, symbol, effect = SPECIAL[card]
        f = {"cls": "special", "symbol": symbol, "sub": name, "title": f"{name}: {effect}"}
    else:
        f = {
            "cls": COLOR_CLASS[card[0]],
            "symbol": card[1:],
            "sub": "",
            "title": card_name(card),
        }
    return SafeString(
        render_to_string(
            "games/speedwerk/_card.html", {"f": f, "small": small, "name": card_name(card)}
        )
    )


class SpeedwerkPresenter(Presenter):
    slug = "speedwerk"
    board_template = "games/speedwerk/board.html"

    def present(self, view: View, legal: list[Action], frame: Frame) -> dict[str, Any]:
        me = view["seat"]
        names = frame.names
        phase = view["phase"]
        running = phase != "over"
        ctx: dict[str, Any] = {
            "status": (
                f"Runde {view['round']} von {view['rounds']} · {view['round']} "
                f"Karte{'n' if view['round'] != 1 else ''} je Spieler · Geber: "
                f"{names[view['dealer']]}"
            )
            if running
            else f"{view['rounds']} Runden gespielt",
            "trump": self._trump(view),
            "suit_name": COLOR_NAME.get(view["suit"] or "", ""),
            "trick": [self._play(p, names) for p in view["trick"]],
            "last_trick": self._last_trick(view, names),
            "phase_title": PHASE_TITLE.get(phase, ""),
            "bids_line": self._bids_line(view) if running else "",
            "seat_stats": self._seat_stats(view, names),
            "sheet": self._sheet(view, names),
            "round_summary": self._round_summary(view, names),
        }
        ctx["turn_text"] = self._turn_text(view, names)
        ctx.update(self._controls(view, legal))
        if me is not None and view["blind"] and running:
            ctx["blind_note"] = (
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
            text = f"Trumpf: {COLOR_NAME[colour]}"
            if transformed:
                text += " (durch den Transformator)"
            elif card in SPECIAL:
                text += " (vom Geber bestimmt)"
        elif card is None:
            text = "Kein Trumpf: keine Karte übrig."
        elif view["phase"] == "trump":
            text = "Der Geber bestimmt gleich die Trumpffarbe."
        else:
            text = "Kein Trumpf in dieser Runde."
        return {
            "card_html": face_html(card) if card else None,
            "text": text,
            "cls": COLOR_CLASS.get(colour or "", ""),
        }

    def _bids_line(self, view: View) -> str:
        """How the bids stand against the round's tricks (over- or underbid)."""
        bids = [b for b in view["bids"] if b is not None]
        if not bids:
            return f"{view['round']} Stich{'e' if view['round'] != 1 else ''} zu vergeben."
        total = sum(bids)
        diff = total - view["round"]
        text = f"Angesagt: {total} von {view['round']} Stich{'en' if view['round'] != 1 else ''}"
        if len(bids) == view["players"]:
            text += f" – {diff} zu viel" if diff > 0 else f" – {-diff} zu wenig"
        return text + "."

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
            outcome = (
                f"Kessel geplatzt – niemand bekommt den Stich. {names[t['leads_next']]} spielt aus."
            )
        else:
            outcome = f"{names[t['winner']]} bekommt den Stich."
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
                {"label": "Ansage", "value": "–" if bid is None else bid, "cls": "bid"},
                {"label": "Stiche", "value": view["won"][s], "cls": "won"},
            ]
            if bid is not None and view["won"][s] == bid and view["phase"] != "bid":
                row[1]["cls"] = "won on-target"
            if view["voids"][s] and view["phase"] != "over":
                chips = "".join(
                    f'<span class="chip {COLOR_CLASS[c]} crossed" title="kein {COLOR_NAME[c]} '
                    f'mehr"></span>'
                    for c in view["voids"][s]
                )
                row.append({"value": SafeString(chips), "title": "hat diese Farben nicht mehr"})
            if view["known"][s]:
                row.append(
                    {
                        "label": "bekannt",
                        "value": ", ".join(card_name(c) for c in view["known"][s]),
                        "title": "von der Schrottsammlerin genommen, für alle sichtbar",
                    }
                )
            blind = view.get("blind_cards")
            if blind and blind[s]:
                row.append({"value": face_html(blind[s], True), "cls": "blind-card"})
            if passing:
                row.append(
                    {"value": "✓ weitergegeben" if passing["done"][s] else "wählt …", "cls": "pass"}
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
            "title": f"Runde {r['round']} gewertet",
            "columns": ["", "Ansage", "Stiche", "Punkte", "Stand"],
            "rows": [
                {
                    "cells": [
                        names[s],
                        r["bids"][s],
                        r["won"][s],
                        f"{r['points'][s]:+d}",
                        r["totals"][s],
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
        if phase == "pass":
            return "Fließband: Alle geben gleichzeitig eine Karte nach links weiter" + (
                " – du auch." if me in actors else "."
            )
        if phase == "trump":
            return "Du bestimmst die Trumpffarbe." if mine else f"{names[who]} bestimmt Trumpf."
        if phase == "bid":
            return "Du sagst an." if mine else f"{names[who]} sagt an."
        if phase == "adjust":
            return (
                "Du änderst deine Ansage (Dampfwolke)."
                if mine
                else f"{names[who]} ändert die Ansage (Dampfwolke)."
            )
        if phase == "swap":
            return (
                "Du darfst tauschen (Schrottsammlerin)."
                if mine
                else f"{names[who]} darf tauschen (Schrottsammlerin)."
            )
        if mine:
            return "Du spielst aus." if not view["trick"] else "Du bist am Zug."
        return None

    def _controls(self, view: View, legal: list[Action]) -> dict[str, Any]:
        """The buttons of the seat's decision (none when it is not this seat's turn)."""
        me = view["seat"]
        out: dict[str, Any] = {"decision": None}
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
                        "label": COLOR_NAME[a["color"]]
                        if "color" in a
                        else DECLARE_NAME[a["declare"]],
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
            out["decision"] = "trump"
            out["trump_choices"] = [
                {"action": action_json(a), "label": COLOR_NAME[a["color"]], "cls": a["color"]}
                for a in legal
            ]
        elif "bid" in types:
            out["decision"] = "bid"
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
                out["forbidden_reason"] = (
                    f"Summenregel: Als Geber darfst du nicht {forbidden} ansagen – sonst ergäbe "
                    f"die Summe aller Ansagen genau {view['round']}."
                )
        elif "play_blind" in types:
            out["decision"] = "blind"
            out["blind_action"] = action_json(legal[0])
        elif "play" in types:
            out["decision"] = "play"
        elif "pass" in types:
            out["decision"] = "pass"
        elif "adjust" in types:
            out["decision"] = "adjust"
            bid = view["bids"][me]
            out["adjust_choices"] = [
                {
                    "action": action_json(a),
                    "label": f"{'+1' if a['delta'] > 0 else '−1'} → Ansage {bid + a['delta']}",
                    "key": "+" if a["delta"] > 0 else "-",
                }
                for a in legal
            ]
        elif "keep" in types:
            out["decision"] = "swap"
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

    # -- the move ticker ----------------------------------------------------------------------
    def describe(self, event: Event, names: list[str]) -> str | None:
        t = event.get("type")
        who = names[event["seat"]] if isinstance(event.get("seat"), int) else ""
        if t == "trump_chosen":
            return f"{who} bestimmt Trumpf: {COLOR_NAME[event['color']]}."
        if t == "bid":
            return f"{who} sagt {event['tricks']} an."
        if t == "played":
            text = f"{who} spielt {play_name(event)}"
            if event["card"] == "TR" and event.get("color"):
                text += f" – Trumpf ist jetzt {COLOR_NAME[event['color']]}"
            if event["card"] == "PT":
                text += " (Prototyp)"
            return text + "."
        if t == "trick":
            if event.get("kessel"):
                return (
                    "Der Kessel platzt: Niemand bekommt den Stich. "
                    f"{names[event['leads_next']]} spielt aus."
                )
            return f"{names[event['winner']]} bekommt den Stich."
        if t == "pass_chosen":
            return f"{who} hat eine Karte zum Weitergeben gewählt."
        if t == "passed":
            return "Das Fließband reicht jede gewählte Karte nach links weiter."
        if t == "bid_changed":
            return f"{who} ändert die Ansage auf {event['bid']} (Dampfwolke)."
        if t == "swapped":
            return (
                f"{who} tauscht {card_name(event['gave'])} gegen {card_name(event['took'])} "
                "(Schrottsammlerin)."
            )
        if t == "kept":
            return f"{who} tauscht nicht (Schrottsammlerin)."
        if t == "round_scored":
            return f"Runde {event['round']} gewertet."
        if t == "round_started":
            card = event.get("trump_card")
            text = f"Runde {event['round']}: Trumpfkarte {card_name(card) if card else 'keine'}"
            if event.get("trump"):
                text += f", Trumpf {COLOR_NAME[event['trump']]}"
            return text + "."
        if t == "game_over":
            return "Die Partie ist vorbei."
        return None


@lru_cache(maxsize=2048)
def _sheet_html(
    language: str | None, names: tuple[str, ...], rows: tuple[tuple[Any, ...], ...]
) -> SafeString:
    """The score sheet (a Wizard block: bid/tricks, points, total per round and seat). It is the
    same for every seat and changes once a round, so it is built once per look and process."""
    tip = escape(_("Ansage / Stiche"))
    out = [
        '<div class="scroll-x"><table class="list sheet"><thead><tr>',
        f"<th>{escape(_('Runde'))}</th>",
        *(f"<th>{escape(n)}</th>" for n in names),
        "</tr></thead><tbody>",
    ]
    for number, bids, won, points, totals in rows:
        out.append(f"<tr><td>{number}</td>")
        for bid, w, p, total in zip(bids, won, points, totals, strict=True):
            out.append(
                f'<td class="{"hit" if bid == w else "miss"}"><span class="bw" title="{tip}">'
                f'{bid}/{w}</span> <span class="pts">{p:+d}</span> <strong class="tot">{total}'
                "</strong></td>"
            )
        out.append("</tr>")
    out.append("</tbody></table></div>")
    return SafeString("".join(out))
