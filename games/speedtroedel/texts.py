"""Speedtrödel's words: the catalogue of the engine's codes (``games.wording``), German through
gettext. The engine raises and returns codes with arguments (card names, refusals, replay lines,
the Vorschau, the Rat's reasons, the option form); the site says them here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from games.wording import Entry


def _number(value: float) -> str:
    """A number with one decimal as German writes it: decimal comma, real minus sign."""
    comma = pgettext("decimal separator", ",")
    return f"{value:.1f}".replace(".", comma).replace("-", "−")


def _lead_ahead(p: Mapping[str, Any]) -> str:
    return gettext("%(points)s Punkte vor den anderen") % {"points": _number(p["points"])}


def _lead_behind(p: Mapping[str, Any]) -> str:
    return gettext("%(points)s Punkte hinter den anderen") % {"points": _number(p["points"])}


TEXTS: dict[str, Entry] = {
    # -- cards -----------------------------------------------------------------------------
    "card.colour.p": _("Porzellan"),
    "card.colour.s": _("Spielzeug"),
    "card.colour.b": _("Bücher"),
    "card.colour.m": _("Messing"),
    "card.colour.e": _("Smaragd"),
    "card.colour.any": _("eine Farbe"),
    "card.plain": _("%(colour)s %(value)s"),
    "card.special.t": _("Tauschrunde"),
    "card.special.f": _("Fälschung"),
    "card.special.g": _("Ganzer Posten"),
    "card.special.v": _("Vordrängeln"),
    "card.special.h": _("Heute gefragt"),
    "card.special.r": _("Ramschtag"),
    "card.unknown": _("eine unbekannte Karte"),
    "card.notation": _("%(card)s"),
    # -- options ---------------------------------------------------------------------------
    "option.partie_kurz": _("Partie kurz"),
    "option.partie_kurz.help": _("4 Runden mit den Blattgrößen der Runden 1, 3, 5 und 7."),
    "option.ohne_sonderkarten": _("Ohne Sonderkarten"),
    "option.ohne_sonderkarten.help": _(
        "Der Dachboden hat nur Farbkarten, Smaragde und Schnäppchenblicke."
    ),
    "option.faelschung_ohne_strafe": _("Fälschung ohne Strafe"),
    "option.faelschung_ohne_strafe.help": _("Die Fälschung bringt keine −3 Punkte."),
    "option.dachboden_offen": _("Dachboden offen"),
    "option.dachboden_offen.help": _("Die oberste Dachbodenkarte liegt offen."),
    "options.fake_without_specials": _(
        "„Fälschung ohne Strafe“ passt nicht zu „Ohne Sonderkarten“: "
        "ohne Sonderkarten gibt es keine Fälschung."
    ),
    # -- refusals --------------------------------------------------------------------------
    "error.invalid_action": _("Ungültige Aktion."),
    "error.unknown_seat": _("Unbekannter Platz."),
    "error.over": _("Die Partie ist vorbei."),
    "error.unknown_action": _("Unbekannte Aktion."),
    "error.swap_chosen": _("Du hast deine Tauschkarte schon gewählt."),
    "error.now.play": _("Jetzt wird eine Karte in den Stich gespielt."),
    "error.now.pick": _("Jetzt wählst du beim Schnäppchenblick eine Karte aus dem Stich."),
    "error.now.swap": _("Jetzt ist Tauschrunde: wähle eine Handkarte für deinen linken Nachbarn."),
    "error.now.ask": _("Jetzt nennst du die Farbe für „Heute gefragt“."),
    "error.bad_fields": _("Die Aktion hat unerwartete oder fehlende Angaben."),
    "error.name_a_colour": _(
        "Nenne eine Farbe: Porzellan, Spielzeug, Bücher, Messing oder Smaragd."
    ),
    "error.unknown_card": _("Unbekannte Karte."),
    "error.not_in_hand": _("%(card)s hast du nicht auf der Hand."),
    "error.must_follow": _("Du musst %(colour)s bedienen (Sonderkarten darfst du immer legen)."),
    "error.cannot_pick": _("Diese Karte kannst du dir aus dem Stich nicht nehmen."),
    "error.card_not_in_hand": _("Diese Karte hast du nicht auf der Hand."),
    # -- replay lines (``describe_action``) ------------------------------------------------
    "move.play": _("spielt %(card)s"),
    "move.pick": _("nimmt %(card)s"),
    "move.swap": _("gibt weiter %(card)s"),
    "move.ask": _("fragt %(colour)s"),
    "move.other": _("%(kind)s %(card)s"),
    # -- the Vorschau (``preview``) --------------------------------------------------------
    "preview.illegal": _("%(card)s darfst du jetzt nicht legen: %(colour)s bedienen."),
    "preview.lead_open": _(
        "Du spielst aus; die nächste Farb- oder Smaragdkarte legt die Bedienfarbe fest."
    ),
    "preview.leads": _("Mit %(card)s führst du den Stich."),
    "preview.ahead": _("Platz %(place)s bleibt vorn."),
    "preview.nobody": _("Niemand führt den Stich."),
    # -- the Rat (``explain``) -------------------------------------------------------------
    "advice.head.play": _("Spiel %(card)s"),
    "advice.head.pick": _("Nimm %(card)s"),
    "advice.head.swap": _("Gib %(card)s weiter"),
    "advice.head.ask": _("Verlange %(card)s"),
    "advice.only": _("%(card)s ist deine einzige erlaubte Wahl."),
    "advice.pick_best": _(
        "Nimm %(card)s: die wertvollste Karte im Stich – sie kommt auf deinen Ladentisch."
    ),
    "advice.pick_fake": _("Nur Fälschungen sind übrig – die kostet dich 3 Punkte."),
    "advice.same": _("%(head)s: Deine anderen Möglichkeiten wirken hier genauso."),
    "advice.ranked": _("%(head)s: %(body)s%(runner)s%(tail)s"),
    "advice.ranked_hint": _("%(head)s. %(hint)s %(body)s%(runner)s%(tail)s"),
    "advice.body.lead": _("Damit liegst du in den Proberunden bis Rundenende im Schnitt %(lead)s"),
    "advice.body.win": _("Die Partie endet mit dieser Runde, es zählt nur der Sieg. %(chance)s"),
    "advice.chance.sure": _("Damit gewinnst du die Partie so gut wie sicher"),
    "advice.chance.likely": _("Damit gewinnst du wahrscheinlich die Partie"),
    "advice.chance.open": _("Damit ist der Sieg offen – das ist deine beste Chance"),
    "advice.chance.slim": _("Der Sieg wird schwer, aber damit hast du die beste Chance"),
    "advice.chance.none": _(
        "Gewinnen wirst du kaum noch – so bleibst du am dichtesten am Sieger dran"
    ),
    "advice.runner": _("; mit %(card)s wären es %(value)s"),
    "advice.runner.close": _("; %(card)s wäre fast genauso gut"),
    "advice.runner.fewer_wins": _("; mit %(card)s gewinnst du seltener"),
    "advice.runner.further_behind": _("; mit %(card)s stündest du am Ende schlechter da"),
    "advice.tail.catch": _(". Eingerechnet ist, was dein Fang im nächsten Blatt wert ist."),
    "advice.tail.end": _("."),
    "advice.lead.ahead": _lead_ahead,
    "advice.lead.behind": _lead_behind,
    "advice.hint.posten": _("Mit dem Ganzen Posten bekommst du alle anderen Karten des Stichs."),
    "advice.hint.fake": _("Die Fälschung bekommt ein anderer – mit −3 Punkten."),
    "advice.hint.zero": _("Mit dem Schnäppchenblick nimmst du dir eine Karte aus dem Stich."),
    "advice.hint.top_emerald": _("Höchster Smaragd noch im Spiel."),
}
