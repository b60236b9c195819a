"""Speedwerk's words: the catalogue of the engine's codes (``games.wording``), German through
gettext. The engine raises and returns codes with arguments; the site says them here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from games.wording import Entry


def _number(value: float, digits: int) -> str:
    """A number with ``digits`` decimals as German writes it: decimal comma, real minus sign."""
    comma = pgettext("decimal separator", ",")
    return f"{value:.{digits}f}".replace(".", comma).replace("-", "−")


def _play(p: Mapping[str, Any]) -> str:
    """A card play with what was declared: „spielt Rot 7“, „spielt Fließband (Rot)“, „spielt
    Prototyp als Meisterwerk“."""
    text = gettext("spielt %(card)s") % p if "card" in p else gettext("spielt")
    if "colour" in p:
        text += gettext(" (%(colour)s)") % p
    if "declare" in p:
        text += gettext(" als %(declare)s") % p
    return text


def _advice_play(p: Mapping[str, Any]) -> str:
    """„Spiel Rot 7“, „Spiel Fließband als Rot“, „Spiel Prototyp als Meisterwerk“."""
    text = gettext("Spiel %(card)s") % p if "card" in p else gettext("Spiel die Karte")
    if "colour" in p:
        text += gettext(" als %(colour)s") % p
    if "declare" in p:
        text += gettext(" als %(declare)s") % p
    return text


def _other_play(p: Mapping[str, Any]) -> str:
    """The runner-up card after „mit …“: „Rot 7“, „Fließband als Rot“."""
    text = str(p["card"]) if "card" in p else gettext("die Karte")
    if "colour" in p:
        text += gettext(" als %(colour)s") % p
    if "declare" in p:
        text += gettext(" als %(declare)s") % p
    return text


TEXTS: dict[str, Entry] = {
    # -- cards ------------------------------------------------------------------------------
    "card.red": _("Rot"),
    "card.blue": _("Blau"),
    "card.green": _("Grün"),
    "card.yellow": _("Gelb"),
    "card.number": _("%(colour)s %(value)s"),
    "card.dampfkoloss": _("Dampfkoloss"),
    "card.funkenfee": _("Funkenfee"),
    "card.transformator": _("Transformator"),
    "card.fliessband": _("Fließband"),
    "card.kesselberster": _("Kesselberster"),
    "card.dampfwolke": _("Dampfwolke"),
    "card.prototyp": _("Prototyp"),
    "card.blaupause": _("Blaupause"),
    "card.schrottsammlerin": _("Schrottsammlerin"),
    "card.dampfkoloss.help": _("Schlägt jede Karte außer der Funkenfee."),
    "card.funkenfee.help": _("Die niedrigste Karte – stellt aber den Dampfkoloss ab."),
    "card.transformator.help": _("Du sagst eine Farbe an: Sie ist ab jetzt Trumpf, er zählt 16."),
    "card.fliessband.help": _(
        "Du sagst eine Farbe an (Wert 7,5); danach gibt jeder eine Karte nach links weiter."
    ),
    "card.kesselberster.help": _("Der Kessel platzt: Niemand bekommt den Stich."),
    "card.dampfwolke.help": _(
        "Du sagst eine Farbe an (Wert 9,75); der Stichgewinner ändert seine Ansage um 1."
    ),
    "card.prototyp.help": _("Meisterwerk (schlägt jede Zahlenkarte) oder Blindgänger."),
    "card.blaupause.help": _("Kopiert die aufgedeckte Trumpfkarte."),
    "card.schrottsammlerin.help": _(
        "Immer die niedrigste Karte; danach darfst du eine Handkarte gegen eine Karte aus dem "
        "Stich tauschen."
    ),
    "card.meisterwerk": _("Meisterwerk"),
    "card.blindgaenger": _("Blindgänger"),
    # -- numbers ----------------------------------------------------------------------------
    "number.one_decimal": lambda p: _number(p["value"], 1),
    "number.whole": lambda p: _number(p["value"], 0),
    "number.percent": lambda p: f"{p['value']:.0f}",
    # -- options ----------------------------------------------------------------------------
    "option.specials": _("Sonderkarten"),
    "option.specials.help": _(
        "Jede der neun Sonderkarten lässt sich einzeln zuschalten; die Funkenfee nur "
        "zusammen mit dem Dampfkoloss."
    ),
    "option.kurz": _("Kurze Partie (3 Runden)"),
    "option.kurz.help": _("Nur die Runden 1 bis 3 – zum Kennenlernen."),
    "error.funkenfee_without_dampfkoloss": _(
        "Die Funkenfee gibt es nur zusammen mit dem Dampfkoloss: bitte beide zuschalten "
        "oder die Funkenfee weglassen."
    ),
    "error.no_such_round": _("Runde %(round)s gibt es bei %(players)s Spielern nicht."),
    "error.bad_deck": _("Ungültiger Kartenstapel: „%(card)s“."),
    # -- refusals ---------------------------------------------------------------------------
    "error.game_over": _("Das Spiel ist schon vorbei."),
    "error.not_your_turn": _("Du bist gerade nicht am Zug."),
    "error.invalid_action": _("Ungültige Aktion."),
    "error.now.trump": _("Jetzt bestimmt der Geber die Trumpffarbe."),
    "error.now.bid": _("Jetzt wird angesagt."),
    "error.now.play": _("Jetzt wird eine Karte gespielt."),
    "error.now.pass": _("Jetzt gibt jeder eine Karte nach links weiter (Fließband)."),
    "error.now.adjust": _("Jetzt ändert der Stichgewinner seine Ansage (Dampfwolke)."),
    "error.now.swap": _("Jetzt darf die Schrottsammlerin tauschen."),
    "error.wrong_action": _("Diese Aktion passt gerade nicht. %(now)s"),
    "error.blind_play": _("In der blinden Runde spielst du deine Karte verdeckt aus."),
    "error.trump_colour": _("Bitte Rot, Blau, Grün oder Gelb wählen."),
    "error.sum_rule": _(
        "Summenregel: Als Geber darfst du nicht %(bid)s ansagen, sonst ergäbe die Summe "
        "aller Ansagen genau %(total)s."
    ),
    "error.bid_range": _("Ansage muss eine ganze Zahl von 0 bis %(high)s sein."),
    "error.unknown_card": _("Unbekannte Karte."),
    "error.not_in_hand": _("%(card)s hast du nicht auf der Hand."),
    "error.must_follow": _("Du musst %(colour)s bedienen."),
    "error.needs_colour": _("Zu %(card)s gehört eine Farbe: Rot, Blau, Grün oder Gelb."),
    "error.prototyp_declare": _("Der Prototyp wird als Meisterwerk oder als Blindgänger gespielt."),
    "error.card_not_so": _("Diese Karte kann so nicht gespielt werden."),
    "error.adjust": _(
        "Die Ansage ändert sich um +1 oder −1 (0 nur nach oben, die Rundenzahl nur nach unten)."
    ),
    "error.swap": _(
        "Tausch: eine Handkarte gegen eine andere Karte aus dem Stich – oder nicht tauschen."
    ),
    # -- moves (the replay's lines, third person) -------------------------------------------
    "move.bid": _("sagt %(tricks)s an"),
    "move.trump": _("wählt Trumpf %(colour)s"),
    "move.play_blind": _("spielt die verdeckte Karte"),
    "move.play": _play,
    "move.pass": _("gibt eine Karte weiter"),
    "move.raise": _("erhöht die Ansage um 1"),
    "move.lower": _("senkt die Ansage um 1"),
    "move.swap_any": _("tauscht"),
    "move.swap": _("tauscht %(give)s gegen %(take)s"),
    "move.keep": _("tauscht nicht"),
    "move.unknown": _("unbekannte Aktion"),
    # -- advice (the Rat, second person) ----------------------------------------------------
    "advice.a_colour": _("eine Farbe"),
    "advice.head.bid": _("Sag %(tricks)s an"),
    "advice.head.trump": _("Wähl %(colour)s als Trumpf"),
    "advice.head.play_blind": _("Spiel deine verdeckte Karte"),
    "advice.head.play": _advice_play,
    "advice.head.pass": _("Gib %(card)s weiter"),
    "advice.head.pass_any": _("Gib eine Karte weiter"),
    "advice.head.raise": _("Erhöh deine Ansage um 1"),
    "advice.head.lower": _("Senk deine Ansage um 1"),
    "advice.head.swap": _("Tausch %(give)s gegen %(take)s"),
    "advice.head.swap_any": _("Tausch"),
    "advice.head.keep": _("Tausch nicht"),
    "advice.head.other": _("Diese Wahl"),
    "advice.other.play": _other_play,
    "advice.other.pass": lambda p: str(p["card"]) if "card" in p else gettext("eine Karte"),
    "advice.other.quoted": _("„%(head)s“"),
    "advice.only": _("%(head)s – es gibt nur diese eine Möglichkeit."),
    "advice.play": _(
        "%(head)s: In den Proberunden holst du damit im Schnitt %(tricks)s Stiche und "
        "%(points)s Punkte."
    ),
    "advice.play_compared": _(
        "%(head)s: In den Proberunden holst du damit im Schnitt %(tricks)s Stiche und "
        "%(points)s Punkte; mit %(other)s wären es %(other_points)s Punkte."
    ),
    "advice.blind_bid": _(
        "Sag %(bid)s an: Deine verdeckte Karte gewinnt den Stich mit etwa %(percent)s %% "
        "Wahrscheinlichkeit (aus den Karten, die du bei den anderen siehst). Ansage 1 bringt "
        "30 Punkte, wenn sie gewinnt, sonst −10; Ansage 0 bringt 20 Punkte, wenn sie verliert, "
        "sonst −10. Im Schnitt sind das %(one)s Punkte für Ansage 1 und %(zero)s für Ansage 0."
    ),
    "advice.bid.estimate": _(
        "Sag %(bid)s an: Nach Trumpf und Höhe sind deine Karten etwa %(tricks)s Stiche wert, "
        "gerundet %(rounded)s."
    ),
    "advice.bid.simulated": _(
        "In den Proberunden triffst du Ansage %(bid)s in %(hit)s %% der Fälle und holst im "
        "Schnitt %(points)s Punkte"
    ),
    "advice.bid.simulated_rival": _(
        "In den Proberunden triffst du Ansage %(bid)s in %(hit)s %% der Fälle und holst im "
        "Schnitt %(points)s Punkte – mit Ansage %(rival)s wären es %(rival_points)s Punkte "
        "(%(rival_hit)s %% getroffen)"
    ),
    "advice.bid.as_estimated": _("%(estimate)s %(simulated)s."),
    "advice.bid.sum_rule": _(
        "%(estimate)s Ansage %(rounded)s verbietet dir die Summenregel: Alle Ansagen zusammen "
        "ergäben genau %(total)s. Von den erlaubten Ansagen ist %(bid)s die beste. "
        "%(simulated)s."
    ),
    "advice.bid.moved": _("%(estimate)s%(why)s %(simulated)s%(compare)s."),
    "advice.bid.room_left": _(
        " Die anderen haben zusammen nur %(taken)s von %(total)s Stichen angesagt – es bleiben "
        "Stiche für dich übrig."
    ),
    "advice.bid.crowded": _(
        " Die anderen haben zusammen schon %(taken)s von %(total)s Stichen angesagt – sie "
        "werden dir Stiche abnehmen."
    ),
    "advice.bid.compare": _(
        ", mit Ansage %(rounded)s nur %(points)s Punkte (%(hit)s %% getroffen)"
    ),
}
