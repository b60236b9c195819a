"""The mails: the address confirmation and „Du bist dran“, each with a one-click unsubscribe
(RFC 8058: ``List-Unsubscribe`` with an https link and ``List-Unsubscribe-Post``). The links
carry signed tokens (``django.core.signing``), so no token is stored."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.language import language_of

CONFIRM_SALT = "alerts.confirm"
UNSUBSCRIBE_SALT = "alerts.unsubscribe"
#: a confirmation link works this long
CONFIRM_MAX_AGE = 7 * 24 * 3600


def absolute(path: str) -> str:
    return f"{settings.SITE_URL.rstrip('/')}{path}"


def confirm_token(user_id: int, address: str) -> str:
    return signing.dumps({"u": user_id, "a": address}, salt=CONFIRM_SALT)


def read_confirm_token(token: str) -> tuple[int, str] | None:
    try:
        data = signing.loads(token, salt=CONFIRM_SALT, max_age=CONFIRM_MAX_AGE)
    except signing.BadSignature:
        return None
    return int(data["u"]), str(data["a"])


def unsubscribe_token(user_id: int) -> str:
    return signing.dumps({"u": user_id}, salt=UNSUBSCRIBE_SALT)


def read_unsubscribe_token(token: str) -> int | None:
    try:
        return int(signing.loads(token, salt=UNSUBSCRIBE_SALT)["u"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None


def _send(to: str, subject: str, body: str, user_id: int) -> None:
    unsubscribe = absolute(reverse("alerts:unsubscribe", args=[unsubscribe_token(user_id)]))
    body += "\n\n-- \n" + _(
        "Keine solchen Mails mehr: %(unsubscribe)s\nEinstellungen: %(settings)s"
    ) % {"unsubscribe": unsubscribe, "settings": absolute(reverse("alerts:settings"))}
    headers: dict[str, Any] = {
        "List-Unsubscribe": f"<{unsubscribe}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated",
    }
    EmailMessage(subject, body, to=[to], headers=headers).send()


def send_confirmation(user: Any, address: str) -> None:
    with translation.override(language_of(user)):  # the recipient's language (issue 46)
        _send_confirmation(user, address)


def _send_confirmation(user: Any, address: str) -> None:
    link = absolute(reverse("alerts:confirm", args=[confirm_token(user.pk, address)]))
    _send(
        address,
        _("Speedgames: Bitte bestätige deine E-Mail-Adresse"),
        _(
            "Hallo %(name)s,\n\nbitte bestätige, dass Speedgames dir an diese Adresse schreiben "
            "darf:\n%(link)s\n\nDer Link gilt sieben Tage. Warst du das nicht, tu einfach nichts."
        )
        % {"name": user.username, "link": link},
        user.pk,
    )


def send_turn(user: Any, address: str, match: Any) -> None:
    with translation.override(language_of(user)):  # the recipient's language (issue 46)
        _send_turn(user, address, match)


def _send_turn(user: Any, address: str, match: Any) -> None:
    link = absolute(reverse("games:match", args=[match.pk]))
    _send(
        address,
        _("Speedgames: Du bist dran – %(match)s") % {"match": str(match)},
        _("Hallo %(name)s,\n\nin deiner Fernpartie (%(match)s) bist du am Zug:\n%(link)s")
        % {"name": user.username, "match": str(match), "link": link},
        user.pk,
    )
