"""The Taler wallet: an append-only ledger per user.

Every change runs in one transaction that first locks the user's row, so two changes of the same
wallet never interleave, and the balance (the sum of the entries) can never go below zero.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext as _

from accounts.models import User, WalletEntry

log = logging.getLogger("speedgames.wallet")


class InsufficientFunds(Exception):
    def __init__(self, balance: int, needed: int) -> None:
        self.balance = balance
        self.needed = needed
        super().__init__(
            _("Nicht genug Taler: du hast %(balance)d, nötig sind %(needed)d.")
            % {"balance": balance, "needed": needed}
        )


def balance(user: User) -> int:
    total = WalletEntry.objects.filter(user=user).aggregate(s=Sum("amount"))["s"]
    return int(total or 0)


def _book(
    user: User,
    amount: int,
    kind: str,
    *,
    reason: str = "",
    ref: str = "",
    by: User | None = None,
) -> WalletEntry:
    if user.is_bot:
        raise ValueError("bots have no wallet")
    with transaction.atomic():
        User.objects.select_for_update().only("id").get(pk=user.pk)
        current = balance(user)
        if current + amount < 0:
            raise InsufficientFunds(current, -amount)
        entry = WalletEntry.objects.create(
            user=user, amount=amount, kind=kind, reason=reason, ref=ref, created_by=by
        )
    log.info("wallet user=%s kind=%s amount=%+d ref=%s", user.pk, kind, amount, ref)
    return entry


def grant_start(user: User) -> WalletEntry | None:
    """The starting grant of a new account (once)."""
    if user.is_bot or WalletEntry.objects.filter(user=user, kind=WalletEntry.Kind.GRANT).exists():
        return None
    return _book(user, settings.STARTING_GRANT, WalletEntry.Kind.GRANT, reason=_("Willkommen"))


def hold(user: User, amount: int, ref: str) -> WalletEntry:
    """Take a stake from the wallet (raises ``InsufficientFunds``)."""
    if amount <= 0:
        raise ValueError("a stake is positive")
    return _book(user, -amount, WalletEntry.Kind.HOLD, reason=_("Einsatz"), ref=ref)


def pay_out(user: User, amount: int, ref: str) -> WalletEntry:
    """Pay a share of a pot."""
    if amount <= 0:
        raise ValueError("a payout is positive")
    return _book(user, amount, WalletEntry.Kind.PAYOUT, reason=_("Gewinn"), ref=ref)


def refund(user: User, amount: int, ref: str) -> WalletEntry:
    """Give a held stake back."""
    if amount <= 0:
        raise ValueError("a refund is positive")
    return _book(user, amount, WalletEntry.Kind.REFUND, reason=_("Einsatz zurück"), ref=ref)


def adjust(user: User, amount: int, reason: str, by: User | None) -> WalletEntry:
    """A staff correction, always with a reason."""
    if not reason.strip():
        raise ValueError(_("Eine Korrektur braucht einen Grund."))
    return _book(user, amount, WalletEntry.Kind.ADJUST, reason=reason.strip(), by=by)


def split_pot(pot: int, winners: list[int]) -> dict[int, int]:
    """Split ``pot`` evenly among ``winners`` (in seat order); the odd Taler go to the first."""
    if not winners:
        return {}
    share, rest = divmod(pot, len(winners))
    out = {w: share for w in winners}
    for w in winners[:rest]:
        out[w] += 1
    return out
