from __future__ import annotations

import pytest

from games.engines.base import InvalidOptions
from tests.engines.speedwerk.helpers import E


def test_funkenfee_without_dampfkoloss_is_rejected() -> None:
    with pytest.raises(InvalidOptions, match="error.funkenfee_without_dampfkoloss"):
        E.new_game(4, {"specials": ["funkenfee"]}, 1)


def test_funkenfee_with_dampfkoloss_is_fine() -> None:
    st = E.new_game(4, {"specials": ["funkenfee", "dampfkoloss"]}, 1)
    assert E.view(st, 0)["specials"] == ["dampfkoloss", "funkenfee"]


def test_unknown_special_card_is_rejected() -> None:
    with pytest.raises(InvalidOptions):
        E.new_game(4, {"specials": ["zauberer"]}, 1)


def test_unknown_option_is_rejected() -> None:
    with pytest.raises(InvalidOptions, match="options.unknown"):
        E.new_game(4, {"trumpf": True}, 1)


def test_default_game_has_no_special_cards() -> None:
    st = E.new_game(4, None, 1)
    assert st.specials == []
    assert len(st.stock) + 1 + 4 == 60


@pytest.mark.parametrize("players,rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_rounds_are_sixty_divided_by_players(players: int, rounds: int) -> None:
    assert E.view(E.new_game(players, None, 1), 0)["rounds"] == rounds


@pytest.mark.parametrize("players", [2, 7])
def test_player_count_outside_three_to_six_is_rejected(players: int) -> None:
    with pytest.raises(InvalidOptions):
        E.new_game(players, None, 1)


def test_stacked_deck_with_unknown_card_is_rejected() -> None:
    with pytest.raises(InvalidOptions):
        E.new_game(3, None, 1, deck=["R16"])


def test_stacked_deck_with_disabled_special_is_rejected() -> None:
    with pytest.raises(InvalidOptions):
        E.new_game(3, None, 1, deck=["DK"])
