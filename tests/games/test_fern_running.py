"""„Du bist dran in N Partien“ (issue 43): the header counts the games where it is the person's
turn, and the home page lists the Fernpartien apart, the soonest deadline first."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.identity import Player
from games.kinds import FERN
from games.models import Match
from games.running import running_badge
from tests.games.actions.helpers import two_player_match

DAY = 24 * 3600


@pytest.mark.django_db
def test_the_header_counts_the_turns_and_the_home_page_sorts_by_deadline(client, alice, bob, bots):
    matches = [two_player_match(alice, bob, move_seconds=DAY, kind=FERN.name) for _ in range(3)]
    live = two_player_match(alice, bob, move_seconds=60)
    # the deadlines, out of the order of creation: 20 h, 2 h, 9 h left
    for match, hours in zip(matches, (20, 2, 9), strict=True):
        Match.objects.filter(pk=match.pk).update(deadline=timezone.now() + timedelta(hours=hours))
    # Alice (seat 0) is to act in all four, Bob in none
    assert running_badge(Player(user=alice)) == (4, 4)
    assert running_badge(Player(user=bob)) == (4, 0)
    client.force_login(alice)
    page = client.get(reverse("home")).content.decode()
    assert "du bist dran in 4 Partien" in page
    fern = page[page.index('id="fernpartien"') :]
    listed = [int(m) for m in re.findall(r'data-match="(\d+)"', fern)]
    assert listed == [matches[1].pk, matches[2].pk, matches[0].pk]  # soonest deadline first
    assert "Deine Fernpartien" in page and "noch 1\xa0Stunde" in fern
    running = page[page.index('id="laufend"') : page.index('id="fernpartien"')]
    assert re.findall(r'data-match="(\d+)"', running) == [str(live.pk)]  # the live one apart
    # Bob sees the plain badge without a turn
    client.force_login(bob)
    page = client.get(reverse("home")).content.decode()
    assert "4 laufende Partien" in page and 'class="turn-dot" hidden> · du bist dran<' in page
    # one turn: the words of before
    client.force_login(alice)
    Match.objects.filter(pk__in=[m.pk for m in matches]).update(status=Match.Status.FINISHED)
    page = client.get(reverse("home")).content.decode()
    assert "du bist dran in" not in page and "· du bist dran" in page
