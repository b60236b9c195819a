"""The friends page (/konto/freunde/): friends with who is online and where (or when they were
last), open requests, the block list, and „zum Tisch einladen“ (the invite toast of
``services.invite``); the POST actions of the profile's buttons (ask, accept, decline, remove,
block, lift a block) – a request and an acceptance ring as a toast on the other's open pages."""

from __future__ import annotations

import logging
import time
from typing import Any, NamedTuple

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST
from redis.exceptions import RedisError

from accounts import social
from accounts.identity import Player, current_player
from accounts.language import language_of
from accounts.models import User
from accounts.presence import last_seen, where_of
from accounts.ratelimit import count_hit
from accounts.views import _safe_next
from games import spectators
from games.actions import ActionRejected
from games.models import Match
from games.registry import BY_SLUG
from lobby import services
from lobby.forms import whole_number
from lobby.models import Member, Table

log = logging.getLogger("speedgames.friends")


def _game_name(slug: str | None) -> str:
    game = BY_SLUG.get(slug or "")
    return str(game.name) if game else ""


class Whereabout(NamedTuple):
    """Where a friend is, in German, and (``watch_url``) the match to watch there, if the viewer
    may: „spielt Speedone“ links to the match (``spectators.watch_refusal``, as its page asks)."""

    text: str
    watch_url: str = ""


def whereabouts(users: list[User]) -> dict[int, str]:
    """For each of ``users`` who is online and does not hide it: where, in German („in der Lobby
    von Speedone“, „am Tisch (Speedwerk)“, „spielt Speedbasar“, „schaut Speedtrödel zu“, or just
    „online“). People who hide their online status are left out."""
    return {uid: w.text for uid, w in locate(users).items()}


def locate(users: list[User], viewer: Player | None = None) -> dict[int, Whereabout]:
    """``whereabouts`` with the way to watch: a friend in a running match the ``viewer`` may
    watch (by the match page's rules) gets its URL."""
    shown = [u for u in users if not u.hide_online]
    places = where_of([f"u{u.pk}" for u in shown])
    if not places:
        return {}
    parsed: dict[int, tuple[str, str]] = {}
    tables: set[int] = set()
    matches: set[int] = set()
    for key, place in places.items():
        kind, _sep, ref = place.partition(":")
        parsed[int(key[1:])] = (kind, ref)
        if kind == "table" and ref.isdigit():
            tables.add(int(ref))
        elif kind in ("match", "watch") and ref.isdigit():
            matches.add(int(ref))
    table_games = dict(Table.objects.filter(pk__in=tables).values_list("pk", "game"))
    found = {m.pk: m for m in Match.objects.filter(pk__in=matches).prefetch_related("seats")}
    match_games = {pk: m.game for pk, m in found.items()}
    out: dict[int, Whereabout] = {}
    for uid, (kind, ref) in parsed.items():
        number = int(ref) if ref.isdigit() else 0
        if kind == "lobby" and _game_name(ref):
            out[uid] = Whereabout(_("in der Lobby von %(game)s") % {"game": _game_name(ref)})
        elif kind == "table" and number in table_games:
            text = _("am Tisch (%(game)s)") % {"game": _game_name(table_games[number])}
            out[uid] = Whereabout(text)
        elif kind == "match" and number in match_games:
            text = _("spielt %(game)s") % {"game": _game_name(match_games[number])}
            out[uid] = Whereabout(text, _watch_url(found[number], viewer))
        elif kind == "watch" and number in match_games:
            text = _("schaut %(game)s zu") % {"game": _game_name(match_games[number])}
            out[uid] = Whereabout(text, _watch_url(found[number], viewer))
        else:
            out[uid] = Whereabout(_("online"))
    return out


def _watch_url(match: Match, viewer: Player | None) -> str:
    """The running match's page, if ``viewer`` may see it (their own, or by the spectators'
    rules: the daily deal stays hidden from who has not played it)."""
    if match.status != Match.Status.RUNNING or not spectators.may_see(match, viewer):
        return ""
    return reverse("games:match", args=[match.pk])


def _open_table(user: User) -> Table | None:
    """The table the person sits at and may invite to: the newest open table (not a solo game)."""
    member = (
        Member.objects.filter(user=user, table__status=Table.Status.OPEN, table__solo=False)
        .select_related("table")
        .order_by("-joined")
        .first()
    )
    return member.table if member else None


def last_active(users: list[User], now: float | None = None) -> dict[int, str]:
    """For each of ``users`` who had a page with a socket open within the last hour (and does
    not hide their online status): „zuletzt aktiv vor N Minuten“ (``presence.last_seen``: when
    the socket opened or closed; online itself still means a socket open now)."""
    shown = [u for u in users if not u.hide_online]
    seen = last_seen([f"u{u.pk}" for u in shown])
    now = time.time() if now is None else now
    out = {}
    for key, when in seen.items():
        minutes = max(1, int((now - when) // 60))
        out[int(key[1:])] = ngettext(
            "zuletzt aktiv vor %(n)d Minute", "zuletzt aktiv vor %(n)d Minuten", minutes
        ) % {"n": minutes}
    return out


@login_required
def friends_page(request: HttpRequest) -> HttpResponse:
    user: User = request.user  # type: ignore[assignment]
    people = social.friends(user)
    online = locate(people, current_player(request))
    offline = [p for p in people if p.pk not in online]
    recent = last_active(offline) if offline else {}
    rows: list[dict[str, Any]] = [
        {"user": p, "where": online.get(p.pk), "last": recent.get(p.pk)}
        for p in sorted(people, key=lambda p: (p.pk not in online, p.username.lower()))
    ]
    return render(
        request,
        "lobby/friends.html",
        {
            "rows": rows,
            "received": social.requests_received(user),
            "sent": social.requests_sent(user),
            "blocked": social.blocked_by_me(user),
            "table": _open_table(user),
        },
    )


#: at most one toast per person, kind and other person in this many seconds (a request withdrawn
#: and sent again does not ring again and again)
TOAST_SECONDS = 600


def toast_key(sender_id: int, recipient_id: int, accepted: bool) -> str:
    kind = "accepted" if accepted else "request"
    return f"friend:toast:{kind}:{sender_id}:{recipient_id}"


def announce_friendship(sender: User, recipient: User, *, accepted: bool) -> None:
    """After commit, a toast on ``recipient``'s open pages that have a socket (lobby, table,
    match: the person's group and event of the invitation toast, ``services.invite``): „X möchte
    mit dir befreundet sein“ or, ``accepted``, „X hat deine Freundschaftsanfrage angenommen“.
    Nobody else gets it. Without Redis there is no toast; the header's count shows the request
    on the next page."""

    def go() -> None:
        try:
            if count_hit(toast_key(sender.pk, recipient.pk, accepted), TOAST_SECONDS) > 1:
                return
        except (RedisError, OSError) as exc:
            log.warning("friend toast not sent, redis: %s", exc)
            return
        context = {
            "sender": sender.username,
            "accepted": accepted,
            "friends_url": reverse("lobby:friends"),
        }
        with translation.override(language_of(recipient)):  # the recipient's, as services.invite
            html = render_to_string("lobby/_friend_toast.html", context)
        # the invitation's event type: every page's socket sends a rendered toast on as it is
        services._notify(f"user-u{recipient.pk}", {"type": "notify.invite", "html": html})

    transaction.on_commit(go)


#: op in the URL → the service and its confirmation
ACTIONS = {
    "anfragen": (social.request_friend, None),
    "annehmen": (social.accept_friend, gettext_lazy("Ihr seid jetzt befreundet.")),
    "ablehnen": (social.decline_friend, gettext_lazy("Anfrage abgelehnt.")),
    "entfernen": (social.remove_friend, gettext_lazy("Erledigt: Ihr seid nicht mehr befreundet.")),
    "blockieren": (
        social.block,
        gettext_lazy(
            "Blockiert: Du siehst ihren Chat nicht mehr, und ihr könnt euch nicht mehr einladen."
        ),
    ),
    "freigeben": (social.unblock, gettext_lazy("Blockierung aufgehoben.")),
}


@login_required
@require_POST
def friend_action(request: HttpRequest, op: str) -> HttpResponse:
    if op not in ACTIONS:
        raise Http404
    user: User = request.user  # type: ignore[assignment]
    back = _safe_next(request, reverse("lobby:friends"))
    name = (request.POST.get("name") or "").strip()
    other = User.objects.filter(username__iexact=name, is_active=True, is_bot=False).first()
    if other is None:
        messages.error(request, _("Einen Spieler mit diesem Namen gibt es nicht."))
        return redirect(back)
    action, done = ACTIONS[op]
    try:
        result = action(user, other)
    except social.SocialError as exc:
        messages.error(request, str(exc))
        return redirect(back)
    if op == "anfragen":
        done = (
            _("Ihr seid jetzt befreundet.")
            if result == social.Relation.FRIENDS
            else _("Freundschaftsanfrage an %(name)s verschickt.") % {"name": other.username}
        )
        # a request, or (they had asked first) the acceptance of theirs
        announce_friendship(user, other, accepted=result == social.Relation.FRIENDS)
    elif op == "annehmen":
        announce_friendship(user, other, accepted=True)
    messages.success(request, str(done))
    return redirect(back)


@login_required
@require_POST
def invite_friend(request: HttpRequest) -> HttpResponse:
    """„zum Tisch einladen“: the invite toast of ``services.invite`` (its limits and refusals)
    to a friend, for the open table the person sits at."""
    user: User = request.user  # type: ignore[assignment]
    back = reverse("lobby:friends")
    friend_id = whole_number(request.POST.get("user"))
    table = _open_table(user)
    player = current_player(request)
    if friend_id is None or friend_id not in social.friend_ids(user.pk):
        messages.error(request, _("Einladen kannst du hier nur deine Freunde."))
        return redirect(back)
    if table is None or player is None:
        messages.error(
            request, _("Setz dich zuerst an einen offenen Tisch, dann kannst du einladen.")
        )
        return redirect(back)
    try:
        services.invite(table, player, friend_id)
    except ActionRejected as exc:
        messages.error(request, exc.message)
        return redirect(back)
    messages.success(request, _("Einladung verschickt."))
    return redirect(back)
