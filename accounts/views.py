from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts import wallet
from accounts.forms import GuestForm, RegisterForm
from accounts.identity import claim_guest, start_guest
from accounts.language import language_changed, language_of, negotiate, supported
from accounts.profile import profile_sections


def _safe_next(request: HttpRequest, default: str = "/") -> str:
    target = request.POST.get("next") or request.GET.get("next") or default
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


@require_http_methods(["GET", "POST"])
def register(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = RegisterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        wallet.grant_start(user)
        claim_guest(request, user)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request,
            _("Willkommen bei Speedgames, %(name)s! Dein Startguthaben ist gebucht.")
            % {"name": user.username},
        )
        return redirect(_safe_next(request, "/"))
    return render(request, "accounts/register.html", {"form": form, "next": _safe_next(request)})


#: ``(next_url) -> str``: a sentence for the guest page about where its link leads (the lobby's:
#: who invites to which game), registered by the apps above in ``ready()``; "" when not theirs
guest_landing_notes: list[Callable[[str], str]] = []


@require_http_methods(["GET", "POST"])
def guest_join(request: HttpRequest) -> HttpResponse:
    """Pick a display name and play as a guest (reached from an invite link)."""
    next_url = _safe_next(request)
    if request.user.is_authenticated or request.guest:  # type: ignore[attr-defined]
        return redirect(next_url)
    form = GuestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        response = redirect(next_url)
        start_guest(request, response, form.cleaned_data["display_name"])
        return response
    notes = [note for landing in guest_landing_notes if (note := landing(next_url))]
    return render(request, "accounts/guest.html", {"form": form, "next": next_url, "notes": notes})


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "accounts/profile.html",
        {
            "balance": wallet.balance(request.user),
            "entries": request.user.wallet_entries.all()[:20],
            "sections": profile_sections(request.user),
        },
    )


@login_required
@require_POST
def invitation_settings(request: HttpRequest) -> HttpResponse:
    """The profile's „Einladungen“ switch: invitations by name only from people played with."""
    user = request.user
    user.invites_known_only = request.POST.get("invites_known_only") == "1"  # type: ignore[union-attr]
    user.save(update_fields=["invites_known_only"])
    messages.success(request, _("Deine Einstellung für Einladungen ist gespeichert."))
    return redirect(f"{reverse('accounts:profile')}#invitations")


@login_required
@require_POST
def privacy_settings(request: HttpRequest) -> HttpResponse:
    """The profile's „Privatsphäre“ switch: hide one's online status (friends lists, „Wer ist
    online“)."""
    user = request.user
    user.hide_online = request.POST.get("hide_online") == "1"  # type: ignore[union-attr]
    user.save(update_fields=["hide_online"])
    messages.success(request, _("Deine Einstellung zur Privatsphäre ist gespeichert."))
    return redirect(f"{reverse('accounts:profile')}#privacy")


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The footer's switcher and the profile's „Sprache“ (issue 46): the cookie for everybody,
    the account's own setting too (empty: „wie der Browser“). Back to the same page, now in the
    chosen language (the URLs are the same in every language)."""
    raw = request.POST.get("language", "")
    language = supported(raw) if raw else ""
    if language is None or (raw and language != raw):
        messages.error(request, _("Diese Sprache gibt es hier nicht."))
        return redirect(_safe_next(request))
    response = redirect(_safe_next(request))
    if language:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            language,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=True,
        )
    else:
        response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)
    user = request.user
    if user.is_authenticated:
        user.language = language  # type: ignore[union-attr]
        user.save(update_fields=["language"])
        language_changed.send(
            sender=set_language, user=user, guest=None, language=language_of(user)
        )
    with translation.override(
        language or negotiate(None, {}, request.headers.get("accept-language", ""))
    ):
        messages.success(request, _("Die Sprache ist gespeichert."))
    return response
