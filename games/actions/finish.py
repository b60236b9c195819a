"""Finishing a match: places, scores and the stakes' payouts, then ``match_finished``.

The seat's leaderboard points are not written here: the leaderboards' receiver of
``match_finished`` (``leaderboards.booking``) is their one owner.
"""

from __future__ import annotations

import logging
from typing import Any

from django.utils import timezone

from accounts import wallet
from games.definition import LATE_LEAVE
from games.models import Match, Seat
from games.signals import match_finished

log = logging.getLogger("speedgames.games")


def finish_match(match: Match, result: dict[str, Any]) -> None:
    """End ``match`` with the engine's ``result`` (as JSON) inside the caller's transaction, which
    holds the match row: the stakes are settled, the seats get their places, scores and payouts,
    and ``match_finished`` is sent (the lobby reopens the table, the leaderboards book)."""
    seats = list(match.seats.select_related("user").all())
    result["counts_for_leaderboard"] = not any(s.is_guest for s in seats)
    match.status = Match.Status.FINISHED
    match.finished = timezone.now()
    match.deadline = None
    payouts = settle_stakes(match, seats, result)
    result["payouts"] = {str(k): v for k, v in payouts.items()}
    match.result = result
    for seat in seats:
        seat.place = result["places"][seat.index]
        seat.score = result["scores"][seat.index]
        seat.payout = payouts.get(seat.index, 0)
        seat.save(update_fields=["place", "score", "payout"])
    match_finished.send(sender=Match, match=match, seats=seats)
    log.info("match end match=%s winners=%s", match.pk, result["winners"])


def settle_stakes(match: Match, seats: list[Seat], result: dict[str, Any]) -> dict[int, int]:
    """The pot goes to the best-placed humans (split evenly, odd Taler to the first in seat order);
    a lone human gets the stake back; who left after two minutes (``LATE_LEAVE``) loses it."""
    payers = [s for s in seats if s.stake_paid and s.user_id]
    if not payers:
        return {}
    ref = f"match:{match.pk}"
    if len(payers) == 1:
        wallet.refund(payers[0].user, payers[0].stake_paid, ref=ref)  # type: ignore[arg-type]
        return {payers[0].index: payers[0].stake_paid}
    pot = sum(s.stake_paid for s in payers)
    eligible = [
        s for s in payers if s.left_time is None or s.left_time - match.created <= LATE_LEAVE
    ]
    if not eligible:
        eligible = payers
    best = min(result["places"][s.index] for s in eligible)
    winners = [s.index for s in eligible if result["places"][s.index] == best]
    shares = wallet.split_pot(pot, winners)
    by_index = {s.index: s for s in seats}
    for index, amount in shares.items():
        if amount:
            wallet.pay_out(by_index[index].user, amount, ref=ref)  # type: ignore[arg-type]
    return shares
