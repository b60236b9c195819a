"""Who sits with whom: the arena's and the Swiss round's seating plans, pure functions over
entries (anything with ``pk``, ``user_id``, ``score``, ``rating``), tested without a database."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any, TypeVar

E = TypeVar("E", bound=Any)


def by_standing(entries: Sequence[E]) -> list[E]:
    """Current tournament score first, then the Wertung (then who joined first)."""
    return sorted(entries, key=lambda e: (-e.score, -e.rating, e.pk))


def _fits(candidate: Any, group: list[Any], blocks: set[tuple[int, int]]) -> bool:
    return all((candidate.user_id, g.user_id) not in blocks for g in group)


def arena(free: Sequence[E], size: int, blocks: set[tuple[int, int]]) -> list[list[E]]:
    """Full tables of ``size`` from the free people, neighbours in the standings together: the
    best-placed free person takes the next free people who block nobody at the table. Whoever
    cannot be seated now waits for the next step (more people are free then)."""
    remaining = by_standing(free)
    groups: list[list[E]] = []
    while len(remaining) >= size:
        anchor = remaining[0]
        group = [anchor]
        for cand in remaining[1:]:
            if _fits(cand, group, blocks):
                group.append(cand)
                if len(group) == size:
                    break
        if len(group) < size:
            remaining.pop(0)  # nobody fits with them now; the others may still be seated
            continue
        groups.append(group)
        chosen = {e.pk for e in group}
        remaining = [e for e in remaining if e.pk not in chosen]
    return groups


def table_sizes(people: int, size: int) -> list[int]:
    """How many people sit at each table of a Swiss round: as few tables as fit everyone, the
    people spread evenly (9 at tables of 4: 3, 3, 3; computers fill the rest of each table)."""
    if people <= 0:
        return []
    tables = math.ceil(people / size)
    base, extra = divmod(people, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def swiss(
    entries: Sequence[E],
    size: int,
    met: Counter[tuple[int, int]],
    blocks: set[tuple[int, int]],
) -> list[list[E]]:
    """A Swiss round: the best-placed person not yet seated opens the next table and takes,
    one by one, whoever has met the table least so far, then has the closest score, then
    stands highest. Blocked pairs never share a table (whoever is left over then gets a table
    of their own, with computers)."""
    remaining = by_standing(entries)
    groups: list[list[E]] = []
    for wanted in table_sizes(len(remaining), size):
        if not remaining:
            break
        anchor = remaining.pop(0)
        group = [anchor]
        while len(group) < wanted:
            fitting = [c for c in remaining if _fits(c, group, blocks)]
            if not fitting:
                break
            best = min(
                fitting,
                key=lambda c: (
                    sum(met[(c.user_id, g.user_id)] for g in group),
                    abs(c.score - anchor.score),
                    remaining.index(c),
                ),
            )
            group.append(best)
            remaining.remove(best)
        groups.append(group)
    groups.extend([e] for e in remaining)
    return groups
