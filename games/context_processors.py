"""Every page's header: the games menu (each game and its extra pages in the menu,
``GameDef.menu_pages``) and the badge of the person's running games."""

from typing import Any

from django.http import HttpRequest

from accounts.identity import current_player
from games.registry import GAMES
from games.running import running_badge


def games_menu(request: HttpRequest) -> dict[str, Any]:
    return {"games_menu": GAMES}


def running_games(request: HttpRequest) -> dict[str, Any]:
    """``running_count`` and ``running_your_turn`` for the header's badge (people and guests)."""
    count, your_turn = running_badge(current_player(request))
    return {"running_count": count, "running_your_turn": your_turn}
