"""Card faces (issue 26): every card code of every game has a face whose pictures are in the game's
own SVG sprite (a static file, referenced by ``<use>``), the sprite is drawn by the project (no
image, no text glyph, no outside reference), and the face's words are the card's German name."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static

from games import actions, queue
from games.engines.base import get_engine
from games.html import Markup
from games.models import Match
from games.rendering import render_board
from games.speedbasar import components as basar
from games.speedbasar.engine import cards as basar_cards
from games.speedone import components as one
from games.speedone.engine.cards import CODE as ONE_CODES
from games.speedtroedel import components as troedel
from games.speedtroedel.engine import cards as troedel_cards
from games.speedwerk import components as werk
from games.speedwerk.engine import cards as werk_cards
from tests.games.test_platform import seats_for
from tests.games.test_player_texts import codes_in, texts
from tests.games.test_replay import play_out

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
_USE = re.compile(r'<use href="([^"#]*)#([^"]+)"')


def _one_face(card: str, small: bool) -> Markup:
    return one.face_html(card, "de", small)


#: per game: its sprite, every card code (``Engine.card_notation``), the face function
GAMES: dict[str, tuple[str, list[str], Callable[[str, bool], Markup]]] = {
    "speedtroedel": (
        troedel.SPRITE,
        sorted({troedel_cards.code(c) for c in troedel_cards.ALL_CARDS}),
        troedel.face_html,
    ),
    "speedone": (one.SPRITE, sorted(ONE_CODES), _one_face),
    "speedbasar": (basar.SPRITE, [*basar_cards.CODES, basar_cards.GLUT], basar.face_html),
    "speedwerk": (
        werk.SPRITE,
        [werk_cards.card_str(c) for c in [*range(werk_cards.N_NUMBERS), *werk_cards.SPECIALS]],
        werk.face_html,
    ),
}


def sprite_ids(sprite: str) -> set[str]:
    path = finders.find(sprite)
    assert path, f"{sprite} is no static file"
    root = ET.parse(path).getroot()
    return {e.get("id") for e in root.iter(f"{SVG}symbol")} - {None}  # type: ignore[misc]


def uses(face: str) -> list[tuple[str, str]]:
    return _USE.findall(face)


def test_the_card_lists_are_complete():
    counts = {slug: len(codes) for slug, (_s, codes, _f) in GAMES.items()}
    # Speedtrödel: 4 goods × 0–18 (the 0 is the Schnäppchenblick), Smaragd 0–16, 6 specials
    # (the two Fälschungen share a code); Speedone 4 × (0–9, S, R, +2) + W, W+4; Speedbasar
    # 3 spices × 1–10, the two jokers, the Glut; Speedwerk 4 × 1–15 + 9 specials
    assert counts == {
        "speedtroedel": 4 * 19 + 17 + 6,
        "speedone": 54,
        "speedbasar": 33,
        "speedwerk": 69,
    }


@pytest.mark.parametrize("slug", GAMES)
def test_every_card_has_a_face_from_its_games_sprite(slug):
    sprite, codes, face = GAMES[slug]
    ids = sprite_ids(sprite)
    url = static(sprite)
    pictures: dict[str, str] = {}
    for code in codes:
        for small in (False, True):
            html = str(face(code, small))
            refs = uses(html)
            assert refs, f"{slug} {code}: no picture"
            for href, symbol in refs:
                assert href == url, f"{slug} {code}: {href} is not the sprite's static URL"
                assert symbol in ids, f"{slug} {code}: #{symbol} is not in {sprite}"
            # the words of the face are the card's German name, never its code
            assert not codes_in(texts(html)), f"{slug} {code}: a code in {texts(html)!r}"
            assert 'aria-label="' in html
        pictures[code] = str(face(code, False))
    # no two different cards look the same
    assert len(set(pictures.values())) == len(pictures)


@pytest.mark.parametrize("slug", GAMES)
def test_the_sprite_is_drawn_by_the_project(slug):
    """Only shapes: no embedded or outside image, no text (a glyph depends on the fonts), every
    reference inside the file points at one of its own ids."""
    path = Path(finders.find(GAMES[slug][0]))
    root = ET.parse(path).getroot()
    tags = {e.tag.removeprefix(SVG) for e in root.iter()}
    assert not tags & {"image", "text", "foreignObject", "script", "style"}, tags
    ids = {e.get("id") for e in root.iter()} - {None}
    for e in root.iter(f"{SVG}use"):
        for ref in (e.get("href"), e.get(XLINK)):
            assert ref is None or (ref.startswith("#") and ref[1:] in ids), ref
    assert "http" not in path.read_text().replace("http://www.w3.org/", "")


def test_speedones_plus_cards_are_drawn_not_written():
    """+2 and +4 are pictures of the sprite (a plus and two / four stacked cards), no glyph: the
    face carries no text but its name (its label) and the pictures hold no <text>; the colour's
    shape stays the first picture."""
    root = ET.parse(finders.find(one.SPRITE)).getroot()
    symbols = {e.get("id"): e for e in root.iter(f"{SVG}symbol")}
    pluses = [c for c in ONE_CODES if "+" in c]
    assert sorted(pluses) == ["B+2", "G+2", "R+2", "W+4", "Y+2"]
    for code in pluses:
        for small in (False, True):
            html = str(one.face_html(code, "de", small))
            assert "<text" not in html and 'class="sym"' not in html, html
            # nothing between the tags but the Farbwunsch's word: the +2 / +4 is the picture
            shown = re.sub(r"<[^>]+>", "", html).strip()
            assert shown == ("Wunsch" if code == "W+4" else ""), shown
            label = re.search(r'aria-label="([^"]*)"', html).group(1)  # the label says it
            assert label == one.card_name(code) and code[-1] in label, label
            pics = [symbol for _href, symbol in uses(html)]
            assert pics[0] == ("w" if code == "W+4" else f"c-{code[0]}"), pics
            plus = pics[-1]
            assert plus == ("a-4" if code == "W+4" else "a-2"), pics
            drawing = symbols[plus]
            tags = {e.tag.removeprefix(SVG) for e in drawing.iter()}
            assert "text" not in tags and tags & {"path", "rect"}, tags
    # two cards for +2, four for +4
    assert len(list(symbols["a-2"].iter(f"{SVG}rect"))) == 2
    assert len(list(symbols["a-4"].iter(f"{SVG}rect"))) == 4


def test_colours_have_distinct_shapes():
    """Speedone's and Speedwerk's colours are told apart by shape, not only by colour."""
    for face, cards in (
        (lambda c: str(one.face_html(c, "de")), ["R5", "Y5", "G5", "B5"]),
        (lambda c: str(werk.face_html(c)), ["R5", "Y5", "G5", "B5"]),
    ):
        shapes = {uses(face(c))[0][1] for c in cards}
        assert len(shapes) == 4, shapes


#: a Karten-Info's picture that is a card face: the name of the card it shows
_INFO_FACE = re.compile(
    r'<span class="info-pic" aria-hidden="true"><span class="card [^"]*" role="img" '
    r'title="[^"]*" aria-label="([^"]*)">'
)
#: a hand card with the picture of its Karten-Info left to the page (static/js/cards.js copies
#: the card's face into it): the card's code
_INFO_OF_CARD = re.compile(
    r'<li class="has-info[^"]*">\s*<(?:button|span) [^>]*data-card="([^"]+)"(?:(?!</li>).)*'
    r'<span class="info-pic" data-of-card></span>',
    re.S,
)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["speedone", "speedbasar"])
def test_the_karten_info_of_every_hand_card_shows_the_card_itself(alice, bots, slug):
    """Issue 41.23: the Karten-Info of every hand card shows the card's own face. The face is on
    the board once, beside its window: the window's picture is left empty for the page to copy it
    (tests/browser/test_card_labels_live.py shows it drawn), so no push carries a face twice."""
    with queue.capturing():
        match = actions.start_match(slug, seats_for(slug, [alice], bots), solo=True)
    seats = list(match.seats.all())
    board = render_board(match, next(s for s in seats if s.index == 0), seats=seats)
    engine = get_engine(slug)
    hand = [
        c["card"] if isinstance(c, dict) else c
        for c in engine.view(engine.from_json(match.state), 0)["hand"]
    ]
    assert len(hand) >= 5
    assert sorted(_INFO_OF_CARD.findall(board)) == sorted(hand)
    assert _INFO_FACE.findall(board) == []
    # Speedone's open card too; nothing else is left to the page
    open_cards = 1 if slug == "speedone" else 0
    assert board.count("data-of-card") == len(hand) + open_cards


@pytest.mark.django_db
def test_no_karten_info_picture_shows_a_hidden_card(alice, bots):
    """Issue 41.23: Speedbasar's pile, claim, draw pile, Krüge and seats have their pictures, and
    none of them shows a face, move after move of a game: a face in a Karten-Info is the viewer's
    own hand card only (the face-down cards, the draw pile and the others' hands stay hidden)."""
    with queue.capturing():
        match = actions.start_match("speedbasar", seats_for("speedbasar", [alice], bots), solo=True)
    rng = random.Random(3)
    engine = get_engine("speedbasar")
    seen_pictures: set[str] = set()
    for _ in range(40):
        match = play_out(match, rng, moves=1)
        if match.status != Match.Status.RUNNING:
            break
        seats = list(match.seats.all())
        board = render_board(match, next(s for s in seats if s.index == 0), seats=seats)
        own = [c["card"] for c in engine.view(engine.from_json(match.state), 0)["hand"]]
        # a face in a Karten-Info only as a copy of the own hand card beside it
        assert _INFO_FACE.findall(board) == []
        assert sorted(_INFO_OF_CARD.findall(board)) == sorted(own)
        assert board.count("data-of-card") == len(own)
        for kind in ("info-backs", "info-claim", "info-krugs", "card bcard empty"):
            if f'<span class="info-pic" aria-hidden="true"><span class="{kind}' in board:
                seen_pictures.add(kind)
    # the pile (empty and laid), the claim, the draw pile, the Krüge and the seats
    assert seen_pictures == {"info-backs", "info-claim", "info-krugs", "card bcard empty"}
