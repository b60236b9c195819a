"""A trick: following, trumping, winning, special cards, crossed-out colours."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from tests.engines.speedtroedel.helpers import ENGINE, game, legal_cards, play, said, trick


def test_leader_may_lead_any_card():
    st = game([["P5", "E3", "T"], ["P6", "S2", "B2"], ["P7", "S3", "B3"]])
    assert legal_cards(st, 0) == ["P5", "E3", "T"]


def test_must_follow_suit_when_holding_it():
    st = game([["P5", "E3"], ["P6", "E4"], ["S7", "E5"]])
    play(st, 0, "P5")
    assert legal_cards(st, 1) == ["P6"]
    with pytest.raises(IllegalAction) as exc:
        play(st, 1, "E4")
    assert "Porzellan bedienen" in said(exc.value.msg)


def test_void_player_may_discard_or_trump_never_forced():
    st = game([["P5", "E3"], ["S6", "E4"], ["S7", "E5"]])
    play(st, 0, "P5")
    assert legal_cards(st, 1) == ["S6", "E4"]
    play(st, 1, "S6")  # discarding is fine although a Smaragd is in hand
    assert st.turn == 2


def test_smaragd_led_must_be_followed():
    st = game([["E3", "P5"], ["E4", "P6"], ["S7", "P7"]])
    play(st, 0, "E3")
    assert legal_cards(st, 1) == ["E4"]
    assert legal_cards(st, 2) == []  # not their turn yet
    play(st, 1, "E4")
    assert legal_cards(st, 2) == ["P7", "S7"]


def test_highest_smaragd_wins():
    st = game([["P5", "S1"], ["E2", "S2"], ["E1", "S3"]])
    events = trick(st, "P5", "E2", "E1")
    assert {"type": "trick_won", "seat": 1} in events
    assert st.leader == 1 and st.turn == 1


def test_highest_card_of_suit_led_wins_without_smaragd():
    st = game([["P5", "S1"], ["P9", "S2"], ["B18", "S3"]])
    trick(st, "P5", "P9", "B18")
    assert st.tricks[-1][3] == 1  # the off-suit 18 does not win


def test_special_card_may_always_be_played():
    st = game([["P5", "S1"], ["P6", "V"], ["P7", "S3"]])
    play(st, 0, "P5")
    assert legal_cards(st, 1) == ["P6", "V"]
    play(st, 1, "V")


def test_special_lead_lets_next_colour_card_set_the_suit():
    st = game([["T", "S1"], ["B6", "P6"], ["B7", "P7"]])
    play(st, 0, "T")
    assert legal_cards(st, 1) == ["P6", "B6"]
    play(st, 1, "B6")
    assert ENGINE.view(st, 2)["follow"] == "B"
    assert legal_cards(st, 2) == ["B7"]


def test_only_special_cards_first_one_wins():
    st = game([["V", "S1"], ["R", "S2"], ["T", "S3"]], leader=1, options=None)
    play(st, 1, "R")
    play(st, 2, "T")
    play(st, 0, "V")
    assert st.tricks[-1][3] == 1


def test_failing_to_follow_crosses_out_the_colour_publicly():
    st = game([["P5", "S1"], ["S6", "E4"], ["P7", "S3"]])
    play(st, 0, "P5")
    play(st, 1, "E4")
    assert ENGINE.view(st, 2)["voids"] == [[], ["P"], []]
    assert ENGINE.view(st, None)["voids"][1] == ["P"]


def test_playing_a_special_card_crosses_out_nothing():
    st = game([["P5", "S1"], ["P6", "V"], ["P7", "S3"]])
    play(st, 0, "P5")
    play(st, 1, "V")
    assert ENGINE.view(st, 0)["voids"] == [[], [], []]


def test_playing_out_of_turn_is_rejected():
    st = game([["P5", "S1"], ["P6", "S2"], ["P7", "S3"]])
    with pytest.raises(IllegalAction) as exc:
        play(st, 1, "P6")
    assert "nicht am Zug" in said(exc.value.msg)


def test_card_not_in_hand_is_rejected():
    st = game([["P5", "S1"], ["P6", "S2"], ["P7", "S3"]])
    with pytest.raises(IllegalAction) as exc:
        play(st, 0, "P9")
    assert "nicht auf der Hand" in said(exc.value.msg)


@pytest.mark.parametrize(
    "bad",
    [
        {},
        None,
        "play",
        [],
        {"type": "play"},
        {"type": "play", "card": 7},
        {"type": "play", "card": "XX"},
        {"type": "play", "card": "P5", "extra": 1},
        {"type": "pick", "card": "P5"},
        {"type": "ask", "colour": "P"},
        {"type": None},
    ],
)
def test_forged_actions_raise_and_leave_state_untouched(bad):
    st = game([["P5", "S1"], ["P6", "S2"], ["P7", "S3"]])
    before = ENGINE.to_json(st)
    with pytest.raises(IllegalAction) as exc:
        ENGINE.apply(st, 0, bad)
    assert exc.value.code.startswith("error.")
    assert said(exc.value.msg)
    assert ENGINE.to_json(st) == before


def test_events_are_public():
    st = game([["P5", "S1"], ["P6", "S2"], ["P7", "S3"]])
    events = trick(st, "P5", "P6", "P7")
    text = repr(events)
    assert "S1" not in text and "S2" not in text and "S3" not in text
