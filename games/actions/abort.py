"""The staff aborts a running match (the admin's „Partie abbrechen“): the match ends as aborted,
every stake goes back, nothing is booked, and the players read the reason on their board.

Nothing is booked because ``match_finished`` is not sent: no leaderboard points, rating, personal
best, Erfolg or daily rank (they all follow a finished match). ``match_aborted`` is sent instead,
inside the same transaction (the lobby reopens the table). The version moves on and the deadline
goes, so every bot turn and move timer already queued finds another version and does nothing.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import wallet
from games.actions.common import ActionRejected, schedule
from games.engines.base import get_engine
from games.models import Match
from games.signals import match_aborted

log = logging.getLogger("speedgames.games")

#: the longest reason the players are shown
REASON_MAX = 200


def abort_match(match_id: int, reason: str, by: Any) -> Match:
    """Abort the running match ``match_id`` for ``reason`` (German, shown to the players) on
    behalf of the staff member ``by``. Refunds every stake paid (``accounts.wallet.refund``) and
    books nothing. Raises ``ActionRejected`` (German) without a reason, for an unknown match or
    one that is not running: then nothing changed."""
    reason = " ".join((reason or "").split())
    if not reason:
        raise ActionRejected(_("Bitte gib einen Grund für den Abbruch an."))
    if len(reason) > REASON_MAX:
        raise ActionRejected(
            _("Der Grund ist zu lang (höchstens %(n)d Zeichen).") % {"n": REASON_MAX}
        )
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise ActionRejected(_("Diese Partie gibt es nicht."))
        if match.status != Match.Status.RUNNING:
            raise ActionRejected(
                _("Partie %(id)s läuft nicht mehr und kann nicht abgebrochen werden.")
                % {"id": match_id}
            )
        seats = list(match.seats.select_related("user").all())
        ref = f"match:{match.pk}"
        refunds: dict[str, int] = {}
        for seat in seats:
            if seat.stake_paid and seat.user_id:
                wallet.refund(seat.user, seat.stake_paid, ref=ref)  # type: ignore[arg-type]
                refunds[str(seat.index)] = seat.stake_paid
        now = timezone.now()
        match.status = Match.Status.ABORTED
        match.finished = now
        match.updated = now
        match.version += 1  # queued bot turns and timers are for an older version: void
        match.result = {
            "aborted": {
                "reason": reason,
                "by": getattr(by, "username", "") or "",
                "at": now.isoformat(),
            },
            "refunds": refunds,
        }
        engine = get_engine(match.game, match.rules_version)
        # not running: no deadline, no follow-ups; after the commit every seat gets its board
        schedule(match, engine, engine.from_json(match.state), seats=seats)
        match.save(update_fields=["status", "finished", "updated", "version", "result", "deadline"])
        match_aborted.send(sender=Match, match=match, seats=seats)
    log.info("match aborted match=%s by=%s refunds=%s", match.pk, getattr(by, "pk", None), refunds)
    return match
