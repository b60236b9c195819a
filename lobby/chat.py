"""Table chat: at an open table and in its matches (issue 27).

Who reads and writes: a table's people (its members) at the open table; a match's people (its
human seats, accounts and guests) in the match. Spectators of a match get nothing – no panel, no
pushed line (the players talk among themselves). Anonymous visitors and strangers at a table's page
neither.

A room is a table (lines with ``match`` unset) or a match (lines with ``match`` set). Sending is an
htmx POST answered with the panel; after commit the line goes, rendered once (Django template,
autoescaped, links stay plain text), to the room's group – the table's group, or the match's
players' group – with ``to`` (the room's people) and ``skip`` (those who muted the author for
themselves, or who block the author or are blocked by them): every socket of the site sends it on
only to its own person if they are in ``to`` and not in ``skip`` (``games.sockets``). So the
filter is decided once per line at the sender, and a mute works at once, on every open page.

Safety: at most ``MAX_CHARS`` characters, control and bidi-override characters removed, at most
``RATE_COUNT`` lines per ``RATE_SECONDS`` per person (a Redis counter; without Redis nothing is
sent), an account or a guest the staff muted (``User.chat_muted``, ``Guest.chat_muted``) writes
nothing, „melden“ flags a line for the staff (Django admin), the staff delete lines (gone from
every open page at once). The opener switches the chat off per table (``Table.chat_enabled``);
games against the computer have none, and a match's kind may have none (``MatchKind.chat``:
the daily challenge)."""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings as site
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from redis.exceptions import RedisError

from accounts.identity import Player, guest_claimed
from accounts.models import Guest, User
from accounts.ratelimit import count_hit
from accounts.social import blocked_ids
from games.actions import ActionRejected
from games.broadcast import players_group
from games.kinds import kind_of
from games.models import Match
from lobby.models import ChatMessage, ChatMute, Table
from lobby.phrases import QUICK_PHRASES
from lobby.services import _notify

log = logging.getLogger("speedgames.chat")

MAX_CHARS = 500
#: lines kept on the page after a reload
HISTORY = 100
RATE_COUNT = 5
RATE_SECONDS = 10
#: characters removed from a line: bidi overrides and isolates (they turn text around on screen)
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


@dataclass
class Room:
    """Where a chat line is written: an open table, or a match."""

    table: Table | None
    match: Match | None
    #: the room's people, ``Player.key`` → name
    people: dict[str, str] = field(default_factory=dict)
    #: why nobody writes here (empty: the chat is on)
    off: str = ""
    #: no panel at all (a game against the computer)
    hidden: bool = False

    @property
    def dom_id(self) -> str:
        return f"chat-m{self.match.pk}" if self.match is not None else f"chat-t{self.table.pk}"  # type: ignore[union-attr]

    @property
    def base_url(self) -> str:
        """The room's chat URL (send); ``melden/``, ``stumm/``, ``zeigen/`` follow it."""
        if self.match is not None:
            return reverse("lobby:match_chat", args=[self.match.pk])
        return reverse("lobby:table_chat", args=[self.table.pk])  # type: ignore[union-attr]

    @property
    def groups(self) -> list[str]:
        """Where its lines are pushed (a match's spectators are not in the players' group)."""
        if self.match is not None:
            return [players_group(self.match.pk)]
        return [self.table.group]  # type: ignore[union-attr]

    def messages(self) -> QuerySet[ChatMessage]:
        if self.match is not None:
            return ChatMessage.objects.filter(match=self.match)
        return ChatMessage.objects.filter(table=self.table, match__isnull=True)


def table_room(table: Table) -> Room:
    people = {m.player.key: m.name for m in table.members.select_related("user", "guest")}
    room = Room(table=table, match=None, people=people, hidden=table.solo)
    if not table.chat_enabled:
        room.off = _("Der Chat ist an diesem Tisch ausgeschaltet.")
    return room


def match_room(match: Match) -> Room:
    people = {}
    for seat in match.seats.all():
        if seat.is_human and seat.user_id:
            people[f"u{seat.user_id}"] = seat.name
        elif seat.is_human and seat.guest_id:
            people[f"g{seat.guest_id}"] = seat.name
    room = Room(table=match.table, match=match, people=people, hidden=match.solo)
    kind = kind_of(match)
    if not kind.chat:  # a game against the computer, a daily game: the kind says why
        room.off, room.hidden = str(kind.chat_refusal), True
    elif match.solo:
        room.off = _("Gegen den Computer gibt es keinen Chat.")
    elif match.table is not None and not match.table.chat_enabled:
        room.off = _("Der Chat ist an diesem Tisch ausgeschaltet.")
    return room


def room_of(message: ChatMessage) -> Room:
    if message.match_id is not None:
        return match_room(message.match)  # type: ignore[arg-type]
    return table_room(message.table)  # type: ignore[arg-type]


def _blocked_keys(key: str | None) -> set[str]:
    """The accounts that block ``key``'s account or are blocked by it (guests block nobody)."""
    if not key or not key.startswith("u"):
        return set()
    return {f"u{uid}" for uid in blocked_ids(int(key[1:]))}


def hidden_authors(viewer_key: str | None) -> set[str]:
    """Whose lines ``viewer_key`` does not see: the people they muted, and blocks either way."""
    if not viewer_key:
        return set()
    muted = set(ChatMute.objects.filter(owner_key=viewer_key).values_list("target_key", flat=True))
    return muted | _blocked_keys(viewer_key)


def skipped_readers(author_key: str, readers: Iterable[str]) -> list[str]:
    """Who among ``readers`` must not get ``author_key``'s line: muted it, or a block between."""
    readers = set(readers)
    muting = ChatMute.objects.filter(target_key=author_key, owner_key__in=readers)
    skip = set(muting.values_list("owner_key", flat=True)) | (_blocked_keys(author_key) & readers)
    return sorted(skip)


def history(room: Room, viewer_key: str | None) -> list[ChatMessage]:
    """The last ``HISTORY`` lines of the room that the viewer sees, oldest first."""
    hidden = hidden_authors(viewer_key)
    lines = room.messages().filter(deleted=False).exclude(author_key__in=hidden)[:HISTORY]
    return list(reversed(lines))


def clean_text(raw: Any) -> str:
    """One line of text: whitespace runs (newlines too) become one space, control and bidi
    characters go; German ``ActionRejected`` for what cannot be sent."""
    if not isinstance(raw, str):
        raise ActionRejected(_("Schreib erst etwas."))
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate: no text we can store or show
        raise ActionRejected(_("Die Nachricht enthält ungültige Zeichen.")) from exc
    text = "".join(" " if unicodedata.category(c) == "Cc" else c for c in raw)
    text = " ".join(_BIDI.sub("", text).split())
    if not any(unicodedata.category(c)[0] not in "CZ" for c in text):  # nothing visible
        raise ActionRejected(_("Schreib erst etwas."))
    if len(text) > MAX_CHARS:
        raise ActionRejected(
            _("Höchstens %(max)d Zeichen – deine Nachricht hat %(n)d.")
            % {"max": MAX_CHARS, "n": len(text)}
        )
    return text


def rate_key(player: Player) -> str:
    return f"chat:rate:{player.key}"


def _check_rate(player: Player) -> None:
    try:
        hits = count_hit(rate_key(player), RATE_SECONDS)
    except (RedisError, OSError) as exc:  # fail closed: no counter, no chat
        log.warning("chat line refused, redis: %s", exc)
        raise ActionRejected(
            _("Der Chat ist gerade nicht erreichbar. Versuch es gleich noch einmal.")
        ) from exc
    if hits > RATE_COUNT:
        raise ActionRejected(
            _(
                "Nicht so schnell: höchstens %(n)d Nachrichten in %(s)d Sekunden. "
                "Warte einen Moment."
            )
            % {"n": RATE_COUNT, "s": RATE_SECONDS}
        )


def _check_writer(room: Room, player: Player | None) -> Player:
    if player is None or player.key not in room.people:
        raise ActionRejected(_("Mitschreiben können nur die Leute am Tisch."))
    if room.off:
        raise ActionRejected(room.off)
    if player.user is not None:
        muted = User.objects.filter(pk=player.user.pk, chat_muted=True).exists()
    else:
        muted = Guest.objects.filter(pk=player.guest.pk, chat_muted=True).exists()  # type: ignore[union-attr]
    if muted:
        raise ActionRejected(_("Die Spielleitung hat dich im Chat stummgeschaltet."))
    return player


def post(room: Room, player: Player | None, raw: Any, phrase: Any = None) -> ChatMessage:
    """Write one line into ``room`` and push it after commit; German ``ActionRejected`` for a line
    that is refused (nothing is stored or counted then, except the rate counter). ``phrase``: a
    quick phrase's code (``lobby.phrases``) instead of a text."""
    player = _check_writer(room, player)
    code = ""
    if phrase:
        code = str(phrase)
        if code not in QUICK_PHRASES:
            raise ActionRejected(_("Diesen schnellen Satz gibt es nicht."))
        with translation.override(site.LANGUAGE_CODE):  # the record keeps it in German
            text = str(QUICK_PHRASES[code])
    else:
        text = clean_text(raw)
    _check_rate(player)
    with transaction.atomic():
        message = ChatMessage.objects.create(
            table=room.table,
            match=room.match,
            user=player.user,
            guest=player.guest,
            author_key=player.key,
            name=player.name,
            text=text,
            phrase=code,
        )
        transaction.on_commit(lambda: push_line(room, message))
    log.info("chat line %s in %s by %s", message.pk, room.dom_id, player.key)
    return message


def render_line(room: Room, message: ChatMessage, language: str | None = None) -> str:
    """One line as the panel shows it (autoescaped; no link is made clickable), in ``language``
    (default: the site's)."""
    with translation.override(language or site.LANGUAGE_CODE):
        return render_to_string("lobby/_chat_line.html", {"m": message, "base": room.base_url})


def _in_every_language(render: Any) -> tuple[str, dict[str, str]]:
    """``render(language)`` for the site's language and for each other one (issue 46: every
    socket sends on the one in its person's language)."""
    others = {code: render(code) for code, _name in site.LANGUAGES if code != site.LANGUAGE_CODE}
    return render(site.LANGUAGE_CODE), others


def _push(
    room: Room, html: str, skip: Iterable[str] = (), languages: dict[str, str] | None = None
) -> None:
    event = {
        "type": "chat.message",
        "html": html,
        "languages": languages or {},
        "to": sorted(room.people),
        "skip": list(skip),
    }
    for group in room.groups:
        _notify(group, event)


def push_line(room: Room, message: ChatMessage) -> None:
    """The new line to the room's people, except those who muted or block its author; rendered
    once per language (a quick phrase reads in each reader's own)."""

    def render(language: str) -> str:
        line = render_line(room, message, language)
        return f'<div hx-swap-oob="beforeend:#{room.dom_id}-lines">{line}</div>'

    html, languages = _in_every_language(render)
    _push(room, html, skipped_readers(message.author_key, room.people), languages)


def push_state(table: Table) -> None:
    """After the opener switched the chat on or off: the table's open pages show the form, or why
    there is none (the same for everybody, so rendered once per language)."""
    room = table_room(table)

    def render(language: str) -> str:
        with translation.override(language):
            return render_to_string(
                "lobby/_chat_form.html", {"chat": room, "phrases": QUICK_PHRASES, "oob": True}
            )

    html, languages = _in_every_language(render)
    transaction.on_commit(lambda: _push(room, html, languages=languages))


def _readable(room: Room, player: Player | None, message_id: Any) -> ChatMessage:
    if player is None or player.key not in room.people:
        raise ActionRejected(_("Den Chat sehen nur die Leute am Tisch."))
    raw = str(message_id or "")
    message = None
    if raw.isascii() and raw.isdigit() and len(raw) < 12:
        message = room.messages().filter(pk=int(raw), deleted=False).first()
    if message is None:
        raise ActionRejected(_("Diese Nachricht gibt es nicht (mehr)."))
    return message


def flag(room: Room, player: Player | None, message_id: Any) -> ChatMessage:
    """„melden“: the staff find the line in the admin (filter „gemeldet“)."""
    message = _readable(room, player, message_id)
    if not message.flagged:
        message.flagged = True
        message.flagged_by = player.name  # type: ignore[union-attr]
        message.save(update_fields=["flagged", "flagged_by"])
        log.info("chat line %s flagged by %s", message.pk, player.key)  # type: ignore[union-attr]
    return message


def mute(room: Room, player: Player | None, message_id: Any) -> ChatMute:
    """Read nothing more from the author of ``message_id`` (only for oneself, in every chat)."""
    message = _readable(room, player, message_id)
    assert player is not None
    if message.author_key == player.key:
        raise ActionRejected(_("Dich selbst kannst du nicht stummschalten."))
    try:
        with transaction.atomic():
            found, _created = ChatMute.objects.get_or_create(
                owner_key=player.key,
                target_key=message.author_key,
                defaults={"target_name": message.name},
            )
    except IntegrityError:  # a double click: the other request made it
        found = ChatMute.objects.get(owner_key=player.key, target_key=message.author_key)
    return found


def unmute(player: Player | None, target_key: Any) -> None:
    if player is not None and isinstance(target_key, str):
        ChatMute.objects.filter(owner_key=player.key, target_key=target_key).delete()


def muted_by(player: Player | None) -> list[ChatMute]:
    if player is None:
        return []
    return list(ChatMute.objects.filter(owner_key=player.key).order_by("target_name"))


def remove(messages: QuerySet[ChatMessage]) -> int:
    """The staff delete lines: kept for the record (``deleted``), gone from every open page."""
    lines = list(messages.filter(deleted=False).select_related("table", "match"))
    ChatMessage.objects.filter(pk__in=[m.pk for m in lines]).update(deleted=True)
    for message in lines:
        room = room_of(message)
        html = f'<li id="chat-line-{message.pk}" hx-swap-oob="delete"></li>'
        transaction.on_commit(lambda room=room, html=html: _push(room, html))
    return len(lines)


@receiver(guest_claimed, dispatch_uid="lobby.chat.claim")
def carry_chat(sender: Any, guest: Any, user: Any, **kwargs: Any) -> None:
    """A guest registered: their lines and their mutes (both ways) belong to the account now,
    and so does the staff's mute (registering does not lift it)."""
    old, new = f"g{guest.pk}", f"u{user.pk}"
    if Guest.objects.filter(pk=guest.pk, chat_muted=True).exists():
        User.objects.filter(pk=user.pk).update(chat_muted=True)
    ChatMessage.objects.filter(author_key=old).update(author_key=new, user=user)
    for mine, other in (("owner_key", "target_key"), ("target_key", "owner_key")):
        taken = ChatMute.objects.filter(**{mine: new}).values_list(other, flat=True)
        rows = ChatMute.objects.filter(**{mine: old})
        rows.exclude(**{f"{other}__in": list(taken)}).update(**{mine: new})
        rows.delete()  # what the account had already
    ChatMute.objects.filter(target_key=new).update(target_name=user.username)
    ChatMute.objects.filter(owner_key=new, target_key=new).delete()


def panel_context(room: Room, player: Player | None, **extra: Any) -> dict[str, Any]:
    """What ``lobby/_chat.html`` needs for ``player``'s panel."""
    key = player.key if player is not None else None
    return {
        "chat": room,
        "me": key or "",
        "lines": history(room, key),
        "muted": muted_by(player),
        "phrases": QUICK_PHRASES,
        "max_chars": MAX_CHARS,
        **extra,
    }


def panel_html(room: Room, player: Player | None, request: Any = None, **extra: Any) -> str:
    """The panel for ``player``; empty for whoever is not one of the room's people, and in a room
    without chat (a game against the computer, a daily challenge)."""
    if room.hidden or player is None or player.key not in room.people:
        return ""
    return render_to_string("lobby/_chat.html", panel_context(room, player, **extra), request)
