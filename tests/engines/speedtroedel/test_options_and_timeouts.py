"""Table options and what the computer does when time runs out."""

from __future__ import annotations

import pytest

from games.engines.base import InvalidOptions
from tests.engines.speedtroedel.helpers import ENGINE, game, said, trick


def test_default_options_are_standard_rules():
    assert ENGINE.validate_options(None, 4) == {
        "partie_kurz": False,
        "ohne_sonderkarten": False,
        "faelschung_ohne_strafe": False,
        "dachboden_offen": False,
    }


@pytest.mark.parametrize("players", [2, 6])
def test_three_to_five_players(players):
    with pytest.raises(InvalidOptions) as exc:
        ENGINE.new_game(players, None, 1)
    assert "3 bis 5" in said(exc.value.msg)


def test_unknown_option_is_rejected():
    with pytest.raises(InvalidOptions) as exc:
        ENGINE.validate_options({"bedenkzeit": 30}, 4)
    assert "Unbekannte Einstellung" in said(exc.value.msg)


def test_option_must_be_on_or_off():
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options({"partie_kurz": 1}, 4)


def test_faelschung_ohne_strafe_needs_special_cards():
    with pytest.raises(InvalidOptions) as exc:
        ENGINE.validate_options({"ohne_sonderkarten": True, "faelschung_ohne_strafe": True}, 4)
    assert "Ohne Sonderkarten" in said(exc.value.msg)


def test_timeout_plays_the_lowest_plain_card_keeping_specials():
    st = game([["P5", "P9", "G", "S1"], ["P6", "S2", "B2", "M2"], ["P7", "S3", "B3", "M3"]])
    assert ENGINE.timeout_action(st, 0) == {"type": "play", "card": "S1"}


def test_timeout_in_tauschrunde_gives_the_weakest_card():
    st = game([["T", "S1", "E9"], ["P6", "F", "B2"], ["P7", "S3", "B3"]])
    trick(st, "T", "P6", "P7")
    assert ENGINE.timeout_action(st, 0) == {"type": "swap", "card": "S1"}
    assert ENGINE.timeout_action(st, 1) == {"type": "swap", "card": "F"}


def test_timeout_in_schnaeppchenblick_takes_the_most_valuable_card():
    st = game([["P5", "S1"], ["P0", "S2"], ["P9", "S3"], ["E7", "S4"]])
    trick(st, "P5", "P0", "P9", "E7")
    assert ENGINE.timeout_action(st, 1) == {"type": "pick", "card": "E7"}


def test_timeout_for_heute_gefragt_names_the_strongest_colour():
    st = game([["P5", "S1", "B1"], ["H", "M12", "M9"], ["P7", "S3", "B3"]])
    trick(st, "P5", "H", "P7")
    assert ENGINE.timeout_action(st, 1) == {"type": "ask", "colour": "M"}


def test_describe_action_is_german():
    assert said(ENGINE.describe_action({"type": "play", "card": "E5"})) == "spielt Smaragd 5"
    assert said(ENGINE.describe_action({"type": "ask", "colour": "B"})) == "fragt Bücher"
