"""Leaderboard bookings, per-period totals and the daily challenges.

``LeaderboardEntry`` is the ledger: one row per registered human per finished match (booked once,
inside the finishing transaction). ``LeaderboardTotal`` is what the tables read: the sum per user,
game and period ("2026-11" for a Berlin month, ``ALL_TIME`` for the all-time table), kept in step
with the ledger by ``leaderboards.booking`` and rebuildable from it (``rebuild_totals``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from leaderboards import scale

#: the period key of the all-time table
ALL_TIME = "gesamt"


class LeaderboardEntry(models.Model):
    match = models.ForeignKey(
        "games.Match",
        verbose_name=_("Partie"),
        on_delete=models.CASCADE,
        related_name="leaderboard_entries",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Spieler"),
        on_delete=models.CASCADE,
        related_name="leaderboard_entries",
    )
    game = models.CharField(_("Spiel"), max_length=20)
    #: the booked points (the game's points plus a leaving penalty); 0 once voided
    points = models.IntegerField(_("Punkte"))
    #: the part of ``points`` that is the leaving penalty (0 or negative)
    penalty = models.IntegerField(_("Strafe fürs Verlassen"), default=0)
    #: the first day of the month (Europe/Berlin) the match finished in
    month = models.DateField(_("Monat"))
    place = models.PositiveSmallIntegerField(_("Platz"), null=True, blank=True)
    players = models.PositiveSmallIntegerField(_("Spieler am Tisch"), default=0)
    created = models.DateTimeField(_("gebucht"), default=timezone.now)
    voided_at = models.DateTimeField(_("storniert"), null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("storniert von"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    void_reason = models.TextField(_("Grund der Stornierung"), blank=True)
    #: the points before voiding (kept for the record)
    voided_points = models.IntegerField(_("stornierte Punkte"), null=True, blank=True)

    class Meta:
        verbose_name = _("Bestenlisten-Buchung")
        verbose_name_plural = _("Bestenlisten-Buchungen")
        ordering = ["-created"]
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="lb_entry_once_per_match")
        ]
        indexes = [
            models.Index(fields=["game", "month", "user"], name="lb_entry_game_month_user"),
            models.Index(fields=["user", "game", "-created"], name="lb_entry_user_game"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.game} #{self.match_id}: {self.points:+d}"

    @property
    def voided(self) -> bool:
        return self.voided_at is not None


class LeaderboardTotal(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Spieler"),
        on_delete=models.CASCADE,
        related_name="leaderboard_totals",
    )
    game = models.CharField(_("Spiel"), max_length=20)
    #: "YYYY-MM" (Europe/Berlin) or ``ALL_TIME``
    period = models.CharField(_("Zeitraum"), max_length=7)
    points = models.IntegerField(_("Punkte"), default=0)
    games = models.PositiveIntegerField(_("Partien"), default=0)

    class Meta:
        verbose_name = _("Bestenlisten-Stand")
        verbose_name_plural = _("Bestenlisten-Stände")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "period", "user"], name="lb_total_once_per_period"
            )
        ]
        indexes = [
            # the table: top N of a game and period; a viewer's rank counts the rows above
            models.Index(
                fields=["game", "period", "-points", "games", "user"],
                name="lb_total_table",
                condition=Q(games__gt=0),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.game} {self.period}: {self.points}"


class DailyChallenge(models.Model):
    """One game's deal of a Berlin day. The seed stays secret until the day is over; its SHA-256
    (``seed_hash``) is shown in advance, so anyone can check the revealed seed afterwards."""

    game = models.CharField(_("Spiel"), max_length=20)
    day = models.DateField(_("Tag"))
    #: HMAC-SHA256(server secret, "game:YYYY-MM-DD") as a 63-bit integer
    seed = models.BigIntegerField(_("Seed (geheim bis zum Folgetag)"))
    #: SHA-256 hex digest of ``str(seed)``
    seed_hash = models.CharField(_("SHA-256 des Seeds"), max_length=64)
    players = models.PositiveSmallIntegerField(_("Spieler"), default=4)
    bot_strength = models.CharField(_("Computer-Stärke"), max_length=10, default="normal")
    options = models.JSONField(_("Regeln"), default=dict)
    created = models.DateTimeField(_("erstellt"), default=timezone.now)

    class Meta:
        verbose_name = _("Tagesspiel")
        verbose_name_plural = _("Tagesspiele")
        ordering = ["-day", "game"]
        constraints = [models.UniqueConstraint(fields=["game", "day"], name="daily_once_per_day")]
        indexes = [models.Index(fields=["game", "seed"], name="daily_game_seed")]

    def __str__(self) -> str:
        return f"{self.game} {self.day:%Y-%m-%d}"


class DailyAttempt(models.Model):
    """A registered player's first start of a day's challenge: the only game that counts."""

    challenge = models.ForeignKey(
        DailyChallenge,
        verbose_name=_("Tagesspiel"),
        on_delete=models.CASCADE,
        related_name="attempts",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Spieler"),
        on_delete=models.CASCADE,
        related_name="daily_attempts",
    )
    match = models.OneToOneField(
        "games.Match",
        verbose_name=_("Partie"),
        on_delete=models.CASCADE,
        related_name="daily_attempt",
    )
    started = models.DateTimeField(_("gestartet"), default=timezone.now)

    class Meta:
        verbose_name = _("Tagesspiel-Versuch")
        verbose_name_plural = _("Tagesspiel-Versuche")
        ordering = ["-started"]
        constraints = [
            models.UniqueConstraint(fields=["challenge", "user"], name="daily_attempt_once")
        ]

    def __str__(self) -> str:
        return f"{self.challenge} – {self.user_id}"


class Rating(models.Model):
    """A player's skill per game (OpenSkill, Plackett-Luce): ``mu`` ± ``sigma``; the table sorts
    by ``ordinal`` = mu − 3·sigma. Bots are rated too (they anchor the scale) but never listed."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Spieler"),
        on_delete=models.CASCADE,
        related_name="ratings",
    )
    game = models.CharField(_("Spiel"), max_length=20)
    mu = models.FloatField(_("μ"))
    sigma = models.FloatField(_("σ"))
    ordinal = models.FloatField(_("Wertungszahl"))
    games = models.PositiveIntegerField(_("Partien"), default=0)
    updated = models.DateTimeField(_("geändert"), default=timezone.now)

    class Meta:
        verbose_name = _("Spielstärke")
        verbose_name_plural = _("Spielstärken")
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="rating_once")]
        indexes = [models.Index(fields=["game", "-ordinal"], name="rating_table")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.game}: {self.ordinal:.1f}"

    @property
    def shown(self) -> int:
        """The Wertung as players read it (``leaderboards.rating.shown``: 1500 to start)."""
        return scale.shown(self.ordinal)

    @property
    def provisional(self) -> bool:
        """Still „vorläufig“: too few games to say much (``leaderboards.rating.provisional``)."""
        return scale.provisional(self.sigma)


class RatingPoint(models.Model):
    """A person's ``Rating.ordinal`` in one game right after one rated match: the history the
    rating graph on the public profile draws (``leaderboards.player``)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Spieler"),
        on_delete=models.CASCADE,
        related_name="rating_points",
    )
    game = models.CharField(_("Spiel"), max_length=20)
    match = models.ForeignKey(
        "games.Match",
        verbose_name=_("Partie"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    ordinal = models.FloatField(_("Wertungszahl"))
    created = models.DateTimeField(_("nach der Partie"), default=timezone.now)

    class Meta:
        verbose_name = _("Wertungsverlauf")
        verbose_name_plural = _("Wertungsverlauf")
        indexes = [models.Index(fields=["user", "game", "created"], name="rating_point_history")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.game} {self.created:%Y-%m-%d}: {self.ordinal:.1f}"


class Achievement(models.Model):
    """An Erfolg a person earned (once per game and key), with the match that earned it."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Spieler"),
        on_delete=models.CASCADE,
        related_name="achievements",
    )
    game = models.CharField(_("Spiel"), max_length=20)
    key = models.CharField(_("Erfolg"), max_length=40)
    match = models.ForeignKey(
        "games.Match",
        verbose_name=_("Partie"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="achievements",
    )
    earned = models.DateTimeField(_("erreicht"), default=timezone.now)

    class Meta:
        verbose_name = _("Erfolg")
        verbose_name_plural = _("Erfolge")
        ordering = ["-earned"]
        constraints = [
            models.UniqueConstraint(fields=["user", "game", "key"], name="achievement_once")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.game}:{self.key}"
