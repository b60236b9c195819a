"""The lessons of the Händlerschule (Speedtrödel): text, one Prüffrage, the right answer."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Lesson:
    slug: str
    title: str
    paragraphs: tuple[str, ...]
    question: str
    choices: tuple[str, ...]
    answer: int  # index into choices
    why: str


LESSONS: dict[str, tuple[Lesson, ...]] = {
    "speedtroedel": (
        Lesson(
            "bedienen",
            "Bedienen",
            (
                "Wer ausspielt, legt eine beliebige Karte. Die anderen folgen reihum mit je einer "
                "Karte.",
                "Hast du die ausgespielte Farbe, musst du sie legen. Hast du sie nicht, wirfst du "
                "eine andere Karte ab oder stichst mit Smaragd – stechen ist nie Pflicht.",
                "Die Zeile über dem Stich zeigt immer, welche Farbe bedient werden muss. Wer nicht "
                "bedienen konnte, bekommt am Platz ein durchgestrichenes Farbfeld.",
            ),
            "Bücher 7 ist ausgespielt. Du hast Bücher 3, Messing 12 und Smaragd 2. Was darfst "
            "du legen?",
            ("Jede der drei Karten", "Nur Bücher 3", "Nur Smaragd 2"),
            1,
            "Du hast Bücher – also musst du Bücher bedienen.",
        ),
        Lesson(
            "smaragd",
            "Smaragd, der Trumpf",
            (
                "Smaragd (0 bis 16) ist Trumpf: Den Stich fängt der höchste Smaragd, sonst die "
                "höchste Karte der Bedienfarbe.",
                "Wird Smaragd ausgespielt, müssen alle Smaragd bedienen, wenn sie können.",
                "Jeder Wert kommt je Farbe nur einmal vor – es gibt nie Gleichstand.",
            ),
            "Im Stich liegen Porzellan 15, Porzellan 18 und Smaragd 1. Wer fängt den Stich?",
            ("Porzellan 18", "Smaragd 1", "Porzellan 15"),
            1,
            "Der höchste Smaragd fängt den Stich – auch ein kleiner schlägt jede Farbkarte.",
        ),
        Lesson(
            "kiste",
            "Kiste und Dachboden",
            (
                "Jede Karte auf deinem Ladentisch zählt beim Kassensturz 1 Punkt. Danach kommen "
                "deine gefangenen Karten gemischt unter den Rest deiner Lagerkiste.",
                "Die nächste Runde ziehst du zuerst aus deiner Kiste. Fehlen dir Karten, holst du "
                "sie vom Dachboden – dort wird die Ware nach unten hin edler (1 bis 5 Sterne).",
                "Steht über dem Dachboden „knapp!“, reicht er nach jetzigem Stand in der nächsten "
                "Runde nicht mehr für alle: Dann schließt der Markt, und wer vorn liegt, gewinnt.",
            ),
            "Woher kommen die Karten deines nächsten Blatts zuerst?",
            ("Vom Dachboden", "Aus deiner Kiste", "Vom linken Nachbarn"),
            1,
            "Zuerst die Kiste (alte Ware zuerst), erst was fehlt, vom Dachboden.",
        ),
        Lesson(
            "schnaeppchenblick",
            "Schnäppchenblick",
            (
                "Die Nullen heißen Schnäppchenblick. Sie folgen den normalen Regeln (Farbe, Wert "
                "0).",
                "Am Ende des Stichs nimmst du zuerst 1 andere Karte deiner Wahl aus dem Stich auf "
                "deinen Ladentisch, dann fängt der Sieger den Rest. Mehrere Nullen wählen in der "
                "Reihenfolge, in der sie gelegt wurden.",
            ),
            "Du legst Porzellan 0 in einen Stich, den Smaragd 9 gewinnt. Was bekommst du?",
            (
                "Nichts – der Stich gehört dem Sieger",
                "Eine Karte deiner Wahl aus dem Stich",
                "Den ganzen Stich",
            ),
            1,
            "Mit dem Schnäppchenblick nimmst du dir vorab eine Karte aus dem Stich.",
        ),
        Lesson(
            "sonderkarten",
            "Sonderkarten",
            (
                "Sonderkarten darfst du immer legen, auch wenn du bedienen könntest.",
                "Tauschrunde: Alle geben gleichzeitig 1 Handkarte nach links. Fälschung: Wer sie "
                "auf den Ladentisch nimmt, bekommt sofort −3 Punkte. Ganzer Posten: Du nimmst alle "
                "anderen Karten des Stichs.",
                "Für den nächsten Stich: Vordrängeln (du spielst aus), Heute gefragt (du nennst die "
                "Farbe, die alle bedienen müssen), Ramschtag (die niedrigste Karte gewinnt).",
            ),
            "Du bekommst im Stich eine Fälschung auf den Ladentisch. Was passiert?",
            (
                "Sofort −3 Punkte",
                "Nichts, sie zählt wie jede Karte",
                "Sie geht zurück auf den Dachboden",
            ),
            0,
            "Die Fälschung kostet sofort 3 Punkte (außer mit der Hausregel „Fälschung ohne "
            "Strafe“); beim Kassensturz zählt sie trotzdem +1.",
        ),
    )
}


def lesson(game: str, slug: str) -> Lesson | None:
    return next((x for x in LESSONS.get(game, ()) if x.slug == slug), None)
