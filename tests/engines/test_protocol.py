"""Protocol checks that hold for every registered game, at the start of a game."""

from __future__ import annotations

import pytest

from games.engines.base import get_engine
from tests.engines.conformance import check_common_view, check_teams, check_timing

SLUGS = ["speedtroedel", "speedone", "speedbasar", "speedwerk"]


@pytest.mark.parametrize("slug", SLUGS)
def test_every_view_has_the_common_keys(slug: str) -> None:
    engine = get_engine(slug)
    for players in range(engine.min_players, engine.max_players + 1):
        state = engine.new_game(players, None, 1234567890123)
        for seat in [*range(players), None]:
            view = engine.view(state, seat)
            check_common_view(engine, state, view, seat, players)
            assert view["over"] is False and view["actors"]


@pytest.mark.parametrize("slug", SLUGS)
def test_timing_and_teams_are_sane_for_every_player_count(slug: str) -> None:
    engine = get_engine(slug)
    for players in range(engine.min_players, engine.max_players + 1):
        options = engine.validate_options(None, players)
        state = engine.new_game(players, options, 1234567890123)
        check_timing(engine, state, sorted(engine.actors(state)))
        check_teams(engine, players, options)
        assert engine.simultaneous_key(state) is None or len(engine.actors(state)) >= 2
