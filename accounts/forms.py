from __future__ import annotations

import hashlib
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.cache import cache
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts.models import Guest, User, display_name_validator
from accounts.ratelimit import count_hit


def _name_taken(name: str) -> bool:
    return User.objects.filter(username__iexact=name).exists()


class RegisterForm(UserCreationForm):
    email = forms.EmailField(
        label=_("E-Mail (für das Zurücksetzen des Passworts, freiwillig)"), required=False
    )

    class Meta:
        model = User
        fields = ("username", "email")
        labels = {"username": _("Anzeigename")}
        help_texts = {"username": _("3–20 Zeichen: Buchstaben, Ziffern, Leerzeichen, - und _.")}
        error_messages = {"username": {"max_length": display_name_validator.message}}

    def clean_username(self) -> str:
        name = " ".join(self.cleaned_data["username"].split())
        if _name_taken(name):
            raise forms.ValidationError(_("Dieser Anzeigename ist schon vergeben."))
        return name


class GuestForm(forms.Form):
    display_name = forms.CharField(
        label=_("Dein Anzeigename"),
        max_length=20,
        validators=[display_name_validator],
        error_messages={"max_length": display_name_validator.message},
        help_text=_("So sehen dich die anderen am Tisch (als Gast markiert)."),
    )

    def clean_display_name(self) -> str:
        name = " ".join(self.cleaned_data["display_name"].split())
        if _name_taken(name):
            raise forms.ValidationError(
                _("Diesen Namen trägt schon ein registrierter Spieler. Bitte wähle einen anderen.")
            )
        return name

    def create_guest_kwargs(self) -> dict[str, Any]:
        return {"display_name": self.cleaned_data["display_name"]}


def login_limit_keys(address: str, name: str) -> list[tuple[str, int]]:
    """Cache keys counting failed logins, each with its limit: per address and per (address,
    name). Never per name alone – anyone could lock a player out by failing with their name."""
    name = name.strip().lower()
    pair = hashlib.sha256(f"{address}\n{name}".encode()).hexdigest()[:32]
    return [
        (f"login-fail:addr:{address}", settings.LOGIN_RATE_LIMIT_ADDRESS),
        (f"login-fail:pair:{pair}", settings.LOGIN_RATE_LIMIT),
    ]


class RateLimitMixin:
    """Refuses a login after too many failures from one address, or for one name from one
    address, within ``LOGIN_RATE_WINDOW`` seconds (the lockout ends with the window)."""

    request: HttpRequest | None
    data: Any
    error_messages: dict[str, Any]

    def _limit_keys(self) -> list[tuple[str, int]]:
        addr = self.request.META.get("REMOTE_ADDR", "") if self.request else ""
        return login_limit_keys(addr, self.data.get("username") or "")

    def clean(self) -> dict[str, Any]:
        keys = self._limit_keys()
        if any((cache.get(k) or 0) >= limit for k, limit in keys):
            raise forms.ValidationError(
                _(
                    "Zu viele Fehlversuche. Bitte warte ein paar Minuten und versuche es dann erneut."
                ),
                code="rate_limited",
            )
        try:
            return super().clean()  # type: ignore[misc]
        except forms.ValidationError:
            for k, _limit in keys:
                count_hit(k, settings.LOGIN_RATE_WINDOW)
            raise


class RateLimitedAuthenticationForm(RateLimitMixin, AuthenticationForm):
    """Django's login form plus the failed-login limit."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("Anzeigename oder Passwort ist falsch."),
    }


class RateLimitedAdminAuthenticationForm(RateLimitMixin, AdminAuthenticationForm):
    """The Django admin's login form with the same limit (and the same counters)."""


__all__ = [
    "Guest",
    "GuestForm",
    "RateLimitedAdminAuthenticationForm",
    "RateLimitedAuthenticationForm",
    "RegisterForm",
]
