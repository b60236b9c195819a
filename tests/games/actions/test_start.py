"""Starting a match (``games.actions.start``): stakes all or nothing."""

from __future__ import annotations

import pytest

from accounts import wallet
from games import actions
from games.actions import ActionRejected, SeatSpec
from games.models import Match


@pytest.mark.django_db
def test_guests_cannot_sit_at_a_stake_table(alice):
    from accounts.models import Guest

    wallet.grant_start(alice)
    guest = Guest.objects.create(display_name="Gustav")
    with pytest.raises(ActionRejected, match="Gäste"):
        actions.start_match(
            "speedone",
            [SeatSpec("Alice", user=alice), SeatSpec("Gustav", guest=guest)],
            {},
            stake=10,
        )
    assert wallet.balance(alice) == 500
    assert not Match.objects.exists()
