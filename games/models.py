"""Matches, their seats and move logs. Only ``games.actions`` changes a running match."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.identity import Player
from games.engines.base import new_seed


class Match(models.Model):
    class Status(models.TextChoices):
        RUNNING = "running", _("läuft")
        FINISHED = "finished", _("beendet")
        ABORTED = "aborted", _("abgebrochen")

    game = models.CharField(_("Spiel"), max_length=20)
    table = models.ForeignKey(
        "lobby.Table",
        verbose_name=_("Tisch"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="matches",
    )
    players = models.PositiveSmallIntegerField(_("Spieler"))
    options = models.JSONField(_("Regeln"), default=dict)
    # The seed decides every shuffle: it never leaves the server while the match runs.
    seed = models.BigIntegerField(_("Seed"))
    #: the bots' own chance in this match (``games.engines.base.bot_rng``): the same deal
    #: (``seed``) played again meets bots that decide differently, the match itself replays
    bot_seed = models.BigIntegerField(_("Seed der Computer"), default=new_seed)
    deck = models.JSONField(_("gestapelte Karten (Tests)"), null=True, blank=True)
    state = models.JSONField(_("Zustand"))
    version = models.PositiveIntegerField(_("Version"), default=0)
    status = models.CharField(
        _("Status"), max_length=10, choices=Status.choices, default=Status.RUNNING
    )
    move_seconds = models.PositiveIntegerField(_("Bedenkzeit (s)"), null=True, blank=True)
    deadline = models.DateTimeField(_("Zugende"), null=True, blank=True)
    #: when the newest move-timer task sent to the worker runs (``actions.common.arm_timer``):
    #: a move whose deadline that task reaches in time sends none of its own
    timer_due = models.DateTimeField(_("Zugende-Wecker"), null=True, blank=True)
    #: the seconds that were left of the move clock when it stopped because nobody was there in
    #: a match that waits for its person (``MatchKind.away``); ``None``: not paused
    clock_left = models.FloatField(_("Restzeit (angehalten)"), null=True, blank=True)
    bot_delay = models.FloatField(_("Computer-Tempo (s)"), default=1.0)
    stake = models.PositiveIntegerField(_("Einsatz"), default=0)
    solo = models.BooleanField(_("Solo"), default=False)
    #: what kind of match this is (``games.kinds``: solo, table, daily, journey station, …); the
    #: platform asks the kind object instead of side tables and hook lists
    kind = models.CharField(_("Art"), max_length=20, default="", blank=True, db_index=True)
    #: the version of the game's rules the match started under (``Engine.rules_version``): a
    #: replay rebuilds the match with the rules of that version
    rules_version = models.PositiveSmallIntegerField(_("Regelversion"), default=1)
    result = models.JSONField(_("Ergebnis"), null=True, blank=True)
    #: the public events of the last few moves (the move ticker): ``{"v", "seat", "by", "events"}``
    recent = models.JSONField(_("letzte Züge"), default=list, blank=True)
    #: the engine's key of the current simultaneous phase ("" on a normal turn) and the version
    #: since which it runs: a valid choice in that phase is not stale because another seat chose
    phase_key = models.CharField(_("gleichzeitige Phase"), max_length=64, blank=True, default="")
    phase_since = models.PositiveIntegerField(_("Phase seit Version"), default=0)
    #: a computer plays a seat (a bot seat, or a person's who left or is gone): set by
    #: ``start_match`` and ``replace_with_bot``, cleared by ``reclaim_seat`` when none is left.
    #: The sweep's query for waiting computers reads only such running matches (partial index
    #: ``games_match_running_bots``), not the thousands of Fernpartien of people alone
    bot_seats = models.BooleanField(_("Computer am Tisch"), default=False)
    #: open spectator sockets (a move publishes the public board only while somebody watches)
    watchers = models.PositiveIntegerField(_("Zuschauer"), default=0)
    created = models.DateTimeField(_("begonnen"), default=timezone.now)
    updated = models.DateTimeField(_("letzter Zug"), default=timezone.now)
    finished = models.DateTimeField(_("beendet"), null=True, blank=True)

    class Meta:
        verbose_name = _("Partie")
        verbose_name_plural = _("Partien")
        ordering = ["-created"]
        #: the sweep's three queries: due deadlines (a Fernpartie's timer is its stored
        #: deadline), the running matches whose kind hands an absent person's seat to a computer,
        #: and the running matches where a computer plays (by their last change)
        indexes = [
            models.Index(fields=["status", "deadline"]),
            models.Index(fields=["status", "kind"], name="games_match_status_kind"),
            models.Index(
                fields=["updated"],
                name="games_match_running_bots",
                condition=models.Q(status="running", bot_seats=True),
            ),
        ]

    def __str__(self) -> str:
        """„Speedwerk, Partie 13“: the game's German title from the registry."""
        from games.registry import game

        found = game(self.game)
        return _("%(game)s, Partie %(id)s") % {
            "game": found.name if found is not None else self.game,
            "id": self.pk,
        }

    def abort_notice(self) -> str:
        """What the players read on the board of a match the staff aborted (else empty)."""
        if self.status != Match.Status.ABORTED:
            return ""
        reason = ((self.result or {}).get("aborted") or {}).get("reason", "")
        return _("Die Partie wurde von der Spielleitung abgebrochen: %(reason)s") % {
            "reason": reason
        }

    def seat_of(self, player: Player | None) -> Seat | None:
        if player is None:
            return None
        for seat in self.seats.all():
            if seat.belongs_to(player):
                return seat
        return None


#: the key of ``Seat.prefs`` that counts its changes: a board carries it (``data-prefs``), so
#: the page drops a push rendered from the seat as it was before a switch (static/js/match.js)
PREFS_REVISION = "rev"


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(_("Platz"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    guest = models.ForeignKey("accounts.Guest", null=True, blank=True, on_delete=models.SET_NULL)
    name = models.CharField(_("Name"), max_length=40)
    #: set while a computer plays this seat: a bot seat, or a human who left or is gone
    bot_strength = models.CharField(_("Computer"), max_length=10, blank=True)
    is_human = models.BooleanField(_("Mensch"), default=True)
    #: „Partie verlassen“ pressed (a seat whose person was gone too long gets a bot, not this)
    left_at = models.DateTimeField(_("verlassen"), null=True, blank=True)
    disconnected_at = models.DateTimeField(_("Verbindung weg"), null=True, blank=True)
    #: refreshed while the person's page is open (socket heartbeat, board poll): a seat whose
    #: person has not been seen for ``LEAVE_GRACE`` goes to a bot, however the connection died,
    #: where the match's kind says so (``games.presence``, ``MatchKind.away``)
    last_seen = models.DateTimeField(_("zuletzt gesehen"), default=timezone.now)
    stake_paid = models.PositiveIntegerField(_("Einsatz gezahlt"), default=0)
    #: the seat's switches (hand sorting, „Bewegung“, a game's helps …; ``actions.set_pref``),
    #: with ``PREFS_REVISION`` counting the changes
    prefs = models.JSONField(_("Einstellungen"), default=dict, blank=True)
    #: the language the person's pushed board is rendered in (issue 46,
    #: ``accounts.language.language_of``): set at the start, kept up to date while the match runs
    #: (``accounts.language.language_changed``), so a move reads no account for it
    language = models.CharField(_("Sprache"), max_length=10, blank=True, default="")
    place = models.PositiveSmallIntegerField(_("Platz am Ende"), null=True, blank=True)
    score = models.IntegerField(_("Punkte"), null=True, blank=True)
    leaderboard_points = models.IntegerField(_("Bestenlisten-Punkte"), null=True, blank=True)
    payout = models.PositiveIntegerField(_("Gewinn"), default=0)

    class Meta:
        verbose_name = _("Platz")
        verbose_name_plural = _("Plätze")
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="seat_unique")]

    def __str__(self) -> str:
        return f"{self.name} @ {self.match_id}/{self.index}"

    @property
    def is_guest(self) -> bool:
        return self.guest_id is not None

    @property
    def bot_playing(self) -> bool:
        return bool(self.bot_strength)

    def belongs_to(self, player: Player) -> bool:
        if not self.is_human:
            return False
        if player.user is not None:
            return self.user_id == player.user.pk
        return player.guest is not None and self.guest_id == player.guest.pk

    def label(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "name": self.name,
            "guest": self.is_guest,
            "bot": not self.is_human,
            "strength": self.bot_strength,
            # the computer plays for the person now („Computer spielt weiter“): left or gone
            "left": self.is_human and bool(self.bot_strength),
        }

    @property
    def left_time(self) -> Any:
        """When the person left, as the leaving rules count it: „Partie verlassen“ pressed
        (``left_at``), or gone and not back while the computer plays the seat (their last
        sign of life). ``None`` for a person who played on, or came back after losing the
        connection – losing the connection is not leaving."""
        if self.left_at is not None:
            return self.left_at
        if self.is_human and self.bot_strength:
            return self.last_seen
        return None


class Move(models.Model):
    class By(models.TextChoices):
        HUMAN = "human", _("Mensch")
        BOT = "bot", _("Computer")
        TIMEOUT = "timeout", _("Zeit abgelaufen")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField(_("Zug"))
    seat = models.PositiveSmallIntegerField(_("Platz"))
    action = models.JSONField(_("Aktion"))
    by = models.CharField(_("durch"), max_length=10, choices=By.choices, default=By.HUMAN)
    created = models.DateTimeField(_("Zeit"), default=timezone.now)

    class Meta:
        verbose_name = _("Zug")
        verbose_name_plural = _("Züge")
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="move_unique")]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.number} seat {self.seat}"


class MatchAnalysis(models.Model):
    """The post-game analysis of a finished match (``games.analysis``, issue 47): every person's
    judged decisions and a summary per seat, as JSON. One per match and rules version: the
    analysis task is idempotent, and a replay reads it instead of simulating again."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="analyses")
    rules_version = models.PositiveSmallIntegerField(_("Regelversion"))
    data = models.JSONField(_("Analyse"), default=dict)
    #: CPU seconds the analysis took (one core)
    seconds = models.FloatField(_("Rechenzeit (s)"), default=0.0)
    created = models.DateTimeField(_("erstellt"), default=timezone.now)

    class Meta:
        verbose_name = _("Analyse")
        verbose_name_plural = _("Analysen")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "rules_version"], name="analysis_unique_match_version"
            )
        ]

    def __str__(self) -> str:
        return f"analysis {self.match_id} v{self.rules_version}"
