"""„Du bist dran“ by e-mail and Web Push: after every change of a match whose kind sends alerts
(``MatchKind.turn_alerts``: a Fernpartie), each person now to act who is not looking at the
board gets a mail – from the worker (``alerts.tasks.turn_mail``), at most one per match per
``TURN_MAIL_HOURS``, only to a confirmed address and only while they want it."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.language import language_of
from accounts.models import User
from alerts import push
from alerts.mail import absolute, send_turn
from alerts.models import MailSettings, PushSubscription, TurnMail
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
    """Send „Du bist dran“ – by e-mail if they want it at a confirmed address, by Web Push to the
    browsers they subscribed – if it still is the person's turn and no such alert for this match
    went out within ``TURN_MAIL_HOURS``. Returns whether anything was sent."""
    prefs = MailSettings.objects.filter(user_id=user_id).select_related("user").first()
    # who chose the daily digest gets no mail per turn (``alerts.digest``)
    mail = prefs is not None and prefs.turn_mail and not prefs.turn_digest and prefs.is_confirmed
    pushes = (
        (prefs is None or prefs.turn_push)
        and push.enabled()
        and PushSubscription.objects.filter(user_id=user_id).exists()
    )
    if not mail and not pushes:
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
        if mail:
            assert prefs is not None
            send_turn(prefs.user, prefs.address, match)
    if pushes:
        user = prefs.user if prefs is not None else User.objects.filter(pk=user_id).first()
        with translation.override(language_of(user)):  # the recipient's language (issue 46)
            push.send(
                user_id,
                _("Du bist dran"),
                str(match),
                absolute(reverse("games:match", args=[match.pk])),
            )
    log.info("turn alert user=%s match=%s mail=%s push=%s", user_id, match_id, mail, pushes)
    return True
