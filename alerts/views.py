"""The e-mail settings page, the confirmation link and the one-click unsubscribe."""

from __future__ import annotations

import json
from pathlib import Path

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from accounts.ratelimit import count_hit
from alerts import push
from alerts.mail import read_confirm_token, read_unsubscribe_token, send_confirmation
from alerts.models import MailSettings, PushSubscription

#: confirmation mails a person may ask for in an hour
CONFIRMS_PER_HOUR = 3


def confirm_limit_key(user_id: int) -> str:
    return f"alerts:confirm:{user_id}"


#: what an unsubscribe link switches off, in words
KIND_WORDS = {
    "turn": gettext_lazy("„Du bist dran“-Mails"),
    "invite": gettext_lazy("Mails zu Einladungen"),
    "friend": gettext_lazy("Mails zu Freundschaftsanfragen"),
    "end": gettext_lazy("Mails zum Ende deiner Fernpartien"),
}

#: the settings' switches: which events by mail, and which by push
MAIL_FIELDS = ["turn_mail", "turn_digest", "invite_mail", "friend_mail", "end_mail"]
PUSH_FIELDS = ["turn_push", "invite_push", "friend_push", "end_push"]


class MailSettingsForm(forms.ModelForm):
    class Meta:
        model = MailSettings
        fields = ["address", *MAIL_FIELDS, *PUSH_FIELDS]
        labels = {"address": gettext_lazy("E-Mail-Adresse")}


@login_required
def settings_page(request: HttpRequest) -> HttpResponse:
    prefs, _created = MailSettings.objects.get_or_create(user=request.user)
    if request.method == "POST":
        before = prefs.address
        form = MailSettingsForm(request.POST, instance=prefs)
        if form.is_valid():
            prefs = form.save()
            asked = prefs.address != before or "resend" in request.POST
            if prefs.address and asked and not prefs.is_confirmed:
                # at most a few confirmation mails an hour per person (no mail bombs)
                if count_hit(confirm_limit_key(request.user.pk), 3600) > CONFIRMS_PER_HOUR:
                    messages.error(
                        request,
                        _("Zu viele Bestätigungsmails – versuch es in einer Stunde noch einmal."),
                    )
                    return redirect("alerts:settings")
                send_confirmation(request.user, prefs.address)
                messages.success(
                    request,
                    _("Wir haben dir einen Link zum Bestätigen an %(address)s geschickt.")
                    % {"address": prefs.address},
                )
            messages.success(request, _("Deine E-Mail-Einstellungen sind gespeichert."))
            return redirect("alerts:settings")
    else:
        form = MailSettingsForm(instance=prefs)
    return render(
        request,
        "alerts/settings.html",
        {
            "form": form,
            "prefs": prefs,
            "push_key": settings.VAPID_PUBLIC_KEY if push.enabled() else "",
            "push_count": PushSubscription.objects.filter(user=request.user).count(),
            "mail_fields": [form[name] for name in MAIL_FIELDS],
            "push_fields": [form[name] for name in PUSH_FIELDS],
        },
    )


def confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The link in the confirmation mail: the address is confirmed if it is still the one set."""
    found = read_confirm_token(token)
    ok = False
    if found is not None:
        user_id, address = found
        ok = bool(
            MailSettings.objects.filter(user_id=user_id, address=address).update(confirmed=address)
        )
    return render(request, "alerts/confirmed.html", {"ok": ok}, status=200 if ok else 400)


@login_required
@require_POST
def push_subscribe(request: HttpRequest) -> HttpResponse:
    """The browser's subscription (``PushSubscription.toJSON()``) for the person."""
    try:
        data = json.loads(request.body)
        endpoint, keys = str(data["endpoint"]), data["keys"]
        p256dh, auth = str(keys["p256dh"]), str(keys["auth"])
    except (ValueError, KeyError, TypeError):
        return JsonResponse({"error": _("Dieses Push-Abo verstehen wir nicht.")}, status=400)
    if not endpoint.startswith("https://") and not settings.PUSH_HTTP_ENDPOINTS:
        return JsonResponse({"error": _("Dieses Push-Abo verstehen wir nicht.")}, status=400)
    PushSubscription.objects.update_or_create(
        endpoint=endpoint[:1000],
        defaults={"user": request.user, "p256dh": p256dh[:200], "auth": auth[:100]},
    )
    return JsonResponse({"ok": True})


@login_required
@require_POST
def push_unsubscribe(request: HttpRequest) -> HttpResponse:
    """Push off: this browser's subscription (or, without one, all of the person's)."""
    try:
        endpoint = str(json.loads(request.body or b"{}").get("endpoint") or "")
    except (ValueError, AttributeError):
        endpoint = ""
    mine = PushSubscription.objects.filter(user=request.user)
    (mine.filter(endpoint=endpoint) if endpoint else mine).delete()
    return JsonResponse({"ok": True})


def service_worker(request: HttpRequest) -> HttpResponse:
    """``/sw.js`` at the root, so its scope is the whole site (installable, push), with the
    offline page its fetch handler answers when the network fails."""
    path = finders.find("js/sw.js")
    body = Path(str(path)).read_text(encoding="utf-8") if path else ""
    # the offline page in every language: the worker picks the browser's (its script is fetched
    # once and kept, so it cannot follow the language of the request that fetched it)
    offline = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            offline[code] = render_to_string("alerts/offline.html", request=request)
    body = body.replace('"__OFFLINE_HTML__"', json.dumps(offline), 1)
    body = body.replace('"__DEFAULT_LANGUAGE__"', json.dumps(settings.LANGUAGE_CODE), 1)
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


@csrf_exempt  # RFC 8058: the mail program posts "List-Unsubscribe=One-Click" without a session
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """One click: GET shows the button (a link checker must not unsubscribe anyone), POST – the
    button or the mail program's one-click request – switches that kind of mail off (the link
    says which: „Du bist dran“ and the digest, invitations, friend requests, a Fernpartie's
    end)."""
    found = read_unsubscribe_token(token)
    if found is None:
        return render(request, "alerts/unsubscribe.html", {"bad": True}, status=400)
    user_id, kind = found
    done = False
    if request.method == "POST":
        MailSettings.objects.filter(user_id=user_id).update(**{f"{kind}_mail": False})
        done = True
    return render(
        request, "alerts/unsubscribe.html", {"done": done, "token": token, "what": KIND_WORDS[kind]}
    )
