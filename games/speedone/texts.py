"""Speedone's words: the catalogue of the engine's codes (``games.wording``), German through
gettext. The engine raises and returns codes with arguments (cards, refusals, replay lines, the
Rat's reasons, option labels); the site says them here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.wording import Entry


def _card_count(p: Mapping[str, Any]) -> str:
    """„1 Karte“, „3 Karten“."""
    return ngettext("%(count)s Karte", "%(count)s Karten", p["count"]) % p


TEXTS: dict[str, Entry] = {
    # cards
    "card.color.r": _("Rot"),
    "card.color.y": _("Gelb"),
    "card.color.g": _("Grün"),
    "card.color.b": _("Blau"),
    "card.value.number": lambda p: str(p["number"]),
    "card.value.skip": _("Aussetzen"),
    "card.value.reverse": _("Richtungswechsel"),
    "card.value.draw2": _("+2"),
    "card.value.wild": _("Farbwunsch"),
    "card.value.wild4": _("Wunsch Plus4"),
    #: a coloured card: „Rot 7“, „Blau Aussetzen“, „Grün +2“
    "card.name": _("%(color)s %(value)s"),
    "card.count": _card_count,
    # refusals
    "error.one_at_two_cards": _("ONE drückst du, wenn du noch zwei Karten hast."),
    "error.one_already": _("Du hast ONE schon gedrückt."),
    "error.no_such_card": _("Diese Karte gibt es nicht."),
    "error.wish_needs_color": _("Bei einem Farbwunsch musst du eine Farbe wählen."),
    "error.choose_color": _("Wähle Rot, Gelb, Grün oder Blau."),
    "error.card_not_held": _("Diese Karte hast du nicht."),
    "error.draw_first": _("Du musst erst %(pending)s Karten ziehen."),
    "error.only_draw2": _("Auf eine +2 passt nur eine +2 – sonst ziehst du %(pending)s Karten."),
    "error.only_wild4": _(
        "Auf eine Wunsch Plus4 passt nur eine Wunsch Plus4 – sonst ziehst du %(pending)s Karten."
    ),
    "error.wild4_holds_color": _("Wunsch Plus4 geht nur, wenn du keine Karte in %(color)s hast."),
    "error.wanted_color": _("Verlangt ist %(color)s."),
    "error.wanted_color_or_value": _("Verlangt ist %(color)s oder %(value)s."),
    "error.partners_need_four": _("„Zwei gegen zwei“ geht nur zu viert."),
    # the replay's lines
    "move.draw": _("zieht"),
    "move.one": _("drückt ONE"),
    "move.play": _("legt %(card)s"),
    "move.play_wish": _("legt %(card)s und wünscht %(color)s"),
    "move.raw": lambda p: str(p["fields"]),
    # the Rat's reasons
    "advice.one_first": _("Du hast noch zwei Karten: Drück erst ONE, dann leg ab."),
    "advice.draw_stack": _("Du kannst nichts weitergeben: Zieh die %(cards)s."),
    "advice.draw_stack_keep_plus": _(
        "Zieh die %(cards)s und heb dir deine Plus-Karte für später auf."
    ),
    "advice.draw_nothing_fits": _("Keine deiner Karten passt: Zieh eine Karte."),
    "advice.draw_keep_wild": _(
        "Nur ein Joker passt: Zieh lieber eine Karte und heb den Joker für später auf."
    ),
    "advice.wild4_held": _(
        "Spiel Wunsch Plus4 und wünsch dir %(color)s: Der Nächste zieht %(draws)s Karten, und "
        "du hast noch %(cards)s in %(color)s."
    ),
    "advice.wild4_best": _(
        "Spiel Wunsch Plus4 und wünsch dir %(color)s: Der Nächste zieht %(draws)s Karten, und "
        "das ist die Farbe, mit der du am ehesten weiterkommst."
    ),
    "advice.wild_held": _(
        "Spiel den Farbwunsch und wünsch dir %(color)s: Du hast noch %(cards)s in %(color)s."
    ),
    "advice.wild_best": _(
        "Spiel den Farbwunsch und wünsch dir %(color)s: Das ist die Farbe, mit der du am "
        "ehesten weiterkommst."
    ),
    "advice.last_card": _("Spiel %(card)s: Das ist deine letzte Karte."),
    "advice.pass_plus": _(
        "Gib das Plus mit %(card)s weiter: Dann zieht der Nächste %(draws)s Karten."
    ),
    "advice.brake": _("Spiel %(card)s: Der Nächste hat nur noch %(cards)s, so bremst du ihn."),
    "advice.high_points": _(
        "Spiel %(card)s: Sie zählt am Rundenende %(points)s Punkte, also wirst du sie besser "
        "früh los."
    ),
    "advice.same_color": _(
        "Spiel %(card)s: Danach hast du noch %(cards)s in %(color)s zum Nachlegen."
    ),
    "advice.rollouts": _("Spiel %(card)s: In den Proberunden gewinnst du so am häufigsten."),
    # the options
    "option.target": _("Spielziel"),
    "option.target.200": _("200 Punkte"),
    "option.target.500": _("500 Punkte"),
    "option.target.help": _(
        "Die Partie endet nach der Runde, in der jemand diese Punktzahl erreicht."
    ),
    "option.scoring": _("Wertung"),
    "option.scoring.each": _("Jeder zählt seine Karten"),
    "option.scoring.winner": _("Sieger kassiert"),
    "option.scoring.help": _("Wer am Rundenende die Punkte der Restkarten angeschrieben bekommt."),
    "option.scoring.each.help": _(
        "Jeder schreibt die Punkte seiner Restkarten an – am Ende gewinnt, wer die wenigsten hat."
    ),
    "option.scoring.winner.help": _(
        "Der Rundensieger schreibt die Punkte aller anderen an – wer zuerst das Ziel erreicht, "
        "gewinnt."
    ),
    "option.stacking": _("Plus weitergeben"),
    "option.stacking.help": _("Plus 2 auf Plus 2 und Plus 4 auf Plus 4 – nie gemischt."),
    "option.partners": _("Zwei gegen zwei"),
    "option.partners.help": _("Nur zu viert: Partner sitzen sich gegenüber."),
}
