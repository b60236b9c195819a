"""Speedone table: hand (sorted by the seat's chosen mode), Karten-Info, pile, seats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from games.engines.base import Action, Event, View
from games.html import Markup, esc, join
from games.presenters.base import (
    Frame,
    Presenter,
    action_json,
    word_table,
)
from games.speedone import components
from games.speedone.components import (
    _INFO_KEYS,
    _ONE_BADGE,
    COLOR_CLASS,
    card_name,
    color_name,
    face_html,
    hand_card_html,
    info_html,
)
from games.speedone.engine.cards import COLOR_CODE
from games.speedone.info import card_info, hand_codes, requirement, sort_hand

SORT_LABEL = {
    1: gettext_lazy("Farben, Sonderkarten bei der höchsten"),
    2: gettext_lazy("Zahlen, dann Sonderkarten"),
}


#: ``Presenter._round_summary``'s memo: what a round summary shows → the summary
_SUMMARIES: dict[tuple[Any, ...], dict[str, Any]] = {}


@word_table
def _words() -> dict[str, str]:
    """The context's fixed words (the board's own are ``components._words``)."""
    return {
        "missed": _("musste schon ziehen bei"),
        "sort_1": str(SORT_LABEL[1]),
        "sort_2": str(SORT_LABEL[2]),
    }


def signed(n: int) -> str:
    """Leaderboard points with their sign: "+10", "−6" (a real minus), "0"."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def _info_values(info: dict[str, Any]) -> tuple[Any, ...]:
    """What the Karten-Info window shows of ``card_info``'s answer (the memo key)."""
    return tuple(info[k] for k in _INFO_KEYS)


#: ``_hand_infos``' memo: ``_hand_situation`` → card → ``_info_values`` of ``card_info``'s
#: answer with ``SEAT_MARKS`` for the seats' names (the situations recur across tables, the
#: names do not: ``fill_names`` puts them into the hand's HTML). Cleared when full; the threads
#: of a process share it under the GIL.
_HAND_INFO: dict[tuple[Any, ...], dict[str, tuple[Any, ...]]] = {}
_HAND_INFO_SIZE = 8192
#: stand-ins for the seats' names (seat i's) in memoised texts and HTML: no name, text or escaping
#: produces a NUL character
SEAT_MARKS = tuple(f"\x00{i}\x00" for i in range(8))


def _hand_situation(
    view: View, codes: list[int], seats: int, language: str | None
) -> tuple[Any, ...]:
    """What ``card_info`` reads of ``view`` for a card in the hand ``codes`` of the viewing seat
    (``seats``: how many names the board has): the seats and the direction, the demand of a
    stack, the hand's length up to three (the last card; ONE) and the ONE flag; on the seat's
    turn also the pile and whether the hand holds the demanded colour (whether the card fits,
    and why not). Two views with the same situation give every hand card the same Karten-Info,
    up to the names."""
    seat = view["seat"]
    common = (
        language,  # the memo holds words
        seat,
        view["players"],
        view["direction"],
        view["pending"],
        view["options"]["stacking"],
        min(len(codes), 3),
        view["seats"][seat]["one"],
        seats,
    )
    if view.get("turn") != seat:
        return common
    color = COLOR_CODE[view["color"]]
    return (*common, view["top"], view["color"], any(c >> 4 == color for c in codes))


def _hand_infos(
    view: View, cards: list[str], codes: list[int], seats: int, language: str | None
) -> list[tuple[Any, ...]]:
    """``_info_values(card_info(view, card, codes, names=SEAT_MARKS[:seats]))`` for each of
    ``cards`` (the seat's hand), memoised on the card and ``_hand_situation``: a board asks for
    every hand card on every move, and a card's Karten-Info costs a few microseconds."""
    situation = _hand_situation(view, codes, seats, language)
    known = _HAND_INFO.get(situation)
    if known is None:
        if len(_HAND_INFO) >= _HAND_INFO_SIZE:
            _HAND_INFO.clear()
        known = _HAND_INFO[situation] = {}
    out = []
    for card in cards:
        values = known.get(card)
        if values is None:
            marks = SEAT_MARKS[:seats]
            values = known[card] = _info_values(
                card_info(view, card, codes, names=marks, language=language)
            )
        out.append(values)
    return out


def fill_names(html: Markup, names: Sequence[str]) -> Markup:
    """``html`` with each ``SEAT_MARKS`` stand-in replaced by that seat's name, escaped."""
    if "\x00" not in html:
        return html
    out = str(html)
    for mark, name in zip(SEAT_MARKS, names, strict=False):
        out = out.replace(mark, esc(name))
    return Markup(out)


#: the controls' actions (the same for every board)
_DRAW_ACTION = action_json({"type": "draw"})
_ONE_ACTION = action_json({"type": "one"})


class SpeedonePresenter(Presenter):
    slug = "speedone"

    def present(self, view: View, legal: list[Action], frame: Frame) -> dict[str, Any]:
        seat = view["seat"]
        prefs = frame.prefs
        mode = prefs.get("sort", 1) if prefs.get("sort") in (1, 2) else 1
        playable = {a["card"] for a in legal if a["type"] == "play"}
        language = get_language()
        cards = sort_hand(view["hand"], mode) if view.get("hand") is not None else []
        codes = hand_codes(view)
        names = frame.names
        infos = _hand_infos(view, cards, codes, len(names), language) if cards else []
        # the cards' HTML is memoised with stand-ins for the names, which go in once per hand
        hand = fill_names(
            Markup(
                "".join(
                    hand_card_html(language, n, card, card in playable, info)
                    for n, (card, info) in enumerate(zip(cards, infos, strict=True), start=1)
                )
            ),
            names,
        )
        stats = []
        for s in view["seats"]:
            row = []
            # after the game no ONE is left to call: the badge goes with the last round
            if s["one"] and not view["over"]:
                row.append({"value": _ONE_BADGE})
            missed = tuple(dict.fromkeys(s["missed"]))  # each colour once, in order
            if missed:
                chips = components.missed_chips(missed, language)
                row.append(
                    {
                        "value": chips,
                        "cls": "missed",
                        "title": _words(language)["missed"],
                    }
                )
            stats.append(row)
        types = {a["type"] for a in legal}
        last = view.get("last_round")
        return {
            "hand_html": hand,
            "sort_mode": mode,
            "sort_label": _words(language)[f"sort_{mode}"],
            "top": {
                "card": view["top"],
                "face_html": face_html(view["top"], language),
                "info_html": info_html(
                    language,
                    _info_values(
                        card_info(view, view["top"], codes, names=names, language=language)
                    ),
                ),
            },
            "color_cls": COLOR_CLASS.get(view["color"], "wild"),
            "color_name": color_name(view["color"], language) if view["color"] else "",
            "requirement": requirement(view) if seat is not None else None,
            "seat_stats": stats,
            "can_draw": "draw" in types,
            "can_one": "one" in types,
            "draw_action": _DRAW_ACTION,
            "one_action": _ONE_ACTION,
            "round_summary": (
                self._round_summary(view, last, names, language, frame.booked) if last else None
            ),
        }

    def board_html(self, ctx: dict[str, Any]) -> Markup:
        return components.board_html(ctx)

    def settings_html(self, ctx: dict[str, Any]) -> Markup:
        """„Sortieren“ in the gear menu: the hand's sortings, the seat's one checked."""
        language = get_language()
        t = _words(language)
        labels = tuple(t[f"sort_{n}"] for n in sorted(SORT_LABEL))
        return components.sort_settings_html(
            language, ctx["urls"]["sort"], ctx["sort_mode"], labels
        )

    def _round_summary(
        self,
        view: View,
        last: dict[str, Any],
        names: list[str],
        language: str | None,
        booked: tuple[bool, ...] = (),
    ) -> dict[str, Any]:
        """The last round: rest hands, card points, what was booked, the score, and the
        leaderboard points of the round („Nach jeder Runde gibt es Punkte …“) with their sum so
        far; at the game's end every round's points and their total. Leaderboard points are
        shown only for the seats the leaderboard books (``Frame.booked``: never a bot, a guest's
        game, a practice deal or a seat the computer plays), and the column only where one is.

        It stands on every board of the whole next round, so it is built once per language and
        round (``_SUMMARIES``, keyed by everything it shows; callers never change it)."""
        rounds = view["round_points"][: last["round"]]
        key = (language, tuple(booked), tuple(names), repr(last), repr(rounds))
        found = _SUMMARIES.get(key)
        if found is None:
            if len(_SUMMARIES) >= 1024:
                _SUMMARIES.clear()
            found = _SUMMARIES[key] = self._build_summary(rounds, last, names, language, booked)
        return found

    def _build_summary(
        self,
        rounds: list[list[int]],
        last: dict[str, Any],
        names: list[str],
        language: str | None,
        booked: tuple[bool, ...],
    ) -> dict[str, Any]:
        shown = [i < len(booked) and booked[i] for i in range(len(names))]
        columns = [
            "",
            _("Resthand"),
            _("Karten­punkte"),
            _("ange­schrieben"),
            _("Stand"),
        ]
        if any(shown):
            columns.append(_("Besten­liste") if last["game_over"] else _("Besten­liste (Runde)"))
        return {
            "title": _("Runde %(round)s vorbei") % {"round": last["round"]},
            # soft hyphens: on a phone the long headers break at a word's seam
            "columns": columns,
            "rows": [
                {
                    "cells": [
                        names[i],
                        join(face_html(c, language, True) for c in last["hands"][i]) or "–",
                        last["points"][i],
                        last["booked"][i],
                        last["scores"][i],
                        *(
                            [self._leaderboard_cell(rounds, i, last["game_over"], shown[i])]
                            if any(shown)
                            else []
                        ),
                    ],
                    "winner": i in last["winners"],
                }
                for i in range(len(names))
            ],
        }

    @staticmethod
    def _leaderboard_cell(rounds: list[list[int]], seat: int, over: bool, booked: bool) -> str:
        """This round's leaderboard points ("+10"), from round 2 on with the sum so far; at the
        end every round's points and the total ("+10 · −6 · +10 = +14"); "–" for a seat whose
        points are not booked."""
        points = [r[seat] for r in rounds]
        if not points or not booked:
            return "–"
        total = signed(sum(points))
        if over and len(points) > 1:
            return " · ".join(signed(p) for p in points) + f" = {total}"
        if len(points) > 1:
            return _("%(points)s (gesamt %(total)s)") % {
                "points": signed(points[-1]),
                "total": total,
            }
        return signed(points[-1])

    def card_html(self, card: str) -> Markup:
        return face_html(card, get_language(), True)

    def describe(self, event: Event, names: list[str]) -> str | None:
        t = event.get("type")
        who = names[event["seat"]] if isinstance(event.get("seat"), int) else ""
        if t == "play":
            card = card_name(event["card"])
            if event.get("color"):
                return _("%(who)s legt %(card)s und wünscht %(color)s.") % {
                    "who": who,
                    "card": card,
                    "color": color_name(event["color"]),
                }
            return _("%(who)s legt %(card)s.") % {"who": who, "card": card}
        if t == "draw":
            n = event.get("count", 1)
            return ngettext("%(who)s zieht %(n)s Karte.", "%(who)s zieht %(n)s Karten.", n) % {
                "who": who,
                "n": n,
            }
        if t == "penalty":
            return _("%(who)s hat ONE vergessen und zieht %(n)s Strafkarten.") % {
                "who": who,
                "n": event["count"],
            }
        if t == "one":
            return _("%(who)s ruft ONE!") % {"who": who}
        if t == "skip":
            return _("%(who)s muss aussetzen.") % {"who": who}
        if t == "reverse":
            return _("Die Spielrichtung wechselt.")
        if t == "round_end":
            winners = ", ".join(names[w] for w in event.get("winners", []))
            return _("Runde %(round)s vorbei – gewonnen hat %(winners)s.") % {
                "round": event["round"],
                "winners": winners,
            }
        if t == "deal":
            return _("Runde %(round)s: neue Karten.") % {"round": event["round"]}
        return None
