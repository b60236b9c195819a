"""Speedbasar table: hand by spice, laying face down with a claim, the doubt window in real time,
the reveal, draw pile, Gewürzkrüge, Karten-Info, Marktbuch and the solo helps.

Everything here is computed from the seat's view (and its legal actions): a hidden card never
reaches a template. Engine helpers are imported from the package only.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, gettext, gettext_lazy, gettext_noop, ngettext
from django.utils.translation import gettext as _

from games.engines.base import Action, Event, View
from games.html import Html, Markup
from games.presenters.base import (
    THE_CARD,
    Frame,
    Presenter,
    action_json,
)
from games.speedbasar import components
from games.speedbasar.components import (
    _BOOK_HEAD,
    _EMPTY_PILE,
    FACE_NAME,
    JOKER_NAME,
    SPICE_NAME,
    _book_jokers,
    _book_row,
    _krugs_html,
    back_html,
    backs_picture,
    card_name,
    claim_picture,
    face_html,
    info_html,
    krugs_picture,
    spice_number,
)
from games.speedbasar.engine import EXTRASCHARF, EXTRASCHARF_TEXT, instinct
from games.speedbasar.engine.extras import BookInputs, book_grid, book_inputs
from games.speedbasar.texts import TEXTS
from games.wording import say

SPICES = ("R", "K", "S")
JOKER_TEXT = {
    "W": gettext_lazy("Übersteht jeden Zweifel an der Zahl, verliert jeden Zweifel am Gewürz."),
    "M": gettext_lazy("Übersteht jeden Zweifel am Gewürz, verliert jeden Zweifel an der Zahl."),
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


def _info(
    title: str, *lines: str, ok: str = "", no: str = "", pic: Markup | str = ""
) -> dict[str, Any]:
    """A Karten-Info's content; ``pic``: its picture beside the words (``info_window``): a hand
    card's face, the backs of a pile or a seat's hand (a hidden card never shows its face)."""
    return {"title": title, "lines": [x for x in lines if x], "ok": ok, "no": no, "pic": pic}


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
            pic=THE_CARD,
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
            pic=THE_CARD,
        )
    key = card if card in JOKER_NAME else card[0]
    codes = " ".join(spice + str(number) for spice, number in claims)
    return key, card_name(card, language), honest, now, info, codes


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
        # "Basar-Geräusche" (off by default): the page plays the sounds, see static/js/games/speedbasar.js
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
        (``static/js/games/speedbasar.js``) fills it with the tapped card (or, with Doppelladung, the two
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
        # the Glut's steps (speedbasar.css: a stronger glow each step, sparks from the second);
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

    def board_html(self, ctx: dict[str, Any]) -> Markup:
        return components.board_html(ctx)

    def settings_html(self, ctx: dict[str, Any]) -> Markup:
        return components.settings_html(ctx)

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


@lru_cache(maxsize=4096)
def _book_of(key: BookInputs, language: str | None) -> tuple[Markup, int]:
    """The Marktbuch grid's HTML and the count of unknown cards for ``key`` (``book_inputs``) in
    ``language`` (the active one: the names of the spices and jokers are said here)."""
    spices, jokers, unknown = book_grid(*key)
    spices = tuple((spice, say(name, TEXTS), numbers) for spice, name, numbers in spices)
    jokers = tuple((say(name, TEXTS), dots) for name, dots in jokers)
    return _book_grid((spices, jokers, language)), unknown


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


_HONEST = Markup(" honest")
