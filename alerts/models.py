"""Alerts outside the site: a person's e-mail and push settings, the browsers' push
subscriptions and the mails sent (the throttles and the digest's once-a-day guard)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class MailSettings(models.Model):
    """Where and about what a person gets e-mail. Mail goes only to a confirmed address: the
    address the person entered (``address``) is confirmed once they opened the link sent there
    (``confirmed`` is that address)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mail_settings"
    )
    address = models.EmailField(_("E-Mail-Adresse"), blank=True)
    #: the address the person confirmed by its link ("" : none yet)
    confirmed = models.EmailField(_("bestätigte Adresse"), blank=True)
    #: „Du bist dran“ in a Fernpartie (at most one mail per match per ``TURN_MAIL_HOURS``)
    turn_mail = models.BooleanField(_("Mail, wenn ich in einer Fernpartie dran bin"), default=True)
    #: instead of a mail per turn, one mail a day listing the Fernpartien where it is their turn
    turn_digest = models.BooleanField(
        _("Statt einzelner Mails: einmal am Tag eine Übersicht"), default=False
    )
    invite_mail = models.BooleanField(_("Mail bei einer Einladung an einen Tisch"), default=True)
    friend_mail = models.BooleanField(_("Mail bei einer Freundschaftsanfrage"), default=True)
    end_mail = models.BooleanField(_("Mail, wenn eine Fernpartie zu Ende ist"), default=True)
    #: the same events as push notifications (to every browser the person subscribed)
    turn_push = models.BooleanField(_("Push, wenn ich in einer Fernpartie dran bin"), default=True)
    invite_push = models.BooleanField(_("Push bei einer Einladung an einen Tisch"), default=True)
    friend_push = models.BooleanField(_("Push bei einer Freundschaftsanfrage"), default=True)
    end_push = models.BooleanField(_("Push, wenn eine Fernpartie zu Ende ist"), default=True)

    class Meta:
        verbose_name = _("E-Mail-Einstellung")
        verbose_name_plural = _("E-Mail-Einstellungen")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.address}"

    @property
    def is_confirmed(self) -> bool:
        return bool(self.address) and self.confirmed == self.address


class PushSubscription(models.Model):
    """A browser's Web Push subscription (``PushManager.subscribe``): where the push service
    takes messages for it and the keys that encrypt them. Removed when the push service says it
    expired (404/410) or the person switches push off."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(_("Adresse beim Push-Dienst"), max_length=1000, unique=True)
    p256dh = models.CharField(_("Schlüssel"), max_length=200)
    auth = models.CharField(_("Geheimnis"), max_length=100)
    created = models.DateTimeField(_("angelegt"), auto_now_add=True)

    class Meta:
        verbose_name = _("Push-Abo")
        verbose_name_plural = _("Push-Abos")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.endpoint[:60]}"


class TurnMail(models.Model):
    """The newest „Du bist dran“ mail of a person for a match (the throttle)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE)
    sent = models.DateTimeField(_("gesendet"))

    class Meta:
        verbose_name = _("Zug-Mail")
        verbose_name_plural = _("Zug-Mails")
        constraints = [
            models.UniqueConstraint(fields=["user", "match"], name="turn_mail_once_per_match")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} @ {self.match_id}: {self.sent}"


class DigestMail(models.Model):
    """A daily digest sent to a person: one row per person and day (Europe/Berlin), claimed in the
    sending transaction, so two beats never send it twice."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    day = models.DateField(_("Tag"))
    sent = models.DateTimeField(_("gesendet"), auto_now_add=True)

    class Meta:
        verbose_name = _("Tagesübersicht")
        verbose_name_plural = _("Tagesübersichten")
        constraints = [models.UniqueConstraint(fields=["user", "day"], name="digest_once_a_day")]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.day}"
