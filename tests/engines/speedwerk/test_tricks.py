"""Following suit, trump, and the evaluation order (3 players, round 2: seat 2 leads)."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from tests.engines.speedwerk.helpers import E, play, start


def test_must_follow_the_suit_with_a_number_card() -> None:
    st = start([["R3", "B4"], ["R9", "B2"], ["R5", "G2"]], "Y9")
    play(st, "R5")
    with pytest.raises(IllegalAction, match="error.must_follow"):
        play(st, "B4")


def test_special_card_may_be_played_even_when_able_to_follow() -> None:
    st = start([["R3", "DK"], ["R9", "B2"], ["R5", "G2"]], "Y9", ("dampfkoloss",))
    play(st, "R5")
    play(st, "DK")
    assert len(st.trick) == 2


def test_not_following_marks_the_suit_as_void() -> None:
    st = start([["B4", "G4"], ["R9", "B2"], ["R5", "G2"]], "Y9")
    play(st, "R5")
    play(st, "B4")
    assert E.view(st, 2)["voids"][0] == ["R"]


def test_highest_trump_wins() -> None:
    st = start([["Y1", "B4"], ["R14", "B2"], ["R15", "G2"]], "Y9")
    play(st, "R15")
    play(st, "Y1")
    play(st, "R14")
    assert st.won == [1, 0, 0]


def test_without_trump_the_highest_card_of_the_suit_wins() -> None:
    st = start([["B15", "B4"], ["R6", "B2"], ["R5", "G2"]], "Y9")
    play(st, "R5")
    play(st, "B15")
    play(st, "R6")
    assert st.won == [0, 1, 0]


def test_dampfkoloss_beats_meisterwerk_and_highest_trump() -> None:
    st = start([["PT", "B4"], ["DK", "B2"], ["R15", "G2"]], "R1", ("dampfkoloss", "prototyp"))
    play(st, "R15")
    play(st, "PT", declare="meisterwerk")
    play(st, "DK")
    assert st.won == [0, 1, 0]


def test_dampfkoloss_lead_lets_the_next_number_card_set_the_suit() -> None:
    st = start([["R3", "B4"], ["R9", "B2"], ["DK", "G2"]], "Y9", ("dampfkoloss",))
    play(st, "DK")
    play(st, "R3")
    assert E.view(st, 1)["suit"] == "R"
    with pytest.raises(IllegalAction, match="error.must_follow"):
        play(st, "B2")


def test_funkenfee_beats_the_dampfkoloss() -> None:
    st = start([["FF", "B4"], ["R15", "B2"], ["DK", "G2"]], "R1", ("dampfkoloss", "funkenfee"))
    play(st, "DK")
    play(st, "FF")
    play(st, "R15")
    assert st.won == [1, 0, 0]


def test_funkenfee_loses_to_number_cards_without_a_dampfkoloss() -> None:
    st = start([["FF", "B4"], ["B3", "B2"], ["R2", "G2"]], "Y1", ("dampfkoloss", "funkenfee"))
    play(st, "R2")
    play(st, "FF")
    play(st, "B3")
    assert st.won == [0, 0, 1]


def test_funkenfee_beats_schrottsammlerin_when_no_number_card_lies() -> None:
    # trump card Schrottsammlerin: no trump, the Blaupause plays as a second Schrottsammlerin
    specials = ("dampfkoloss", "funkenfee", "schrottsammlerin", "blaupause")
    st = start([["FF", "B4"], ["BP", "B2"], ["G2", "G3"]], "SS", specials)
    play(st, "G2")  # seat 2 leads a number card …
    play(st, "FF")
    play(st, "BP")
    assert st.won == [0, 0, 1]  # … which wins


def test_first_blindgaenger_wins_a_trick_without_number_cards() -> None:
    specials = ("dampfkoloss", "funkenfee", "prototyp", "schrottsammlerin")
    st = start([["PT", "B4"], ["SS", "B2"], ["FF", "G3"]], "Y1", specials)
    play(st, "FF")
    play(st, "PT", declare="blindgaenger")
    play(st, "SS")
    assert st.won == [1, 0, 0]


def test_kesselberster_nobody_takes_the_trick_and_the_would_be_winner_leads() -> None:
    st = start([["KB", "B4"], ["R12", "B2"], ["R10", "G2"]], "Y1", ("kesselberster",))
    play(st, "R10")
    play(st, "KB")
    play(st, "R12")
    assert st.won == [0, 0, 0] and st.turn == 1


def test_kesselberster_beats_dampfkoloss_and_funkenfee_the_fee_leads_next() -> None:
    specials = ("dampfkoloss", "funkenfee", "kesselberster")
    st = start([["DK", "B4"], ["FF", "B2"], ["KB", "G2"]], "Y1", specials)
    play(st, "KB")
    play(st, "DK")
    play(st, "FF")
    assert st.won == [0, 0, 0] and st.turn == 1


def test_meisterwerk_beats_the_highest_trump() -> None:
    st = start([["PT", "B4"], ["R14", "B2"], ["R15", "G2"]], "R1", ("prototyp",))
    play(st, "R15")
    play(st, "PT", declare="meisterwerk")
    play(st, "R14")
    assert st.won == [1, 0, 0]


def test_blaupause_copying_the_prototyp_is_declared_like_it() -> None:
    st = start(
        [["BP", "B4"], ["R14", "B2"], ["R15", "G2"]], "PT", ("prototyp", "blaupause"), trump="R"
    )
    play(st, "R15")
    play(st, "BP", declare="meisterwerk")
    play(st, "R14")
    assert st.won == [1, 0, 0]


def test_blindgaenger_loses_to_any_number_card() -> None:
    st = start([["PT", "B4"], ["B3", "B2"], ["R2", "G2"]], "Y1", ("prototyp",))
    play(st, "R2")
    play(st, "PT", declare="blindgaenger")
    play(st, "B3")
    assert st.won == [0, 0, 1]


def test_prototyp_without_declaration_is_rejected() -> None:
    st = start([["PT", "B4"], ["B3", "B2"], ["R2", "G2"]], "Y1", ("prototyp",))
    play(st, "R2")
    with pytest.raises(IllegalAction, match="error.prototyp_declare"):
        play(st, "PT")


def test_prototyp_declaration_is_public() -> None:
    st = start([["PT", "B4"], ["B3", "B2"], ["R2", "G2"]], "Y1", ("prototyp",))
    play(st, "R2")
    play(st, "PT", declare="meisterwerk")
    assert E.view(st, 1)["trick"][1] == {"seat": 0, "card": "PT", "declare": "meisterwerk"}


def test_transformator_is_the_sixteen_of_its_colour_and_switches_trump() -> None:
    st = start([["TR", "R2"], ["B14", "B1"], ["Y15", "R14"]], "Y9", ("transformator",))
    play(st, "Y15")
    play(st, "TR", color="B")
    play(st, "B14")
    assert st.won == [1, 0, 0]
    assert E.view(st, 1)["trump"] == "B"


def test_transformator_trump_stays_for_the_rest_of_the_round() -> None:
    st = start([["TR", "R2"], ["B14", "B1"], ["Y15", "R14"]], "Y9", ("transformator",))
    play(st, "Y15")
    play(st, "TR", color="B")
    play(st, "B14")
    play(st, "R2")  # seat 0 leads
    play(st, "B1")  # no red: the new trump
    play(st, "R14")
    assert st.sheet[-1]["won"] == [1, 1, 0]


def test_colour_card_without_colour_is_rejected() -> None:
    st = start([["TR", "R2"], ["B14", "B1"], ["Y15", "R14"]], "Y9", ("transformator",))
    play(st, "Y15")
    with pytest.raises(IllegalAction, match="error.needs_colour"):
        play(st, "TR")


def test_blaupause_copies_a_number_trump_card() -> None:
    st = start([["BP", "B4"], ["R8", "B2"], ["R5", "G2"]], "R9", ("blaupause",))
    play(st, "R5")
    play(st, "BP")
    play(st, "R8")
    assert st.won == [1, 0, 0]


def test_blaupause_lead_copying_a_number_sets_the_suit() -> None:
    st = start([["R3", "B4"], ["R8", "B2"], ["BP", "G2"]], "Y9", ("blaupause",))
    play(st, "BP")
    assert E.view(st, 0)["suit"] == "Y"


def test_blaupause_copies_a_special_trump_card() -> None:
    st = start(
        [["BP", "B4"], ["G14", "B2"], ["G15", "G2"]], "DK", ("dampfkoloss", "blaupause"), trump="G"
    )
    play(st, "G15")
    play(st, "BP")
    play(st, "G14")
    assert st.won == [1, 0, 0]


def test_fliessband_is_seven_and_a_half_of_its_colour() -> None:
    st = start([["FB", "B4"], ["R6", "B2"], ["R7", "G2"]], "Y1", ("fliessband",))
    play(st, "R7")
    play(st, "FB", color="R")
    play(st, "R6")
    assert st.won == [1, 0, 0]


def test_dampfwolke_is_nine_and_three_quarters_of_its_colour() -> None:
    st = start([["DW", "B4"], ["R13", "B2"], ["R12", "G2"]], "Y1", ("dampfwolke",))
    play(st, "R12")
    play(st, "DW", color="Y")
    play(st, "R13")
    assert st.won == [1, 0, 0]
