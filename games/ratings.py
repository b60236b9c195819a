"""The Wertung shown at a person's name: at a table, in a match's seats, in the lobby, on the end
screen and on „Jetzt live“ (issue 42).

The ratings live in ``leaderboards`` (above this layer), which provides the one look-up
(``provide``, from its ``ready``): the game and some accounts → each account's displayed Wertung
(``leaderboards.scale``: 1500 + 20 · ordinal, „vorläufig“ while uncertain), one query for all of
them. Only registered people get one: bots (they are rated, but anchor the scale) and guests show
none – their badges say what they are.

A match's board is rendered for every seat on every move, so a match's ratings are read once per
process and match (``of_seats``, memoised on the match's id, start and whether it has ended: the
end screen reads them once more, after the match moved them) – never once per seat or move.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.html import Markup, h


@dataclass(frozen=True, slots=True)
class ShownRating:
    """One person's Wertung as shown: the number and whether it is still „vorläufig“."""

    value: int
    provisional: bool

    def __str__(self) -> str:
        return f"{self.value}?" if self.provisional else str(self.value)


#: game, account ids → the shown Wertung of each (accounts without a rating row: the start value,
#: provisional); provided by the leaderboards
Lookup = Callable[[str, Collection[int]], dict[int, ShownRating]]
_lookup: list[Lookup] = []


def provide(lookup: Lookup) -> None:
    """The leaderboards provide the look-up (once, from their ``ready``)."""
    _lookup[:] = [lookup]


def of_people(game: str, user_ids: Iterable[int | None]) -> dict[int, ShownRating]:
    """The shown Wertung of each account in ``user_ids`` for ``game`` (one query; none without
    accounts or without the leaderboards)."""
    ids = {i for i in user_ids if i is not None}
    if not ids or not _lookup:
        return {}
    return _lookup[0](game, ids)


def rated(seat: Any) -> bool:
    """A registered person's seat (not a bot's, not a guest's): it shows a Wertung."""
    return bool(seat.is_human and seat.user_id is not None and seat.guest_id is None)


#: the ratings of the matches this process rendered lately (``of_seats``)
_MEMO_SIZE = 4096
_memo: dict[tuple[Any, ...], tuple[ShownRating | None, ...]] = {}


def of_seats(match: Any, seats: list[Any]) -> tuple[ShownRating | None, ...]:
    """Each seat's shown Wertung (``None`` for bots and guests), in seat order: read once per
    process and match while it runs, once more after it ended (the end moved them)."""
    key = (match.pk, match.created, match.status == "running", len(seats))
    found = _memo.get(key)
    if found is None:
        people = of_people(match.game, (s.user_id for s in seats if rated(s)))
        found = tuple(people.get(s.user_id) if rated(s) else None for s in seats)
        if len(_memo) >= _MEMO_SIZE:
            _memo.clear()
        _memo[key] = found
    return found


def forget() -> None:
    """Drop the memo (tests that change ratings of a match already rendered)."""
    _memo.clear()


def rating_html(rating: ShownRating | None) -> Markup:
    """The Wertung after a name: „1523“, a provisional one „1500?“ (its „?“ said as „vorläufig“
    to screen readers and in the tooltip); nothing for ``None``."""
    if rating is None:
        return Markup("")
    return _rating_html(get_language(), rating.value, rating.provisional)


@lru_cache(maxsize=4096)
def _rating_html(language: str | None, value: int, provisional: bool) -> Markup:
    if provisional:
        return h(
            ' <span class="rating provisional" title="{}"><span class="sr-only">{} </span>{}'
            '<span aria-hidden="true">?</span><span class="sr-only"> ({})</span></span>',
            _("Wertung (vorläufig)"),
            _("Wertung"),
            value,
            _("vorläufig"),
        )
    return h(
        ' <span class="rating" title="{}"><span class="sr-only">{} </span>{}</span>',
        _("Wertung"),
        _("Wertung"),
        value,
    )
