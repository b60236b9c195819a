"""Which open tables the lobby lists: none whose people have all been gone for a while."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from accounts.presence import present
from lobby.models import Table


def _keys(table: Table) -> set[str]:
    return {f"u{m.user_id}" if m.user_id else f"g{m.guest_id}" for m in table.members.all()}


def listed_tables(tables: list[Table]) -> list[Table]:
    """Drop the abandoned tables: nobody at them has had a page of the site open for
    ``TABLE_ABANDON_GRACE`` seconds (presence from Redis) and the table has not changed for as
    long. A table without members is abandoned once it is that old. If Redis cannot say who is
    present, every table stays listed."""
    grace = settings.TABLE_ABANDON_GRACE
    fresh_after = timezone.now() - timedelta(seconds=grace)
    candidates = [t for t in tables if max(t.updated, t.created) < fresh_after]
    if not candidates:
        return tables
    here = present(set().union(*(_keys(t) for t in candidates)), grace)
    if here is None:
        return tables
    gone = {t.pk for t in candidates if not (_keys(t) & here)}
    return [t for t in tables if t.pk not in gone]
