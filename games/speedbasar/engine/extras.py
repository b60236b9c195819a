"""Pure functions over views and logs: the Marktbuch grid and the achievements (Erfolge).

Achievements are detected on a finished game's public event log. The engine keeps that log in
the state (every event ``apply`` returned, plus a ``start`` event); the site reads it from
``engine.result(state).details["log"]`` and calls
``achievements(log, seat, context)``. ``context`` carries what only the site knows: the mode
(``"reise"`` with the ``station`` key, or ``"tagesbasar"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.speedbasar.engine import cards as C

DOT_REVEALED = "aufgedeckt"
DOT_HAND = "hand"
DOT_LAID = "gelegt"
DOT_UNKNOWN = "unbekannt"


def marktbuch(view: dict[str, Any]) -> dict[str, Any]:
    """The Marktbuch grid: per spice and number (and per joker kind) one dot per copy, revealed
    first, then the seat's own hand, then its own cards in the open pile, then unknown ones."""
    revealed = [0] * C.KINDS
    for r in view["revealed"]:
        for code in r["cards"]:
            revealed[C.CODE_TO_CARD[code]] += 1
    hand = [0] * C.KINDS
    laid = [0] * C.KINDS
    if view.get("hand") is not None:
        for h in view["hand"]:
            hand[C.CODE_TO_CARD[h["card"]]] += 1
        for e in view["pile"]:
            if e["seat"] == view["seat"]:
                for code in e["cards"]:
                    laid[C.CODE_TO_CARD[code]] += 1

    def dots(k: int) -> list[str]:
        out = [DOT_REVEALED] * revealed[k] + [DOT_HAND] * hand[k] + [DOT_LAID] * laid[k]
        return out + [DOT_UNKNOWN] * (C.COPIES - len(out))

    spices = [
        {
            "spice": C.SPICES[s],
            "name": C.SPICE_NAMES[s],
            "numbers": [
                {"number": v, "card": C.code(s * 10 + v - 1), "dots": dots(s * 10 + v - 1)}
                for v in range(1, 11)
            ],
        }
        for s in range(3)
    ]
    jokers = [
        {"card": "W", "name": "Messingwaage", "dots": dots(C.WAAGE)},
        {"card": "M", "name": "Gewürzmühle", "dots": dots(C.MUEHLE)},
    ]
    unknown = sum(C.COPIES - revealed[k] - hand[k] - laid[k] for k in range(C.KINDS))
    return {"spices": spices, "jokers": jokers, "unknown": unknown}


# -- achievements --------------------------------------------------------------------------------
ACHIEVEMENTS: dict[str, tuple[str, str]] = {
    "erster_krug": ("Erster Krug", "Bekomme einen Gewürzkrug."),
    "zwei_kruege": ("Krugmeister", "Gewinne mit deinem zweiten Gewürzkrug."),
    "zehnerfalle": ("Zehnerfalle", "Erwische eine Lüge auf einer angesagten 10."),
    "scharfes_auge": ("Scharfes Auge", "Zweifle fünfmal hintereinander richtig."),
    "leere_haende": ("Leere Hände", "Gewinne ohne eine Karte auf der Hand."),
    "ehrliche_haut": (
        "Ehrliche Haut",
        "Gewinne, ohne je beim Flunkern erwischt zu werden, obwohl man dich angezweifelt hat.",
    ),
    "grosser_fang": (
        "Großer Fang",
        "Gewinne mit einem Zweifel einen Stapel aus 10 Karten oder mehr.",
    ),
    "halbe_wahrheit": ("Halbe Wahrheit", "Überstehe einen Zweifel mit einem Joker."),
    "unbeirrbar": (
        "Unbeirrbar",
        "Hol dir einen Krug, obwohl deine letzte Karte angezweifelt wurde.",
    ),
    "glutlaeufer": ("Glutläufer", "Gewinne eine Partie, die die Glut beendet."),
    "stimmt_genau": ("Stimmt genau!", "Bestätige eine Ansage mit Handschlag richtig."),
    "weltreisender": ("Weltreisender", "Schließe die Händlerreise in Samarkand ab."),
    "tagessieger": ("Tagessieger", "Gewinne den Tagesbasar."),
}


def winners_of(end: dict[str, Any]) -> list[int]:
    """Winners from an ``end`` event (same order as ``Engine.result``)."""
    scores, krugs, hands = end["scores"], end["krugs"], end["hand_counts"]
    if end["krug_winner"] >= 0:
        return [end["krug_winner"]]
    keys = [(-scores[s], -krugs[s], hands[s]) for s in range(len(scores))]
    best = min(keys)
    return [s for s, k in enumerate(keys) if k == best]


def achievements(
    log: Sequence[dict[str, Any]], seat: int, context: dict[str, Any] | None = None
) -> list[str]:
    """Keys of ``ACHIEVEMENTS`` that ``seat`` earned in a finished game with this event log."""
    context = context or {}
    ends = [e for e in log if e["type"] == "end"]
    if not ends:
        return []
    end = ends[-1]
    won = seat in winners_of(end)
    reveals = [e for e in log if e["type"] == "reveal"]
    got: set[str] = set()
    if any(e["type"] == "krug" and e["seat"] == seat for e in log):
        got.add("erster_krug")
    if end["krug_winner"] == seat:
        got.add("zwei_kruege")
    if won and end["hand_counts"][seat] == 0:
        got.add("leere_haende")
    if won and end["reason"] == "glut":
        got.add("glutlaeufer")
    streak = 0
    for r in reveals:
        mine_doubt = r["doubter"] == seat
        if mine_doubt and r["feature"] != "exact":
            right = not r["holds"]
            streak = streak + 1 if right else 0
            if streak >= 5:
                got.add("scharfes_auge")
            if right and r["claim"]["number"] == 10:
                got.add("zehnerfalle")
        if mine_doubt and r["feature"] == "exact" and r["holds"]:
            got.add("stimmt_genau")
        if r["winner"] == seat and r["pile"] >= 10 and mine_doubt:
            got.add("grosser_fang")
        if r["seat"] == seat and r["feature"] != "exact" and r["holds"]:
            if any(c in ("W", "M") for c in r["cards"]):
                got.add("halbe_wahrheit")
            if r["last_card"]:
                got.add("unbeirrbar")
    against = [r for r in reveals if r["seat"] == seat and r["feature"] != "exact"]
    if won and against and all(r["holds"] for r in against):
        got.add("ehrliche_haut")
    if won and context.get("mode") == "tagesbasar":
        got.add("tagessieger")
    if (
        won
        and context.get("mode") == "reise"
        and context.get("station") == "samarkand"
        and any(e["type"] == "krug" and e["seat"] == seat for e in log)
    ):
        got.add("weltreisender")
    return [k for k in ACHIEVEMENTS if k in got]
