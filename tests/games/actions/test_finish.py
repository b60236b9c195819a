"""Finishing a match (``games.actions.finish``): the stakes' pot goes to the winner."""

from __future__ import annotations

import pytest

from accounts import wallet
from games import actions
from games.engines.base import get_engine
from games.models import Match
from tests.games.actions.helpers import (
    two_player_match,
)


@pytest.mark.django_db
def test_stakes_are_held_at_start_and_the_pot_goes_to_the_winner(alice, bob, settings):
    wallet.grant_start(alice)
    wallet.grant_start(bob)
    match = two_player_match(alice, bob, stake=100)
    assert wallet.balance(alice) == settings.STARTING_GRANT - 100
    # Alice plays out R1..R7 (pressing ONE in time); Bob cannot follow and draws
    engine = get_engine("speedone")
    while Match.objects.get(pk=match.pk).status == Match.Status.RUNNING:
        match.refresh_from_db()
        state = engine.from_json(match.state)
        seat = min(engine.actors(state))
        legal = engine.legal_actions(state, seat)
        action = next((a for a in legal if a["type"] == "one"), None) or legal[0]
        actions.play(match.pk, seat, action, version=match.version)
    match.refresh_from_db()
    winner = match.result["winners"]
    loser_user = bob if winner == [0] else alice
    winner_user = alice if winner == [0] else bob
    assert wallet.balance(winner_user) == settings.STARTING_GRANT + 100
    assert wallet.balance(loser_user) == settings.STARTING_GRANT - 100
