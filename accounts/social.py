"""Friends and blocking between registered people (issue 27).

A friend request (``Friendship`` without ``accepted``) becomes a friendship when the other person
accepts it; a request towards someone who already asked you accepts theirs at once. A block works
both ways (``blocked``): the two see none of each other's chat, send no invitations by name to each
other and cannot ask each other to be friends; blocking ends a friendship and its open requests.
Every refusal raises ``SocialError`` with a German message and changes nothing."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.dispatch import Signal
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Block, Friendship, User

#: open requests one person may have waiting at a time (keeps a spammer's reach small)
MAX_OPEN_REQUESTS = 30

#: sent by ``request_friend`` inside its transaction when a new request waits for ``to_user``:
#: ``friend_requested.send(sender=User, from_user=user, to_user=other)`` – the alerts app (a
#: layer above) mails and pushes it after the commit
friend_requested = Signal()


class SocialError(ValueError):
    """A refused friends or block action; ``str(error)`` is the German message for the person."""


class Relation(StrEnum):
    """How ``user`` stands to another person, seen from ``user`` (``relation``)."""

    SELF = "self"
    NONE = "none"
    SENT = "sent"  # user asked, the other has not answered
    RECEIVED = "received"  # the other asked user
    FRIENDS = "friends"
    BLOCKED = "blocked"  # user blocks the other
    BLOCKED_BY = "blocked_by"  # the other blocks user


def profile_url(name: str) -> str:
    """The address of a registered person's public profile, the name URL-encoded (the page
    itself belongs to ``leaderboards``; only its URL name is used here)."""
    return reverse("leaderboards:player", args=[name])


def blocked(user_a_id: int, user_b_id: int) -> bool:
    """Whether either of the two blocks the other (the relation is symmetric)."""
    if user_a_id == user_b_id:
        return False
    return Block.objects.filter(
        Q(blocker_id=user_a_id, blocked_id=user_b_id)
        | Q(blocker_id=user_b_id, blocked_id=user_a_id)
    ).exists()


def blocked_ids(user_id: int) -> set[int]:
    """The ids of everyone ``user_id`` blocks or is blocked by, in one query (chat filtering)."""
    rows = Block.objects.filter(Q(blocker_id=user_id) | Q(blocked_id=user_id)).values_list(
        "blocker_id", "blocked_id"
    )
    return {b if a == user_id else a for a, b in rows}


def blocked_by_me(user: User) -> list[User]:
    """The people ``user`` blocks, by name (the block list on the friends page)."""
    return list(User.objects.filter(blocked_by__blocker=user).order_by("username"))


def _pair(a_id: int, b_id: int) -> Q:
    return Q(from_user_id=a_id, to_user_id=b_id) | Q(from_user_id=b_id, to_user_id=a_id)


def friend_ids(user_id: int) -> set[int]:
    """The ids of ``user_id``'s friends (accepted requests, either direction)."""
    rows = Friendship.objects.filter(
        Q(from_user_id=user_id) | Q(to_user_id=user_id), accepted__isnull=False
    ).values_list("from_user_id", "to_user_id")
    return {b if a == user_id else a for a, b in rows}


def friends_among(user_id: int, candidates: Iterable[int]) -> set[int]:
    """The ids among ``candidates`` who are friends of ``user_id`` (``lobby.acquaintances``)."""
    ids = {int(c) for c in candidates} - {user_id}
    if not ids:
        return set()
    rows = Friendship.objects.filter(
        Q(from_user_id=user_id, to_user_id__in=ids) | Q(to_user_id=user_id, from_user_id__in=ids),
        accepted__isnull=False,
    ).values_list("from_user_id", "to_user_id")
    return {b if a == user_id else a for a, b in rows}


def friends(user: User) -> list[User]:
    """``user``'s friends by name."""
    return list(User.objects.filter(pk__in=friend_ids(user.pk)).order_by("username"))


def requests_received(user: User) -> list[Friendship]:
    """Open requests to ``user``, oldest first."""
    return list(
        Friendship.objects.filter(to_user=user, accepted__isnull=True)
        .select_related("from_user")
        .order_by("created", "pk")
    )


def requests_sent(user: User) -> list[Friendship]:
    """``user``'s own open requests, oldest first."""
    return list(
        Friendship.objects.filter(from_user=user, accepted__isnull=True)
        .select_related("to_user")
        .order_by("created", "pk")
    )


def relation(user: User, other: User) -> Relation:
    """How ``user`` stands to ``other`` (the buttons on a profile)."""
    if user.pk == other.pk:
        return Relation.SELF
    block = (
        Block.objects.filter(Q(blocker=user, blocked=other) | Q(blocker=other, blocked=user))
        .values_list("blocker_id", flat=True)
        .first()
    )
    if block is not None:
        return Relation.BLOCKED if block == user.pk else Relation.BLOCKED_BY
    row = Friendship.objects.filter(_pair(user.pk, other.pk)).first()
    if row is None:
        return Relation.NONE
    if row.accepted is not None:
        return Relation.FRIENDS
    return Relation.SENT if row.from_user_id == user.pk else Relation.RECEIVED


def _check_person(user: User, other: User) -> None:
    if user.pk == other.pk:
        raise SocialError(_("Das bist du selbst."))
    if other.is_bot or not other.is_active:
        raise SocialError(_("Mit dieser Person geht das nicht."))


def request_friend(user: User, other: User) -> Relation:
    """``user`` asks ``other`` to be friends. Returns ``SENT``, or ``FRIENDS`` when ``other`` had
    already asked ``user`` (their request is accepted)."""
    _check_person(user, other)
    with transaction.atomic():
        # both people's rows, in id order: two crossing requests cannot both insert
        list(User.objects.select_for_update().filter(pk__in=[user.pk, other.pk]).order_by("pk"))
        if blocked(user.pk, other.pk):
            raise SocialError(_("Mit dieser Person geht das nicht."))
        row = Friendship.objects.filter(_pair(user.pk, other.pk)).first()
        if row is not None:
            if row.accepted is not None:
                raise SocialError(_("Ihr seid schon befreundet."))
            if row.from_user_id == user.pk:
                raise SocialError(_("Deine Anfrage ist schon unterwegs."))
            row.accepted = timezone.now()
            row.save(update_fields=["accepted"])
            return Relation.FRIENDS
        waiting = Friendship.objects.filter(from_user=user, accepted__isnull=True).count()
        if waiting >= MAX_OPEN_REQUESTS:
            raise SocialError(
                _("Du hast schon %(n)d offene Anfragen. Warte, bis einige beantwortet sind.")
                % {"n": MAX_OPEN_REQUESTS}
            )
        try:
            with transaction.atomic():
                Friendship.objects.create(from_user=user, to_user=other)
        except IntegrityError as exc:  # pragma: no cover - the row locks above prevent it
            raise SocialError(_("Deine Anfrage ist schon unterwegs.")) from exc
        friend_requested.send(sender=User, from_user=user, to_user=other)
    return Relation.SENT


def accept_friend(user: User, other: User) -> None:
    """``user`` accepts ``other``'s open request."""
    with transaction.atomic():
        row = (
            Friendship.objects.select_for_update()
            .filter(from_user=other, to_user=user, accepted__isnull=True)
            .first()
        )
        if row is None:
            raise SocialError(_("Diese Anfrage gibt es nicht (mehr)."))
        row.accepted = timezone.now()
        row.save(update_fields=["accepted"])


def decline_friend(user: User, other: User) -> None:
    """``user`` declines ``other``'s open request (``other`` is not told)."""
    deleted, _rows = Friendship.objects.filter(
        from_user=other, to_user=user, accepted__isnull=True
    ).delete()
    if not deleted:
        raise SocialError(_("Diese Anfrage gibt es nicht (mehr)."))


def remove_friend(user: User, other: User) -> None:
    """End a friendship, or withdraw ``user``'s own open request."""
    deleted, _rows = Friendship.objects.filter(
        Q(from_user=user, to_user=other) | Q(from_user=other, to_user=user, accepted__isnull=False)
    ).delete()
    if not deleted:
        raise SocialError(_("Ihr seid nicht befreundet."))


def block(user: User, other: User) -> None:
    """``user`` blocks ``other``: ends their friendship and any open request between them."""
    _check_person(user, other)
    with transaction.atomic():
        Friendship.objects.filter(_pair(user.pk, other.pk)).delete()
        Block.objects.get_or_create(blocker=user, blocked=other)


def unblock(user: User, other: User) -> None:
    """``user`` lifts their block on ``other`` (a block by ``other`` stays)."""
    deleted, _rows = Block.objects.filter(blocker=user, blocked=other).delete()
    if not deleted:
        raise SocialError(_("Du blockierst diese Person nicht."))
