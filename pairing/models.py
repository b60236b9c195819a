"""The Schnellspiel pool: one row per person pressing „Schnellspiel“ (``pairing.pool``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Seek(models.Model):
    """A person waiting for a game of ``game`` at Bedenkzeit ``move_seconds`` with ``players``
    people (0: „egal“). Only the pairing (``pool.pair_pool``) turns a waiting row into a matched
    one, with the row locked; a person has at most one waiting row (``seek_one_waiting``)."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("wartet")
        MATCHED = "matched", _("gepaart")
        CANCELLED = "cancelled", _("abgebrochen")
        EXPIRED = "expired", _("verlassen")

    game = models.CharField(_("Spiel"), max_length=20)
    move_seconds = models.PositiveIntegerField(_("Bedenkzeit"))
    #: the wished number of people at the table, 0 for „egal“
    players = models.PositiveSmallIntegerField(_("Spieler"), default=0)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Konto"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    guest = models.ForeignKey(
        "accounts.Guest",
        verbose_name=_("Gast"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    #: ``Player.key`` (``u12`` / ``g7``): one waiting row per person
    player_key = models.CharField(_("Spieler-Schlüssel"), max_length=24)
    name = models.CharField(_("Name"), max_length=40)
    #: the displayed Wertung for this game when the person pressed (1500 without one)
    rating = models.IntegerField(_("Wertung"))
    provisional = models.BooleanField(_("vorläufig"), default=True)
    allow_guests = models.BooleanField(_("Gäste erlaubt"), default=True)
    fill_bots = models.BooleanField(_("nach 30 s mit Computern auffüllen"), default=False)
    #: accepted from the seek list: paired with this seek first, whatever the ratings
    partner = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(
        _("Status"), max_length=10, choices=Status.choices, default=Status.WAITING
    )
    created = models.DateTimeField(_("gedrückt"), default=timezone.now)
    #: the waiting page's last heartbeat: a row not seen for ``pool.EXPIRE_AFTER`` s is left
    seen = models.DateTimeField(_("zuletzt gesehen"), default=timezone.now)
    match = models.ForeignKey(
        "games.Match",
        verbose_name=_("Partie"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    ended = models.DateTimeField(_("beendet"), null=True, blank=True)

    class Meta:
        verbose_name = _("Schnellspiel-Suche")
        verbose_name_plural = _("Schnellspiel-Suchen")
        ordering = ["created", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["player_key"], condition=Q(status="waiting"), name="seek_one_waiting"
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False) | Q(guest__isnull=False), name="seek_has_person"
            ),
        ]
        indexes = [
            models.Index(fields=["game", "move_seconds", "status"]),
            models.Index(fields=["ended"]),
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.game} {self.move_seconds}s {self.status}"

    @property
    def is_guest(self) -> bool:
        return self.guest_id is not None
