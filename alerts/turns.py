"""„Du bist dran“ by e-mail: after every change of a match whose kind sends alerts
(``MatchKind.turn_alerts``: a Fernpartie), each person now to act who is not looking at the
board gets a mail – from the worker (``alerts.tasks.turn_mail``), at most one per match per
``TURN_MAIL_HOURS``, only to a confirmed address and only while they want it."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from alerts.mail import send_turn
from alerts.models import MailSettings, TurnMail
from games import presence
from games.engines.base import get_engine
from games.kinds import kind_of
from games.models import Match

log = logging.getLogger("speedgames.alerts")


def hours() -> float:
    return float(getattr(settings, "TURN_MAIL_HOURS", 12))


def on_match_changed(match: Any, seats: list[Any], state: Any, **kwargs: Any) -> None:
    """``games.signals.match_changed`` (after the commit): hand the worker a mail for each
    person to act who is away."""
    if not kind_of(match).turn_alerts or match.status != Match.Status.RUNNING:
        return
    engine = get_engine(match.game, match.rules_version)
    actors = engine.actors(state)
    now = timezone.now()
    for seat in seats:
        if (
            seat.index in actors
            and seat.is_human
            and not seat.bot_strength
            and seat.user_id is not None
            and not presence.is_present(seat, now)
        ):
            from alerts import tasks

            tasks.turn_mail.delay(seat.user_id, match.pk)


def turn_mail(user_id: int, match_id: int) -> bool:
    """Send „Du bist dran“ if it still is the person's turn, they want it at a confirmed address,
    and no such mail for this match went out within ``TURN_MAIL_HOURS``. Returns whether sent."""
    wants = MailSettings.objects.filter(user_id=user_id, turn_mail=True).select_related("user")
    prefs = wants.first()
    if prefs is None or not prefs.is_confirmed:
        return False
    match = Match.objects.filter(pk=match_id, status=Match.Status.RUNNING).first()
    if match is None:
        return False
    seat = match.seats.filter(user_id=user_id, is_human=True, bot_strength="").first()
    engine = get_engine(match.game, match.rules_version)
    if seat is None or seat.index not in engine.actors(engine.from_json(match.state)):
        return False
    now = timezone.now()
    with transaction.atomic():
        claimed = TurnMail.objects.filter(
            user_id=user_id, match_id=match_id, sent__lt=now - timedelta(hours=hours())
        ).update(sent=now)
        if not claimed:
            try:
                with transaction.atomic():
                    TurnMail.objects.create(user_id=user_id, match_id=match_id, sent=now)
            except IntegrityError:
                return False  # one went out within the hours (or is going out now)
        send_turn(prefs.user, prefs.address, match)
    log.info("turn mail user=%s match=%s", user_id, match_id)
    return True
