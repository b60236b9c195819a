from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts import wallet
from accounts.forms import GuestForm, RegisterForm
from accounts.identity import claim_guest, start_guest
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
    return render(request, "accounts/guest.html", {"form": form, "next": next_url})


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
