"""Speedtrödel says the same words after its engine speaks in codes (issue 40, part 3).

Whole games of the engine's bots from fixed seeds (3 to 5 players, each option) record every text
players read: each seat's and a spectator's board at a sample of moves, the ticker line of every
event, the replay line of every action, the Vorschau of every hand card, the Rat's reason at a
sample of turns, the option form and the refusals of illegal actions and options. The golden
file was written from the engine before the conversion (``SPEEDTROEDEL_GOLDEN=write`` rewrites
it); the test compares a sha256 per kind of text and game and the readable sample kept in the
file.

Also: every code the engine raises or returns has words in ``games.speedtroedel.texts``, and no
string constant with German words is left in ``games/speedtroedel/engine/``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from games.engines.base import IllegalAction, get_engine
from games.registry import presenter_of, say
from tests.games import golden_texts as gt

GOLDEN = Path(__file__).parent / "golden" / "speedtroedel_texts.json"
ENGINE_DIR = Path(__file__).resolve().parents[2] / "games" / "speedtroedel" / "engine"
SLUG = "speedtroedel"

#: (name, players, options, seed, bot strength, board every n-th move, advice every n-th turn)
GAMES: list[tuple[str, int, dict[str, Any], int, str, int, int]] = [
    ("p3_kurz", 3, {"partie_kurz": True}, 21, "normal", 1, 9),
    ("p4_offen_kurz", 4, {"partie_kurz": True, "dachboden_offen": True}, 22, "normal", 2, 15),
    ("p5_ohne_kurz", 5, {"partie_kurz": True, "ohne_sonderkarten": True}, 23, "leicht", 2, 20),
    ("p4_strafe", 4, {"faelschung_ohne_strafe": True}, 24, "leicht", 4, 40),
    ("p3_full", 3, {}, 25, "normal", 3, 30),
]

#: illegal actions tried on the seat on turn (besides every card of its hand, played bare)
ODD_ACTIONS: list[Any] = [
    "nonsense",
    {"type": "nonsense"},
    {"type": "play"},
    {"type": "play", "card": "ZZ"},
    {"type": "play", "card": 7},
    {"type": "play", "card": "E16"},
    {"type": "play", "card": "F"},
    {"type": "play", "card": "G", "x": 1},
    {"type": "pick", "card": "P7"},
    {"type": "swap", "card": "P7"},
    {"type": "swap", "card": "M18"},
    {"type": "ask", "colour": "X"},
    {"type": "ask", "colour": "E"},
    {"type": "ask", "colour": "PS"},
]

BAD_OPTIONS: list[tuple[dict[str, Any], int]] = [
    ({"ohne_sonderkarten": True, "faelschung_ohne_strafe": True}, 4),
    ({"partie_kurz": 1}, 4),
    ({"gibtsnicht": 1}, 4),
    ({}, 7),
]


def _preview(view: Any, card: str) -> str:
    """The engine's Vorschau of ``card`` (the presenter says it for a card that may not be laid)."""
    from games.speedtroedel.engine import preview

    return say(SLUG, preview(view, card)["text"])


def _previews(move: int, view: dict[str, Any]) -> list[str]:
    return [f"preview {move} {card}: {_preview(view, card)}" for card in view["hand"]]


def _tries(
    state: Any, seat: int, legal: list[Any], view: dict[str, Any], actors: list[int], players: int
) -> list[gt.Try]:
    """The odd actions, every hand card played, picked and swapped, out of turn and a seat that
    is not at the table."""
    tries: list[gt.Try] = [(str(odd), seat, odd) for odd in ODD_ACTIONS]
    for card in view["hand"]:
        for kind in ("play", "pick", "swap"):
            act = {"type": kind, "card": card}
            if act not in legal:
                tries.append((str(act), seat, act))
    return [*tries, *gt.out_of_turn(seat, players, actors, legal), ("seat 9", 9, legal[0])]


def _end(engine: Any, state: Any) -> list[str]:
    out = [
        f"illegal end {odd}: {gt.try_action(SLUG, engine, state, 0, odd)}"
        for odd in ({"type": "play", "card": "P7"}, {"type": "ask", "colour": "E"})
    ]
    out.append(f"timeout end: {gt.refusal(SLUG, lambda: engine.timeout_action(state, 0))}")
    return out


def play_game(*args: Any) -> list[str]:
    """Every text of one whole game (``GAMES``' arguments), in order."""
    return gt.play_game(SLUG, *args, illegal_every=5, tries=_tries, end=_end, shown=_previews)


def static_texts() -> list[str]:
    """The option form, the option refusals and the descriptions of odd actions."""
    from lobby.forms import option_fields

    engine = get_engine(SLUG)
    fields = option_fields(engine, {})
    out = [f"options: {json.dumps(fields, ensure_ascii=False, default=str, sort_keys=True)}"]
    for options, players in BAD_OPTIONS:
        out.append(
            f"bad options {options} {players}: "
            f"{gt.refusal(SLUG, lambda o=options, p=players: engine.validate_options(o, p))}"
        )
    for action in [
        {"type": "play", "card": "P7"},
        {"type": "play", "card": "F"},
        {"type": "pick", "card": "E0"},
        {"type": "swap", "card": "G"},
        {"type": "play", "card": "ZZ"},
        {"type": "ask", "colour": "B"},
        {"type": "ask", "colour": "Q"},
        {"type": "what", "card": "M12"},
    ]:
        out.append(f"describe {action}: {say(SLUG, engine.describe_action(action))}")
    return out


@pytest.mark.django_db
def test_players_read_the_same_words_as_before() -> None:
    gt.assert_golden(GOLDEN, "SPEEDTROEDEL_GOLDEN", gt.collect(static_texts, GAMES, play_game))


# -- the engine's codes all have words, and the engine holds no German -------------------------

#: German as it shows in a sentence: umlauts, ß, or a frequent German word
_GERMAN = re.compile(
    r"[äöüÄÖÜß–„“]|\b(?:der|die|das|den|und|oder|nicht|ist|du|dein|deine|ein|eine|mit|ohne|von|"
    r"zu|gibt|alle|wird|jetzt|spielt|nimmt|fragt|gegen|Runde|Karte|Karten|Stich|Farbe|Spiel|"
    r"Zug|Punkte|Partie|Platz|Aktion|Wert|Sonderkarten|dann|zuerst)\b",
    re.IGNORECASE,
)


#: the game's name (``Engine.name``) is a proper name, the same in every language
_PROPER_NAMES = {"Speedtrödel"}


def engine_codes() -> tuple[set[str], set[str]]:
    """Every code the engine's sources name and the prefixes of the codes it builds
    (``golden_texts.source_codes``), the card tables' codes and the options' labels and help."""
    from games.speedtroedel.engine import cards, rules

    codes, prefixes = gt.source_codes(ENGINE_DIR, strict=True)
    codes |= set(cards.SUIT_NAMES) | set(cards.SPECIAL_NAMES.values())
    for opt in rules.OPTIONS:
        codes |= {opt.label, opt.help}
    return codes, prefixes


def test_every_code_of_the_engine_has_words() -> None:
    from games.speedtroedel.texts import TEXTS
    from games.wording import knows

    codes, prefixes = engine_codes()
    assert len(codes) > 60, sorted(codes)
    assert "error.must_follow" in codes and "advice.hint.top_emerald" in codes
    assert "card.colour.e" in codes and "card.special.g" in codes
    missing = sorted(c for c in codes if not knows(c, TEXTS))
    assert not missing
    # the built codes: move.play/pick/swap, advice.head.play/pick/swap/ask
    built = {f"move.{k}" for k in ("play", "pick", "swap")}
    built |= {f"advice.head.{k}" for k in ("play", "pick", "swap", "ask")}
    assert prefixes == {"move.", "advice.head."}
    assert all(knows(c, TEXTS) for c in built)


def test_the_catalogue_has_no_entry_the_engine_never_names() -> None:
    from games.speedtroedel.texts import TEXTS

    codes, prefixes = engine_codes()
    unused = sorted(c for c in set(TEXTS) - codes if not c.startswith(tuple(prefixes)))
    assert not unused


def test_no_german_string_is_left_in_the_engine() -> None:
    assert gt.german_strings(ENGINE_DIR, _GERMAN, proper_names=_PROPER_NAMES) == []


def test_the_german_check_finds_german() -> None:
    assert _GERMAN.search("Du musst Porzellan bedienen.")
    assert _GERMAN.search("Fälschung")
    assert _GERMAN.search("normal gegen leicht")
    assert not _GERMAN.search("error.must_follow")
    assert not _GERMAN.search("leergekauft")


def test_a_refusal_is_a_code_said_in_german() -> None:
    from games.speedtroedel.engine.rules import new_game
    from games.speedtroedel.texts import TEXTS
    from games.wording import say as say_with

    engine = get_engine(SLUG)
    state = new_game(3, engine.validate_options({}, 3), 5)
    other = (state.turn + 1) % 3
    with pytest.raises(IllegalAction) as exc:
        engine.apply(state, other, {"type": "play", "card": state.hands[other] and "P7"})
    assert exc.value.code == "error.not_your_turn"
    with pytest.raises(IllegalAction) as exc:
        engine.apply(state, state.turn, {"type": "play", "card": "E16"})
    assert exc.value.code == "error.not_in_hand"
    with translation.override("de"):
        assert say_with(exc.value.msg, TEXTS) == "Smaragd 16 hast du nicht auf der Hand."


def test_the_presenters_memos_are_kept_per_language() -> None:
    """The presenter looks words up once per language (``_Said``) and memoises faces, chips and
    the last trick with the language in the key: a board in another language never reuses the
    German words of a memo."""
    from games.speedtroedel import components
    from games.speedtroedel import presenter as module

    engine = get_engine(SLUG)
    presenter = presenter_of(SLUG)
    state = engine.new_game(3, engine.validate_options({}, 3), 3)
    names = ["A", "B", "C"]
    components._face_html.cache_clear()
    module._said_in.cache_clear()
    boards, faces = {}, {}
    for language in ("de", "en"):
        with translation.override(language):
            boards[language] = gt.board(presenter, engine, state, 0, names)
            assert module._tr().language == language
        faces[language] = components._face_html.cache_info().currsize
    assert faces["de"] > 0 and faces["en"] == 2 * faces["de"]  # the same faces, once per language
    assert module._said_in("de") is not module._said_in("en")
    assert module._said_in("en")._cards and module._said_in("de")._cards
    # each language its own words (issue 46: the English catalogue)
    assert "Dachboden" in boards["de"] and "Dachboden" not in boards["en"]
    assert "Attic" in boards["en"] and "Attic" not in boards["de"]


def test_the_rat_of_the_last_round_speaks_of_winning_not_of_values() -> None:
    """Issue 41.20: in the round that ends the game the Rat said „Wert von −14,2 (10 für einen
    Sieg plus dein Vorsprung …)“; now it says the chance to win in words."""
    import random

    engine = get_engine(SLUG)
    said: list[str] = []
    for seed in (31, 32, 33):
        state = engine.new_game(3, {"partie_kurz": True}, seed)
        bot, rng = engine.bot("leicht"), random.Random(seed)
        while not engine.view(state, 0)["over"] and len(said) < 8:
            seat = min(engine.actors(state))
            view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
            if seat == 0 and len(legal) > 1 and view["round"] == view["rounds"]:
                with translation.override("de"):
                    said.append(say(SLUG, engine.explain(view, legal).reason))
            engine.apply(state, seat, bot.choose(view, legal, rng))
    ranked = [t for t in said if "Die Partie endet mit dieser Runde" in t]
    assert len(ranked) >= 2, said
    for text in said:
        assert "Wert" not in text and "Vorsprung" not in text, text
        assert re.search(r"[−-]?\d+,\d", text) is None, text  # no rollout value
    chances = ("gewinnst du", "Sieg", "Gewinnen wirst du")
    assert all(any(w in t.split("Sieg.", 1)[1] for w in chances) for t in ranked), ranked
