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
    """``running_count`` and ``running_your_turn`` for the header's badge (people and guests).
    On a match page also the badge without that match (``running_others``,
    ``running_others_turn``): the page's script adds the match as its board says (running, the
    person's turn) on every board update, so the badge is never stale there."""
    player = current_player(request)
    count, your_turn = running_badge(player)
    out: dict[str, Any] = {"running_count": count, "running_your_turn": your_turn}
    match = getattr(request, "resolver_match", None)
    if match is not None and match.view_name == "games:match" and "match_id" in match.kwargs:
        others, others_turn = running_badge(player, besides=match.kwargs["match_id"])
        out.update(running_others=others, running_others_turn=others_turn, on_match_page=True)
    return out
