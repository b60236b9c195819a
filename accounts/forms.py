from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.cache import cache
from django.utils.translation import gettext_lazy as _

from accounts.models import Guest, User, display_name_validator


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


class RateLimitedAuthenticationForm(AuthenticationForm):
    """Django's login form plus a limit on failed attempts per name and per address."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("Anzeigename oder Passwort ist falsch."),
        "rate_limited": _(
            "Zu viele Fehlversuche. Bitte warte ein paar Minuten und versuche es dann erneut."
        ),
    }

    def _keys(self) -> list[str]:
        name = (self.data.get("username") or "").strip().lower()
        addr = self.request.META.get("REMOTE_ADDR", "") if self.request else ""
        return [f"login-fail:name:{name}", f"login-fail:addr:{addr}"]

    def clean(self) -> dict[str, Any]:
        keys = self._keys()
        if any((cache.get(k) or 0) >= settings.LOGIN_RATE_LIMIT for k in keys):
            raise forms.ValidationError(self.error_messages["rate_limited"], code="rate_limited")
        try:
            return super().clean()
        except forms.ValidationError:
            for k in keys:
                cache.add(k, 0, settings.LOGIN_RATE_WINDOW)
                try:
                    cache.incr(k)
                except ValueError:
                    cache.set(k, 1, settings.LOGIN_RATE_WINDOW)
            raise


__all__ = ["Guest", "GuestForm", "RateLimitedAuthenticationForm", "RegisterForm"]
