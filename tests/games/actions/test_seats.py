"""Seats changing hands (``games.actions.seats``): a person who leaves is replaced by a bot."""

from __future__ import annotations

import pytest

from games import actions
from tests.games.actions.helpers import (
    two_player_match,
)


@pytest.mark.django_db
def test_a_player_who_leaves_is_replaced_by_a_bot_that_plays_on(alice, bob):
    match = two_player_match(alice, bob)
    actions.replace_with_bot(match.pk, 0)
    seat = match.seats.get(index=0)
    assert seat.bot_strength == "normal" and seat.left_at is not None
    match.refresh_from_db()
    assert actions.run_bot(match.pk, match.version, 0) is True
