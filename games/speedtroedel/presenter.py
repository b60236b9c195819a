"""Speedtrödel table: the trick with who laid what, the colour to follow, the attic, each seat's
counter and box, the Schnäppchenblick pick, the Tauschrunde, "Heute gefragt", Kassensturz.

Only the seat's view reaches this module. Card codes (``P7``, ``F``) stay in ``data-action`` and
``data-card``; every text a player reads uses names ("Porzellan 7", "Fälschung").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from games.engines.base import Action, Event, View
from games.html import Markup, fill
from games.presenters.base import (
    Frame,
    Presenter,
    action_json,
    sprite_use,
    ui_icon,
)
from games.speedtroedel import components
from games.speedtroedel.components import (
    COLOUR_CLASS,
    COLOUR_NAME,
    COLOURS,
    SPECIAL,
    SPRITE,
    _card_name,
    _colour_chips,
    _seat_info_html,
    _shop_link,
    card_name,
    face_html,
)
from games.speedtroedel.engine import preview
from games.speedtroedel.texts import TEXTS
from games.wording import say

STARS = {
    1: gettext_lazy("Schuppen"),
    2: gettext_lazy("Speicher"),
    3: gettext_lazy("Stadthaus"),
    4: gettext_lazy("Landhaus"),
    5: gettext_lazy("Schloss"),
}
END_REASON = {
    "ende": gettext_lazy("Nach der letzten Runde ist der Markt zu."),
    "leergekauft": gettext_lazy(
        "Leergekauft: Der Dachboden reicht nicht mehr für alle – der Markt schließt."
    ),
}


class _Said:
    """The presenter's words in one language, each looked up once per process: ``gettext`` and
    ``get_language`` are slow on the hot path (the active language sits in an asgiref ``Local``),
    so a method takes the table once (``_ = _tr()``) and keeps writing ``_("…")`` (which
    ``makemessages`` finds); a lazy string (the catalogue's names) is said by its identity."""

    def __init__(self, language: str | None) -> None:
        self.language = language
        self._said: dict[Any, str] = {}
        self._cards: dict[str, str] = {}

    def __call__(self, text: str | Promise) -> str:
        key = text if type(text) is str else id(text)
        found = self._said.get(key)
        if found is None:  # the active language is self.language (``_tr`` keys by it)
            found = self._said[key] = _(text) if type(text) is str else str(text)
        return found

    def card(self, card: str) -> str:
        """A card in words (``card_name``)."""
        found = self._cards.get(card)
        if found is None:
            found = self._cards[card] = _card_name(self.language, card)
        return found

    def colour(self, colour: str) -> str:
        return self(COLOUR_NAME[colour])


@lru_cache(maxsize=8)
def _said_in(language: str | None) -> _Said:
    return _Said(language)


def _tr() -> _Said:
    """The words of the active language."""
    return _said_in(get_language())


def card_names(cards: list[str]) -> str:
    return _(", ").join(card_name(c) for c in cards)


@lru_cache(maxsize=8)
def stars(n: int) -> Markup:
    """An attic tier's stars: one picture of ``n`` stars (the words are in the tier's title)."""
    return sprite_use(SPRITE, f"stars{n}", f"stars s{n}")


def _play_entry(
    seat: int, card: str, name: str, winner: bool, language: str | None
) -> dict[str, Any]:
    """One play of a trick for the board (``winner``: it takes the trick)."""
    return {
        "seat": seat,
        "name": name,
        "card": card,
        "card_name": _said_in(language).card(card),
        "card_html": face_html(card, language=language),
        "winner": winner,
    }


@lru_cache(maxsize=1024)
def _last_trick_parts(
    language: str | None,
    names: tuple[str, ...],
    title: str,
    w: int,
    plays: tuple[tuple[int, str], ...],
    taken: tuple[tuple[int, str], ...],
    gefragt: str | None,
    ramsch: bool,
) -> dict[str, Any]:
    """The last trick's parts (the same for every seat, once a trick): read only, the caller
    gets a copy of the dict, not of its lists."""
    got: dict[int, list[str]] = {}
    for s, c in taken:
        got.setdefault(s, []).append(c)
    outcome = [
        _("%(name)s bekommt %(cards)s.") % {"name": names[s], "cards": card_names(cs)}
        for s, cs in sorted(got.items(), key=lambda x: x[0] != w)
    ]
    notes = []
    if gefragt:
        notes.append(_("Heute gefragt: %(colour)s") % {"colour": COLOUR_NAME[gefragt]})
    if ramsch:
        notes.append(_("Ramschtag"))
    return {
        "title": title,
        "plays": [_play_entry(s, c, names[s], s == w, language) for s, c in plays],
        "winner": names[w],
        "outcome": outcome,
        "notes": notes,
    }


class SpeedtroedelPresenter(Presenter):
    slug = "speedtroedel"

    def present(self, view: View, legal: list[Action], frame: Frame) -> dict[str, Any]:
        _ = _tr()
        names = frame.names
        running = not view["over"]
        ctx: dict[str, Any] = {
            "status": (
                _("Runde %(round)s von %(rounds)s · %(size)s Karten je Händler")
                % {"round": view["round"], "rounds": view["rounds"], "size": view["hand_size"]}
            )
            if running
            else _(END_REASON.get(view["end"] or "") or _("Die Partie ist vorbei.")),
            "follow_line": self._follow_line(view, names, _),
            "trick": self._trick(view, names, _),
            "trick_note": self._trick_note(view, names, _),
            "last_trick": self._last_trick(view, names, _),
            "attic": self._attic(view, _),
            "seat_stats": self._seat_stats(view, names, _),
            "shop": self._shop(view, _),
            "round_summary": self._round_summary(view, names, _),
            "turn_text": self._turn_text(view, names, _),
        }
        ctx.update(self._controls(view, legal, names, _))
        if ctx["shop"] is not None and running:
            ctx["seat_info"] = self._seat_info(view, ctx["shop"])
        return ctx

    # -- parts of the screen ------------------------------------------------------------------
    def _follow_line(self, view: View, names: list[str], _: _Said) -> list[dict[str, str]]:
        """What must be followed, and the effects of the trick in play."""
        parts: list[dict[str, str]] = []
        gq = view["gefragt"]
        if gq:
            c = gq["colour"]
            parts.append(
                {
                    "text": _("Heute gefragt: %(colour)s (von %(name)s)")
                    % {"colour": _.colour(c), "name": names[gq["seat"]]},
                    "cls": f"gefragt {COLOUR_CLASS[c]}",
                }
            )
        if view["ramsch"]:
            parts.append(
                {"text": _("Ramschtag: Die niedrigste Karte gewinnt den Stich."), "cls": "ramsch"}
            )
        if view["phase"] == "play":
            f = view["follow"]
            if f:
                parts.insert(
                    0,
                    {
                        "text": _("Bedienen: %(colour)s") % {"colour": _.colour(f)},
                        "cls": f"follow {COLOUR_CLASS[f]}",
                    },
                )
            elif not view["trick"]:
                parts.insert(
                    0, {"text": _("Noch keine Bedienfarbe – wer ausspielt, legt sie fest.")}
                )
            else:
                parts.insert(
                    0,
                    {
                        "text": _(
                            "Noch keine Bedienfarbe – die nächste Farb- oder Smaragdkarte legt "
                            "sie fest."
                        )
                    },
                )
        return parts

    def _trick(self, view: View, names: list[str], _: _Said) -> list[dict[str, Any]]:
        language = _.language
        pend = view["pending"]
        winner = pend["winner"] if pend else None
        return [_play_entry(s, c, names[s], s == winner, language) for s, c in view["trick"]]

    def _trick_note(self, view: View, names: list[str], _: _Said) -> str:
        pend = view["pending"]
        if not pend or not view["trick"]:
            return ""
        text = _("%(name)s fängt den Stich.") % {"name": names[pend["winner"]]}
        if pend["taken"] and view["phase"] == "pick":
            text += _(" Schon genommen: %(cards)s") % {
                "cards": _("; ").join(
                    _("%(name)s %(card)s") % {"name": names[s], "card": _.card(c)}
                    for s, c in pend["taken"]
                )
            }
        return text

    def _last_trick(self, view: View, names: list[str], _: _Said) -> dict[str, Any] | None:
        t = view["last_trick"]
        if t is None:
            return None
        this_round = view["last_trick_round"] == view["round"]
        title = (
            _("Letzter Stich (%(n)s)") % {"n": len(view["tricks"])}
            if this_round
            else _("Letzter Stich (Runde %(round)s)") % {"round": view["last_trick_round"]}
        )
        return dict(
            _last_trick_parts(
                _.language,
                tuple(names),
                title,
                t["winner"],
                tuple((s, c) for s, c in t["plays"]),
                tuple((s, c) for s, c in t["taken"]),
                t["gefragt"],
                t["ramsch"],
            )
        )

    def _attic(self, view: View, _: _Said) -> dict[str, Any]:
        a = view["attic"]
        tiers = [
            {"stars": stars(i + 1), "name": _(STARS[i + 1]), "count": a["tiers"][i]}
            for i in range(5)
        ]
        return {
            "count": a["count"],
            "tiers": tiers,
            "top_stars": stars(a["top_stars"]) if a["top_stars"] else "",
            "top_name": _(STARS[a["top_stars"]]) if a["top_stars"] in STARS else "",
            "top_html": face_html(a["top"], True, language=_.language) if a["top"] else None,
            "top_card": _.card(a["top"]) if a["top"] else "",
            "open": bool(view["options"].get("dachboden_offen")),
            "knapp": view["knapp"] and not view["over"],
        }

    def _seat_stats(self, view: View, names: list[str], _: _Said) -> list[list[dict[str, Any]]]:
        out = []
        swap = view["phase"] == "swap"
        counter, counter_title = _("Ladentisch"), _("Karten auf dem Ladentisch")
        box, box_title = _("Kiste"), _("Karten in der Lagerkiste")
        for s in range(view["players"]):
            n = view["counter_counts"][s]
            row: list[dict[str, Any]] = [
                {"label": counter, "value": n, "cls": "counter", "title": counter_title},
                {"label": box, "value": view["box_counts"][s], "cls": "box", "title": box_title},
            ]
            if n:
                row.append(
                    {
                        "value": f"+{n}",
                        "cls": "plus",
                        "title": _("Beim Kassensturz +%(n)s Punkte für den Ladentisch") % {"n": n},
                    }
                )
            if s == view["seat"] and not view["over"] and "hand" in view:
                # a tap on the own counter, box or "+n" opens "Dein Laden" (the browser opens a
                # closed <details> around a fragment target)
                for stat in row:
                    stat["value"] = _shop_link(stat["value"])
            if view["voids"][s] and not view["over"]:
                row.append(
                    {
                        "value": _colour_chips(_.language, tuple(view["voids"][s])),
                        "cls": "voids",
                        "title": _("konnte diese Farben nicht bedienen"),
                    }
                )
            if swap:
                ready = s in view["swap_ready"]
                row.append(
                    {
                        "value": fill(_("%(check)s gewählt"), check=ui_icon("check"))
                        if ready
                        else _("wählt …"),
                        "cls": "swap-ready" if ready else "swap-wait",
                    }
                )
            out.append(row)
        return out

    def _shop(self, view: View, _: _Said) -> dict[str, Any] | None:
        """ "Dein Laden": the own counter, the box contents and next round's attic draws."""
        if view["seat"] is None or "hand" not in view:
            return None
        missing = view.get("missing_next") or 0
        last_round = view["round"] >= view["rounds"]
        if last_round:
            need = _("Das ist die letzte Runde – danach wird abgerechnet.")
        elif missing:
            need = ngettext(
                "In Runde %(round)s fehlen dir nach jetzigem Stand noch %(n)s Karte – die holst "
                "du vom Dachboden.",
                "In Runde %(round)s fehlen dir nach jetzigem Stand noch %(n)s Karten – die holst "
                "du vom Dachboden.",
                missing,
            ) % {"round": view["round"] + 1, "n": missing}
        else:
            need = _("Nach jetzigem Stand reichen Kiste und Ladentisch für Runde %(round)s.") % {
                "round": view["round"] + 1
            }
        counter = view["counter"]
        return {
            "counter": [
                {"html": face_html(c, True, language=_.language), "name": _.card(c)}
                for c in counter
            ],
            "box": [
                {"html": face_html(c, True, language=_.language), "name": _.card(c)}
                for c in view["box"]
            ],
            "need": need,
            "points": len(counter),
            "swap": self._swap_note(view, _),
        }

    @staticmethod
    def _seat_info(view: View, shop: dict[str, Any]) -> list[Markup | None]:
        """The info window at the own seat (seed: own counter and box contents, not the box's
        order); the other seats have none."""
        info = _seat_info_html(
            get_language(),
            tuple(c["name"] for c in shop["counter"]),
            tuple(c["name"] for c in shop["box"]),
            shop["need"],
        )
        return [info if s == view["seat"] else None for s in range(view["players"])]

    def _swap_note(self, view: View, _: _Said) -> str:
        sw = view.get("swap")
        if not sw:
            return ""
        return _("Tauschrunde: Du hast %(gave)s weitergegeben und %(got)s bekommen.") % {
            "gave": _.card(sw["gave"]),
            "got": _.card(sw["got"]),
        }

    def _round_summary(self, view: View, names: list[str], _: _Said) -> dict[str, Any] | None:
        """Kassensturz: the standing after the last round, until the next round's first card."""
        fresh = view["phase"] == "play" and not view["tricks"] and not view["trick"]
        if not (view["over"] or (fresh and view["round"] > 1)):
            return None
        done = view["round"] if view["over"] else view["round"] - 1
        scores = view["scores"]
        best = max(scores)
        order = sorted(range(view["players"]), key=lambda s: (-scores[s], s))
        rows = []
        for s in order:
            gap = best - scores[s]
            rows.append(
                {
                    "cells": [
                        names[s],
                        scores[s],
                        _("vorn") if gap == 0 else f"−{gap}",
                        view["box_counts"][s],
                    ],
                    "winner": gap == 0,
                }
            )
        title = _("Kassensturz nach Runde %(round)s") % {"round": done}
        if not view["over"] and view["leader"] is not None:
            title += _(" · %(name)s spielt aus") % {"name": names[view["leader"]]}
        columns = [_("Händler"), _("Punkte"), _("Abstand"), _("Kiste")]
        return {"title": title, "columns": columns, "rows": rows}

    def _turn_text(self, view: View, names: list[str], _: _Said) -> str | None:
        me = view["seat"]
        actors = view["actors"]
        phase = view["phase"]
        if not actors:
            return None
        who = actors[0]
        mine = who == me
        if phase == "swap":
            waiting = _(", ").join(names[a] for a in actors if a != me)
            if me in actors:
                return _("Tauschrunde: Alle geben gleichzeitig 1 Karte nach links – du auch.")
            return _("Tauschrunde: Es wählen noch %(names)s.") % {"names": waiting}
        if phase == "pick":
            return (
                _("Schnäppchenblick: Nimm dir 1 Karte aus dem Stich.")
                if mine
                else _("%(name)s nimmt sich 1 Karte aus dem Stich (Schnäppchenblick).")
                % {"name": names[who]}
            )
        if phase == "ask":
            return (
                _("Heute gefragt: Nenne die Farbe für den nächsten Stich.")
                if mine
                else _("%(name)s nennt die gefragte Farbe (Heute gefragt).") % {"name": names[who]}
            )
        if mine:
            if not view["trick"]:
                return _("Du spielst aus.")
            f = view["follow"]
            if f:
                return _("Du bist am Zug – %(colour)s bedienen.") % {"colour": _.colour(f)}
            return _("Du bist am Zug.")
        if not view["trick"]:
            return _("%(name)s spielt aus.") % {"name": names[who]}
        return None

    def _preview_text(self, view: View, card: str, names: list[str], _: _Said) -> str:
        p = preview(view, card)
        if not p["legal"]:
            return say(p["text"], TEXTS)
        name = _.card(card)
        if p["leads"]:
            if len(view["trick"]) == 0:
                return _("Mit %(card)s spielst du aus.") % {"card": name}
            return _("Mit %(card)s führst du den Stich.") % {"card": name}
        if p["ahead"] is not None and p["ahead"] >= 0:
            return _("Mit %(card)s bleibt %(name)s vorn.") % {
                "card": name,
                "name": names[p["ahead"]],
            }
        return _("Mit %(card)s führt niemand den Stich.") % {"card": name}

    def _controls(
        self, view: View, legal: list[Action], names: list[str], _: _Said
    ) -> dict[str, Any]:
        me = view["seat"]
        out: dict[str, Any] = {"board_decision": None}
        hand = view.get("hand") or []
        types = {a["type"] for a in legal}
        by_card = {a["card"]: a for a in legal if a["type"] in ("play", "swap")}
        phase = view["phase"]
        cards = []
        for n, card in enumerate(hand, start=1):
            act = by_card.get(card)
            entry: dict[str, Any] = {
                "card": card,
                "name": _.card(card),
                "html": face_html(card, language=_.language),
                "key": str(n) if n <= 9 and act else "",
                "action": action_json(act) if act else "",
                "fake": card == "F",
            }
            if phase == "play" and "play" in types:
                entry["preview"] = (
                    self._preview_text(view, card, names, _)
                    if act
                    else (
                        _("%(card)s darfst du jetzt nicht legen: %(colour)s bedienen.")
                        % {"card": _.card(card), "colour": _.colour(view["follow"])}
                        if view["follow"]
                        else _("%(card)s darfst du jetzt nicht legen.") % {"card": _.card(card)}
                    )
                )
            cards.append(entry)
        out["hand_cards"] = cards
        out["shop_swap"] = self._swap_note(view, _) if phase != "over" else ""
        if me is None:
            return out
        n = view["players"]
        left = names[(me + 1) % n]
        if phase == "swap":
            mine = view.get("swap_choice")
            if mine:
                out["swap_waiting"] = _(
                    "Du gibst %(card)s an %(name)s weiter – warte auf die anderen."
                ) % {"card": _.card(mine), "name": left}
        if not legal:
            return out
        if "pick" in types:
            out["board_decision"] = "pick"
            out["pick_choices"] = [
                {
                    "action": action_json(a),
                    "html": face_html(a["card"], language=_.language),
                    "name": _.card(a["card"]),
                    "key": str(i) if i <= 9 else "",
                }
                for i, a in enumerate(legal, start=1)
            ]
            out["decision_title"] = _("Schnäppchenblick: Welche Karte nimmst du dir aus dem Stich?")
        elif "swap" in types:
            out["board_decision"] = "swap"
            out["decision_title"] = _("Tauschrunde: Welche Karte gibst du an %(name)s weiter?") % {
                "name": left
            }
        elif "ask" in types:
            out["board_decision"] = "ask"
            out["decision_title"] = _(
                "Heute gefragt: Welche Farbe müssen im nächsten Stich alle bedienen?"
            )
            counts = {c: sum(1 for h in hand if h[0] == c and h not in SPECIAL) for c in COLOURS}
            out["ask_choices"] = [
                {
                    "action": action_json(a),
                    "label": _.colour(a["colour"]),
                    "cls": COLOUR_CLASS[a["colour"]],
                    "key": str(i),
                    "have": counts.get(a["colour"], 0),
                }
                for i, a in enumerate(legal, start=1)
            ]
        elif "play" in types:
            out["board_decision"] = "play"
        return out

    def board_html(self, ctx: dict[str, Any]) -> Markup:
        return components.board_html(ctx)

    # -- the move ticker ----------------------------------------------------------------------
    def card_html(self, card: str) -> Markup:
        return face_html(card, small=True)

    def describe(self, event: Event, names: list[str]) -> str | None:
        _ = _tr()
        t = event.get("type")
        who = names[event["seat"]] if isinstance(event.get("seat"), int) else ""
        if t == "play":
            return _("%(name)s legt %(card)s.") % {"name": who, "card": _.card(event["card"])}
        if t == "trick":
            w = event["winner"]
            others: dict[int, list[str]] = {}
            for s, c in event["taken"]:
                if s != w:
                    others.setdefault(s, []).append(c)
            if not others:
                return _("%(name)s fängt den Stich.") % {"name": names[w]}
            taken = _("; ").join(
                _("%(name)s nimmt %(cards)s")
                % {"name": names[s], "cards": _(", ").join(_.card(c) for c in cs)}
                for s, cs in others.items()
            )
            return _("%(name)s fängt den Stich – %(taken)s.") % {"name": names[w], "taken": taken}
        if t == "pick":
            return _("%(name)s nimmt %(card)s (Schnäppchenblick).") % {
                "name": who,
                "card": _.card(event["card"]),
            }
        if t == "penalty":
            return _("%(name)s hat eine Fälschung erwischt: %(points)s Punkte.") % {
                "name": who,
                "points": event["points"],
            }
        if t == "swap_start":
            return _("Tauschrunde: Alle geben gleichzeitig 1 Karte nach links.")
        if t == "swap_chosen":
            return _("%(name)s hat eine Karte zum Tauschen gewählt.") % {"name": who}
        if t == "swap_done":
            return _("Getauscht: Jede gewählte Karte liegt jetzt beim linken Nachbarn.")
        if t == "ask":
            return _("%(name)s fragt heute %(colour)s – alle müssen bedienen.") % {
                "name": who,
                "colour": _.colour(event["colour"]),
            }
        if t == "round_end":
            scores = _(", ").join(
                _("%(name)s %(points)s") % {"name": names[s], "points": p}
                for s, p in enumerate(event["scores"])
            )
            return _("Kassensturz nach Runde %(round)s: %(scores)s.") % {
                "round": event["round"],
                "scores": scores,
            }
        if t == "round_start":
            draws = [
                _("%(name)s %(n)s") % {"name": names[s], "n": d}
                for s, d in enumerate(event.get("attic_draws") or [])
                if d
            ]
            leader = names[event["leader"]]
            if draws:
                return _("Runde %(round)s – vom Dachboden: %(draws)s. %(name)s spielt aus.") % {
                    "round": event["round"],
                    "draws": _(", ").join(draws),
                    "name": leader,
                }
            return _("Runde %(round)s. %(name)s spielt aus.") % {
                "round": event["round"],
                "name": leader,
            }
        if t == "game_over":
            if event.get("reason") == "leergekauft":
                return _("Leergekauft: Der Dachboden reicht nicht mehr – der Markt schließt.")
            return _("Die Partie ist vorbei.")
        return None


# -- memoised parts of the board: each is a pure function of its (hashable) arguments, so a part
# that is the same for every seat of a move (the top, the trick's plays, the last trick) or stays
# the same over many moves (a seat's shop, its info window, its hand cards) is built once
