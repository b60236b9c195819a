"""Karten-Info and hand sorting for the Speedone board (pure functions of a seat's view; the
German wording of the presenter's layer, beside ``presenter.py``).

* ``sort_hand(cards, mode)``: the seed's two sortings.
* ``card_info(view, card)``: colour, value, points, effect, playable now (or why not), and what the
  card would trigger now.
* ``requirement(view)``: what is demanded above the pile and how many of the seat's cards fit.

Seats in texts are named by the players' names (``names``, as the frame shows them; the own
seat is "du"); the fields carry seat numbers for the UI. The words go through gettext; the cards'
names and the reasons come from the engine as codes and are said with the game's catalogue
(``games.speedone.texts``), once per language (``words``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games.engines.base import View
from games.speedone.engine.cards import (
    CODE,
    COLOR_CODE,
    DRAW2,
    NAME,
    POINTS,
    REVERSE,
    SKIP,
    W4,
    WILD_COLOR,
    W,
    color_name,
    spoken,
    value_name,
)
from games.speedone.engine.rules import why_not
from games.speedone.texts import TEXTS
from games.wording import say


@lru_cache(maxsize=8)
def words(language: str | None) -> dict[str, Any]:
    """The Karten-Info's words in the active language ``language`` (the memo key): ``colors``
    (per colour 0–3), ``values`` and ``names`` (per card code: "7", "Rot 7"), ``effects`` (per
    card code) and the fixed phrases. Said once per language: a board asks for them on every
    move."""
    effects = {
        SKIP: _("Der nächste Spieler wird übersprungen (zu zweit legst du gleich noch einmal)."),
        REVERSE: _("Die Spielrichtung dreht sich (zu zweit wirkt sie wie Aussetzen)."),
        DRAW2: _("Der nächste Spieler zieht 2 Karten und setzt aus."),
        W: _("Farbwunsch: du wünschst dir die Farbe, die als Nächstes gelegt werden muss."),
        W4: _(
            "Wunsch Plus4: du wünschst dir eine Farbe und der nächste Spieler zieht 4 Karten. "
            "Nur erlaubt, wenn du keine Karte der verlangten Farbe hast."
        ),
    }
    number = _("Zahlenkarte: passt auf dieselbe Farbe oder dieselbe Zahl.")
    cards = set(CODE.values())
    return {
        "colors": tuple(say(color_name(c), TEXTS) for c in range(4)),
        "values": {c: say(value_name(c), TEXTS) for c in cards},
        "names": {c: say(spoken(c), TEXTS) for c in cards},
        "effects": {
            c: effects[c] if c >> 4 == WILD_COLOR else effects[c & 15] if c & 15 >= 10 else number
            for c in cards
        },
        "wild": _("Joker (alle Farben)"),
        "next": _("der Nächste"),
        "wished": _("Gewünscht ist %(color)s."),
        "not_your_turn": say("error.not_your_turn", TEXTS),
        "skip_again": _("%(who)s setzt aus – du bist gleich noch einmal dran."),
        "skip_then": _("%(who)s setzt aus, dann ist %(next)s dran."),
        "reverse": _("Die Richtung dreht sich: als Nächstes ist %(who)s dran."),
        "draws_or_pass": _(
            "%(who)s muss %(draws)s Karten ziehen – oder gibt mit einer weiteren Plus-Karte weiter."
        ),
        "draws": _("%(who)s muss %(draws)s Karten ziehen."),
        "wish_then": _("Du wünschst eine Farbe; dann ist %(who)s dran."),
        "then": _("Danach ist %(who)s dran."),
        "last_card": _("Das ist deine letzte Karte: damit gewinnst du die Runde."),
        "press_one": _("Drück vorher ONE, sonst ziehst du automatisch 2 Karten."),
        "pending": _("%(pending)s Karten ziehen."),
        "pending_or_two": _("%(pending)s Karten ziehen – oder mit einer +2 weitergeben."),
        "pending_or_four": _(
            "%(pending)s Karten ziehen – oder mit einer Wunsch Plus4 weitergeben (nur ohne "
            "%(color)s auf der Hand)."
        ),
        "wished_color": _("Verlangt: %(color)s (gewünscht)."),
        "color_or_value": _("Verlangt: %(color)s oder %(value)s."),
    }


@lru_cache(maxsize=64)
def _fitting_words(language: str | None, n: int) -> str:
    """„Es passen 3 deiner Karten.“ (``language``: the memo key)."""
    return ngettext("Es passt %(n)s deiner Karten.", "Es passen %(n)s deiner Karten.", n) % {"n": n}


def _code(card: Any) -> int:
    code = CODE.get(card) if isinstance(card, str) else None
    if code is None:
        raise ValueError(f"no Speedone card: {card!r}")
    return code


def hand_codes(view: View) -> list[int]:
    """The seat's hand as card codes (``card_info``'s ``hand``: a board asks for every card)."""
    return [_code(c) for c in (view.get("hand") or [])]


def sort_hand(cards: list[str], mode: int = 1) -> list[str]:
    """Sort a hand as the seed describes.

    Mode 1: colour by colour (Rot, Gelb, Grün, Blau), numbers ascending and the colour's action
    cards right beside its highest number; wilds at the end.
    Mode 2: all number cards colour by colour, then all action cards colour by colour, then wilds.
    """
    if mode not in (1, 2):
        raise ValueError("mode is 1 or 2")
    codes = [_code(c) for c in cards]
    if mode == 1:
        codes.sort()
    else:
        codes.sort(key=lambda c: (c >> 4 == WILD_COLOR, (c & 15) >= 10, c))
    return [NAME[c] for c in codes]


def _step(view: View, seat: int, steps: int = 1, direction: int | None = None) -> int:
    d = view["direction"] if direction is None else direction
    return (seat + d * steps) % view["players"]


def _who(names: Sequence[str], seat: int, t: dict[str, Any]) -> str:
    """A seat in a Karten-Info line: the player's name."""
    return names[seat] if 0 <= seat < len(names) else t["next"]


def fits(view: View, card: int, hand: list[int]) -> bool:
    """Whether ``card`` may be laid on the pile of ``view`` by a player holding ``hand``."""
    top = _code(view["top"])
    color = COLOR_CODE[view["color"]]
    holds = any(c >> 4 == color for c in hand)
    if view["pending"]:
        if not view["options"]["stacking"]:
            return False
        if top & 15 == DRAW2:
            return card & 15 == DRAW2 and card >> 4 != WILD_COLOR
        return card == W4 and not holds
    if card == W:
        return True
    if card == W4:
        return not holds
    if card >> 4 == color:
        return True
    return (top & 15) < 13 and (card & 15) == (top & 15)


def card_info(
    view: View,
    card: str,
    hand: list[int] | None = None,
    *,
    names: Sequence[str],
    language: str | None = None,
) -> dict[str, Any]:
    """Everything the Karten-Info window shows for ``card`` (a hand card or the top card).

    Keys: ``card``, ``color`` (letter or None), ``color_name``, ``value``, ``points``,
    ``effect`` (what the card does), ``in_hand``, ``on_turn``, ``playable`` (None when the card is
    not in the seat's hand or it is not the seat's turn), ``reason`` (why not), ``triggers``
    (German line: what laying it would do now), ``next_seat``, ``skipped_seat``, ``next_draws``,
    ``one_warning`` (laying it now without pressing ONE costs 2 cards). ``hand``: the seat's
    ``hand_codes``, when the caller asks for several cards of one view. ``names``: the seats'
    names (the frame's), which the lines use instead of seat numbers. ``language``: the active
    language, when the caller knows it (``get_language()`` otherwise).
    """
    code = _code(card)
    col = code >> 4
    v = code & 15
    if language is None:
        language = get_language()
    t = words(language)
    if hand is None:
        hand = hand_codes(view)
    seat = view.get("seat")
    in_hand = code in hand
    on_turn = seat is not None and view.get("turn") == seat
    info: dict[str, Any] = {
        "card": NAME[code],
        "color": None if col == WILD_COLOR else "RYGB"[col],
        "color_name": t["wild"] if col == WILD_COLOR else t["colors"][col],
        "value": t["values"][code],
        "points": POINTS[code],
        "effect": t["effects"][code],
        "in_hand": in_hand,
        "on_turn": on_turn,
        "playable": None,
        "reason": None,
        "triggers": None,
        "next_seat": None,
        "skipped_seat": None,
        "next_draws": 0,
        "one_warning": False,
    }
    if not in_hand or seat is None:
        if NAME[code] == view["top"] and col == WILD_COLOR:
            wished = t["colors"][COLOR_CODE[view["color"]]]
            info["effect"] += " " + t["wished"] % {"color": wished}
        return info
    if not on_turn:
        info["playable"] = False
        info["reason"] = t["not_your_turn"]
    elif fits(view, code, hand):
        info["playable"] = True
    else:
        info["playable"] = False
        color = COLOR_CODE[view["color"]]
        info["reason"] = say(
            why_not(
                code,
                _code(view["top"]),
                color,
                view["pending"],
                view["options"]["stacking"],
                any(c >> 4 == color for c in hand),
            ),
            TEXTS,
            language,
        )
    # what laying it would trigger now (also shown for cards that do not fit)
    n = view["players"]
    direction = view["direction"]
    nxt = _step(view, seat)
    lines: list[str] = []
    if v == SKIP or (v == REVERSE and n == 2 and col != WILD_COLOR):
        info["skipped_seat"] = nxt
        after = _step(view, seat, 2)
        info["next_seat"] = after
        who = _who(names, nxt, t)
        if after == seat:
            lines.append(t["skip_again"] % {"who": who})
        else:
            lines.append(t["skip_then"] % {"who": who, "next": _who(names, after, t)})
    elif v == REVERSE and col != WILD_COLOR:
        back = _step(view, seat, 1, -direction)
        info["next_seat"] = back
        lines.append(t["reverse"] % {"who": _who(names, back, t)})
    else:
        info["next_seat"] = nxt
        who = _who(names, nxt, t)
        if v == DRAW2 and col != WILD_COLOR or code == W4:
            draws = view["pending"] + (2 if v == DRAW2 else 4)
            info["next_draws"] = draws
            text = t["draws_or_pass"] if view["options"]["stacking"] else t["draws"]
            lines.append(text % {"who": who, "draws": draws})
        elif col == WILD_COLOR:
            lines.append(t["wish_then"] % {"who": who})
        else:
            lines.append(t["then"] % {"who": who})
    if len(hand) == 1:
        lines.append(t["last_card"])
    elif len(hand) == 2 and not view["seats"][seat]["one"]:
        info["one_warning"] = True
        lines.append(t["press_one"])
    info["triggers"] = " ".join(lines)
    return info


def requirement(view: View) -> dict[str, Any]:
    """What is demanded above the pile, as a line, and how many of the seat's cards fit.

    Keys: ``top``, ``color``, ``color_name``, ``value`` (None after a wild), ``pending``,
    ``text``, ``fitting`` (count of hand cards that may be laid), ``fitting_cards``.
    """
    top = _code(view["top"])
    language = get_language()
    t = words(language)
    color = COLOR_CODE[view["color"]]
    cname = t["colors"][color]
    pending = view["pending"]
    value = None if top >> 4 == WILD_COLOR else t["values"][top]
    if pending:
        if not view["options"]["stacking"]:
            text = t["pending"] % {"pending": pending}
        elif top & 15 == DRAW2:
            text = t["pending_or_two"] % {"pending": pending}
        else:
            text = t["pending_or_four"] % {"pending": pending, "color": cname}
    elif value is None:
        text = t["wished_color"] % {"color": cname}
    else:
        text = t["color_or_value"] % {"color": cname, "value": value}
    hand = [_code(c) for c in (view.get("hand") or [])]
    fitting = [NAME[c] for c in hand if fits(view, c, hand)]
    if view.get("hand") is not None:
        n = len(fitting)
        text += " " + _fitting_words(language, n)
    return {
        "top": view["top"],
        "color": view["color"],
        "color_name": cname,
        "value": value,
        "pending": pending,
        "text": text,
        "fitting": len(fitting),
        "fitting_cards": fitting,
    }
