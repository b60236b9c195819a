"""Pure rule engines of the four games (no Django imports in this package)."""

from games.engines.base import (
    Action,
    Advice,
    Engine,
    Event,
    IllegalAction,
    InvalidOptions,
    Option,
    PhaseClock,
    Result,
    View,
    get_engine,
    new_seed,
    replay,
)

__all__ = [
    "Action",
    "Advice",
    "Engine",
    "Event",
    "IllegalAction",
    "InvalidOptions",
    "Option",
    "PhaseClock",
    "Result",
    "View",
    "get_engine",
    "new_seed",
    "replay",
]
