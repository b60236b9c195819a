"""Users, guests and the Taler wallet ledger."""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth.models import AbstractUser, UserManager
from django.core.validators import RegexValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

display_name_validator = RegexValidator(
    regex=r"^[0-9A-Za-zÄÖÜäöüßÀ-ÖØ-öø-ÿ _-]{3,20}$",
    message=_(
        "Der Anzeigename muss 3 bis 20 Zeichen lang sein und darf nur Buchstaben, Ziffern, "
        "Leerzeichen, - und _ enthalten."
    ),
)


class CaseInsensitiveUserManager(UserManager):
    def get_by_natural_key(self, username: str | None) -> User:
        return self.get(username__iexact=username)


class User(AbstractUser):
    """A registered player (or one of the site's bot accounts). ``username`` is the display name."""

    username = models.CharField(
        _("Anzeigename"),
        max_length=20,
        unique=True,
        validators=[display_name_validator],
        error_messages={"unique": _("Dieser Anzeigename ist schon vergeben.")},
    )
    email = models.EmailField(_("E-Mail"), blank=True)
    is_bot = models.BooleanField(_("Computer"), default=False)
    bot_strength = models.CharField(_("Stärke"), max_length=10, blank=True)
    last_seen = models.DateTimeField(_("zuletzt online"), null=True, blank=True)
    #: switches a person keeps from match to match and device to device ("Basar-Geräusche")
    prefs = models.JSONField(_("Einstellungen"), default=dict, blank=True)
    #: refuse invitations by name from strangers (``lobby.acquaintances``: people never played with)
    invites_known_only = models.BooleanField(
        _("Einladungen nur von Leuten, mit denen ich schon gespielt habe"), default=False
    )
    #: keep one's online status (and where) out of the friends lists and „Wer ist online“
    hide_online = models.BooleanField(_("Online-Status verbergen"), default=False)
    #: the staff muted this account in every chat (admin action „Im Chat stummschalten“)
    chat_muted = models.BooleanField(_("im Chat stummgeschaltet"), default=False)
    #: the language chosen on the profile or in the footer (issue 46); empty: the browser's
    language = models.CharField(_("Sprache"), max_length=10, blank=True, default="")
    #: the language the person's last page was in (``accounts.language``): pushed boards and
    #: e-mails use it when ``language`` is empty
    last_language = models.CharField(
        _("zuletzt benutzte Sprache"), max_length=10, blank=True, default=""
    )

    objects = CaseInsensitiveUserManager()

    class Meta:
        verbose_name = _("Benutzer")
        verbose_name_plural = _("Benutzer")
        constraints = [
            models.UniqueConstraint(Lower("username"), name="user_username_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.username

    @property
    def display_name(self) -> str:
        return self.username


def mute_in_chat(people: models.QuerySet[Any], muted: bool = True) -> int:
    """The staff mute (or unmute) accounts or guests in every chat (``lobby.chat``); bots are
    left alone."""
    if people.model is User:
        people = people.filter(is_bot=False)
    return people.update(chat_muted=muted)


class Guest(models.Model):
    """Someone who came through an invite link without an account.

    The guest's id lives in the session and in a signed cookie. When the guest registers, ``user``
    is set and their seats are moved to the new account (``claim``)."""

    display_name = models.CharField(
        _("Anzeigename"), max_length=20, validators=[display_name_validator]
    )
    created = models.DateTimeField(_("angelegt"), default=timezone.now)
    last_seen = models.DateTimeField(_("zuletzt online"), null=True, blank=True)
    user = models.ForeignKey(
        User,
        verbose_name=_("registriert als"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="former_guests",
    )
    #: the staff muted this guest in every chat (admin action „Im Chat stummschalten“); an
    #: account the guest registers keeps it (``lobby.chat.carry_chat``)
    chat_muted = models.BooleanField(_("im Chat stummgeschaltet"), default=False)
    #: the language of the guest's last page (cookie or browser): their pushed boards use it
    language = models.CharField(_("Sprache"), max_length=10, blank=True, default="")

    class Meta:
        verbose_name = _("Gast")
        verbose_name_plural = _("Gäste")

    def __str__(self) -> str:
        return gettext("%(name)s (Gast)") % {"name": self.display_name}


class WalletEntry(models.Model):
    """One line of a player's Taler ledger. Entries are never changed or deleted:
    the balance is the sum of a user's entries."""

    class Kind(models.TextChoices):
        GRANT = "grant", _("Startguthaben")
        HOLD = "hold", _("Einsatz gezahlt")
        PAYOUT = "payout", _("Gewinn")
        REFUND = "refund", _("Einsatz zurück")
        ADJUST = "adjust", _("Korrektur")

    user = models.ForeignKey(
        User, verbose_name=_("Benutzer"), on_delete=models.PROTECT, related_name="wallet_entries"
    )
    amount = models.IntegerField(_("Betrag"))
    kind = models.CharField(_("Art"), max_length=10, choices=Kind.choices)
    reason = models.CharField(_("Grund"), max_length=200, blank=True)
    ref = models.CharField(_("Bezug"), max_length=64, blank=True, db_index=True)
    created = models.DateTimeField(_("gebucht"), default=timezone.now)
    created_by = models.ForeignKey(
        User,
        verbose_name=_("gebucht von"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        verbose_name = _("Taler-Buchung")
        verbose_name_plural = _("Taler-Buchungen")
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.user}: {self.amount:+d} ({self.get_kind_display()})"


class Friendship(models.Model):
    """A friend request from ``from_user`` to ``to_user``; accepted, the two are friends
    (``accounts.social``). One row per pair and direction; the service keeps one per pair."""

    from_user = models.ForeignKey(
        User, verbose_name=_("von"), on_delete=models.CASCADE, related_name="friend_requests_sent"
    )
    to_user = models.ForeignKey(
        User, verbose_name=_("an"), on_delete=models.CASCADE, related_name="friend_requests_got"
    )
    accepted = models.DateTimeField(_("angenommen"), null=True, blank=True)
    created = models.DateTimeField(_("angefragt"), default=timezone.now)

    class Meta:
        verbose_name = _("Freundschaft")
        verbose_name_plural = _("Freundschaften")
        constraints = [
            models.UniqueConstraint(fields=["from_user", "to_user"], name="friendship_unique"),
            models.CheckConstraint(
                condition=~models.Q(from_user=models.F("to_user")), name="friendship_not_self"
            ),
        ]

    def __str__(self) -> str:
        state = gettext("Freunde") if self.accepted else gettext("angefragt")
        return f"{self.from_user} → {self.to_user} ({state})"


class Block(models.Model):
    """``blocker`` blocks ``blocked``: their chat is hidden and their invitations refused
    (both directions: ``accounts.social.blocked``)."""

    blocker = models.ForeignKey(
        User, verbose_name=_("blockiert von"), on_delete=models.CASCADE, related_name="blocks"
    )
    blocked = models.ForeignKey(
        User, verbose_name=_("blockiert"), on_delete=models.CASCADE, related_name="blocked_by"
    )
    created = models.DateTimeField(_("seit"), default=timezone.now)

    class Meta:
        verbose_name = _("Blockierung")
        verbose_name_plural = _("Blockierungen")
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_unique"),
            models.CheckConstraint(
                condition=~models.Q(blocker=models.F("blocked")), name="block_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.blocker} blockiert {self.blocked}"


def new_token() -> str:
    """A URL-safe token with 192 bits of randomness."""
    return secrets.token_urlsafe(24)
