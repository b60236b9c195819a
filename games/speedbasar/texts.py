"""Speedbasar's words: the German wording of every code its engine raises and returns
(``games.wording``; ``GameDef.texts``). Card and claim names, refusals, the replay's move lines,
the Rat's reasons, the option form, the Extrascharf rules and the stations of the Händlerreise."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.wording import Entry


def _lay(p: Mapping[str, Any]) -> str:
    count = p["count"]
    what = ngettext("eine Karte", "%(count)s Karten", count) % {"count": count}
    return gettext("legt %(what)s verdeckt: „%(claim)s“") % {"what": what, "claim": p["claim"]}


def _claim_not_allowed(p: Mapping[str, Any]) -> str:
    """``claim``: the claim said (or the bare number when it is no number of a claim);
    ``allowed``: the claims allowed now, each said (a list of ``Msg``, said here)."""
    from games.wording import say

    allowed = ", ".join(say(c, TEXTS) for c in p["allowed"])
    return gettext("%(claim)s darfst du jetzt nicht ansagen. Erlaubt: %(allowed)s.") % {
        "claim": p["claim"],
        "allowed": allowed,
    }


TEXTS: dict[str, Entry] = {
    # -- cards, spices and claims --------------------------------------------------------------
    "spice.r": _("Rosenpfeffer"),
    "spice.k": _("Kardamom"),
    "spice.s": _("Safran"),
    "card.spice": _("%(spice)s %(number)s"),
    "card.w": _("Messingwaage"),
    "card.m": _("Gewürzmühle"),
    "card.pair": _("%(first)s und %(second)s"),
    # -- refusals ------------------------------------------------------------------------------
    "error.game_over": _("Die Partie ist schon vorbei."),
    "error.invalid_move": _("Das ist kein gültiger Spielzug."),
    "error.not_your_turn": _("Du bist gerade nicht am Zug."),
    "error.unknown_move": _(
        "Unbekannter Spielzug. Möglich sind legen, passen, glauben, anzweifeln."
    ),
    "error.doubt_first": _("Erst ist das Zweifel-Fenster dran: glauben oder anzweifeln."),
    "error.pass_extra": _("Passen braucht keine weiteren Angaben."),
    "error.doubt_feature": _("Anzweifeln kannst du die Zahl („number“) oder das Gewürz („spice“)."),
    "error.doubt_feature_exact": _(
        "Anzweifeln kannst du die Zahl („number“) oder das Gewürz („spice“) – oder mit "
        "„Stimmt genau!“ („exact“) beides bestätigen."
    ),
    "error.doubt_extra": _("Ein Zweifel nennt nur Merkmal und Zweifel-Fenster."),
    "error.believe_extra": _("Glauben nennt nur das Zweifel-Fenster."),
    "error.window_missing": _("Zu welcher Ansage? Das Zweifel-Fenster fehlt."),
    "error.late_believed": _("Zu spät: Alle haben diese Ansage geglaubt, es geht schon weiter."),
    "error.late_doubted": _("Zu spät: Diese Ansage wurde schon angezweifelt."),
    "error.no_window": _("Gerade ist kein Zweifel-Fenster offen."),
    "error.window_stale": _(
        "Zu spät: Diese Ansage ist schon entschieden, inzwischen gilt eine neue."
    ),
    "error.own_claim": _("Deine eigene Ansage kannst du nicht anzweifeln."),
    "error.enge_gasse": _("Bei „Enge Gasse“ darf nur der nächste Spieler anzweifeln."),
    "error.already_believed": _("Du hast dieser Ansage schon geglaubt."),
    "error.lay_fields": _("Zum Legen gehören Karten, Gewürz und Zahl der Ansage."),
    "error.lay_one": _("Lege eine Karte."),
    "error.lay_one_or_two": _("Lege eine Karte oder zwei Karten (Doppelladung)."),
    "error.no_such_card": _("Diese Karte gibt es nicht."),
    "error.not_in_hand": _("%(card)s hast du nicht auf der Hand."),
    "error.hand_order": _("Nenne die beiden Karten in der Reihenfolge deiner Hand."),
    "error.spice": _("Das Gewürz muss Rosenpfeffer, Kardamom oder Safran sein."),
    "error.number": _("Die Zahl der Ansage muss eine Zahl von 1 bis 10 sein."),
    "error.claim_not_allowed": _claim_not_allowed,
    "error.rules_needed": _("Wähle für „eigene Auswahl“ mindestens eine Extrascharf-Regel."),
    "error.rules_without_choice": _(
        "Einzelne Extrascharf-Regeln gibt es nur mit „eigene Auswahl“."
    ),
    # -- the replay's move lines ---------------------------------------------------------------
    "move.pass": _("passt und zieht eine Karte"),
    "move.believe": _("glaubt"),
    "move.doubt_number": _("zweifelt die Zahl an"),
    "move.doubt_spice": _("zweifelt das Gewürz an"),
    "move.doubt_exact": _("sagt „Stimmt genau!“"),
    "move.doubt": _("zweifelt an"),
    "move.lay": _lay,
    "move.unknown": _("unbekannter Zug"),
    # -- the Rat ------------------------------------------------------------------------------
    "advice.nothing": _("Gerade ist nichts zu tun."),
    "advice.odds": _(
        "Dass die Zahl gelogen ist, schätzt du auf %(number)s %%, beim Gewürz auf %(spice)s %%."
    ),
    "advice.believe": _("Glaub die Ansage: Ein Zweifel lohnt sich hier nicht. %(odds)s"),
    "advice.exact": _("Ruf „Stimmt genau!“: Die Ansage ist sehr wahrscheinlich ehrlich. %(odds)s"),
    "advice.doubt_number": _("Zweifle die Zahl an. %(odds)s"),
    "advice.doubt_spice": _("Zweifle das Gewürz an. %(odds)s"),
    "advice.pass": _(
        "Pass und zieh eine Karte: Keine deiner Karten lässt sich gerade gut ansagen."
    ),
    "advice.lay": _(
        "Leg %(cards)s als „%(claim)s“ (%(kind)s). Für die anderen wirkt die Ansage zu "
        "%(suspicion)s %% gelogen."
    ),
    "advice.kind.honest": _("ehrlich"),
    "advice.kind.half": _("eine halbe Wahrheit"),
    "advice.kind.bluff": _("geflunkert"),
    # -- the option form ----------------------------------------------------------------------
    "option.extrascharf": _("Extrascharf"),
    "option.extrascharf.aus": _("aus"),
    "option.extrascharf.zufall": _("2 zufällige"),
    "option.extrascharf.auswahl": _("eigene Auswahl"),
    "option.extrascharf.help": _("Zusatzregeln für erfahrene Händler."),
    "option.extrascharf.aus.help": _("Nur die Grundregeln."),
    "option.extrascharf.zufall.help": _("Beim Mischen werden zwei der sieben Regeln ausgelost."),
    "option.extrascharf.auswahl.help": _("Du kreuzt unten an, welche Regeln gelten."),
    "option.regeln": _("Extrascharf-Regeln"),
    "option.regeln.help": _("Nur bei „eigene Auswahl“: welche der sieben Regeln gelten."),
    "option.regeln.gleicher_preis": _("Gleicher Preis (Kairo)"),
    "option.regeln.feilschen": _("Feilschen (Damaskus)"),
    "option.regeln.enge_gasse": _("Enge Gasse (Bagdad)"),
    "option.regeln.zehnerzoll": _("Zehnerzoll (Basra)"),
    "option.regeln.reine_ware": _("Reine Ware (Isfahan)"),
    "option.regeln.handschlag": _("Handschlag (Buchara)"),
    "option.regeln.doppelladung": _("Doppelladung (Samarkand)"),
    "option.zweifel_sekunden": _("Zweifel-Fenster"),
    "option.zweifel_sekunden.3": _("3 Sekunden"),
    "option.zweifel_sekunden.5": _("5 Sekunden"),
    "option.zweifel_sekunden.8": _("8 Sekunden"),
    "option.zweifel_sekunden.help": _(
        "So lange ist das Zweifel-Fenster am Tisch mit anderen Menschen offen."
    ),
    # -- the Extrascharf rules: title and one line each ---------------------------------------
    "rule.gleicher_preis": _("Gleicher Preis"),
    "rule.feilschen": _("Feilschen"),
    "rule.enge_gasse": _("Enge Gasse"),
    "rule.zehnerzoll": _("Zehnerzoll"),
    "rule.reine_ware": _("Reine Ware"),
    "rule.handschlag": _("Handschlag"),
    "rule.doppelladung": _("Doppelladung"),
    "rule.gleicher_preis.text": _("Die letzte Zahl darf wiederholt werden."),
    "rule.feilschen.text": _(
        "Ein Zahl-Zweifel scheitert, wenn die echte Zahl mindestens so hoch ist."
    ),
    "rule.enge_gasse.text": _("Nur der nächste Spieler darf anzweifeln."),
    "rule.zehnerzoll.text": _("Wer einen Zweifel um eine 10 verliert, zieht 4 Karten."),
    "rule.reine_ware.text": _("Bei der letzten Karte verlieren Joker jeden Zweifel."),
    "rule.handschlag.text": _(
        "„Stimmt genau!“: Gewürz und Zahl stimmen beide – wer recht hat, bekommt den Stapel."
    ),
    "rule.doppelladung.text": _("Zwei Karten unter einer Ansage; ein Zweifel prüft beide."),
    # -- the stations of the Händlerreise ------------------------------------------------------
    "station.kairo": _("Kairo"),
    "station.damaskus": _("Damaskus"),
    "station.bagdad": _("Bagdad"),
    "station.basra": _("Basra"),
    "station.isfahan": _("Isfahan"),
    "station.buchara": _("Buchara"),
    "station.samarkand": _("Samarkand"),
}


#: the Erfolge' titles and what earns them (keys: ``engine.ACHIEVEMENTS``)
ACHIEVEMENTS: dict[str, tuple[Any, Any]] = {
    "erster_krug": (_("Erster Krug"), _("Bekomme einen Gewürzkrug.")),
    "zwei_kruege": (_("Krugmeister"), _("Gewinne mit deinem zweiten Gewürzkrug.")),
    "zehnerfalle": (_("Zehnerfalle"), _("Erwische eine Lüge auf einer angesagten 10.")),
    "scharfes_auge": (_("Scharfes Auge"), _("Zweifle fünfmal hintereinander richtig.")),
    "leere_haende": (_("Leere Hände"), _("Gewinne ohne eine Karte auf der Hand.")),
    "ehrliche_haut": (
        _("Ehrliche Haut"),
        _("Gewinne, ohne je beim Flunkern erwischt zu werden, obwohl man dich angezweifelt hat."),
    ),
    "grosser_fang": (
        _("Großer Fang"),
        _("Gewinne mit einem Zweifel einen Stapel aus 10 Karten oder mehr."),
    ),
    "halbe_wahrheit": (_("Halbe Wahrheit"), _("Überstehe einen Zweifel mit einem Joker.")),
    "unbeirrbar": (
        _("Unbeirrbar"),
        _("Hol dir einen Krug, obwohl deine letzte Karte angezweifelt wurde."),
    ),
    "glutlaeufer": (_("Glutläufer"), _("Gewinne eine Partie, die die Glut beendet.")),
    "stimmt_genau": (_("Stimmt genau!"), _("Bestätige eine Ansage mit Handschlag richtig.")),
    "weltreisender": (_("Weltreisender"), _("Schließe die Händlerreise in Samarkand ab.")),
    "tagessieger": (_("Tagessieger"), _("Gewinne den Tagesbasar.")),
}
