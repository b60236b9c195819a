"""The mails: the address confirmation, „Du bist dran“ (one per turn, or the daily digest), an
invitation to a table, a friend request and a Fernpartie's end, each with a one-click
unsubscribe from that kind of mail (RFC 8058: ``List-Unsubscribe`` with an https link and
``List-Unsubscribe-Post``). The links carry signed tokens (``django.core.signing``), so no token
is stored."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.language import language_of

CONFIRM_SALT = "alerts.confirm"
UNSUBSCRIBE_SALT = "alerts.unsubscribe"
#: a confirmation link works this long
CONFIRM_MAX_AGE = 7 * 24 * 3600
#: the kinds of mail a person can switch off (``MailSettings.<kind>_mail``); the digest is „turn“
KINDS = ("turn", "invite", "friend", "end")


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


def unsubscribe_token(user_id: int, kind: str = "turn") -> str:
    return signing.dumps({"u": user_id, "k": kind}, salt=UNSUBSCRIBE_SALT)


def read_unsubscribe_token(token: str) -> tuple[int, str] | None:
    """The person and the kind of mail (``KINDS``; older links without one: „turn“)."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
        user_id, kind = int(data["u"]), str(data.get("k", "turn"))
    except (signing.BadSignature, KeyError, TypeError, ValueError, AttributeError):
        return None
    return (user_id, kind) if kind in KINDS else None


def _send(to: str, subject: str, body: str, user_id: int, kind: str = "turn") -> None:
    unsubscribe = absolute(reverse("alerts:unsubscribe", args=[unsubscribe_token(user_id, kind)]))
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


def _when(deadline: datetime | None) -> str:
    if deadline is None:
        return _("ohne Frist")
    # in the recipient's language's format (the caller runs in it: issue 46)
    return _("Frist: %(when)s") % {
        "when": formats.date_format(timezone.localtime(deadline), "DATETIME_FORMAT")
    }


def send_digest(user: Any, address: str, games: Sequence[tuple[str, str, datetime | None]]) -> None:
    """The daily digest: ``games`` are (title, path, deadline) of the Fernpartien where it is the
    person's turn, the soonest deadline first."""
    lines = "\n".join(
        f"- {title} ({_when(deadline)}):\n  {absolute(path)}" for title, path, deadline in games
    )
    _send(
        address,
        ngettext(
            "Speedgames: Du bist in einer Fernpartie dran",
            "Speedgames: Du bist in %(n)d Fernpartien dran",
            len(games),
        )
        % {"n": len(games)},
        _("Hallo %(name)s,\n\nhier wartet man auf deinen Zug:\n\n%(lines)s")
        % {"name": user.username, "lines": lines},
        user.pk,
    )


def send_invite(user: Any, address: str, sender: str, game: str, path: str) -> None:
    _send(
        address,
        _("Speedgames: %(sender)s lädt dich an einen Tisch ein") % {"sender": sender},
        _(
            "Hallo %(name)s,\n\n%(sender)s lädt dich zu einer Partie %(game)s ein. Setz dich dazu:\n%(link)s"
        )
        % {"name": user.username, "sender": sender, "game": game, "link": absolute(path)},
        user.pk,
        "invite",
    )


def send_friend(user: Any, address: str, sender: str, path: str) -> None:
    _send(
        address,
        _("Speedgames: %(sender)s möchte mit dir befreundet sein") % {"sender": sender},
        _(
            "Hallo %(name)s,\n\n%(sender)s möchte mit dir befreundet sein. Annehmen oder "
            "ablehnen kannst du hier:\n%(link)s"
        )
        % {"name": user.username, "sender": sender, "link": absolute(path)},
        user.pk,
        "friend",
    )


def send_end(user: Any, address: str, match: Any, verdict: str, places: str, path: str) -> None:
    _send(
        address,
        _("Speedgames: Deine Fernpartie ist zu Ende – %(match)s") % {"match": str(match)},
        _(
            "Hallo %(name)s,\n\ndeine Fernpartie (%(match)s) ist zu Ende. %(verdict)s\n\n%(places)s\n\nZur Partie:\n%(link)s"
        )
        % {
            "name": user.username,
            "match": str(match),
            "verdict": verdict,
            "places": places,
            "link": absolute(path),
        },
        user.pk,
        "end",
    )
