"""The Händlerreise: Speedbasar's solo campaign, an extra page of the game (``GAME.pages``).

An app above the platform: it uses the lobby's solo start and the games' signals and hooks; the
platform knows it only through the hooks it fills in ``ready()`` and its URL module, named in
Speedbasar's definition."""
