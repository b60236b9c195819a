"""Skill ratings per game with OpenSkill (Plackett-Luce), updated with every booked match.

Every seat with an account is rated – registered people and the site's bots (the bots anchor the
scale, so solo games mean something); the table lists people only. Places come from the result;
in Speedone's partner mode the partners form a team. Guests' matches are never rated, nor daily
practice games (the same rule as the leaderboard). A seat the computer finished after its person
left (``points.computer_finished``) is not rated – the computer's play is not the person's – and a
match without a person who played to the end rates nobody (not even its bots). Voiding a booking
does not undo a rating.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.utils import timezone
from openskill.models import PlackettLuce

from games.kinds import kind_of
from games.ratings import ShownRating
from leaderboards.models import Rating, RatingPoint
from leaderboards.points import computer_finished
from leaderboards.scale import provisional, shown

MODEL = PlackettLuce()
TOP = 20


def rate_match(match: Any, seats: list[Any]) -> list[Rating]:
    rated = [
        s
        for s in seats
        if s.user_id is not None and s.guest_id is None and not computer_finished(s)
    ]
    if len(rated) < 2 or all(not s.is_human for s in rated):
        return []
    result = match.result or {}
    places = result["places"]
    board = kind_of(match).board(match)  # a Fernpartie has its own rating per game
    # lock the rows in a fixed order (no deadlocks between two finishing matches)
    ids = sorted({s.user_id for s in rated})
    for uid in ids:
        Rating.objects.get_or_create(
            user_id=uid,
            game=board,
            defaults={"mu": MODEL.mu, "sigma": MODEL.sigma, "ordinal": 0.0},
        )
    rows = {
        r.user_id: r
        for r in Rating.objects.select_for_update()
        .filter(user_id__in=ids, game=board)
        .order_by("user_id")
    }
    if result.get("details", {}).get("partners") and len(seats) == 4:
        teams = [[s for s in rated if s.index % 2 == t] for t in (0, 1)]
        teams = [t for t in teams if t]
    else:
        teams = [[s] for s in rated]
    if len(teams) < 2:
        return []
    ranks = [min(places[s.index] for s in team) for team in teams]
    before = [
        [MODEL.rating(mu=rows[s.user_id].mu, sigma=rows[s.user_id].sigma) for s in team]
        for team in teams
    ]
    after = MODEL.rate(before, ranks=ranks)
    now = timezone.now()
    history: list[RatingPoint] = []
    for team, new in zip(teams, after, strict=True):
        for seat, r in zip(team, new, strict=True):
            row = rows[seat.user_id]
            row.mu, row.sigma, row.ordinal = r.mu, r.sigma, r.ordinal()
            row.games += 1
            row.updated = now
            row.save(update_fields=["mu", "sigma", "ordinal", "games", "updated"])
            if seat.is_human:  # the graph on the public profile (bots have none)
                history.append(
                    RatingPoint(
                        user_id=seat.user_id,
                        game=board,
                        match_id=match.pk,
                        ordinal=row.ordinal,
                        created=now,
                    )
                )
    RatingPoint.objects.bulk_create(history)
    return list(rows.values())


def shown_ratings(game: str, user_ids: Collection[int]) -> dict[int, ShownRating]:
    """The Wertung each account shows at its name for ``game`` (``games.ratings``), in one query:
    an account without a rating row (no rated game yet) shows the start value, provisional."""
    rows = Rating.objects.filter(game=game, user_id__in=list(user_ids)).values_list(
        "user_id", "ordinal", "sigma"
    )
    found = {uid: ShownRating(shown(o), provisional(s)) for uid, o, s in rows}
    fresh = ShownRating(shown(0.0), provisional(MODEL.sigma))
    return {uid: found.get(uid, fresh) for uid in user_ids}


def rating_table(game: str, viewer: Any = None, limit: int = TOP) -> dict[str, Any]:
    base = Rating.objects.filter(game=game, games__gt=0, user__is_bot=False)
    rows = []
    viewer_id = getattr(viewer, "pk", None) if getattr(viewer, "is_authenticated", False) else None
    top = base.order_by("-ordinal", "user_id").values_list(
        "user_id", "user__username", "ordinal", "mu", "sigma", "games"
    )[:limit]
    for i, (uid, name, ordinal, mu, sigma, games) in enumerate(top, 1):
        rows.append(
            {
                "rank": i,
                "name": name,
                "ordinal": ordinal,
                "shown": shown(ordinal),
                "provisional": provisional(sigma),
                "mu": mu,
                "sigma": sigma,
                "games": games,
                "me": uid == viewer_id,
            }
        )
    mine = None
    if viewer_id is not None and not any(r["me"] for r in rows):
        own = base.filter(user_id=viewer_id).first()
        if own is not None:
            mine = {
                "rank": base.filter(ordinal__gt=own.ordinal).count() + 1,
                "name": viewer.username,
                "ordinal": own.ordinal,
                "shown": shown(own.ordinal),
                "provisional": provisional(own.sigma),
                "mu": own.mu,
                "sigma": own.sigma,
                "games": own.games,
                "me": True,
            }
    return {"rows": rows, "mine": mine}
