"""Pure rule engines of the four games (no Django imports in this package).

Importing this package imports the engine of every game in ``games.catalog`` (each registers
itself, in the catalogue's order); ``engines()`` lists them, ``get_engine(slug)`` finds one.
"""

from importlib import import_module

from games.catalog import GAME_PACKAGES
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
    engines,
    get_engine,
    new_seed,
    replay,
)

for _package in GAME_PACKAGES:  # each game's engine registers itself on import
    import_module(f"{_package}.engine")

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
    "engines",
    "get_engine",
    "new_seed",
    "replay",
]
