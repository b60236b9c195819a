"""Speedtrödel: trick-taking with deck-building on the flea market (3–5 players).

The whole game lives in this package (``games.catalog``): ``engine/`` (the pure rules and bots),
``presenter.py`` and ``templates/`` (its board), ``game.py`` (its definition) and ``school/`` (the
Händlerschule, its extra pages)."""

#: Django apps of this game besides its own package (read by ``games.catalog.installed_apps``)
APPS = ("games.speedtroedel.school",)
