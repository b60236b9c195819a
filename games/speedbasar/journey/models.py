"""The Händlerreise's progress: one ``JourneyStop`` per person and station, one ``JourneyMatch`` per
attempt. The tables keep the names they had in the lobby (``lobby_journeystop``,
``lobby_journeymatch``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class JourneyStop(models.Model):
    """One person's progress at one station of the Händlerreise (Speedbasar's solo campaign),
    for an account xor a guest: created at the first attempt, ``passed`` once the station's goal
    was reached (``games.speedbasar.journey.stations``)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    guest = models.ForeignKey("accounts.Guest", null=True, blank=True, on_delete=models.CASCADE)
    station = models.SlugField(_("Station"), max_length=20)
    started = models.DateTimeField(_("zuerst versucht"), default=timezone.now)
    passed = models.DateTimeField(_("geschafft"), null=True, blank=True)
    passed_match = models.ForeignKey(
        "games.Match",
        verbose_name=_("geschafft in Partie"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    #: stacked cards and seed for the next attempt (tests and staff only; never settable from
    #: the UI); used once, like ``Table.deck``
    deck = models.JSONField(_("gestapelte Karten"), null=True, blank=True)
    seed = models.BigIntegerField(_("Seed"), null=True, blank=True)

    class Meta:
        verbose_name = _("Station der Händlerreise")
        verbose_name_plural = _("Stationen der Händlerreise")
        db_table = "lobby_journeystop"
        ordering = ["started", "id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "station"], name="journey_once_per_user"),
            models.UniqueConstraint(fields=["guest", "station"], name="journey_once_per_guest"),
            models.CheckConstraint(
                condition=models.Q(user__isnull=False) ^ models.Q(guest__isnull=False),
                name="journey_user_xor_guest",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user or self.guest}: {self.station}"


class JourneyMatch(models.Model):
    """Marks a match as an attempt at a station; ``passed`` is decided when it finishes."""

    match = models.OneToOneField(
        "games.Match", on_delete=models.CASCADE, primary_key=True, related_name="journey"
    )
    stop = models.ForeignKey(JourneyStop, on_delete=models.CASCADE, related_name="attempts")
    passed = models.BooleanField(_("geschafft"), null=True, blank=True)

    class Meta:
        verbose_name = _("Partie der Händlerreise")
        verbose_name_plural = _("Partien der Händlerreise")
        db_table = "lobby_journeymatch"

    def __str__(self) -> str:
        return f"{self.stop} #{self.match_id}"
