"""Setup, round end (Kassensturz), drawing for the next round, Leergekauft, game end."""

from __future__ import annotations

import pytest

from games.speedtroedel.engine.cards import ATTIC_CARDS, TIER, code, start_cards
from games.speedtroedel.engine.rules import hand_sizes
from tests.engines.speedtroedel.helpers import BIG_ATTIC, ENGINE, game, trick

BOXES = [["B3", "B4", "B5", "B6"], ["M3", "M4", "M5", "M6"], []]


def last_trick_game(**kw):
    """3 players, one card each left; seat 2 takes the last trick (P5, P6, P7)."""
    kw.setdefault("boxes", [b[:] for b in BOXES])
    kw.setdefault("attic", BIG_ATTIC)
    return game([["P5"], ["P6"], ["P7"]], **kw)


# -- setup -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "count", "missing"),
    [(3, 30, {"P1", "P2", "P3", "S3", "B1", "B2", "M2"}), (4, 36, {"P1", "M1"}), (5, 40, set())],
)
def test_start_cards_per_player_count(players, count, missing):
    cards = {code(c) for c in start_cards(players)}
    assert len(cards) == count
    assert not cards & missing
    st = ENGINE.new_game(players, None, 99)
    dealt = sorted(c for h in st.hands for c in h)
    assert dealt == sorted(start_cards(players))
    assert {len(h) for h in st.hands} == {hand_sizes(players, False)[0]}


def test_attic_has_sixty_cards_in_five_tiers_schuppen_on_top():
    st = ENGINE.new_game(4, None, 5)
    assert sorted(st.attic) == sorted(ATTIC_CARDS)
    tiers = [TIER[c] for c in st.attic]
    assert tiers == sorted(tiers) and tiers[0] == 1 and tiers[-1] == 5
    assert [tiers.count(t) for t in range(1, 6)] == [12] * 5
    assert ENGINE.view(st, 0)["attic"] == {
        "count": 60,
        "tiers": [12] * 5,
        "top_stars": 1,
        "top": None,
    }


def test_each_tier_is_shuffled_on_its_own():
    orders = {tuple(ENGINE.new_game(4, None, seed).attic[:12]) for seed in range(5)}
    assert len(orders) > 1


def test_ohne_sonderkarten_attic_has_53_cards_without_specials():
    st = ENGINE.new_game(3, {"ohne_sonderkarten": True}, 5)
    assert len(st.attic) == 53 and all(c < 100 for c in st.attic)


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (3, (10, 10, 11, 11, 12, 12, 13, 13)),
        (4, (9, 9, 10, 10, 11, 11, 12, 12)),
        (5, (8, 8, 9, 9, 10, 10, 11, 11)),
    ],
)
def test_hand_sizes_per_round(players, sizes):
    assert hand_sizes(players, False) == sizes
    assert hand_sizes(players, True) == sizes[::2]


def test_partie_kurz_plays_four_rounds():
    v = ENGINE.view(ENGINE.new_game(3, {"partie_kurz": True}, 1), 0)
    assert v["rounds"] == 4 and v["hand_sizes"] == [10, 11, 12, 13]


def test_round_one_leader_is_drawn_by_lot():
    leaders = {ENGINE.new_game(4, None, seed).leader for seed in range(40)}
    assert leaders == {0, 1, 2, 3}


def test_stacked_deck_deals_blocks_and_takes_the_attic_after_the_separator():
    start = [code(c) for c in start_cards(3)]
    st = ENGINE.new_game(3, None, 1, deck=start + ["|", "E16", "F", "E15", "F"])
    assert [code(c) for c in st.hands[0]] == sorted(start[:10], key=lambda k: start.index(k))
    assert [code(c) for c in st.attic] == ["E16", "F", "E15", "F"]
    assert st.attic[1] != st.attic[3]  # two different Fälschungen
    assert st.leader == 0


def test_stacked_deck_with_wrong_size_is_rejected():
    with pytest.raises(ValueError):
        ENGINE.new_game(3, None, 1, deck=["P4", "P5"])
    with pytest.raises(ValueError):
        ENGINE.new_game(3, None, 1, deck=["P4"] * 30)


# -- round end ---------------------------------------------------------------------------------
def test_round_end_scores_one_point_per_counter_card():
    st = last_trick_game()
    st.counters[0] = [20 + 11, 20 + 12]  # S11, S12 caught earlier
    events = trick(st, "P5", "P6", "P7")
    assert st.scores == [2, 0, 3]
    assert {"type": "round_end", "round": 1, "scores": [2, 0, 3]} in events


def test_caught_cards_go_under_the_rest_of_the_box():
    boxes = [[f"B{v}" for v in range(1, 11)] + ["M1", "M2"], ["M3", "M4", "M5", "M6"], []]
    st = last_trick_game(boxes=boxes)
    st.counters[0] = [20 + 11, 20 + 12, 20 + 13]
    trick(st, "P5", "P6", "P7")
    assert [code(c) for c in st.hands[0]] == [f"B{v}" for v in range(1, 11)]
    assert [code(c) for c in st.boxes[0][:2]] == ["M1", "M2"]
    assert sorted(code(c) for c in st.boxes[0][2:]) == ["S11", "S12", "S13"]


def test_attic_draw_biggest_need_first_ties_by_earlier_play_in_last_trick():
    st = last_trick_game()
    events = trick(st, "P5", "P6", "P7")
    # needs: seat 2 7 (3 caught), seats 0 and 1 6 each; seat 0 played earlier than seat 1
    draws = [e for e in events if e["type"] == "round_start"][0]
    assert draws["attic_draws"] == [6, 6, 7]
    attic = BIG_ATTIC
    assert sorted(code(c) for c in st.hands[2]) == sorted(["P5", "P6", "P7"] + attic[:7])
    assert sorted(code(c) for c in st.hands[0]) == sorted(BOXES[0] + attic[7:13])
    assert sorted(code(c) for c in st.hands[1]) == sorted(BOXES[1] + attic[13:19])


def test_attic_tie_follows_the_order_of_the_last_trick_not_the_seat_number():
    st = game([["P5"], ["P6"], ["P7"]], leader=1, boxes=[b[:] for b in BOXES], attic=BIG_ATTIC)
    trick(st, "P6", "P7", "P5")  # order 1, 2, 0: seat 1 before seat 0
    assert sorted(code(c) for c in st.hands[1]) == sorted(BOXES[1] + BIG_ATTIC[7:13])
    assert sorted(code(c) for c in st.hands[0]) == sorted(BOXES[0] + BIG_ATTIC[13:19])


def test_lowest_score_leads_next_round_ties_by_earlier_play():
    st = last_trick_game()
    trick(st, "P5", "P6", "P7")
    assert st.leader == 0 and st.turn == 0
    st = game([["P5"], ["P6"], ["P7"]], leader=1, boxes=[b[:] for b in BOXES], attic=BIG_ATTIC)
    trick(st, "P6", "P7", "P5")
    assert st.leader == 1
    st = last_trick_game(scores=[5, 9, 0])
    trick(st, "P5", "P6", "P7")
    assert st.scores == [5, 9, 3] and st.leader == 2


def test_crossed_out_colours_and_tricks_reset_for_the_new_round():
    st = last_trick_game()
    trick(st, "P5", "P6", "P7")
    v = ENGINE.view(st, 0)
    assert v["tricks"] == [] and v["voids"] == [[], [], []]
    assert v["last_trick"]["winner"] == 2 and v["last_trick_round"] == 1


def test_leergekauft_ends_the_game_at_once_without_partial_draws():
    st = last_trick_game(attic=BIG_ATTIC[:18])  # 19 cards needed
    events = trick(st, "P5", "P6", "P7")
    assert ENGINE.actors(st) == frozenset()
    assert st.hands == [[], [], []] and len(st.attic) == 18
    assert events[-1]["type"] == "game_over" and events[-1]["reason"] == "leergekauft"
    result = ENGINE.result(st)
    assert result is not None and result.winners == [2]
    assert result.details["leergekauft"] is True
    assert ENGINE.view(st, 0)["end"] == "leergekauft"


def test_knapp_when_the_attic_will_not_serve_everyone_by_the_current_standing():
    st = last_trick_game(attic=BIG_ATTIC[:22])
    v = ENGINE.view(st, 2)
    # needs by box plus counter: 6 + 6 + 10 = 22
    assert v["knapp"] is False and v["missing_next"] == 10
    st = last_trick_game(attic=BIG_ATTIC[:21])
    assert ENGINE.view(st, 0)["knapp"] is True
    assert ENGINE.view(st, 0)["missing_next"] == 6


def test_after_the_last_round_the_highest_score_wins_ties_share():
    st = last_trick_game(scores=[10, 14, 11], rnd=7)
    trick(st, "P5", "P6", "P7")
    result = ENGINE.result(st)
    assert result is not None
    assert result.scores == [10, 14, 14]
    assert result.winners == [1, 2] and result.places == [3, 1, 1]
    assert result.leaderboard == [12, 24, 24]


def test_leaderboard_points_never_below_zero():
    st = last_trick_game(scores=[-9, 14, 11], rnd=7)
    trick(st, "P5", "P6", "P7")
    result = ENGINE.result(st)
    assert result is not None and result.leaderboard[0] == 2  # 0 points + 2 for place 3


def test_result_is_none_while_running():
    assert ENGINE.result(last_trick_game()) is None
