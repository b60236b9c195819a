"""End of a trick: Schnäppchenblick, Fälschung, Ganzer Posten, Tauschrunde and the effects on the
next trick, in the order of RULES-NOTES."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from tests.engines.speedtroedel.helpers import BIG_ATTIC, ENGINE, counter, game, play, said, trick


def pick(st, seat, card):
    return ENGINE.apply(st, seat, {"type": "pick", "card": card})


def swap(st, seat, card):
    return ENGINE.apply(st, seat, {"type": "swap", "card": card})


def ask(st, seat, colour):
    return ENGINE.apply(st, seat, {"type": "ask", "colour": colour})


# -- Schnäppchenblick ------------------------------------------------------------------------
def test_schnaeppchenblick_picks_one_card_then_winner_takes_rest_with_the_zero():
    st = game([["P5", "S1"], ["P0", "S2"], ["P9", "S3"], ["B12", "S4"]])
    trick(st, "P5", "P0", "P9", "B12")
    assert ENGINE.view(st, 1)["phase"] == "pick"
    assert ENGINE.actors(st) == frozenset({1})
    assert [a["card"] for a in ENGINE.legal_actions(st, 1)] == ["P5", "P9", "B12"]
    pick(st, 1, "B12")
    assert counter(st, 1) == ["B12"]
    assert counter(st, 2) == ["P0", "P5", "P9"]  # the 0 goes with the rest to the winner
    assert st.turn == 2


def test_several_zeros_pick_in_the_order_they_were_played():
    st = game([["P5", "S1"], ["P0", "S2"], ["P9", "S3"], ["E0", "S4"]])
    trick(st, "P5", "P0", "P9", "E0")  # E0 is Smaragd: seat 3 wins, seat 1 picks
    assert st.tricks == [] and st.turn == 1
    pick(st, 1, "P9")
    assert counter(st, 3) == ["P0", "P5", "E0"]
    assert counter(st, 1) == ["P9"]


def test_second_zero_picks_after_the_first():
    st = game([["P5", "S1"], ["P0", "S2"], ["P9", "S3"], ["S0", "S4"]])
    trick(st, "P5", "P0", "P9", "S0")  # seat 2 wins; seat 1 then seat 3 pick
    assert st.turn == 1
    pick(st, 1, "S0")  # a 0 may take another 0
    assert st.turn == 3
    assert [a["card"] for a in ENGINE.legal_actions(st, 3)] == ["P0", "P5", "P9"]
    pick(st, 3, "P0")
    assert counter(st, 1) == ["S0"] and counter(st, 3) == ["P0"]
    assert counter(st, 2) == ["P5", "P9"]


def test_zero_of_the_winner_does_not_pick():
    st = game([["E0", "S1"], ["P6", "S2"], ["P9", "S3"]])
    trick(st, "E0", "P6", "P9")
    assert ENGINE.view(st, 0)["phase"] == "play"
    assert counter(st, 0) == ["P6", "P9", "E0"]


def test_single_possible_pick_is_taken_without_asking():
    st = game([["T", "S1"], ["F", "S2"], ["P0", "S3"]], options=None)
    trick(st, "T", "F", "P0")  # P0 wins (only colour card) -> no pick; swap follows
    assert ENGINE.view(st, 0)["phase"] == "swap"
    st = game([["P5", "S1"], ["P0", "S2"], ["P9", "S3"]])
    trick(st, "P5", "P0", "P9")
    assert ENGINE.view(st, 0)["phase"] == "pick"  # two cards to choose from


def test_pick_of_a_card_not_in_the_trick_is_rejected():
    st = game([["P5", "S1"], ["P0", "S2"], ["P9", "S3"]])
    trick(st, "P5", "P0", "P9")
    before = ENGINE.to_json(st)
    with pytest.raises(IllegalAction):
        pick(st, 1, "P0")  # its own 0
    with pytest.raises(IllegalAction):
        pick(st, 1, "S2")
    with pytest.raises(IllegalAction) as exc:
        pick(st, 0, "P9")
    assert "nicht am Zug" in said(exc.value.msg)
    assert ENGINE.to_json(st) == before


# -- Fälschung ---------------------------------------------------------------------------------
def test_faelschung_costs_three_points_at_once():
    st = game([["P5", "S1"], ["F", "S2"], ["P9", "S3"]])
    events = trick(st, "P5", "F", "P9")
    assert {"type": "penalty", "seat": 2, "points": -3} in events
    assert st.scores == [0, 0, -3]
    assert counter(st, 2) == ["P5", "P9", "F"]


def test_faelschung_picked_by_schnaeppchenblick_costs_the_picker():
    st = game([["P5", "S1"], ["P0", "S2"], ["P9", "S3"], ["F", "S4"]])
    trick(st, "P5", "P0", "P9", "F")
    pick(st, 1, "F")
    assert st.scores == [0, -3, 0, 0]


def test_faelschung_ohne_strafe_costs_nothing():
    st = game([["P5", "S1"], ["F", "S2"], ["P9", "S3"]], options={"faelschung_ohne_strafe": True})
    trick(st, "P5", "F", "P9")
    assert st.scores == [0, 0, 0]


def test_faelschung_counts_one_point_at_round_end_and_stays_in_the_box():
    st = game([["P5"], ["F"], ["P9"]], attic=BIG_ATTIC)
    trick(st, "P5", "F", "P9")
    # round end: 3 cards on the counter = +3, minus the 3 of the Fälschung
    assert st.scores == [0, 0, 0]
    assert st.rnd == 1
    assert "F" in ENGINE.view(st, 2)["hand"] + ENGINE.view(st, 2)["box"]


# -- Ganzer Posten -----------------------------------------------------------------------------
def test_ganzer_posten_takes_all_other_cards_winner_gets_posten_and_leads():
    st = game([["P5", "S1"], ["G", "S2"], ["P9", "S3"], ["P7", "S4"]])
    trick(st, "P5", "G", "P9", "P7")
    assert counter(st, 1) == ["P5", "P7", "P9"]
    assert counter(st, 2) == ["G"]
    assert st.turn == 2


def test_first_zero_after_posten_takes_the_posten_other_zeros_get_nothing():
    st = game([["P0", "S1"], ["G", "S2"], ["P9", "S3"], ["S0", "S4"], ["B0", "S5"]])
    trick(st, "P0", "G", "P9", "S0", "B0")
    assert ENGINE.view(st, 0)["phase"] == "play"  # no Schnäppchenblick choice at all
    assert counter(st, 1) == ["P0", "P9", "S0", "B0"]
    assert counter(st, 3) == ["G"]
    assert counter(st, 0) == [] and counter(st, 4) == []
    assert st.turn == 2  # the winner leads


def test_posten_played_by_the_winner_gives_everything_to_him():
    st = game([["P5", "S1"], ["G", "E9"], ["P9", "S3"]])
    play(st, 0, "P5")
    play(st, 1, "G")
    play(st, 2, "P9")
    assert counter(st, 2) == ["G"] and counter(st, 1) == ["P5", "P9"]


# -- Tauschrunde -------------------------------------------------------------------------------
def test_tauschrunde_everyone_chooses_at_once_and_passes_left():
    st = game([["T", "S1", "B1"], ["P6", "S2", "B2"], ["P7", "S3", "B3"]])
    trick(st, "T", "P6", "P7")
    assert ENGINE.actors(st) == frozenset({0, 1, 2})
    swap(st, 2, "S3")
    assert ENGINE.actors(st) == frozenset({0, 1})
    v = ENGINE.view(st, 0)
    assert v["swap_ready"] == [2] and "S3" not in repr(v)
    with pytest.raises(IllegalAction) as exc:
        swap(st, 2, "B3")
    assert "schon gewählt" in said(exc.value.msg)
    swap(st, 0, "B1")
    swap(st, 1, "S2")
    assert sorted(ENGINE.view(st, 0)["hand"]) == sorted(["S1", "S3"])
    assert sorted(ENGINE.view(st, 1)["hand"]) == sorted(["B1", "B2"])
    assert sorted(ENGINE.view(st, 2)["hand"]) == sorted(["S2", "B3"])
    assert ENGINE.view(st, 0)["swap"] == {"gave": "B1", "to": 1, "got": "S3", "from": 2}
    assert st.turn == 2 and ENGINE.view(st, 0)["phase"] == "play"


def test_tauschrunde_clears_crossed_out_colours():
    st = game([["P5", "T", "B1"], ["S6", "E7", "B2"], ["P7", "S3", "B3"]])
    trick(st, "P5", "S6", "P7")
    trick(st, "B3", "T", "B2")
    assert ENGINE.view(st, 0)["voids"] == [[], ["P"], []]
    for seat in range(3):
        swap(st, seat, ENGINE.view(st, seat)["hand"][0])
    assert ENGINE.view(st, 0)["voids"] == [[], [], []]


def test_tauschrunde_in_the_last_trick_does_nothing():
    st = game([["T"], ["P6"], ["P7"]], attic=BIG_ATTIC)
    trick(st, "T", "P6", "P7")
    assert ENGINE.view(st, 0)["phase"] == "play" and st.rnd == 1


# -- Vordrängeln, Heute gefragt, Ramschtag -------------------------------------------------------
def test_vordraengeln_player_leads_the_next_trick():
    st = game([["P5", "S1"], ["V", "S2"], ["P9", "S3"]])
    trick(st, "P5", "V", "P9")
    assert st.tricks[-1][3] == 2
    assert st.turn == 1 and st.leader == 1


def test_heute_gefragt_caller_names_colour_after_the_swap():
    st = game([["T", "S1", "B1"], ["H", "S2", "B2"], ["P7", "S3", "B3"]])
    trick(st, "T", "H", "P7")
    assert ENGINE.view(st, 0)["phase"] == "swap"
    for s, k in ((0, "B1"), (1, "B2"), (2, "B3")):
        swap(st, s, k)
    assert ENGINE.view(st, 0)["phase"] == "ask" and ENGINE.actors(st) == frozenset({1})
    assert [a["colour"] for a in ENGINE.legal_actions(st, 1)] == list("PSBME")
    ask(st, 1, "S")
    assert ENGINE.view(st, 0)["gefragt"] == {"seat": 1, "colour": "S"}
    assert st.turn == 2  # the winner leads


def test_heute_gefragt_leader_must_follow_the_named_colour():
    st = game([["P5", "S1", "B1"], ["H", "S2", "B2"], ["P7", "S3", "B3"]])
    trick(st, "P5", "H", "P7")
    ask(st, 1, "B")
    assert [a["card"] for a in ENGINE.legal_actions(st, 2)] == ["B3"]


def test_heute_gefragt_caller_wins_if_nobody_follows_or_trumps():
    st = game([["P5", "S1", "P1"], ["H", "S2", "P2"], ["P7", "S3", "P3"]])
    trick(st, "P5", "H", "P7")
    ask(st, 1, "B")
    trick(st, "S3", "S1", "S2")
    assert st.tricks[-1][3] == 1


def test_heute_gefragt_smaragd_still_trumps():
    st = game([["P5", "S1", "P1"], ["H", "E2", "P2"], ["P7", "B3", "P3"]])
    trick(st, "P5", "H", "P7")
    ask(st, 1, "B")
    trick(st, "B3", "S1", "E2")
    assert st.tricks[-1][3] == 1
    st = game([["P5", "S1", "B1"], ["H", "S2", "P2"], ["P7", "B3", "E3"]])
    trick(st, "P5", "H", "P7")
    ask(st, 1, "S")
    trick(st, "E3", "S1", "S2")
    assert st.tricks[-1][3] == 2


def test_ramschtag_lowest_card_of_the_suit_wins():
    st = game([["P5", "B4", "S9"], ["R", "B2", "S8"], ["P7", "B9", "S7"]])
    trick(st, "P5", "R", "P7")
    assert ENGINE.view(st, 0)["ramsch"] is True
    trick(st, "B9", "B4", "B2")
    assert st.tricks[-1][3] == 1
    assert ENGINE.view(st, 0)["ramsch"] is False  # only for one trick


def test_ramschtag_lowest_smaragd_wins_if_one_lies_in_the_trick():
    st = game([["P5", "E4", "S9"], ["R", "E2", "S8"], ["P7", "B9", "S7"]])
    trick(st, "P5", "R", "P7")
    trick(st, "B9", "E4", "E2")
    assert st.tricks[-1][3] == 1


def test_ramschtag_with_heute_gefragt_lowest_of_named_colour_else_caller():
    st = game([["R", "S4", "P9", "P1"], ["H", "S2", "P8", "P2"], ["P7", "S9", "B9", "P3"]])
    trick(st, "R", "H", "P7")
    ask(st, 1, "S")
    trick(st, "S9", "S4", "S2")
    assert st.tricks[-1][3] == 1
    st = game([["R", "S4", "P9", "P1"], ["H", "B2", "P8", "P2"], ["P7", "B9", "B8", "P3"]])
    trick(st, "R", "H", "P7")
    ask(st, 1, "S")
    trick(st, "B9", "S4", "B2")
    assert st.tricks[-1][3] == 0
    st = game([["R", "B4", "P9", "P1"], ["H", "B2", "P8", "P2"], ["P7", "B9", "B8", "P3"]])
    trick(st, "R", "H", "P7")
    ask(st, 1, "S")
    trick(st, "B9", "B4", "B2")
    assert st.tricks[-1][3] == 1  # nobody followed or trumped: the caller


def test_next_trick_effects_lapse_in_the_last_trick():
    st = game([["V"], ["H"], ["R"]], attic=BIG_ATTIC)
    trick(st, "V", "H", "R")
    v = ENGINE.view(st, 0)
    assert v["phase"] == "play" and v["round"] == 2
    assert v["gefragt"] is None and v["ramsch"] is False


def test_vordraengeln_beats_the_posten_winners_lead():
    st = game([["P5", "S1"], ["G", "S2"], ["P9", "S3"], ["V", "S4"]])
    trick(st, "P5", "G", "P9", "V")
    assert counter(st, 1) == ["P5", "P9", "V"] and counter(st, 2) == ["G"]
    assert st.turn == 3


def test_faelschung_taken_with_the_ganzer_posten_costs_its_player():
    st = game([["P5", "S1"], ["G", "S2"], ["P9", "S3"], ["F", "S4"]])
    trick(st, "P5", "G", "P9", "F")
    assert st.scores == [0, -3, 0, 0]


def test_heute_gefragt_caller_wins_a_trick_of_only_special_cards():
    st = game([["P5", "V", "P1"], ["H", "S2", "R"], ["P7", "T", "P3"]])
    trick(st, "P5", "H", "P7")
    ask(st, 1, "B")
    trick(st, "T", "V", "R")
    assert st.tricks[-1][3] == 1


def test_tauschrunde_happens_before_heute_gefragt_and_ramschtag_applies_after():
    st = game([["T", "S1", "B1"], ["H", "S2", "B2"], ["R", "S3", "B3"]])
    trick(st, "T", "H", "R")  # only specials: seat 0 wins and leads
    assert ENGINE.view(st, 0)["phase"] == "swap"
    pending = ENGINE.view(st, 0)["pending"]
    assert pending["gefragt"] == 1 and pending["ramsch"] is True and pending["tausch"] is True
    for seat, k in ((0, "B1"), (1, "B2"), (2, "B3")):
        swap(st, seat, k)
    ask(st, 1, "S")
    v = ENGINE.view(st, 0)
    assert v["gefragt"] == {"seat": 1, "colour": "S"} and v["ramsch"] is True and st.turn == 0
    trick(st, "S1", "S2", "S3")
    assert st.tricks[-1][3] == 0  # lowest Spielzeug wins on Ramschtag
