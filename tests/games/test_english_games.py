"""Whole games in English show no German, whole games in German no English (issue 46).

The four games' golden-text harnesses (``test_texts_<slug>.py``) play whole bot games on fixed
seeds and record every text a player reads: each seat's and a spectator's board, the ticker, the
replay lines, the Rat's reasons, the refusals of illegal moves and options, the option form, the
round summaries and end boards. Here the same games run once in English and once in German: what
a person reads (text nodes, and the labels screen readers say: ``aria-label``, ``title``, ``alt``,
``placeholder``) holds no word of the other language.

German is found as whole words of a list, and as umlauts, ß and the German opening quote „
outside the allowed proper nouns (the game name Speedtrödel). English in the German games as
whole words of a short list of English UI words that German never uses.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from html.parser import HTMLParser
from typing import Any

import pytest
from django.utils import translation

from tests.games import test_texts_speedbasar as basar
from tests.games import test_texts_speedone as one
from tests.games import test_texts_speedtroedel as troedel
from tests.games import test_texts_speedwerk as werk

#: German words a translation must not leave behind (whole words, any case)
GERMAN_WORDS = frozenset(
    """der die das und nicht ist sind bist du dein deine deinen dich dir ein eine einen einem
    einer mit von für auf noch nur oder aber wenn schon mehr kein keine nach bei zum zur vom
    wer wie hier jetzt alle jeder jede gibt wird kann darf muss bitte gleich ohne über unter
    Karte Karten Runde Runden Zug Züge Stich Stiche Spiel Partie Punkte Punkt Farbe Ansage
    Trumpf Spieler Mitspieler Gewürz Krug Krüge Zweifel Stapel Ladentisch Kiste Dachboden
    legt spielt sagt zieht nimmt passt glaubt wählt fängt tauscht gewinnt gelegt gespielt
    Geber Händler Zahl Wert Sieger Platz Letzte Noch""".lower().split()
)
#: the proper nouns that keep their umlauts in English (the game's name)
ALLOWED = ("Speedtrödel",)
GERMAN_LETTERS = re.compile(r"[äöüÄÖÜß„]")
#: English UI words German never uses (whole words)
ENGLISH_WORDS = frozenset(
    """the your you cards trick tricks round turn plays draws passes takes wins with and not is
    of from game points bid claim challenge believe suit follow lead leads dealer score""".split()  # noqa: SIM905
)
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")
SAID = ("aria-label", "aria-description", "title", "alt", "placeholder")


class _Reader(HTMLParser):
    """What a person reads of a piece of HTML: the text nodes (no script or style) and the
    attributes a screen reader says."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        self.parts += [v for k, v in attrs if v and (k in SAID or k.startswith("data-word"))]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.parts.append(data)


def read(text: str) -> str:
    """The readable words of ``text`` (HTML or plain)."""
    if "<" not in text:
        return text
    reader = _Reader()
    reader.feed(text)
    return " ".join(reader.parts)


#: the test games' player names (``Spieler0`` …): test data, not words of the site
TEST_NAMES = re.compile(r"\bSpieler\d+\b")


def german_in(text: str) -> list[str]:
    words = TEST_NAMES.sub("", read(text))
    for name in ALLOWED:
        words = words.replace(name, "")
    found = [w for w in WORD.findall(words) if w.lower() in GERMAN_WORDS]
    found += GERMAN_LETTERS.findall(words)
    return found


def english_in(text: str) -> list[str]:
    return [w for w in WORD.findall(read(text)) if w.lower() in ENGLISH_WORDS]


def _lines(texts: Iterable[str]) -> list[str]:
    """One recorded line without its label (``board 12 0: <html>`` → ``<html>``)."""
    return [t.split(": ", 1)[1] if re.match(r"^[a-z]+ [^:]*: ", t) else t for t in texts]


def _form_words(form: Iterable[str]) -> list[str]:
    """The labels, help lines and choice labels of a recorded option form (JSON)."""
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("label", "help", "choice_help", "choices") or key.endswith("_label"):
                    strings(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    def strings(value: Any) -> None:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, list | tuple):
            for item in value:
                # a choice is (code, label): the code stays a code
                if isinstance(item, list | tuple) and len(item) == 2:
                    strings(item[1])
                else:
                    strings(item)

    for raw in form:
        walk(json.loads(raw))
    return out


def _static(lines: Iterable[str]) -> list[str]:
    """A harness's static texts; the recorded option forms (JSON) as their words."""
    out: list[str] = []
    for line in _lines(lines):
        if line[:1] in "[{":
            out += _form_words([line])
        else:
            out.append(line)
    return out


def _harness_texts(module: Any) -> list[str]:
    """Every text of the game's recorded whole games and its static texts, in the active
    language."""
    texts = _static(module.static_texts())
    for _name, *args in module.GAMES:
        texts += _lines(module.play_game(*args))
    return texts


def _basar_texts() -> list[str]:
    texts: list[str] = []
    for players, options, seed in basar.GAMES:
        for kind, lines in basar.play(players, options, seed).items():
            texts += [
                line.split("\n<!--ctx-->\n")[0] if kind == "board" else line for line in lines
            ]
            if kind == "board":  # the board's context the frame shows around it
                texts += [
                    line.split("\n<!--ctx-->\n", 1)[-1] for line in lines if "<!--ctx-->" in line
                ]
    fixed = basar.fixed_texts()
    texts += _form_words(fixed.pop("form"))
    for lines in fixed.values():
        texts += lines
    return texts


GAME_TEXTS: dict[str, Callable[[], list[str]]] = {
    "speedtroedel": lambda: _harness_texts(troedel),
    "speedone": lambda: _harness_texts(one),
    "speedbasar": _basar_texts,
    "speedwerk": lambda: _harness_texts(werk),
}


def _offenders(texts: list[str], find: Callable[[str], list[str]]) -> list[str]:
    seen: dict[str, str] = {}
    for text in texts:
        for word in find(text):
            seen.setdefault(word, read(text)[:300])
    return [f"{word!r} in: {where}" for word, where in seen.items()]


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(GAME_TEXTS))
def test_a_whole_game_in_english_shows_no_german(slug: str) -> None:
    with translation.override("en"):
        texts = GAME_TEXTS[slug]()
    assert len(texts) > 100
    offenders = _offenders(texts, german_in)
    assert not offenders, f"{len(offenders)} German words:\n" + "\n".join(offenders[:30])


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(GAME_TEXTS))
def test_a_whole_game_in_german_shows_no_english(slug: str) -> None:
    with translation.override("de"):
        texts = GAME_TEXTS[slug]()
    offenders = _offenders(texts, english_in)
    assert not offenders, f"{len(offenders)} English words:\n" + "\n".join(offenders[:30])


def test_the_checks_see_the_other_language() -> None:
    assert german_in("<p>Du bist am Zug.</p>") == ["Du", "Zug"]
    assert german_in('<button aria-label="Karte legen">1</button>') == ["Karte"]
    assert german_in("Speedtrödel – trick 3") == []
    assert german_in("„Spot on!“") == ["„"]
    assert english_in("<p>Your turn: play a card.</p>") == ["Your", "turn"]
    assert english_in("<script>var the = 1</script><p>Du bist dran.</p>") == []
