"""A person's running games (issue 25): the matches an account or a guest still has a seat in,
for the header's badge, the home page, the lobbies and „Meine Partien“. Nothing here is hidden:
the list shows the game, the others' names, the round and the person's own score – what the
person's own board shows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.identity import Player
from games.definition import GameDef
from games.models import Match, Seat
from games.registry import BY_SLUG

#: at most this many running games are listed (a person has few: ``MAX_RUNNING_SOLO`` solo
#: games and the tables they sit at)
MAX_LISTED = 20


@dataclass(frozen=True)
class RunningGame:
    match_id: int
    game: GameDef
    #: the other seats' names, people and computers, in seat order
    opponents: tuple[str, ...]
    #: the person is to act now (and plays the seat themselves)
    your_turn: bool
    #: the computer plays the seat for the person (left or gone): „Ich bin wieder da“ on the page
    computer_plays: bool
    #: „Runde 2 von 8 · 45 Punkte“ (what the game's state says about round and own score)
    progress: str
    solo: bool
    #: the move clock stands still until the person opens the game again (``pause_clock``)
    clock_stopped: bool = False

    @property
    def url(self) -> str:
        return reverse("games:match", args=[self.match_id])


def _own_seats(player: Player | None) -> QuerySet[Seat]:
    if player is None:
        return Seat.objects.none()
    owner = Q(user=player.user) if player.user is not None else Q(guest=player.guest)
    return Seat.objects.filter(owner, is_human=True, match__status=Match.Status.RUNNING)


def running_games(
    player: Player | None, game: str | None = None, limit: int = MAX_LISTED
) -> list[RunningGame]:
    """The person's running matches (of ``game`` only, if given), the most recently changed
    first."""
    seats = (
        _own_seats(player)
        .select_related("match")
        .prefetch_related("match__seats")
        .order_by("-match__updated")
    )
    if game is not None:
        seats = seats.filter(match__game=game)
    out = []
    for seat in seats[:limit]:
        match = seat.match
        definition = BY_SLUG.get(match.game)
        if definition is None:  # a game no longer installed
            continue
        engine = definition.engine.at_version(match.rules_version)
        state = engine.from_json(match.state)
        view = engine.view(state, seat.index)
        names = [s.name for s in match.seats.all() if s.index != seat.index]
        out.append(
            RunningGame(
                match_id=match.pk,
                game=definition,
                opponents=tuple(names),
                your_turn=not seat.bot_strength and seat.index in engine.actors(state),
                computer_plays=bool(seat.bot_strength),
                progress=_progress(view, seat.index),
                solo=match.solo,
                clock_stopped=match.deadline is None and match.clock_left is not None,
            )
        )
    return out


def round_text(view: dict[str, Any]) -> str:
    """„Runde 2 von 8“ (or „Runde 2“), from a view of the match; "" for a game without rounds."""
    current, total = view.get("round"), view.get("rounds")
    if isinstance(current, int) and isinstance(total, int) and total:
        return _("Runde %(n)s von %(of)s") % {"n": current, "of": total}
    if isinstance(current, int):
        return _("Runde %(n)s") % {"n": current}
    return ""


def _progress(view: dict[str, Any], seat: int) -> str:
    parts = [r] if (r := round_text(view)) else []
    scores = view.get("scores")
    if isinstance(scores, list) and seat < len(scores) and isinstance(scores[seat], int):
        points = scores[seat]
        parts.append(ngettext("%(points)s Punkt", "%(points)s Punkte", points) % {"points": points})
    return " · ".join(parts)


def running_badge(player: Player | None, *, besides: int | None = None) -> tuple[int, bool]:
    """How many running games the person has, and whether it is their turn in any (for the
    header on every page: one query, the states of those matches only). ``besides``: leave that
    match out (its own page updates the badge with the board: ``games/match.html``)."""
    seats = _own_seats(player)
    if besides is not None:
        seats = seats.exclude(match_id=besides)
    rows = list(
        seats.values_list(
            "index", "bot_strength", "match__game", "match__state", "match__rules_version"
        )
    )
    your_turn = False
    for index, bot_strength, game, state, rules_version in rows:
        definition = BY_SLUG.get(game)
        if definition is None or bot_strength:
            continue
        engine = definition.engine.at_version(rules_version)
        if index in engine.actors(engine.from_json(state)):
            your_turn = True
            break
    return len(rows), your_turn
