"""Speedbasar table: hand by spice, laying face down with a claim, the doubt window in real time,
the reveal, draw pile, Gewürzkrüge, Karten-Info, Marktbuch and the solo helps.

Everything here is computed from the seat's view (and its legal actions): a hidden card never
reaches a template. Engine helpers are imported from the package only.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.template.loader import render_to_string
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString

from games.engines.base import Action, Event, View
from games.presenters.base import Frame, Presenter, action_json
from games.speedbasar.engine import instinct, marktbuch

SPICES = ("R", "K", "S")
SPICE_NAME = {"R": "Rosenpfeffer", "K": "Kardamom", "S": "Safran"}
SPICE_SYMBOL = {"R": "✿", "K": "❦", "S": "✺", "W": "⚖", "M": "⚙"}
JOKER_NAME = {"W": "Messingwaage", "M": "Gewürzmühle"}
JOKER_TEXT = {
    "W": "Übersteht jeden Zweifel an der Zahl, verliert jeden Zweifel am Gewürz.",
    "M": "Übersteht jeden Zweifel am Gewürz, verliert jeden Zweifel an der Zahl.",
}
COPIES = 3
RULES = {
    "gleicher_preis": ("Gleicher Preis", "Die letzte Zahl darf wiederholt werden."),
    "feilschen": (
        "Feilschen",
        "Ein Zahl-Zweifel scheitert, wenn die echte Zahl mindestens so hoch ist.",
    ),
    "enge_gasse": ("Enge Gasse", "Nur der nächste Spieler darf anzweifeln."),
    "zehnerzoll": ("Zehnerzoll", "Wer einen Zweifel um eine 10 verliert, zieht 4 Karten."),
    "reine_ware": ("Reine Ware", "Bei der letzten Karte verlieren Joker jeden Zweifel."),
    "handschlag": (
        "Handschlag",
        "„Stimmt genau!“: Gewürz und Zahl stimmen beide – wer recht hat, bekommt den Stapel.",
    ),
    "doppelladung": ("Doppelladung", "Zwei Karten unter einer Ansage; ein Zweifel prüft beide."),
}
FEATURE_TEXT = {"number": "die Zahl", "spice": "das Gewürz", "exact": "„Stimmt genau!“"}
END_TEXT = {
    "krug2": "{who} hat den zweiten Gewürzkrug – gewonnen!",
    "krug3": "Der dritte Gewürzkrug ist vergeben – die Partie ist aus.",
    "glut": "Die Glut liegt oben auf dem Nachziehstapel – die Partie ist aus.",
}


def card_name(card: str) -> str:
    """A card in words: "Safran 7", "Messingwaage"."""
    if card in JOKER_NAME:
        return JOKER_NAME[card]
    return f"{SPICE_NAME[card[0]]} {card[1:]}"


def claim_name(claim: dict[str, Any]) -> str:
    return f"{SPICE_NAME[claim['spice']]} {claim['number']}"


def plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


@lru_cache(maxsize=256)
def face_html(card: str, small: bool = False) -> SafeString:
    """The face of a card (``_card.html``), rendered once per process and look."""
    joker = card in JOKER_NAME
    f = {
        "cls": f"bcard {'J' + card if joker else card[0]}",
        "symbol": SPICE_SYMBOL[card if joker else card[0]],
        "number": "" if joker else card[1:],
        "sub": JOKER_NAME[card] if joker else SPICE_NAME[card[0]],
    }
    return SafeString(
        render_to_string(
            "games/speedbasar/_card.html", {"f": f, "small": small, "name": card_name(card)}
        )
    )


@lru_cache(maxsize=1)
def back_html() -> SafeString:
    return SafeString(render_to_string("games/speedbasar/_back.html", {}))


@lru_cache(maxsize=1)
def krug_html() -> str:
    return render_to_string("games/speedbasar/_krug.html", {}).strip()


def _info(title: str, *lines: str, ok: str = "", no: str = "") -> dict[str, Any]:
    return {"title": title, "lines": [x for x in lines if x], "ok": ok, "no": no}


def info_html(i: dict[str, Any]) -> SafeString:
    """A Karten-Info as HTML (the markup of ``_info.html``), for the frame's seats."""
    parts = [format_html("<strong>{}</strong>", i["title"])]
    parts += [format_html("<span>{}</span>", line) for line in i["lines"]]
    if i["ok"]:
        parts.append(format_html('<span class="ok">{}</span>', i["ok"]))
    if i["no"]:
        parts.append(format_html('<span class="no">{}</span>', i["no"]))
    return SafeString('<div class="card-info" role="tooltip">' + "".join(parts) + "</div>")


def _claims_text(claims: list[dict[str, Any]]) -> str:
    """The allowed claims in short: "Kardamom 4–10" or "1–3 in jedem Gewürz"."""
    if not claims:
        return ""
    spices = list(dict.fromkeys(c["spice"] for c in claims))
    parts = []
    for s in spices:
        nums = sorted(c["number"] for c in claims if c["spice"] == s)
        runs: list[str] = []
        start = prev = nums[0]
        for n in [*nums[1:], None]:
            if n is not None and n == prev + 1:
                prev = n
                continue
            runs.append(str(start) if start == prev else f"{start}–{prev}")
            if n is not None:
                start = prev = n
        parts.append(f"{SPICE_NAME[s]} {', '.join(runs)}")
    if len(spices) == 3 and all(p.endswith(" 1–3") for p in parts):
        return "1, 2 oder 3 in einem Gewürz deiner Wahl (neuer Stapel)"
    return " · ".join(parts)


class SpeedbasarPresenter(Presenter):
    slug = "speedbasar"
    board_template = "games/speedbasar/board.html"

    def present(self, view: View, legal: list[Action], frame: Frame) -> dict[str, Any]:
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
                {"title": RULES[r][0], "text": RULES[r][1]} for r in view["rules"] if r in RULES
            ],
            "pass_action": action_json({"type": "pass"}) if "pass" in types else "",
            "allowed_text": _claims_text(view["allowed_claims"]),
        }
        ctx["hand_groups"] = self._hand(view, legal, revealed_count)
        # „passt“ under the hand cards, switchable in the Ansicht row (on by default)
        ctx["marks_on"] = frame.prefs.get("passt", True) is not False
        if not ctx["marks_on"]:
            for group in ctx["hand_groups"]:
                for card in group["cards"]:
                    card["mark"] = ""
        ctx["hand_size"] = len(view["hand"] or [])
        ctx["pair"] = self._pair(view, legal)
        ctx.update(self._pile(view, names))
        ctx["window"] = self._window(view, legal, names, helps_on)
        ctx["reveal"] = self._reveal(view, names)
        # "Basar-Geräusche" (off by default): the page plays the sounds, see static/js/basar.js
        ctx["sounds_on"] = frame.prefs.get("geraeusche", False) is True
        ctx["reveal_key"] = view["window"] if ctx["reveal"] else ""
        ctx["draw"] = self._draw(view)
        ctx["krug_info"] = _info(
            "Gewürzkrüge",
            f"{sum(view['krugs'])} von 3 Krügen vergeben.",
            "Einen Krug (10 Punkte) bekommt, wer seine letzte Karte legt und nicht erwischt "
            "wird. Der zweite eigene Krug gewinnt sofort; mit dem dritten Krug ist Schluss.",
        )
        ctx["krugs_total"] = sum(view["krugs"])
        ctx["marktbuch"] = self._marktbuch(view) if me is not None else None
        ctx["seat_stats"] = self._seat_stats(view, names)
        ctx["seat_info"] = [info_html(i) for i in self._seat_info(view, names)]
        ctx["turn_text"] = self._turn_text(view, legal, names)
        ctx["status"] = self._status(view)
        ctx["round_summary"] = self._final(view, names) if view["over"] else None
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
        self, view: View, legal: list[Action], revealed: dict[str, int]
    ) -> list[dict[str, Any]]:
        hand = view["hand"] or []
        lays: dict[str, list[Action]] = {}
        for a in legal:
            if a["type"] == "lay" and len(a["cards"]) == 1:
                lays.setdefault(a["cards"][0], []).append(a)
        in_hand: dict[str, int] = {}
        for h in hand:
            in_hand[h["card"]] = in_hand.get(h["card"], 0) + 1
        groups: list[dict[str, Any]] = []
        for n, h in enumerate(hand, start=1):
            card = h["card"]
            key = card if card in JOKER_NAME else card[0]
            group = "J" if card in JOKER_NAME else card[0]
            if not groups or groups[-1]["group"] != group:
                groups.append({"group": group, "cards": []})
            honest = [claim_name(c) for c in h["claims"]]
            options = []
            for a in lays.get(card, []):
                claim = {"spice": a["spice"], "number": a["number"]}
                options.append(
                    {
                        "action": action_json(a),
                        "label": claim_name(claim),
                        "number": a["number"],
                        "spice": a["spice"],
                        "honest": claim in h["claims"],
                    }
                )
            # the honest claims first: Enter (the focused first choice) lays honestly
            options.sort(key=lambda o: (not o["honest"],))
            if card in JOKER_NAME:
                now = "Halbe Wahrheit: " + JOKER_TEXT[card]
                info = _info(
                    card_name(card),
                    JOKER_TEXT[card],
                    f"Es gibt {COPIES} davon – {in_hand[card]} bei dir, "
                    f"{revealed.get(card, 0)} schon aufgedeckt.",
                    ok="½ passt: für jede Ansage eine halbe Wahrheit.",
                )
            else:
                now = ""
                info = _info(
                    card_name(card),
                    f"Es gibt {COPIES} davon – {in_hand[card]} bei dir, "
                    f"{revealed.get(card, 0)} schon aufgedeckt.",
                    ok=("passt: ehrlich als „" + "“, „".join(honest) + "“.") if honest else "",
                    no="" if honest else "Gerade nicht ehrlich ansagbar.",
                )
            groups[-1]["cards"].append(
                {
                    "n": n,
                    "card": card,
                    "key": key,
                    "name": card_name(card),
                    "html": face_html(card),
                    "mark": h["mark"],
                    "options": options,
                    "honest": honest,
                    "now": now,
                    "info": info,
                    # the honest claims as "R3 K3": the page marks them for a pair of cards
                    "honest_codes": " ".join(c["spice"] + str(c["number"]) for c in h["claims"]),
                }
            )
        return groups

    @staticmethod
    def _pair(view: View, legal: list[Action]) -> dict[str, Any] | None:
        """Doppelladung: the claims for two cards. Every pair of hand cards may be laid under every
        allowed claim, so the board carries the claims once; the page puts the two chosen cards
        (in hand order) into their ``data-action`` (see ``static/js/basar.js``)."""
        if not any(a["type"] == "lay" and len(a["cards"]) == 2 for a in legal):
            return None
        return {
            "claims": [
                {
                    "spice": c["spice"],
                    "number": c["number"],
                    "code": c["spice"] + str(c["number"]),
                    "label": claim_name(c),
                }
                for c in view["allowed_claims"]
            ]
        }

    def _pile(self, view: View, names: list[str]) -> dict[str, Any]:
        pile = view["pile"]
        count = sum(e["count"] for e in pile)
        claim = view["claim"]
        penalty = 2
        if claim and claim["number"] == 10 and "zehnerzoll" in view["rules"]:
            penalty = 4
        if count:
            stake = "Im Stapel liegt 1 Karte" if count == 1 else f"Im Stapel liegen {count} Karten"
            stake += (
                f": Bei einem Zweifel geht es um {plural(count, 'Punkt', 'Punkte')}, "
                f"der Verlierer zieht {penalty} Karten."
            )
        else:
            stake = "Der Stapel ist leer: Wer dran ist, beginnt neu mit 1, 2 oder 3."
        claim_ctx = None
        if claim:
            top = pile[-1]
            claim_ctx = {
                "text": claim_name(claim),
                "spice": claim["spice"],
                "number": claim["number"],
                "by": names[top["seat"]],
                "count": top["count"],
                "info": _info(
                    "Aktuelle Ansage",
                    f"{names[top['seat']]} sagt „{claim_name(claim)}“"
                    + (f" ({top['count']} Karten)." if top["count"] > 1 else "."),
                    "Doppelladung: Ein Zweifel prüft beide Karten – nur wenn beide stimmen, "
                    "hält die Ansage."
                    if top["count"] == 2
                    else "",
                    "Was wirklich darunter liegt, sieht erst, wer anzweifelt.",
                ),
            }
        history = [
            {
                "by": names[e["seat"]],
                "text": claim_name(e),
                "count": e["count"],
                "mine": bool(e.get("cards")),
            }
            for e in pile
        ]
        mine = [
            {"html": face_html(c, True), "name": card_name(c)}
            for e in pile
            for c in e.get("cards", [])
        ]
        return {
            "pile_count": count,
            "pile_info": _info("Ablagestapel", stake),
            "claim": claim_ctx,
            "history": history[-6:],
            "history_more": max(0, len(history) - 6),
            "my_pile_cards": mine,
            "back_html": back_html(),
        }

    def _window(
        self, view: View, legal: list[Action], names: list[str], helps_on: bool
    ) -> dict[str, Any] | None:
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
                    "label": f"Nicht die {claim['number']}!",
                    "hint": "Zahl anzweifeln",
                    "key": "z",
                    "action": action_json(by_feature["number"]),
                    "cls": "doubt",
                }
            )
            buttons.append(
                {
                    "id": "doubt-spice",
                    "label": f"Kein {SPICE_NAME[claim['spice']]}!",
                    "hint": "Gewürz anzweifeln",
                    "key": "w",
                    "action": action_json(by_feature["spice"]),
                    "cls": "doubt",
                }
            )
            if "exact" in by_feature:
                buttons.append(
                    {
                        "id": "doubt-exact",
                        "label": "Stimmt genau!",
                        "hint": "Handschlag",
                        "key": "s",
                        "action": action_json(by_feature["exact"]),
                        "cls": "exact",
                    }
                )
            buttons.append(
                {
                    "id": "believe",
                    "label": "Glauben",
                    "hint": "weiter",
                    "key": "g",
                    "action": action_json(by_feature["believe"]),
                    "cls": "believe",
                }
            )
        pending = [names[s] for s in w["pending"]]
        if me == w["claimant"]:
            note = "Deine Ansage – glauben die anderen dir?"
        elif me is not None and me not in w["eligible"]:
            note = "Bei „Enge Gasse“ darf nur der nächste Spieler anzweifeln."
        elif me is not None and not by_feature:
            note = "Du glaubst diese Ansage – warte auf die anderen."
        else:
            note = ""
        hint = None
        if by_feature and helps_on:
            ins = instinct(view)
            if ins is not None:
                hint = {
                    "number": round(100 * ins["number_lie"]),
                    "spice": round(100 * ins["spice_lie"]),
                    "number_label": f"Zahl {claim['number']} gelogen",
                    "spice_label": f"{SPICE_NAME[claim['spice']]} gelogen",
                    # for two cards the instinct is an approximation (docs: Händler-Instinkt)
                    "approx": w["count"] == 2,
                }
        return {
            "id": w["id"],
            "claimant": names[w["claimant"]],
            "claim": claim_name(claim),
            "count": w["count"],
            "double_note": "Ein Zweifel prüft beide Karten: Nur wenn beide stimmen, hält die Ansage."
            if w["count"] == 2
            else "",
            "last_card": w["last_card"],
            "buttons": buttons,
            "pending": pending,
            "note": note,
            "instinct": hint,
            "autobelieve": bool(by_feature),
        }

    def _reveal(self, view: View, names: list[str]) -> dict[str, Any] | None:
        """The last reveal, shown while no new claim has been made since."""
        if not view["revealed"]:
            return None
        r = view["revealed"][-1]
        if r["window"] != view["window"]:
            return None
        claimant, doubter = names[r["seat"]], names[r["doubter"]]
        claim = r["claim"]
        if r["feature"] == "number":
            checked = f"Geprüft wurde die Zahl {claim['number']}"
        elif r["feature"] == "spice":
            checked = f"Geprüft wurde das Gewürz {SPICE_NAME[claim['spice']]}"
        else:
            checked = "Geprüft wurde „Stimmt genau!“ (Gewürz und Zahl)"
        if len(r["cards"]) == 2:
            checked += " – bei beiden Karten (Doppelladung)"
        holds = r["holds"]
        if r["feature"] == "exact":
            verdict = "Stimmt genau!" if holds else "Stimmt nicht genau."
        else:
            verdict = "Stimmt!" if holds else "Gelogen!"
        call = (
            "„Stimmt genau!“ gerufen"
            if r["feature"] == "exact"
            else f"gezweifelt: „{claim_name(claim)}“ von {claimant}"
        )
        return {
            "who_text": f"{doubter} hat zuerst {call}.",
            "cards": [{"html": face_html(c), "name": card_name(c)} for c in r["cards"]],
            "cards_text": " und ".join(card_name(c) for c in r["cards"]),
            "doubter": doubter,
            "claimant": claimant,
            "claim": claim_name(claim),
            "checked": checked,
            "verdict": verdict,
            "holds": holds,
            "outcome": self._outcome(r, names, self._penalty(r, view["rules"])),
        }

    @staticmethod
    def _penalty(r: dict[str, Any], rules: list[str]) -> str:
        return "4 Karten" if r["claim"]["number"] == 10 and "zehnerzoll" in rules else "2 Karten"

    @staticmethod
    def _outcome(r: dict[str, Any], names: list[str], penalty: str) -> str:
        claimant, doubter, winner = names[r["seat"]], names[r["doubter"]], names[r["winner"]]
        pile = plural(r["pile"], "Karte", "Karten")
        if r["feature"] == "exact":
            if r["holds"]:
                return f"{winner} bekommt den Stapel ({pile}), {claimant} beginnt neu."
            return f"{winner} bekommt den Stapel ({pile}), {doubter} zieht {penalty}."
        loser = doubter if r["holds"] else claimant
        return f"{winner} bekommt den Stapel ({pile}), {loser} zieht {penalty}."

    @staticmethod
    def _draw(view: View) -> dict[str, Any]:
        noch = view["noch"]
        heat = "hot" if noch <= 5 else ("warm" if noch <= 12 else "")
        return {
            "noch": noch,
            "heat": heat,
            "info": _info(
                "Nachziehstapel",
                f"Noch {plural(noch, 'Karte', 'Karten')} bis zur Glut.",
                "Liegt die Glut oben, ist die Partie sofort aus – dann zählt jede Handkarte −1.",
                no="Bald ist Schluss!" if noch <= 5 else "",
            ),
        }

    @staticmethod
    def _marktbuch(view: View) -> dict[str, Any]:
        book = marktbuch(view)
        return {"html": _book_grid(book_key(book)), "unknown": book["unknown"]}

    @staticmethod
    def _seat_stats(view: View, names: list[str]) -> list[list[dict[str, Any]]]:
        out = []
        for s in range(view["players"]):
            krugs = view["krugs"][s]
            row: list[dict[str, Any]] = [
                {
                    "label": "Krüge",
                    "value": SafeString(
                        '<span class="krug-icons" aria-hidden="true">'
                        + (krug_html() * krugs or "–")
                        + f'</span><span class="sr-only">{krugs}</span>'
                    ),
                    "cls": "krugs",
                },
                {
                    "label": "Stapel",
                    "value": view["point_piles"][s],
                },
            ]
            if view["hand_counts"][s] == 1 and not view["over"]:
                row.append(
                    {
                        "value": "letzte Karte!",
                        "cls": "last-card",
                    }
                )
            out.append(row)
        return out

    @staticmethod
    def _seat_info(view: View, names: list[str]) -> list[dict[str, Any]]:
        """Karten-Info of every seat (hover, long press): counts only, never a card. How much a
        doubt of the seat's open claim is worth now, and who is down to the last card."""
        me = view["seat"]
        w = view["doubt_window"]
        pile = sum(e["count"] for e in view["pile"])
        penalty = 2
        if view["claim"] and view["claim"]["number"] == 10 and "zehnerzoll" in view["rules"]:
            penalty = 4
        out = []
        for s in range(view["players"]):
            you = s == me
            name = "Du" if you else names[s]
            hand, krugs = view["hand_counts"][s], view["krugs"][s]
            lines = [
                f"Auf der Hand: {plural(hand, 'Karte', 'Karten')} (je −1)",
                f"Punktestapel: {plural(view['point_piles'][s], 'Karte', 'Karten')} (je +1)",
                f"Gewürzkrüge: {krugs} (je +10)",
                f"Stand jetzt: {plural(view['points'][s], 'Punkt', 'Punkte')}",
            ]
            ok = no = ""
            if w is not None and w["claimant"] == s and not view["over"]:
                what = f"„{claim_name(w['claim'])}“" + (
                    f" ({w['count']} Karten)" if w["count"] > 1 else ""
                )
                ok = (
                    f"Ein Zweifel an {what} ist jetzt {plural(pile, 'Punkt', 'Punkte')} wert "
                    f"(der Stapel); wer falsch liegt, zieht {penalty} Karten."
                )
                if w["last_card"]:
                    ok += " Es geht auch um den Gewürzkrug."
            elif pile and not view["over"]:
                lines.append(
                    f"Im Stapel liegen {plural(pile, 'Karte', 'Karten')}: "
                    f"Ein Zweifel ist gerade {plural(pile, 'Punkt', 'Punkte')} wert."
                )
            if hand == 1 and not view["over"]:
                no = (
                    "Du hast nur noch eine Karte – legst du sie unerwischt, gibt es einen Krug."
                    if you
                    else f"{name} hat nur noch eine Karte – ein Krug droht!"
                )
            if krugs == 1 and not view["over"]:
                lines.append(
                    "Noch ein Krug, und du gewinnst sofort."
                    if you
                    else f"Noch ein Krug, und {name} gewinnt sofort."
                )
            out.append(_info(names[s] + (" (du)" if you else ""), *lines, ok=ok, no=no))
        return out

    @staticmethod
    def _turn_text(view: View, legal: list[Action], names: list[str]) -> str | None:
        me = view["seat"]
        w = view["doubt_window"]
        if view["over"]:
            return None
        if w is not None:
            claim = claim_name(w["claim"])
            if me == w["claimant"]:
                return f"Du hast „{claim}“ angesagt – die anderen entscheiden."
            if legal:
                return (
                    f"{names[w['claimant']]} sagt „{claim}“: Glauben oder anzweifeln? "
                    "Wer zuerst zweifelt, gilt."
                )
            return f"{names[w['claimant']]} sagt „{claim}“ – die anderen entscheiden."
        if view["turn"] == me and legal:
            return "Du bist dran: Karte wählen und ansagen – oder passen."
        return f"{names[view['turn']]} ist dran."

    @staticmethod
    def _status(view: View) -> str:
        parts = [f"Nachziehstapel: noch {view['noch']}"]
        parts.append(f"Krüge vergeben: {sum(view['krugs'])} von 3")
        if view["rules"]:
            parts.append("Extrascharf: " + ", ".join(RULES[r][0] for r in view["rules"]))
        return " · ".join(parts)

    @staticmethod
    def _final(view: View, names: list[str]) -> dict[str, Any]:
        reason = view["end_reason"]
        who = names[view["krug_winner"]] if view["krug_winner"] >= 0 else ""
        title = END_TEXT.get(reason, "Die Partie ist aus.").format(who=who)
        return {
            "title": title,
            "columns": ["", "Punktestapel", "Krüge (×10)", "Handkarten (−1)", "Punkte"],
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

    # -- the move ticker ----------------------------------------------------------------------
    def describe(self, event: Event, names: list[str]) -> str | None:
        t = event.get("type")
        seat = event.get("seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
        if t == "start":
            return f"Die Partie beginnt – {names[event['first']]} fängt an."
        if t == "lay":
            what = "eine Karte" if event["count"] == 1 else f"{event['count']} Karten"
            text = f"{who} legt {what} verdeckt: „{claim_name(event['claim'])}“"
            if event.get("last_card"):
                text += " – die letzte Karte!"
            return text + "."
        if t == "believe":
            return None  # the window shows who is still undecided; "believed" sums it up
        if t == "believed":
            return f"Alle glauben {who}."
        if t == "doubt":
            return None  # the reveal that follows says everything
        if t == "reveal":
            claim = event["claim"]
            doubter, claimant = names[event["doubter"]], names[event["seat"]]
            cards = " und ".join(card_name(c) for c in event["cards"])
            if event["feature"] == "number":
                call = f"„Nicht die {claim['number']}!“"
            elif event["feature"] == "spice":
                call = f"„Kein {SPICE_NAME[claim['spice']]}!“"
            else:
                call = "„Stimmt genau!“"
            if event["feature"] == "exact":
                verdict = "stimmt genau" if event["holds"] else "stimmt nicht genau"
            else:
                verdict = "stimmt" if event["holds"] else "gelogen"
            return (
                f"{doubter} ruft {call} – aufgedeckt: {cards} ({claimant}): {verdict}. "
                + self._outcome(event, names, "Strafkarten")
            )
        if t == "krug":
            return f"{who} bekommt einen Gewürzkrug ({event['krugs']}. Krug)."
        if t == "draw":
            n = event["count"]
            return f"{who} zieht {plural(n, 'Karte', 'Karten')} – noch {event['noch']} im Stapel."
        if t == "pass":
            return f"{who} passt."
        if t == "end":
            reason = event.get("reason", "")
            winner = event.get("krug_winner", -1)
            return END_TEXT.get(reason, "Die Partie ist aus.").format(
                who=names[winner] if isinstance(winner, int) and winner >= 0 else ""
            )
        return None


_BOOK_CLS = {"aufgedeckt": "rev", "hand": "hand", "gelegt": "laid", "unbekannt": "unk"}
_BOOK_TITLE = {
    "aufgedeckt": "aufgedeckt",
    "hand": "auf deiner Hand",
    "gelegt": "von dir in den Stapel gelegt",
    "unbekannt": "unbekannt",
}


def book_key(book: dict[str, Any]) -> tuple[Any, ...]:
    """The Marktbuch grid as a hashable value (the memo key of its HTML)."""
    spices = tuple(
        (s["spice"], s["name"], tuple((n["number"], tuple(n["dots"])) for n in s["numbers"]))
        for s in book["spices"]
    )
    return spices, tuple((j["name"], tuple(j["dots"])) for j in book["jokers"])


@lru_cache(maxsize=4096)
def _book_grid(key: tuple[Any, ...]) -> SafeString:
    """The Marktbuch table and joker row: about a hundred dots, the largest part of the board, and
    the same grid recurs from move to move – built in Python once per look and process."""
    spices, jokers = key
    out = [
        '<div class="scroll-x"><table class="book"><thead><tr><th></th>',
        *(f"<th>{n}</th>" for n in range(1, 11)),
        "</tr></thead><tbody>",
    ]
    for spice, name, numbers in spices:
        name = escape(name)
        out.append(f'<tr class="spice-{escape(spice)}"><th scope="row">{name}</th>')
        for number, dots in numbers:
            out.append("<td>")
            out.extend(
                f'<span class="dot {_BOOK_CLS[d]}" title="{name} {number}: {_BOOK_TITLE[d]}"></span>'
                for d in dots
            )
            out.append("</td>")
        out.append("</tr>")
    out.append('</tbody></table></div><p class="book-jokers">')
    for label, dots in jokers:
        label = escape(label)
        out.append(f'<span class="joker-row">{label}: ')
        out.extend(
            f'<span class="dot {_BOOK_CLS[d]}" title="{label}: {_BOOK_TITLE[d]}"></span>'
            for d in dots
        )
        out.append("</span>")
    out.append("</p>")
    return SafeString("".join(out))
