"""No internal card code in any text a player reads (issue 24): whole games of all four games
through the services, every board the person and a spectator get after every move (the visible
text and the screen readers' text, not the markup), and the Rat's reason on every turn of the
person. On the way: every key the key help lists is wired to a control of the board at some
point of the game (``data-key``, which ``match.js`` presses), and no board lists a key it never
wires."""

from __future__ import annotations

import html
import random
import re

import pytest

from games import actions, queue
from games.engines.base import get_engine
from games.models import Match, Seat
from games.registry import say
from games.rendering import render_board
from tests.games.test_platform import seats_for

#: the card notations of the four games (``Engine.card_notation``) as they would leak into text:
#: Speedone R7, B+2, RS, W+4; Speedtrödel P10, E0; Speedbasar K3, S10; Speedwerk Y12, DK …
CODE = re.compile(
    r"(?<![\w+-])(?:[PSBMEKRYGW]\d{1,2}|[RYGBW]\+[24]|[RYGB][SR]|DK|FF|TR|FB|KB|DW|PT|BP|SS)(?![\w+])"
)
#: tags whose content is no text (scripts, styles) and the markup itself
_NOT_TEXT = re.compile(r"<(script|style|template)\b.*?</\1>", re.S)
_TAG = re.compile(r"<[^>]+>")
#: the key help line and the keys it lists: single letters („R Rat“, „L letzter Stich“) and digit
#: ranges („1–9 Karte“)
_KEYS_HELP = re.compile(r'<p class="keys-help[^"]*"[^>]*>(.*?)</p>', re.S)
_LETTER_KEY = re.compile(r"(?<![\w–-])([A-Z])(?= [a-zäöü„A-Z])")
_DIGIT_KEYS = re.compile(r"(\d)–(\d)")
_WIRED = re.compile(r'data-key="([^"]+)"')


def listed_keys(board: str) -> set[str]:
    """The keys the board's key help names, as ``data-key`` values (lower case letters,
    digits)."""
    found = _KEYS_HELP.search(board)
    if not found:
        return set()
    text = html.unescape(_TAG.sub(" ", found.group(1)))
    keys = {k.lower() for k in _LETTER_KEY.findall(text)}
    for lo, hi in _DIGIT_KEYS.findall(text):
        keys |= {str(d) for d in range(int(lo), int(hi) + 1)}
    return keys


def texts(board: str) -> str:
    """What a person (or a screen reader) reads of a board: the text between the tags and the
    labels and titles of its controls, unescaped."""
    labels = " ".join(re.findall(r'(?:aria-label|title|alt)="([^"]*)"', board))
    return html.unescape(_TAG.sub(" ", _NOT_TEXT.sub(" ", board)) + " " + labels)


def codes_in(text: str) -> list[str]:
    return sorted({m.group(0) for m in CODE.finditer(text)})


def test_the_code_pattern_finds_codes_and_spares_words():
    assert codes_in("Spielt R7 aus, dann W+4 und B+2; RS; P10 und DK") == [
        "B+2",
        "DK",
        "P10",
        "R7",
        "RS",
        "W+4",
    ]
    assert codes_in("Runde 2 von 8 · Rot 7 · Gelb +2 · Platz 3 · 10 Punkte · Safran 4") == []


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["speedtroedel", "speedone", "speedbasar", "speedwerk"])
def test_no_card_code_in_any_text_of_a_whole_game(alice, bots, game):
    engine = get_engine(game)
    with queue.capturing():
        match = actions.start_match(game, seats_for(game, [alice], bots), solo=True)
    rng = random.Random(7)
    found: dict[str, set[str]] = {}
    listed: set[str] = set()
    wired: set[str] = set()

    def check(where: str, text: str) -> None:
        for code in codes_in(text):
            found.setdefault(code, set()).add(where)

    for _ in range(3000):
        match = Match.objects.get(pk=match.pk)
        seats = list(match.seats.all())
        me = next(s for s in seats if s.index == 0)
        board = render_board(match, me, seats=seats)
        check("board", texts(board))
        listed |= listed_keys(board)
        wired |= set(_WIRED.findall(board))
        check("spectator", texts(render_board(match, None, seats=seats)))
        if match.status != Match.Status.RUNNING:
            break
        state = engine.from_json(match.state)
        actors = sorted(engine.actors(state))
        with queue.capturing():
            if 0 in actors:
                legal = engine.legal_actions(state, 0)
                tip = engine.explain(engine.view(state, 0), legal)
                check("Rat", say(game, tip.reason))
                action = tip.action if rng.random() < 0.5 else rng.choice(legal)
                actions.play(match.pk, 0, action, version=match.version)
            else:
                assert actions.run_bot(match.pk, match.version, actors[0])
    else:
        pytest.fail("the game did not end")
    assert Seat.objects.filter(match=match).exclude(place=None).count() == match.players
    assert not found, f"card codes in player texts: {found}"
    letters = {k for k in listed if k.isalpha()}
    assert letters, "no key help on the boards"
    assert letters <= wired, f"listed in the key help but never wired: {letters - wired}"
    digits = {k for k in listed if k.isdigit()}
    assert {k for k in wired if k.isdigit()} & digits, "the digit keys choose nothing"
