"""Which open tables the lobby lists: none whose people have all been gone for a while, and only
those the visitor's filter asks for (player count, tempo: ``TableFilter``, from the query string
of the lobby page and of its socket)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.db.models import QuerySet
from django.http import QueryDict
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.presence import present
from games import registry
from lobby.forms import whole_number
from lobby.models import FERN_SECONDS_CHOICES, MOVE_SECONDS_CHOICES, Table

#: the filter's query parameters: the table's seats, its Bedenkzeit in seconds (0: ohne Uhr)
PLAYERS_PARAM = "spieler"
TEMPO_PARAM = "tempo"


@dataclass(frozen=True)
class TableFilter:
    """Which open tables a visitor asks for: a player count and a tempo, each ``None`` for any.
    ``refused``: the German note for a value the form does not offer (it is ignored)."""

    players: int | None = None
    tempo: int | None = None
    refused: str = ""

    @property
    def query(self) -> str:
        """The filter as a query string (without „?“; empty for no filter)."""
        params = {PLAYERS_PARAM: self.players, TEMPO_PARAM: self.tempo}
        return urlencode({k: v for k, v in params.items() if v is not None})

    @property
    def active(self) -> bool:
        return self.players is not None or self.tempo is not None

    def apply(self, tables: QuerySet[Table]) -> QuerySet[Table]:
        if self.players is not None:
            tables = tables.filter(seats=self.players)
        if self.tempo is not None:
            tables = tables.filter(move_seconds=self.tempo)
        return tables


def player_choices(engine: Any) -> list[int]:
    return list(range(engine.min_players, engine.max_players + 1))


def tempo_choices(slug: str) -> list[tuple[int, Any]]:
    """The Bedenkzeiten the filter offers: the live ones, and the Fernpartie ones where the game
    can be played turn-based (``GameDef.turn_based``; not Speedbasar)."""
    definition = registry.game(slug)
    fern = list(FERN_SECONDS_CHOICES) if definition and definition.turn_based else []
    return list(MOVE_SECONDS_CHOICES) + fern


def table_filter(engine: Any, data: QueryDict) -> TableFilter:
    """The filter of the lobby page's query string; a value the form does not offer (a number
    outside the game's player counts, an unknown tempo, anything not a number) is left out, with
    a German note – the list then shows what the rest of the filter asks for."""
    values: dict[str, int | None] = {}
    bad = False
    offered = {
        PLAYERS_PARAM: set(player_choices(engine)),
        TEMPO_PARAM: {seconds for seconds, _label in tempo_choices(engine.slug)},
    }
    for param, allowed in offered.items():
        raw = data.get(param, "")
        number = whole_number(raw)
        if raw == "":
            values[param] = None
        elif number is not None and number in allowed:
            values[param] = number
        else:
            values[param] = None
            bad = True
    return TableFilter(
        players=values[PLAYERS_PARAM],
        tempo=values[TEMPO_PARAM],
        refused=_("Diesen Filter gibt es nicht – er wurde nicht angewendet.") if bad else "",
    )


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
