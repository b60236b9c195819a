"""Alerts for the events besides „Du bist dran“: an invitation to a table, a friend request and a
Fernpartie's end – by e-mail (to a confirmed address, if the person wants that kind) and by Web
Push (to the browsers they subscribed, if they want that kind).

The lower layers do not know this app: ``lobby.services.invited``, ``accounts.social.
friend_requested`` and ``games.signals.match_finished`` are signals, and the receivers here hand
the worker a task after the commit (``alerts.tasks``). Invitations and friend requests reach only
a person who is not on the site (whoever has a page open gets the toast); a Fernpartie's end
reaches every person of the match who is not looking at its board."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts import presence as site_presence
from accounts.language import language_of
from accounts.models import Friendship, User
from alerts import push
from alerts.mail import absolute, send_end, send_friend, send_invite
from alerts.models import MailSettings
from games import presence
from games.kinds import kind_of
from games.models import Match
from games.registry import game as game_def
from lobby.models import Table

log = logging.getLogger("speedgames.alerts")


def on_site(user_id: int) -> bool:
    """Whether the person has a page of the site open now (Redis; when it cannot tell: yes, so
    nobody gets a mail for a toast they may have seen)."""
    key = f"u{user_id}"
    found = site_presence.present({key}, grace=0)
    return found is None or key in found


def deliver(
    user_id: int,
    kind: str,
    mail: Callable[[Any, str], None],
    title: str,
    body: str,
    path: str,
) -> tuple[bool, bool]:
    """Mail (``mail(user, address)``) and push one alert of ``kind`` („invite“, „friend“,
    „end“) as the person's settings say. Returns (mailed, pushed)."""
    prefs = MailSettings.objects.filter(user_id=user_id).select_related("user").first()
    mailed = prefs is not None and prefs.is_confirmed and getattr(prefs, f"{kind}_mail")
    if mailed:
        assert prefs is not None
        mail(prefs.user, prefs.address)
    pushed = False
    if prefs is None or getattr(prefs, f"{kind}_push"):
        pushed = push.send(user_id, title, body, absolute(path)) > 0
    log.info("%s alert user=%s mail=%s push=%s", kind, user_id, mailed, pushed)
    return mailed, pushed


# ---- the signals' receivers (connected in ``AlertsConfig.ready``) -------------------------------


def later(task_name: str, *args: Any) -> None:
    """Hand ``alerts.tasks.<task_name>(*args)`` to the worker after the commit; a broker that
    cannot take it costs the alert, never the invitation, request or move."""

    def send() -> None:
        from alerts import tasks

        try:
            getattr(tasks, task_name).delay(*args)
        except Exception:  # noqa: BLE001 - an alert is not worth failing the caller's request
            log.exception("alert not queued: %s%s", task_name, args)

    transaction.on_commit(send)


def on_invited(sender: Any, table: Table, sender_name: str, recipient: User, **kw: Any) -> None:
    if not on_site(recipient.pk):
        later("invite_alert", recipient.pk, table.pk, sender_name)


def on_friend_requested(sender: Any, from_user: User, to_user: User, **kw: Any) -> None:
    if not on_site(to_user.pk):
        later("friend_alert", to_user.pk, from_user.pk)


def on_match_finished(sender: Any, match: Match, seats: list[Any], **kw: Any) -> None:
    """Inside the finishing transaction: after the commit, each person of a Fernpartie who is not
    looking at its board hears how it ended."""
    if not kind_of(match).turn_alerts:
        return
    for seat in seats:
        if seat.is_human and seat.user_id is not None and not presence.is_present(seat):
            later("end_alert", seat.user_id, match.pk)


# ---- the tasks' bodies ------------------------------------------------------------------------


def in_recipients_language(body: Callable[..., bool]) -> Callable[..., bool]:
    """Run an alert's body (its first argument: the recipient's account id) in the recipient's
    language (issue 46): the push's title and text, and the mail, are theirs."""

    @functools.wraps(body)
    def run(user_id: int, *args: Any) -> bool:
        user = User.objects.filter(pk=user_id).only("language", "last_language").first()
        with translation.override(language_of(user)):
            return body(user_id, *args)

    return run


@in_recipients_language
def invite_alert(user_id: int, table_id: int, sender_name: str) -> bool:
    table = Table.objects.filter(pk=table_id, status=Table.Status.OPEN).first()
    if table is None:  # started or closed meanwhile: nothing to join
        return False
    found = game_def(table.game)
    name = found.name if found is not None else table.game
    path = reverse("lobby:invite", args=[table.token])
    mailed, pushed = deliver(
        user_id,
        "invite",
        lambda user, address: send_invite(user, address, sender_name, name, path),
        _("Einladung von %(sender)s") % {"sender": sender_name},
        _("%(sender)s lädt dich zu %(game)s ein.") % {"sender": sender_name, "game": name},
        path,
    )
    return mailed or pushed


@in_recipients_language
def friend_alert(user_id: int, from_id: int) -> bool:
    request = (
        Friendship.objects.filter(from_user_id=from_id, to_user_id=user_id, accepted__isnull=True)
        .select_related("from_user")
        .first()
    )
    if request is None:  # withdrawn or answered meanwhile
        return False
    sender = request.from_user.username
    path = reverse("lobby:friends")
    mailed, pushed = deliver(
        user_id,
        "friend",
        lambda user, address: send_friend(user, address, sender, path),
        _("Freundschaftsanfrage"),
        _("%(sender)s möchte mit dir befreundet sein.") % {"sender": sender},
        path,
    )
    return mailed or pushed


def places_text(match: Match) -> str:
    """„1. Alice – 45 Punkte“, one line per seat in the order of the places."""
    seats = sorted(match.seats.all(), key=lambda s: (s.place or 99, s.index))
    return "\n".join(
        _("%(place)s. %(name)s – %(score)s Punkte")
        % {"place": seat.place or "–", "name": seat.name, "score": seat.score}
        for seat in seats
    )


@in_recipients_language
def end_alert(user_id: int, match_id: int) -> bool:
    match = Match.objects.filter(pk=match_id, status=Match.Status.FINISHED).first()
    if match is None:
        return False
    seat = match.seats.filter(user_id=user_id, is_human=True).first()
    if seat is None:
        return False
    if seat.place == 1:
        verdict = _("Du hast gewonnen!")
    elif seat.place:
        verdict = _("Du bist auf Platz %(place)d von %(n)d.") % {
            "place": seat.place,
            "n": match.players,
        }
    else:
        verdict = ""
    places = places_text(match)
    path = reverse("games:match", args=[match.pk])
    mailed, pushed = deliver(
        user_id,
        "end",
        lambda user, address: send_end(user, address, match, verdict, places, path),
        _("Fernpartie zu Ende"),
        f"{match} – {verdict}".rstrip(" –"),
        path,
    )
    return mailed or pushed
