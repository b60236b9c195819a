"""The Händlerreise follows the matches through signals (``games`` imports nothing of it)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from games.signals import match_finished


@receiver(match_finished)
def decide_station(sender: Any, match: Any, seats: list[Any], **kwargs: Any) -> None:
    """A Händlerreise match: passed or not (inside the finishing transaction)."""
    from games.speedbasar.journey.stations import record_result

    record_result(match, seats)
