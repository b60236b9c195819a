"""The daily digest: a person who chose it (``MailSettings.turn_digest``) gets no mail per turn
but one mail a day listing the Fernpartien where it is their turn, with their deadlines – only
if there is one. The beat (``alerts.tasks.daily_digest``, from 8:00 hourly until 11:00,
Europe/Berlin) may run twice or catch up: ``DigestMail`` (one row per person and day, unique)
is claimed in the transaction that sends the mail, so the second finds the row and sends
nothing, and a failed send leaves no row (the next beat tries again)."""

from __future__ import annotations

import logging
import smtplib
from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone, translation

from accounts.identity import Player
from accounts.language import language_of
from alerts.mail import send_digest
from alerts.models import DigestMail, MailSettings
from games.kinds import FERN
from games.models import Match
from games.running import MAX_FERN_LISTED, running_games

log = logging.getLogger("speedgames.alerts")


def send_digests(now: datetime | None = None) -> int:
    """Send today's digests not sent yet. Returns how many went out."""
    day = timezone.localdate(now or timezone.now())
    wanting = (
        MailSettings.objects.filter(turn_mail=True, turn_digest=True, confirmed=F("address"))
        .exclude(address="")
        .filter(
            user__seat__match__status=Match.Status.RUNNING,
            user__seat__match__kind=FERN.name,
            user__seat__is_human=True,
            user__seat__bot_strength="",
        )
        .exclude(user__digestmail__day=day)
        .select_related("user")
        .distinct()
    )
    sent = 0
    for prefs in wanting:
        games = [
            (str(g.game.name), g.url, g.deadline)
            for g in running_games(Player(user=prefs.user), limit=MAX_FERN_LISTED, fern=True)
            if g.your_turn
        ]
        if not games:
            continue
        try:
            with transaction.atomic():
                try:
                    with transaction.atomic():
                        DigestMail.objects.create(user=prefs.user, day=day)
                except IntegrityError:
                    continue  # another beat sent it (or is sending it now)
                with translation.override(language_of(prefs.user)):  # issue 46
                    send_digest(prefs.user, prefs.address, games)
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("digest not sent user=%s: %s", prefs.user_id, exc)
            continue
        sent += 1
        log.info("digest user=%s games=%s", prefs.user_id, len(games))
    return sent
