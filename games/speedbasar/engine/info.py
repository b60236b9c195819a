"""Karten-Info for the Speedbasar table (pure functions of a seat's view).

* ``hand_groups(view)``: the hand split by spice (the UI leaves a small gap between groups).
* ``card_info(view, card)``: what a hand card is, how many copies exist (in the own hand and
  revealed), and as what it can be claimed honestly right now.
* ``table_info(view)``: short German texts for the pile, the claim, the draw pile, the Krüge and
  every seat (what a doubt is worth now, who is down to the last card).

Seats in texts are named "Platz N" (N = seat + 1). Nothing here reveals a hidden card: every input
is in the view already.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import View
from games.speedbasar.engine import cards as C

JOKER_TEXT = {
    C.WAAGE: "Messingwaage: übersteht jeden Zweifel an der Zahl, verliert jeden Zweifel am Gewürz.",
    C.MUEHLE: "Gewürzmühle: übersteht jeden Zweifel am Gewürz, verliert jeden Zweifel an der Zahl.",
}


def _claim_text(claim: dict[str, Any]) -> str:
    return C.describe_claim(C.SPICE_INDEX[claim["spice"]], claim["number"])


def hand_groups(view: View) -> list[dict[str, Any]]:
    """The own hand grouped by spice (Rosenpfeffer, Kardamom, Safran, then the jokers)."""
    groups: list[dict[str, Any]] = []
    for entry in view["hand"] or []:
        card = C.CODE_TO_CARD[entry["card"]]
        key = C.SPICES[card // 10] if card < 30 else "J"
        if not groups or groups[-1]["group"] != key:
            name = C.SPICE_NAMES[card // 10] if card < 30 else "Joker"
            groups.append({"group": key, "name": name, "cards": []})
        groups[-1]["cards"].append(entry)
    return groups


def card_info(view: View, code: str) -> dict[str, Any]:
    """Info for one card of the own hand (or any card kind): name, rule text, copies in the
    game, in the own hand, revealed, and the honest claims now."""
    card = C.parse(code)
    if card is None:
        raise ValueError(f"no Speedbasar card: {code!r}")
    in_hand = sum(1 for h in view["hand"] or [] if h["card"] == code)
    revealed = sum(1 for r in view["revealed"] for c in r["cards"] if c == code)
    honest = [
        c
        for c in view["allowed_claims"]
        if card < 30 and C.honest(card, C.SPICE_INDEX[c["spice"]], c["number"])
    ]
    if card >= 30:
        text = JOKER_TEXT[card]
        now = "½ passt: als halbe Wahrheit für jede Ansage."
    elif honest:
        text = f"{C.describe(card)}."
        now = "passt: ehrlich als „" + "“, „".join(_claim_text(c) for c in honest) + "“."
    else:
        text = f"{C.describe(card)}."
        now = "Gerade nicht ehrlich ansagbar."
    return {
        "card": code,
        "name": C.describe(card),
        "text": text,
        "copies": C.COPIES,
        "in_hand": in_hand,
        "revealed": revealed,
        "honest_claims": honest,
        "now": now,
        "summary": (
            f"Es gibt {C.COPIES} davon – {in_hand} bei dir, {revealed} schon aufgedeckt. {now}"
        ),
    }


def table_info(view: View) -> dict[str, Any]:
    """German one-liners for the pile, the claim, the draw pile, the Krüge and the seats."""
    pile = sum(e["count"] for e in view["pile"])
    if pile:
        stake = (
            f"Im Stapel liegen {pile} Karten: Bei einem Zweifel geht es um {pile} Punkte, "
            "und der Verlierer zieht 2 Karten"
            + (" (bei einer 10 mit Zehnerzoll: 4)." if "zehnerzoll" in view["rules"] else ".")
        )
    else:
        stake = "Der Stapel ist leer: Wer dran ist, beginnt neu mit 1, 2 oder 3."
    claim = view["claim"]
    claim_text = (
        f"Aktuelle Ansage: {_claim_text(claim)} von Platz {view['pile'][-1]['seat'] + 1}."
        if claim
        else "Noch keine Ansage auf diesem Stapel."
    )
    noch = view["noch"]
    draw = f"Noch {noch} Karten bis zur Glut." + (
        " Bald ist Schluss – jede Handkarte zählt dann −1." if noch <= 5 else ""
    )
    krugs = sum(view["krugs"])
    krug_text = f"{krugs} von 3 Krügen vergeben. Wer den zweiten eigenen Krug bekommt, gewinnt."
    seats = []
    for s in range(view["players"]):
        cards = view["hand_counts"][s]
        parts = [
            f"Platz {s + 1}: {cards} Handkarte{'n' if cards != 1 else ''}",
            f"{view['point_piles'][s]} im Punktestapel",
            f"{view['krugs'][s]} Krug" + ("e" if view["krugs"][s] != 1 else ""),
            f"{view['points'][s]} Punkte",
        ]
        text = ", ".join(parts) + "."
        if cards == 1:
            text += " Nur noch eine Karte – Vorsicht, ein Krug droht!"
        seats.append({"seat": s, "text": text, "last_card": cards == 1})
    return {"pile": stake, "claim": claim_text, "draw": draw, "krugs": krug_text, "seats": seats}
