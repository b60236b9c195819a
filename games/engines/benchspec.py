"""What an engine package declares for ``bench/engines.py`` (its ``BENCH`` constant).

Kept in the engine layer so that engines never import the benchmark code."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Tournament:
    hero: str
    field: str
    players: int
    games: int
    quick_games: int
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    label: str = ""


@dataclass(frozen=True)
class BenchSpec:
    random_players: int
    random_options: dict[str, Any] = dataclasses.field(default_factory=dict)
    tournaments: tuple[Tournament, ...] = ()
    bot_players: int = 4
    bot_decisions: int = 300
    bot_decisions_quick: int = 60
