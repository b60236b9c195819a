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

import ast
import json
import re
from collections.abc import Callable
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
    """The readable words of ``text`` (HTML or plain), identifiers left out."""
    if "<" in text:
        reader = _Reader()
        reader.feed(text)
        text = " ".join(reader.parts)
    return IDENTIFIER.sub(" ", text)


#: the test games' player names (``Spieler0`` …; Speedone's harness calls seat 0 „du“): test
#: data, not words of the site
TEST_NAMES = re.compile(r"\bSpieler\d+\b|\bdu(?='s\b| [a-z]+s\b| must\b| can\b| may\b)")
#: identifiers in a recorded context (``round_summary``, ``"fitting_cards":``): code, not words
IDENTIFIER = re.compile(r"\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b|\"\w+\":")


def german_in(text: str) -> list[str]:
    words = TEST_NAMES.sub("", read(text))
    for name in ALLOWED:
        words = words.replace(name, "")
    found = [w for w in WORD.findall(words) if w.lower() in GERMAN_WORDS]
    found += GERMAN_LETTERS.findall(words)
    return found


def english_in(text: str) -> list[str]:
    return [w for w in WORD.findall(read(text)) if w.lower() in ENGLISH_WORDS]


#: a code, not words: an identifier, a dotted or underscored key, a card (``G5``, ``W+4``)
CODE = re.compile(r"^(?:[a-z0-9]+(?:[_.:-][a-z0-9]+)+|[A-Z]{1,2}[0-9+]*|[a-z]+[0-9]+|)$")
#: an invalid option's key, echoed back to whoever sent it („Unknown setting: farbe.“)
ECHO = re.compile(r"(Unbekannte Einstellung|Unknown setting): [^.]*\.")


def _values(node: Any) -> list[str]:
    """The string values of a recorded context (JSON or a Python literal): words, not its keys
    and not the codes among its values."""
    if isinstance(node, dict):
        return [text for value in node.values() for text in _values(value)]
    if isinstance(node, list | tuple | set):
        return [text for value in node for text in _values(value)]
    # a lone lower-case word in a context is a code („passt“ as a mark); its words are sentences
    # and names („Required: Green or 5.“, „Green“), and the board's HTML shows the labels
    if isinstance(node, str) and (" " in node.strip() or node[:1].isupper()):
        return [node] if not CODE.match(node.strip()) else []
    return []


def _literal(text: str) -> Any:
    """``text`` as JSON or a Python literal, or None."""
    for parse in (json.loads, ast.literal_eval):
        try:
            return parse(text)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
    return None


def _readable(line: str) -> list[str]:
    """The texts a person reads in one recorded line: without its label (``board 12 0: …``), a
    refusal's words, a context's string values."""
    for marker in ("IllegalAction: ", "InvalidOptions: "):
        if marker in line:
            return [ECHO.sub("", line.split(marker, 1)[1])]
    text = line
    label = re.match(r"^[a-z]+(?: [^:{\[]*)?: ", text)
    if label:
        text = text[label.end() :]
    if text[:1] in "[{(":
        parsed = _literal(text)
        if parsed is not None:
            return _values(parsed)
    return [ECHO.sub("", text)]


def _harness_texts(module: Any, games: list[Any]) -> list[str]:
    """Every text of the game's recorded whole games and its static texts, in the active
    language."""
    texts = [t for line in module.static_texts() for t in _readable(line)]
    for _name, *args in games:
        texts += [t for line in module.play_game(*args) for t in _readable(line)]
    return texts


def _basar_texts(games: list[Any]) -> list[str]:
    texts: list[str] = []
    for players, options, seed in games:
        for lines in basar.play(players, options, seed).values():
            for line in lines:
                board, _sep, context = line.partition("\n<!--ctx-->\n")
                texts += _readable(board)
                if context:  # the board's context the frame shows around it (JSON)
                    texts += _readable(context)
    fixed = basar.fixed_texts()
    for lines in fixed.values():
        texts += [t for line in lines for t in _readable(line)]
    return texts


def _some(games: list[Any], german: bool) -> list[Any]:
    """The recorded games to play: in English the first and the last configuration (the last
    turns on the most options), in German the last (the golden-text tests play all of them in
    German already)."""
    return games[-1:] if german else [games[0], games[-1]]


GAME_TEXTS: dict[str, Callable[[bool], list[str]]] = {
    "speedtroedel": lambda de: _harness_texts(troedel, _some(troedel.GAMES, de)),
    "speedone": lambda de: _harness_texts(one, _some(one.GAMES, de)),
    "speedbasar": lambda de: _basar_texts(_some(basar.GAMES, de)),
    "speedwerk": lambda de: _harness_texts(werk, _some(werk.GAMES, de)),
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
        texts = GAME_TEXTS[slug](False)
    assert len(texts) > 100
    offenders = _offenders(texts, german_in)
    assert not offenders, f"{len(offenders)} German words:\n" + "\n".join(offenders[:30])


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(GAME_TEXTS))
def test_a_whole_game_in_german_shows_no_english(slug: str) -> None:
    with translation.override("de"):
        texts = GAME_TEXTS[slug](True)
    assert len(texts) > 100
    offenders = _offenders(texts, english_in)
    assert not offenders, f"{len(offenders)} English words:\n" + "\n".join(offenders[:30])


def test_the_checks_see_the_other_language() -> None:
    assert german_in("<p>Du bist am Zug.</p>") == ["Du", "bist", "Zug"]
    assert german_in('<button aria-label="Karte legen">1</button>') == ["Karte"]
    assert german_in("Speedtrödel – trick 3") == []
    assert german_in("„Spot on!“") == ["„"]
    assert english_in("<p>Your turn: play a card.</p>") == ["Your", "turn"]
    assert english_in("<script>var the = 1</script><p>Du bist dran.</p>") == []
    assert _readable('options {"x": 1} 4: InvalidOptions: Unknown setting: farbe.') == [""]
    assert _readable('{"passt": true, "text": "Draw 2 cards", "code": "move.play"}') == [
        "Draw 2 cards"
    ]
    assert _readable("board 3 0: <p>Hi</p>") == ["<p>Hi</p>"]
