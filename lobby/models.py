"""Tables: who sits down, with which rules, and the invite link."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.identity import Player
from accounts.models import new_token
from games.kinds.correspondence import MOVE_SECONDS as FERN_MOVE_SECONDS
from lobby.phrases import QUICK_PHRASES

MOVE_SECONDS_CHOICES = [
    (30, _("30 s")),
    (60, _("60 s")),
    (90, _("90 s")),
    (120, _("2 min")),
    (0, _("ohne Uhr")),
]
#: a Fernpartie's time per move (``games.kinds.correspondence``): a turn-based game over days
FERN_SECONDS_CHOICES = list(
    zip(
        FERN_MOVE_SECONDS,
        (
            _("Fernpartie: 12 Stunden pro Zug"),
            _("Fernpartie: 1 Tag pro Zug"),
            _("Fernpartie: 3 Tage pro Zug"),
        ),
        strict=True,
    )
)
BOT_TEMPO_CHOICES = [
    ("schnell", _("schnell")),
    ("normal", _("normal")),
    ("gemaechlich", _("gemächlich")),
]
BOT_TEMPO_SECONDS = {"schnell": 0.5, "normal": 1.2, "gemaechlich": 2.5}
#: the computer's tempo of a new solo game: a game called Speed… should not make one person wait
#: for four computers (about 2 s instead of 5 s per round at „normal“); tables keep „normal“
SOLO_BOT_TEMPO = "schnell"
STRENGTH_CHOICES = [("leicht", _("leicht")), ("normal", _("normal")), ("stark", _("stark"))]


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("offen")
        PLAYING = "playing", _("spielt")
        CLOSED = "closed", _("geschlossen")

    game = models.CharField(_("Spiel"), max_length=20)
    token = models.CharField(_("Einladungscode"), max_length=64, unique=True, default=new_token)
    status = models.CharField(
        _("Status"), max_length=10, choices=Status.choices, default=Status.OPEN
    )
    seats = models.PositiveSmallIntegerField(_("Plätze"))
    options = models.JSONField(_("Regeln"), default=dict)
    move_seconds = models.PositiveIntegerField(_("Bedenkzeit"), default=120)
    bot_tempo = models.CharField(_("Computer-Tempo"), max_length=12, default="normal")
    bot_strength = models.CharField(_("Computer-Stärke"), max_length=10, default="normal")
    fill_with_bots = models.BooleanField(_("freie Plätze mit Computer füllen"), default=True)
    stake = models.PositiveIntegerField(_("Einsatz (Taler)"), default=0)
    solo = models.BooleanField(_("Solo gegen Computer"), default=False)
    partner = models.ForeignKey(
        "lobby.Member",
        verbose_name=_("Wunschpartner"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    #: the table chat (``lobby.chat``): the opener switches it off for the table and its matches
    chat_enabled = models.BooleanField(_("Chat an"), default=True)
    #: stacked cards for the next match (tests and staff only; never settable from the UI)
    deck = models.JSONField(_("gestapelte Karten"), null=True, blank=True)
    created = models.DateTimeField(_("eröffnet"), default=timezone.now)
    updated = models.DateTimeField(_("geändert"), default=timezone.now)

    class Meta:
        verbose_name = _("Tisch")
        verbose_name_plural = _("Tische")
        ordering = ["-created"]

    def __str__(self) -> str:
        return gettext("%(game)s Tisch %(id)s") % {"game": self.game, "id": self.pk}

    @property
    def fern(self) -> bool:
        """A Fernpartie table: turn-based, a move every few hours or days."""
        return self.move_seconds in FERN_MOVE_SECONDS

    def move_label(self) -> str:
        """The Bedenkzeit in words („90 s“, „ohne Uhr“, „Fernpartie: 1 Tag pro Zug“)."""
        return str(dict(MOVE_SECONDS_CHOICES + FERN_SECONDS_CHOICES).get(self.move_seconds, ""))

    @property
    def group(self) -> str:
        return f"table-{self.pk}"

    @property
    def opener(self) -> Member | None:
        return self.members.filter(is_opener=True).first()

    def member_of(self, player: Player | None) -> Member | None:
        if player is None:
            return None
        for member in self.members.all():
            if member.is_player(player):
                return member
        return None


class Member(models.Model):
    """A person at a table (not the bots: they are added at the start)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    guest = models.ForeignKey("accounts.Guest", null=True, blank=True, on_delete=models.CASCADE)
    is_opener = models.BooleanField(_("Eröffner"), default=False)
    ready = models.BooleanField(_("bereit"), default=False)
    joined = models.DateTimeField(_("dazugekommen"), default=timezone.now)

    class Meta:
        verbose_name = _("Mitspieler")
        verbose_name_plural = _("Mitspieler")
        ordering = ["joined", "id"]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.user.username if self.user_id else self.guest.display_name  # type: ignore[union-attr]

    @property
    def is_guest(self) -> bool:
        return self.guest_id is not None

    @property
    def player(self) -> Player:
        return Player(user=self.user) if self.user_id else Player(guest=self.guest)

    def is_player(self, player: Player) -> bool:
        if player.user is not None:
            return self.user_id == player.user.pk
        return player.guest is not None and self.guest_id == player.guest.pk


class ChatMessage(models.Model):
    """One line of a table's or a match's chat (``lobby.chat``): ``match`` is set for a line
    written during a match (``table`` then is the match's table, if any), else the line belongs to
    the open table. The author is an account or a guest; ``name`` keeps the name shown."""

    table = models.ForeignKey(
        Table,
        verbose_name=_("Tisch"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="chat_messages",
    )
    match = models.ForeignKey(
        "games.Match",
        verbose_name=_("Partie"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("Konto"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    guest = models.ForeignKey(
        "accounts.Guest",
        verbose_name=_("Gast"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    #: the author's key (``Player.key``: ``u12`` / ``g7``), kept if the account goes
    author_key = models.CharField(_("Schreiber-Schlüssel"), max_length=24, db_index=True)
    name = models.CharField(_("Name"), max_length=40)
    text = models.CharField(_("Text"), max_length=500)
    #: a quick phrase's code (``lobby.phrases``): each reader sees it in their own language;
    #: ``text`` keeps it in German for the record
    phrase = models.CharField(_("schneller Satz"), max_length=20, blank=True, default="")
    created = models.DateTimeField(_("geschrieben"), default=timezone.now)
    #: „melden“: somebody asked the staff to look at it
    flagged = models.BooleanField(_("gemeldet"), default=False)
    flagged_by = models.CharField(_("gemeldet von"), max_length=40, blank=True)
    #: removed by the staff: no longer shown, kept for the record
    deleted = models.BooleanField(_("gelöscht"), default=False)

    class Meta:
        verbose_name = _("Chat-Nachricht")
        verbose_name_plural = _("Chat-Nachrichten")
        ordering = ["-created", "-id"]
        indexes = [
            models.Index(fields=["table", "match", "-id"]),
            models.Index(fields=["match", "-id"]),
        ]

    def __str__(self) -> str:
        return f"{self.name}: {self.text[:60]}"

    @property
    def shown_text(self) -> str:
        """The line as the reader sees it: a quick phrase in the active language."""
        phrase = QUICK_PHRASES.get(self.phrase) if self.phrase else None
        return str(phrase) if phrase is not None else self.text


class ChatMute(models.Model):
    """``owner`` reads nothing more from ``target`` in any chat (only for themselves). Both are
    ``Player.key`` values (``u12`` / ``g7``): accounts and guests mute alike."""

    owner_key = models.CharField(_("wer"), max_length=24)
    target_key = models.CharField(_("wen"), max_length=24)
    target_name = models.CharField(_("Name"), max_length=40)
    created = models.DateTimeField(_("seit"), default=timezone.now)

    class Meta:
        verbose_name = _("Stummschaltung")
        verbose_name_plural = _("Stummschaltungen")
        constraints = [
            models.UniqueConstraint(fields=["owner_key", "target_key"], name="chatmute_unique")
        ]

    def __str__(self) -> str:
        return f"{self.owner_key} → {self.target_name}"
