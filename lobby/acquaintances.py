"""Who knows whom: the rule behind „Einladungen nur von Leuten, mit denen ich schon gespielt habe“.

Two accounts are acquainted when both sat as people at one running or finished match (a seat the
computer took over later still counts; an aborted match does not), and friends are always
acquainted (``accounts.social``). Every check (invitations, who is listed in „Wer ist online“)
goes through ``acquaintances_among``; a block between two people (either way) rules out any
invitation by name (``invitable_by``)."""

from __future__ import annotations

from collections.abc import Iterable

from accounts import social
from accounts.models import User
from games.models import Match, Seat

SHARED = (Match.Status.RUNNING, Match.Status.FINISHED)


def acquaintances_among(user: User, candidates: Iterable[int]) -> set[int]:
    """The ids among ``candidates`` (user ids) of the people ``user`` is acquainted with, in one
    query."""
    ids = {int(c) for c in candidates} - {user.pk}
    if not ids:
        return set()
    mine = Seat.objects.filter(user=user, match__status__in=SHARED).values("match_id")
    played = set(
        Seat.objects.filter(match_id__in=mine, user_id__in=ids)
        .values_list("user_id", flat=True)
        .distinct()
    )
    return played | social.friends_among(user.pk, ids - played)


def is_acquainted(a: User, b: User) -> bool:
    """Whether ``a`` and ``b`` have played together (the relation is symmetric)."""
    return a.pk == b.pk or b.pk in acquaintances_among(a, [b.pk])


def invitable_by(sender: User, user_ids: Iterable[int]) -> set[int]:
    """The ids among ``user_ids`` that accept an invitation from ``sender``: everyone who takes
    invitations from anybody, and those who take them only from acquaintances when ``sender``
    is one; never anyone who blocks ``sender`` or is blocked by them."""
    ids = {int(i) for i in user_ids} - social.blocked_ids(sender.pk)
    picky = set(
        User.objects.filter(pk__in=ids, invites_known_only=True).values_list("pk", flat=True)
    )
    return (ids - picky) | acquaintances_among(sender, picky)
