"""„Jetzt live“ (/live/, issue 42): the running table matches a visitor may watch, with their
people, their Wertung and the round; the best-rated one large, its public board live over the
spectator socket (like lichess TV).

Which matches: those whose kind is ``listed_live`` (a table: never a game against the computer,
never the daily deal, whose kind keeps it from those who have not played it) and that the visitor
may see (``spectators.may_watch``, ``spectators.watch_refusal`` – the rules of the match page), with
at least one person still playing their own seat. The caps stay those of the spectator socket
(``games.spectators``). Nothing hidden is shown: names, ratings and the round of the public view
(the view of no seat); the large board is the spectators' board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.identity import Player, current_player
from games import kinds, ratings, spectators
from games.definition import GameDef
from games.engines.base import get_engine
from games.models import Match, Seat
from games.registry import BY_SLUG
from games.rendering import board_context, frame_html
from games.running import round_text

#: the newest running matches looked at (by their last move), and how many of them are listed
SCANNED = 300
MAX_LISTED = 30


@dataclass
class LiveMatch:
    match: Match
    game: GameDef
    #: per seat: name, whether it is a registered person's (a profile link), guest, bot, the
    #: computer playing for its person, and the Wertung (registered people only)
    seats: list[dict[str, Any]] = field(default_factory=list)
    #: the mean Wertung of its registered people (``None``: none at the table)
    strength: float | None = None
    #: „Runde 2 von 8“ (only for the listed ones: it needs the match's state)
    round: str = ""

    @property
    def shown_strength(self) -> int | None:
        return round(self.strength) if self.strength is not None else None


def _listed_kinds() -> list[str]:
    return kinds.names(lambda k: k.listed_live)


def _watchable(match: Match, player: Player | None) -> bool:
    definition = BY_SLUG.get(match.game)
    if definition is None or not definition.live:
        return False
    if not kinds.kind_of(match).listed_live:
        return False
    seats: list[Seat] = list(match.seats.all())
    if not any(s.is_human and not s.bot_strength for s in seats):
        return False  # only computers play on: nothing to watch
    # listed for anybody the kind does not refuse (a visitor who may not watch at all reads the
    # list and how to get in: ``live_page``)
    return match.seat_of(player) is not None or spectators.watch_refusal(match, player) is None


def live_matches(player: Player | None, limit: int = MAX_LISTED) -> list[LiveMatch]:
    """The running matches ``player`` (``None``: a visitor without account or guest) may watch,
    the best-rated first (then the most recently moved): a query for the matches, one for their
    seats, one per game for the ratings."""
    listed = _listed_kinds()
    candidates = (
        Match.objects.filter(status=Match.Status.RUNNING)
        .filter(Q(kind__in=listed) | Q(kind="", solo=False))
        .prefetch_related("seats")
        .order_by("-updated")[:SCANNED]
    )
    found = [m for m in candidates if _watchable(m, player)]
    by_game: dict[str, set[int]] = {}
    for m in found:
        by_game.setdefault(m.game, set()).update(
            s.user_id for s in m.seats.all() if ratings.rated(s)
        )
    shown = {game: ratings.of_people(game, ids) for game, ids in by_game.items()}
    out = []
    for m in found:
        people = shown.get(m.game, {})
        seats = []
        values = []
        for s in m.seats.all():
            rating = people.get(s.user_id) if ratings.rated(s) else None
            if rating is not None:
                values.append(rating.value)
            seats.append(
                {
                    "name": s.name,
                    "registered": ratings.rated(s),
                    "guest": s.is_guest,
                    "bot": not s.is_human,
                    "computer_plays": s.is_human and bool(s.bot_strength),
                    "rating": rating,
                }
            )
        strength = sum(values) / len(values) if values else None
        out.append(LiveMatch(m, BY_SLUG[m.game], seats, strength))
    out.sort(key=lambda x: (x.strength is None, -(x.strength or 0), -x.match.updated.timestamp()))
    out = out[:limit]
    for item in out:
        engine = get_engine(item.match.game, item.match.rules_version)
        view = engine.view(engine.from_json(item.match.state), None)
        item.round = round_text(view)
    return out


def live_page(request: HttpRequest) -> HttpResponse:
    """„Jetzt live“: the list, and the first (best-rated) match's public board large, followed
    live through its spectator socket (the match page's script and caps)."""
    player = current_player(request)
    matches = live_matches(player)
    # the large board is a spectator's: never a match the visitor sits in (that is their page)
    featured = next((m for m in matches if m.match.seat_of(player) is None), None)
    ctx: dict[str, Any] = {
        "matches": matches,
        "featured": featured,
        "others": [m for m in matches if m is not featured],
        "may_watch": spectators.may_watch(player),
        "refused": {"anonymous": spectators.anonymous_refused(), "full": spectators.no_place()},
    }
    if featured is not None and ctx["may_watch"]:
        board = board_context(featured.match, None)
        ctx["board_html"] = frame_html(board)
        ctx["game"] = featured.game
    return render(request, "games/live.html", ctx)
