"""Progress kept per person – the Händlerschule's lessons, the Händlerreise's stations: rows that
belong to an account xor a guest (``user``/``guest`` foreign keys).

A guest who registers is claimed by the new account (``Guest.user``), so the account's rows are
its own and those of the guest it claimed: the progress comes along without moving a row."""

from __future__ import annotations

from django.db.models import Q

from accounts.identity import Player


def owned_by(player: Player) -> Q:
    """The filter for ``player``'s rows of a model with ``user`` and ``guest`` foreign keys."""
    if player.user is not None:
        return Q(user=player.user) | Q(guest__user=player.user)
    return Q(guest=player.guest)
