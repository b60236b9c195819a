"""Tournaments (issue 45): an arena (join and leave at any time, paired as soon as free) or a
Swiss tournament (fixed rounds of 3–6 player tables), their entries and the games they seat.

A tournament game is a match of kind ``tournament`` (``games.kinds.tournament``);
``TournamentGame`` links it to its tournament and round, ``GamePoints`` holds what each entry
earned from it (booked once, in the match's finishing transaction: ``tournaments.scoring``)."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.registry import game as game_def
from tournaments.names import scheduled_name


def new_invite() -> str:
    return secrets.token_urlsafe(16)


class Tournament(models.Model):
    class Kind(models.TextChoices):
        ARENA = "arena", _("Arena")
        SWISS = "swiss", _("Schweizer System")

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("angekündigt")
        RUNNING = "running", _("läuft")
        FINISHED = "finished", _("beendet")

    #: a private or staff tournament's name; empty for the schedule's regular tournaments, whose
    #: title is said in each reader's language (``title``)
    name = models.CharField(_("Name"), max_length=80, blank=True, default="")
    game = models.CharField(_("Spiel"), max_length=20)
    kind = models.CharField(_("Art"), max_length=10, choices=Kind.choices, default=Kind.ARENA)
    starts = models.DateTimeField(_("Beginn"))
    #: an arena's length
    minutes = models.PositiveSmallIntegerField(_("Dauer (Minuten)"), default=60)
    #: a Swiss tournament's number of rounds
    rounds = models.PositiveSmallIntegerField(_("Runden"), default=5)
    #: people (and byes' computers) per table
    table_size = models.PositiveSmallIntegerField(_("Spieler pro Tisch"), default=4)
    move_seconds = models.PositiveIntegerField(_("Bedenkzeit je Zug (s)"), default=30)
    status = models.CharField(
        _("Status"), max_length=10, choices=Status.choices, default=Status.SCHEDULED
    )
    #: the Swiss round being played (0 before the first)
    round = models.PositiveSmallIntegerField(_("laufende Runde"), default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("angelegt von"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    #: private: not listed, joined only with the invite link (``invite``)
    private = models.BooleanField(_("privat"), default=False)
    invite = models.CharField(_("Einladungscode"), max_length=32, default=new_invite, unique=True)
    #: the schedule's slot ("arena:2026-12-07T01", "swiss:2026-W50"); "" for others
    slot = models.CharField(_("Zeitplan-Platz"), max_length=40, blank=True, default="")
    created = models.DateTimeField(_("angelegt"), default=timezone.now)
    ended = models.DateTimeField(_("beendet"), null=True, blank=True)

    class Meta:
        verbose_name = _("Turnier")
        verbose_name_plural = _("Turniere")
        ordering = ["starts", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["slot", "game"], condition=~Q(slot=""), name="tournament_one_per_slot"
            ),
        ]
        indexes = [models.Index(fields=["status", "starts"])]

    def __str__(self) -> str:
        return f"{self.title} ({self.starts:%Y-%m-%d %H:%M})"

    def get_absolute_url(self) -> str:
        from django.urls import reverse

        return reverse("tournaments:detail", args=[self.pk])

    @property
    def title(self) -> str:
        """The name a page shows: the stored name of a private or staff tournament; a regular
        (scheduled) tournament stores none and is named from its game, kind and start in the
        current language („Speedone-Arena 18 Uhr“)."""
        if self.name:
            return self.name
        found = game_def(self.game)
        return scheduled_name(str(found.name) if found else self.game, self.kind, self.starts)

    @property
    def ends(self) -> datetime:
        """An arena's end (no table starts after it; games running then still count)."""
        return self.starts + timedelta(minutes=self.minutes)

    @property
    def is_arena(self) -> bool:
        return self.kind == self.Kind.ARENA

    @property
    def offers_berserk(self) -> bool:
        """An arena of a game where half the Bedenkzeit is a real handicap (``GameDef.berserk``,
        docs/tournaments.md)."""
        found = game_def(self.game)
        return self.is_arena and found is not None and found.berserk


class Entry(models.Model):
    """A person registered in a tournament, with their score so far."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries"
    )
    score = models.IntegerField(_("Punkte"), default=0)
    #: wins in a row (arena: from two on, a game's points count double)
    streak = models.PositiveSmallIntegerField(_("Siege in Folge"), default=0)
    games = models.PositiveSmallIntegerField(_("Partien"), default=0)
    wins = models.PositiveSmallIntegerField(_("Siege"), default=0)
    #: the sum of the places of the person's games (a tie-break: lower is better)
    place_sum = models.PositiveIntegerField(_("Summe der Plätze"), default=0)
    #: the Buchholz-like tie-break, written when the tournament ends
    buchholz = models.IntegerField(_("Buchholz"), default=0)
    #: the displayed Wertung when the person joined (pairing order after the score)
    rating = models.IntegerField(_("Wertung"), default=1500)
    #: berserk chosen (an arena that offers it): the person's next games start with half the
    #: Bedenkzeit of their own turns, and a win earns a bonus point
    berserk = models.BooleanField(_("Berserk"), default=False)
    #: the person paused themselves („Pause“): not paired until they continue
    paused = models.BooleanField(_("pausiert"), default=False)
    #: no page of theirs is connected: not paired until they are back (set by the pairing)
    away = models.BooleanField(_("nicht verbunden"), default=False)
    #: left the tournament („Turnier verlassen“); joining again sets it back
    active = models.BooleanField(_("dabei"), default=True)
    #: the tournament match the person plays now (an arena pairs only people without one)
    playing = models.ForeignKey(
        "games.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    rank = models.PositiveIntegerField(_("Endplatz"), null=True, blank=True)
    joined = models.DateTimeField(_("angemeldet"), default=timezone.now)

    class Meta:
        verbose_name = _("Turnier-Teilnahme")
        verbose_name_plural = _("Turnier-Teilnahmen")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="entry_one_per_person")
        ]
        indexes = [models.Index(fields=["tournament", "active", "paused", "playing"])]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament_id}: {self.score}"


class TournamentGame(models.Model):
    """A match a tournament seated (``match.kind == "tournament"``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="games")
    match = models.OneToOneField(
        "games.Match", on_delete=models.CASCADE, related_name="tournament_game"
    )
    #: the Swiss round (an arena: 0)
    round = models.PositiveSmallIntegerField(_("Runde"), default=0)
    booked = models.BooleanField(_("gebucht"), default=False)
    created = models.DateTimeField(_("begonnen"), default=timezone.now)

    class Meta:
        verbose_name = _("Turnierpartie")
        verbose_name_plural = _("Turnierpartien")
        indexes = [models.Index(fields=["tournament", "round", "booked"])]

    def __str__(self) -> str:
        return f"{self.tournament_id}: match {self.match_id}"


class GamePoints(models.Model):
    """What one entry earned from one tournament game."""

    game = models.ForeignKey(TournamentGame, on_delete=models.CASCADE, related_name="points")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="points")
    place = models.PositiveSmallIntegerField(_("Platz"), null=True, blank=True)
    points = models.IntegerField(_("Punkte"), default=0)
    #: the arena's streak bonus: these points counted double
    doubled = models.BooleanField(_("doppelt"), default=False)
    #: played berserk (half the Bedenkzeit): a win earned the bonus point (``points`` holds it)
    berserk = models.BooleanField(_("Berserk"), default=False)
    #: the computer finished the seat for the person: no points
    computer = models.BooleanField(_("vom Computer beendet"), default=False)

    class Meta:
        verbose_name = _("Turnierpunkte")
        verbose_name_plural = _("Turnierpunkte")
        constraints = [
            models.UniqueConstraint(fields=["game", "entry"], name="points_once_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.points}"
