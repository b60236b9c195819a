"""Table options: Extrascharf modes, the rule selection, the doubt window, player counts."""

from __future__ import annotations

import pytest

from games.engines.base import InvalidOptions
from games.registry import say
from games.speedbasar.engine.rules import RULE_KEYS

from .helpers import E


def test_defaults_are_no_extrascharf_and_a_five_second_window() -> None:
    assert E.validate_options(None, 4) == {
        "extrascharf": "aus",
        "regeln": [],
        "zweifel_sekunden": 5,
    }
    state = E.new_game(4, None, 123456789012)
    assert state.rules == () and state.seconds == 5


def test_two_random_rules_come_from_the_seed() -> None:
    a = E.new_game(4, {"extrascharf": "zufall"}, 55_555_555_555)
    b = E.new_game(4, {"extrascharf": "zufall"}, 55_555_555_555)
    assert a.rules == b.rules and len(a.rules) == 2
    assert list(a.rules) == [k for k in RULE_KEYS if k in a.rules]  # route order


def test_two_random_rules_vary_with_the_seed() -> None:
    seen = {E.new_game(4, {"extrascharf": "zufall"}, 10**11 + i).rules for i in range(60)}
    assert len(seen) > 10
    assert {k for pair in seen for k in pair} == set(RULE_KEYS)


def test_own_selection_keeps_route_order() -> None:
    state = E.new_game(
        3, {"extrascharf": "auswahl", "regeln": ["doppelladung", "gleicher_preis"]}, 98_765_432_109
    )
    assert state.rules == ("gleicher_preis", "doppelladung")


def test_all_seven_rules_at_once_are_allowed() -> None:
    state = E.new_game(6, {"extrascharf": "auswahl", "regeln": list(RULE_KEYS)}, 98_765_432_109)
    assert state.rules == RULE_KEYS


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"extrascharf": "auswahl"}, "mindestens eine"),
        ({"extrascharf": "aus", "regeln": ["feilschen"]}, "eigene Auswahl"),
        ({"extrascharf": "auswahl", "regeln": ["feilschen", "feilschen"]}, "doppelt"),
        ({"extrascharf": "auswahl", "regeln": ["tee"]}, "nicht möglich"),
        ({"extrascharf": "drei"}, "nicht möglich"),
        ({"zweifel_sekunden": 4}, "nicht möglich"),
        ({"zweifel_sekunden": True}, "Ungültiger Wert"),
        ({"farbe": 1}, "Unbekannte Einstellung"),
    ],
)
def test_invalid_options_are_rejected_in_german(options: dict, message: str) -> None:
    with pytest.raises(InvalidOptions) as refused:
        E.validate_options(options, 4)
    assert message in say("speedbasar", refused.value.msg)


@pytest.mark.parametrize("players", [2, 7])
def test_three_to_six_players(players: int) -> None:
    with pytest.raises(InvalidOptions) as refused:
        E.new_game(players, None, 123456789012)
    assert "3 bis 6" in say("speedbasar", refused.value.msg)


@pytest.mark.parametrize("seconds", [3, 5, 8])
def test_doubt_window_seconds_reach_the_view(seconds: int) -> None:
    state = E.new_game(3, {"zweifel_sekunden": seconds}, 123456789012)
    assert E.view(state, 0)["seconds"] == seconds
