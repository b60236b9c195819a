"""Per-game presentation: turn a seat's engine view into template context.

Presenters see only ``engine.view(state, seat)`` (plus the seat's own preferences and public
seat labels), never the state: whatever reaches a template has passed the engine's view filter.
"""

from __future__ import annotations

import importlib
from typing import Any

from games.engines.base import View


def present(
    game: str,
    view: View,
    prefs: dict[str, Any],
    legal: list[dict[str, Any]],
    urls: dict[str, str],
) -> dict[str, Any]:
    """Template context for ``view``; ``urls`` are the match's action URLs (``act``, ``sort``,
    ``leave``)."""
    try:
        module = importlib.import_module(f"games.presenters.{game}")
    except ModuleNotFoundError:
        return {"view": view}
    return module.present(view, prefs, legal, urls)
