"""The lessons of the Händlerschule (Speedtrödel): text, one Prüffrage, the right answer."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Lesson:
    """One lesson; its texts are lazy gettext strings (said in the reader's language)."""

    slug: str
    title: str | Promise
    paragraphs: tuple[str | Promise, ...]
    question: str | Promise
    choices: tuple[str | Promise, ...]
    answer: int  # index into choices
    why: str | Promise


LESSONS: dict[str, tuple[Lesson, ...]] = {
    "speedtroedel": (
        Lesson(
            "bedienen",
            _("Bedienen"),
            (
                _(
                    "Wer ausspielt, legt eine beliebige Karte. Die anderen folgen reihum mit je einer "
                    "Karte."
                ),
                _(
                    "Hast du die ausgespielte Farbe, musst du sie legen. Hast du sie nicht, wirfst du "
                    "eine andere Karte ab oder stichst mit Smaragd – stechen ist nie Pflicht."
                ),
                _(
                    "Die Zeile über dem Stich zeigt immer, welche Farbe bedient werden muss. Wer nicht "
                    "bedienen konnte, bekommt am Platz ein durchgestrichenes Farbfeld."
                ),
            ),
            _(
                "Bücher 7 ist ausgespielt. Du hast Bücher 3, Messing 12 und Smaragd 2. Was darfst "
                "du legen?"
            ),
            (_("Jede der drei Karten"), _("Nur Bücher 3"), _("Nur Smaragd 2")),
            1,
            _("Du hast Bücher – also musst du Bücher bedienen."),
        ),
        Lesson(
            "smaragd",
            _("Smaragd, der Trumpf"),
            (
                _(
                    "Smaragd (0 bis 16) ist Trumpf: Den Stich fängt der höchste Smaragd, sonst die "
                    "höchste Karte der Bedienfarbe."
                ),
                _("Wird Smaragd ausgespielt, müssen alle Smaragd bedienen, wenn sie können."),
                _("Jeder Wert kommt je Farbe nur einmal vor – es gibt nie Gleichstand."),
            ),
            _("Im Stich liegen Porzellan 15, Porzellan 18 und Smaragd 1. Wer fängt den Stich?"),
            (_("Porzellan 18"), _("Smaragd 1"), _("Porzellan 15")),
            1,
            _("Der höchste Smaragd fängt den Stich – auch ein kleiner schlägt jede Farbkarte."),
        ),
        Lesson(
            "kiste",
            _("Kiste und Dachboden"),
            (
                _(
                    "Jede Karte auf deinem Ladentisch zählt beim Kassensturz 1 Punkt. Danach kommen "
                    "deine gefangenen Karten gemischt unter den Rest deiner Lagerkiste."
                ),
                _(
                    "Die nächste Runde ziehst du zuerst aus deiner Kiste. Fehlen dir Karten, holst du "
                    "sie vom Dachboden – dort wird die Ware nach unten hin edler (1 bis 5 Sterne)."
                ),
                _(
                    "Steht über dem Dachboden „knapp!“, reicht er nach jetzigem Stand in der nächsten "
                    "Runde nicht mehr für alle: Dann schließt der Markt, und wer vorn liegt, gewinnt."
                ),
            ),
            _("Woher kommen die Karten deines nächsten Blatts zuerst?"),
            (_("Vom Dachboden"), _("Aus deiner Kiste"), _("Vom linken Nachbarn")),
            1,
            _("Zuerst die Kiste (alte Ware zuerst), erst was fehlt, vom Dachboden."),
        ),
        Lesson(
            "schnaeppchenblick",
            _("Schnäppchenblick"),
            (
                _(
                    "Die Nullen heißen Schnäppchenblick. Sie folgen den normalen Regeln (Farbe, Wert "
                    "0)."
                ),
                _(
                    "Am Ende des Stichs nimmst du zuerst 1 andere Karte deiner Wahl aus dem Stich auf "
                    "deinen Ladentisch, dann fängt der Sieger den Rest. Mehrere Nullen wählen in der "
                    "Reihenfolge, in der sie gelegt wurden."
                ),
            ),
            _("Du legst Porzellan 0 in einen Stich, den Smaragd 9 gewinnt. Was bekommst du?"),
            (
                _("Nichts – der Stich gehört dem Sieger"),
                _("Eine Karte deiner Wahl aus dem Stich"),
                _("Den ganzen Stich"),
            ),
            1,
            _("Mit dem Schnäppchenblick nimmst du dir vorab eine Karte aus dem Stich."),
        ),
        Lesson(
            "sonderkarten",
            _("Sonderkarten"),
            (
                _("Sonderkarten darfst du immer legen, auch wenn du bedienen könntest."),
                _(
                    "Tauschrunde: Alle geben gleichzeitig 1 Handkarte nach links. Fälschung: Wer sie "
                    "auf den Ladentisch nimmt, bekommt sofort −3 Punkte. Ganzer Posten: Du nimmst alle "
                    "anderen Karten des Stichs."
                ),
                _(
                    "Für den nächsten Stich: Vordrängeln (du spielst aus), Heute gefragt (du nennst die "
                    "Farbe, die alle bedienen müssen), Ramschtag (die niedrigste Karte gewinnt)."
                ),
            ),
            _("Du bekommst im Stich eine Fälschung auf den Ladentisch. Was passiert?"),
            (
                _("Sofort −3 Punkte"),
                _("Nichts, sie zählt wie jede Karte"),
                _("Sie geht zurück auf den Dachboden"),
            ),
            0,
            _(
                "Die Fälschung kostet sofort 3 Punkte (außer mit der Hausregel „Fälschung ohne "
                "Strafe“); beim Kassensturz zählt sie trotzdem +1."
            ),
        ),
    )
}


def lesson(game: str, slug: str) -> Lesson | None:
    return next((x for x in LESSONS.get(game, ()) if x.slug == slug), None)
