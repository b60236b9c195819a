"""Match kinds: ``register(kind)``, ``kind_of(match)``, ``kinds()`` and the end screen's named
notes (``provide_note``/``end_notes``). See ``games.kinds.base.MatchKind`` for the questions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.kinds.base import Away, MatchKind
from games.kinds.correspondence import Correspondence
from games.kinds.solo import Solo
from games.kinds.table import Table
from games.kinds.tournament import TournamentGame

_KINDS: dict[str, MatchKind] = {}
#: note name -> ``(match, seat) -> str | EndNote | None``, provided by the app that words it
_NOTES: dict[str, Callable[[Any, Any], Any]] = {}


def register(kind: MatchKind) -> MatchKind:
    """Make ``kind`` known by its name (a second registration of the name replaces it: a test's
    temporary kind, a reloaded app)."""
    if not kind.name or len(kind.name) > 20:
        raise ValueError(f"a kind needs a name of 1 to 20 characters: {kind!r}")
    _KINDS[kind.name] = kind
    return kind


def unregister(name: str) -> None:
    """Forget a kind (a test's temporary kind)."""
    _KINDS.pop(name, None)


SOLO = register(Solo())
TABLE = register(Table())
FERN = register(Correspondence())
TOURNAMENT = register(TournamentGame())


def kinds() -> list[MatchKind]:
    return list(_KINDS.values())


def get(name: str) -> MatchKind | None:
    return _KINDS.get(name)


def kind_of(match: Any) -> MatchKind:
    """The kind of ``match``; a match without a stored kind (made outside the start paths)
    is a plain solo game or a table by ``Match.solo``."""
    found = _KINDS.get(getattr(match, "kind", "") or "")
    if found is not None:
        return found
    return SOLO if getattr(match, "solo", False) else TABLE


def names(predicate: Callable[[MatchKind], bool]) -> list[str]:
    """The stored names of the kinds that answer ``predicate`` with yes (for queries)."""
    return [k.name for k in _KINDS.values() if predicate(k)]


def provide_note(name: str, note: Callable[[Any, Any], Any]) -> None:
    """The app that words an end-screen note provides it by name; the kinds decide whether
    and where it appears (``MatchKind.end_notes``)."""
    _NOTES[name] = note


def end_notes(match: Any, seat: Any) -> list[Any]:
    """The end screen's notes of ``match`` for ``seat``, in the kind's order (empty ones left
    out): what each named note, or the kind's ``own_note``, says."""
    kind = kind_of(match)
    out = []
    for name in kind.end_notes:
        maker = kind.own_note if name == "own" else _NOTES.get(name)
        if maker is not None and (note := maker(match, seat)):
            out.append(note)
    return out


__all__ = [
    "FERN",
    "SOLO",
    "TABLE",
    "TOURNAMENT",
    "Away",
    "MatchKind",
    "end_notes",
    "get",
    "kind_of",
    "kinds",
    "names",
    "provide_note",
    "register",
    "unregister",
]
