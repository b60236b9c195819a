"""Round 1: everyone sees the others' cards, never their own (3 players: dealer 0, seat 1 leads)."""

from __future__ import annotations

import json
import random

import pytest

from games.engines.base import IllegalAction
from games.speedwerk.engine.rules import P_PLAY
from tests.engines.speedwerk.helpers import E, bid_all, deal


def test_blind_view_hides_the_own_card_and_shows_the_others() -> None:
    st = deal([["R5"], ["B7"], ["G9"]], "Y1")
    v = E.view(st, 0)
    assert v["blind"] is True and v["hand"] == [] and v["hand_sizes"] == [1, 1, 1]
    assert v["blind_cards"] == [None, "B7", "G9"]
    assert "R5" not in json.dumps(v)


def test_spectator_sees_no_card_in_the_blind_round() -> None:
    st = deal([["R5"], ["B7"], ["G9"]], "Y1")
    text = json.dumps(E.view(st, None))
    assert not any(c in text for c in ("R5", "B7", "G9"))


def test_blind_card_is_played_without_naming_it() -> None:
    st = deal([["R5"], ["B7"], ["G9"]], "Y1")
    bid_all(st)
    assert E.legal_actions(st, 1) == [{"type": "play_blind"}]
    with pytest.raises(IllegalAction, match="error.blind_play"):
        E.apply(st, 1, {"type": "play", "card": "B7"})


def test_played_blind_card_becomes_public() -> None:
    st = deal([["R5"], ["B7"], ["G9"]], "Y1")
    bid_all(st)
    events = E.apply(st, 1, {"type": "play_blind"})
    assert events[0]["card"] == "B7"
    assert E.view(st, 1)["trick"] == [{"seat": 1, "card": "B7"}]


def _play_blind_trick(st) -> list[dict]:
    events = []
    while st.phase == P_PLAY:
        events += E.apply(st, st.turn, {"type": "play_blind"})
    return events


@pytest.mark.parametrize("bids,colour,winner", [([1, 1, 0], "R", 1), ([0, 0, 0], "G", 2)])
def test_blind_fliessband_colour_is_chosen_for_the_bid(
    bids: list[int], colour: str, winner: int
) -> None:
    st = deal([["R5"], ["FB"], ["G9"]], "Y1", ("fliessband",))
    bid_all(st, bids)
    events = _play_blind_trick(st)
    assert events[0]["color"] == colour
    assert st.sheet[-1]["won"][winner] == 1


@pytest.mark.parametrize("bids,declare", [([1, 1, 0], "meisterwerk"), ([0, 0, 0], "blindgaenger")])
def test_blind_prototyp_is_declared_for_the_bid(bids: list[int], declare: str) -> None:
    st = deal([["R5"], ["PT"], ["G9"]], "Y1", ("prototyp",))
    bid_all(st, bids)
    events = _play_blind_trick(st)
    assert events[0]["declare"] == declare


def test_re_dealing_a_blind_view_changes_only_the_own_card() -> None:
    st = deal([["R5"], ["B7"], ["G9"]], "Y1")
    view = E.view(st, 0)
    seen = set()
    for i in range(30):
        sample = E.sample_state(view, random.Random(i))
        assert E.view(sample, 0) == view
        assert sample.hands[1] == st.hands[1] and sample.hands[2] == st.hands[2]
        seen.add(sample.hands[0][0])
    assert len(seen) > 5


def test_the_dealer_names_trump_in_the_blind_round_too() -> None:
    st = deal([["R5"], ["B7"], ["G9"]], "DK", ("dampfkoloss",))
    assert E.legal_actions(st, 0)[0] == {"type": "trump", "color": "R"}
