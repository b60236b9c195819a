"""Pure rule engines of the four games (no Django imports in this package).

Importing this package imports the four game packages, which register their engines (in this
order: Speedtrödel, Speedone, Speedbasar, Speedwerk); ``engines()`` lists them, ``get_engine(slug)``
finds one.
"""

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

# The game packages register their engines on import; this order is the registration order.
# isort: off
from games.engines import speedtroedel  # noqa: E402, F401
from games.engines import speedone  # noqa: E402, F401
from games.engines import speedbasar  # noqa: E402, F401
from games.engines import speedwerk  # noqa: E402, F401

# isort: on

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
