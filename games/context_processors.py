"""The games menu in every page's header: each game and its extra pages in the menu
(``GameDef.menu_pages``)."""

from typing import Any

from django.http import HttpRequest

from games.registry import GAMES


def games_menu(request: HttpRequest) -> dict[str, Any]:
    return {"games_menu": GAMES}
