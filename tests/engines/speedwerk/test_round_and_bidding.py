from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from games.speedwerk.engine.rules import P_BID, P_PLAY, P_TRUMP
from games.speedwerk.texts import TEXTS
from games.wording import say
from tests.engines.speedwerk.helpers import E, bid_all, deal, play


def test_round_r_deals_r_cards_to_everyone() -> None:
    st = E.new_game(4, None, 3, first_round=5)
    assert [len(h) for h in st.hands] == [5, 5, 5, 5]


def test_dealer_rotates_and_the_seat_left_of_the_dealer_bids_first() -> None:
    st = E.new_game(3, None, 3)
    assert (st.dealer, st.turn) == (0, 1)
    st2 = E.new_game(3, None, 3, first_round=2)
    assert (st2.dealer, st2.turn) == (1, 2)


def test_dealer_moves_on_after_a_round() -> None:
    st = E.new_game(3, None, 3, first_round=2)
    while st.round_no == 2:
        seat = min(E.actors(st))
        E.apply(st, seat, E.timeout_action(st, seat))
    assert st.dealer == 2 and st.turn == 0


def test_number_trump_card_makes_its_colour_trump() -> None:
    st = deal([["R1", "R2"], ["B1", "B2"], ["G1", "G2"]], "Y9")
    assert E.view(st, 0)["trump"] == "Y" and E.view(st, 0)["trump_card"] == "Y9"


def test_last_round_without_specials_has_no_trump() -> None:
    st = E.new_game(4, None, 3, first_round=15)
    v = E.view(st, 0)
    assert v["trump_card"] is None and v["trump"] is None and st.phase == P_BID


def test_last_round_with_specials_still_turns_a_trump_card() -> None:
    st = E.new_game(4, {"specials": ["kesselberster"]}, 3, first_round=15)
    assert E.view(st, 0)["trump_card"] is not None


@pytest.mark.parametrize(
    "card,key",
    [
        ("DK", "dampfkoloss"),
        ("TR", "transformator"),
        ("FB", "fliessband"),
        ("DW", "dampfwolke"),
        ("PT", "prototyp"),
        ("BP", "blaupause"),
    ],
)
def test_special_trump_card_lets_the_dealer_name_the_colour(card: str, key: str) -> None:
    st = deal([["R1", "R2"], ["B1", "B2"], ["G1", "G2"]], card, (key,))
    assert st.phase == P_TRUMP and E.actors(st) == {st.dealer}
    E.apply(st, st.dealer, {"type": "trump", "color": "G"})
    assert E.view(st, 0)["trump"] == "G" and st.phase == P_BID


@pytest.mark.parametrize(
    "card,keys",
    [
        ("FF", ("dampfkoloss", "funkenfee")),
        ("KB", ("kesselberster",)),
        ("SS", ("schrottsammlerin",)),
    ],
)
def test_funkenfee_kesselberster_schrottsammlerin_trump_card_means_no_trump(
    card: str, keys: tuple[str, ...]
) -> None:
    st = deal([["R1", "R2"], ["B1", "B2"], ["G1", "G2"]], card, keys)
    assert st.phase == P_BID and E.view(st, 0)["trump"] is None


def test_sum_rule_forbids_the_dealer_the_value_that_makes_the_sum_fit() -> None:
    st = deal([["R1", "R2"], ["B1", "B2"], ["G1", "G2"]], "Y9")  # dealer 1, order 2, 0, 1
    E.apply(st, 2, {"type": "bid", "tricks": 1})
    E.apply(st, 0, {"type": "bid", "tricks": 0})
    assert [a["tricks"] for a in E.legal_actions(st, 1)] == [0, 2]
    with pytest.raises(IllegalAction, match="error.sum_rule"):
        E.apply(st, 1, {"type": "bid", "tricks": 1})


def test_sum_rule_does_not_bind_when_the_others_already_bid_too_much() -> None:
    st = deal([["R1", "R2"], ["B1", "B2"], ["G1", "G2"]], "Y9")
    E.apply(st, 2, {"type": "bid", "tricks": 2})
    E.apply(st, 0, {"type": "bid", "tricks": 1})
    assert [a["tricks"] for a in E.legal_actions(st, 1)] == [0, 1, 2]


def test_sum_rule_can_forbid_the_highest_bid() -> None:
    st = deal([["R1", "R2"], ["B1", "B2"], ["G1", "G2"]], "Y9")
    E.apply(st, 2, {"type": "bid", "tricks": 0})
    E.apply(st, 0, {"type": "bid", "tricks": 0})
    assert [a["tricks"] for a in E.legal_actions(st, 1)] == [0, 1]


def test_sum_rule_binds_only_the_dealer() -> None:
    st = deal([["R1", "R2"], ["B1", "B2"], ["G1", "G2"]], "Y9")
    E.apply(st, 2, {"type": "bid", "tricks": 2})
    assert [a["tricks"] for a in E.legal_actions(st, 0)] == [0, 1, 2]


def test_view_shows_the_forbidden_bid_to_the_dealer() -> None:
    st = deal([["R1", "R2"], ["B1", "B2"], ["G1", "G2"]], "Y9")
    E.apply(st, 2, {"type": "bid", "tricks": 1})
    E.apply(st, 0, {"type": "bid", "tricks": 0})
    assert E.view(st, 1)["forbidden_bid"] == 1


def test_bid_out_of_turn_is_rejected_without_change() -> None:
    st = deal([["R1", "R2"], ["B1", "B2"], ["G1", "G2"]], "Y9")
    before = E.to_json(st)
    with pytest.raises(IllegalAction, match="error.not_your_turn"):
        E.apply(st, 0, {"type": "bid", "tricks": 1})
    assert E.to_json(st) == before


def test_boolean_is_no_bid() -> None:
    st = deal([["R1", "R2"], ["B1", "B2"], ["G1", "G2"]], "Y9")
    with pytest.raises(IllegalAction):
        E.apply(st, 2, {"type": "bid", "tricks": True})


def test_after_the_dealer_bids_the_left_neighbour_leads() -> None:
    st = deal([["R1", "R2"], ["B1", "B2"], ["G1", "G2"]], "Y9")
    bid_all(st)
    assert st.phase == P_PLAY and st.turn == 2


def test_trick_winner_leads_the_next_trick() -> None:
    st = deal([["R1", "R2"], ["R9", "B2"], ["R5", "G2"]], "Y9")
    bid_all(st)
    play(st, "R5")
    play(st, "R1")
    play(st, "R9")
    assert st.won == [0, 1, 0] and st.turn == 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_short_game_has_three_rounds_else_sixty_divided_by_the_players(players: int) -> None:
    assert E.new_game(players, {"kurz": True}, 1).n_rounds == 3
    assert E.new_game(players, None, 1).n_rounds == 60 // players


def test_a_short_game_ends_after_round_three_with_a_result() -> None:
    import random

    st = E.new_game(4, {"kurz": True}, 9)
    rng = random.Random(2)
    while not E.is_over(st):
        seat = min(E.actors(st))
        E.apply(st, seat, rng.choice(E.legal_actions(st, seat)))
    assert len(E.view(st, 0)["sheet"]) == 3 and E.result(st) is not None


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play", "card": "R1"},
        {"type": "trump", "color": "X"},
        {"type": "swap", "give": "R1", "take": "R2"},
        {"type": "play", "card": "PT"},
        {"type": "play", "card": "FB"},
    ],
)
def test_refusals_name_no_internal_codes(action: dict) -> None:
    st = E.new_game(3, {"specials": ["fliessband", "prototyp"]}, 4)
    seat = min(E.actors(st))
    with pytest.raises(IllegalAction) as info:
        E.apply(st, seat, action)
    message = say(info.value.msg, TEXTS)
    for code in ("play_blind", "declare", "give", "take", "keep", "color:", "R, B, G"):
        assert code not in message, message
