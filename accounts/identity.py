"""Who is playing: a registered user or a guest from an invite link.

A guest's id is kept in the session and, so that it survives a new session on the same device, in a
signed cookie (``GUEST_COOKIE``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing
from django.dispatch import Signal
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.models import Guest, User

GUEST_SESSION_KEY = "guest_id"
GUEST_COOKIE = "sg_guest"
GUEST_COOKIE_SALT = "speedgames.guest"
GUEST_COOKIE_AGE = 60 * 60 * 24 * 30

#: sent when a guest registers: ``guest``, ``user``; the games move the guest's seats over
guest_claimed = Signal()


@dataclass(frozen=True)
class Player:
    """The person behind a request or a seat: exactly one of ``user`` and ``guest`` is set."""

    user: User | None = None
    guest: Guest | None = None

    @property
    def name(self) -> str:
        if self.user is not None:
            return self.user.username
        assert self.guest is not None
        return self.guest.display_name

    @property
    def is_guest(self) -> bool:
        return self.guest is not None

    @property
    def key(self) -> str:
        """A stable identifier, e.g. for channel groups (``u12`` / ``g7``)."""
        return f"u{self.user.pk}" if self.user is not None else f"g{self.guest.pk}"  # type: ignore[union-attr]


def guest_from_request(request: HttpRequest) -> Guest | None:
    guest_id = request.session.get(GUEST_SESSION_KEY)
    if guest_id is None:
        raw = request.COOKIES.get(GUEST_COOKIE)
        if raw:
            try:
                guest_id = signing.loads(raw, salt=GUEST_COOKIE_SALT, max_age=GUEST_COOKIE_AGE)
            except signing.BadSignature:
                guest_id = None
    if guest_id is None:
        return None
    guest = Guest.objects.filter(pk=guest_id, user__isnull=True).first()
    if guest is not None:
        request.session[GUEST_SESSION_KEY] = guest.pk
    return guest


def current_player(request: HttpRequest) -> Player | None:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return Player(user=user)
    guest = getattr(request, "guest", None)
    return Player(guest=guest) if guest is not None else None


def start_guest(request: HttpRequest, response: HttpResponse, display_name: str) -> Guest:
    guest = Guest.objects.create(display_name=display_name, last_seen=timezone.now())
    request.session[GUEST_SESSION_KEY] = guest.pk
    response.set_cookie(
        GUEST_COOKIE,
        signing.dumps(guest.pk, salt=GUEST_COOKIE_SALT),
        max_age=GUEST_COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )
    request.guest = guest  # type: ignore[attr-defined]
    return guest


def claim_guest(request: HttpRequest, user: User) -> None:
    """A guest registered: keep their games under the new account."""
    guest = getattr(request, "guest", None)
    if guest is None:
        return
    guest.user = user
    guest.save(update_fields=["user"])
    guest_claimed.send(sender=Guest, guest=guest, user=user)
    request.session.pop(GUEST_SESSION_KEY, None)


def player_from_scope(scope: dict) -> Player | None:
    """The player behind a WebSocket connection (session auth; sync, call via database_sync_to_async)."""
    user = scope.get("user")
    if user is not None and user.is_authenticated:
        return Player(user=user)
    session = scope.get("session")
    guest_id = session.get(GUEST_SESSION_KEY) if session is not None else None
    if guest_id is None:
        return None
    guest = Guest.objects.filter(pk=guest_id, user__isnull=True).first()
    return Player(guest=guest) if guest is not None else None
