"""Speedbasar: bluffing on the spice bazaar (3–6 players).

The whole game lives in this package (``games.catalog``): ``engine/`` (the pure rules and bots),
``presenter.py``, ``templates/`` and ``static/`` (its board), ``game.py`` (its definition) and
``journey/`` (the Händlerreise, its extra pages)."""

#: Django apps of this game besides its own package (read by ``games.catalog.installed_apps``)
APPS = ("games.speedbasar.journey",)
