"""The games of the site, in the site's order: the one list.

Each entry is a package ``games/<slug>/`` that holds everything of that game: its pure engine
(``engine/``), its presenter (the board), its definition (``game.py``: ``GAME``, the
overrides of the platform's defaults) and its extra pages. Adding a game is one new package plus
one line here. This module imports nothing, so settings and the pure engine layer can read it.
"""

from __future__ import annotations

from importlib import import_module

GAME_PACKAGES: tuple[str, ...] = (
    "games.speedtroedel",
    "games.speedone",
    "games.speedbasar",
    "games.speedwerk",
)


def installed_apps() -> list[str]:
    """Each game package is a Django app (its templates, static files, commands), followed by
    the further apps it names in its ``APPS`` (its extra pages with models)."""
    apps: list[str] = []
    for package in GAME_PACKAGES:
        apps.append(package)
        apps.extend(getattr(import_module(package), "APPS", ()))
    return apps
