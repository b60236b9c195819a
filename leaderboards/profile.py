""" "Meine Partien": personal bests per game and bot strength (solo games), the daily history."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, OuterRef, Q, Subquery
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from accounts.models import User
from accounts.profile import register_profile_provider
from games import kinds
from games.kinds import kind_of
from games.models import Match, Seat
from games.registry import BY_SLUG, GAMES
from leaderboards import daily
from leaderboards.models import DailyAttempt
from leaderboards.points import computer_finished

STRENGTHS = ("leicht", "normal", "stark")
#: the person's own seats: not one the computer played to the end after they left
#: (``leaderboards.points.computer_finished``; a seat taken back has no ``bot_strength``)
PLAYED_THROUGH = Q(bot_strength="")
#: a won game (place 1, shared or not): only these set a personal best
WON = Q(place=1)
DAILY_HISTORY = 14


def plain_solo() -> Q:
    """The filter on ``Seat`` for the solo games that feed the personal bests: the kinds that
    count for them (``MatchKind.counts_for_bests``: a plain solo game, no daily game, no
    station of an extra page's campaign)."""
    counting = kinds.names(lambda k: k.counts_for_bests)
    if kinds.SOLO.name in counting:
        counting.append("")  # a match made outside the start paths: a plain solo game
    return Q(match__solo=True, match__kind__in=counting)


@dataclass
class Best:
    game: str
    strength: str
    best: int | None
    unit: str
    games: int
    wins: int

    def __str__(self) -> str:
        played = ngettext("%(n)s Partie", "%(n)s Partien", self.games) % {"n": self.games}
        if self.best is None:  # only lost games so far: a lost game is no best
            return gettext("%(game)s gegen %(strength)s: noch kein Sieg (%(played)s)") % {
                "game": self.game,
                "strength": self.strength,
                "played": played,
            }
        won = ngettext("%(n)s Sieg", "%(n)s Siege", self.wins) % {"n": self.wins}
        return gettext(
            "%(game)s gegen %(strength)s: Bestwert %(best)s %(unit)s (%(played)s, %(won)s)"
        ) % {
            "game": self.game,
            "strength": self.strength,
            "best": self.best,
            "unit": self.unit,
            "played": played,
            "won": won,
        }


def personal_bests(user: User) -> list[Best]:
    """Per game and bot strength of finished plain solo games (no daily game, no Händlerreise
    station) the person played to the end: the best result of a won game (of the measure the
    game's definition names: its ``PersonalBest``; a lost game is no best), games and wins."""
    strength = Subquery(
        Seat.objects.filter(match=OuterRef("match"), is_human=False)
        .exclude(bot_strength="")
        .values("bot_strength")[:1]
    )
    rows = (
        Seat.objects.filter(
            PLAYED_THROUGH,
            plain_solo(),
            user=user,
            is_human=True,
            match__status=Match.Status.FINISHED,
        )
        .annotate(strength=strength)
        .values("match__game", "strength")
        .annotate(
            best_score=Max("score", filter=WON),
            best_leaderboard_points=Max("leaderboard_points", filter=WON),
            games=Count("id"),
            wins=Count("id", filter=WON),
        )
    )
    found = {(r["match__game"], r["strength"]): r for r in rows}
    out = []
    for g in GAMES:
        for s in STRENGTHS:
            r = found.get((g.slug, s))
            if r is None:
                continue
            best = r[f"best_{g.best.field}"]  # a game's PersonalBest measures one of the two
            out.append(Best(g.name, s, best, str(g.best.unit), r["games"], r["wins"]))
    return out


def new_best(match: Match, seat: Seat) -> str | None:
    """On the end screen of a plain solo game: a new personal best against this bot strength at
    this number of players (Speedtrödel's Rekordjagd; the same for every game). Only a won game
    sets one; never a seat the computer finished, a daily game or a Händlerreise station."""
    if (
        not match.solo
        or seat.user_id is None
        or seat.score is None
        or seat.place != 1
        or computer_finished(seat)
        or not kind_of(match).counts_for_bests
    ):
        return None
    strength = next((s.bot_strength for s in match.seats.all() if not s.is_human), "")
    measure = BY_SLUG[match.game].best
    value = getattr(seat, measure.field)
    if value is None:
        return None
    earlier = (
        Seat.objects.filter(
            PLAYED_THROUGH,
            WON,
            plain_solo(),
            user_id=seat.user_id,
            is_human=True,
            match__game=match.game,
            match__players=match.players,
            match__status=Match.Status.FINISHED,
            match__finished__lt=match.finished,
            match__seats__is_human=False,
            match__seats__bot_strength=strength,
        )
        .exclude(match=match)
        .distinct()
        .aggregate(best=Max(measure.field))["best"]
    )
    if earlier is not None and value <= earlier:
        return None
    words = {"strength": strength, "players": match.players, "value": value, "unit": measure.unit}
    if earlier is None:
        return (
            gettext(
                "Neuer Bestwert gegen %(strength)s zu %(players)s: %(value)s %(unit)s – dein erster."
            )
            % words
        )
    return gettext(
        "Neuer Bestwert gegen %(strength)s zu %(players)s: %(value)s %(unit)s (bisher %(earlier)s)."
    ) % {**words, "earlier": earlier}


def daily_history(user: User, limit: int = DAILY_HISTORY) -> list[dict[str, Any]]:
    """The counted daily games, newest first, with the rank in that day's list."""
    attempts = (
        DailyAttempt.objects.filter(user=user)
        .select_related("challenge", "match")
        .order_by("-challenge__day", "challenge__game")[:limit]
    )
    out = []
    for a in attempts:
        row = None
        if a.match.status == Match.Status.FINISHED:
            row = next(
                (r for r in daily.standings(a.challenge, limit=0) if r["user_id"] == user.pk),
                None,
            )
        out.append(
            {
                "day": a.challenge.day,
                "game": BY_SLUG[a.challenge.game].name,
                "rank": row["rank"] if row else None,
                "place": row["place"] if row else None,
                "score": row["score"] if row else None,
                "time": row["time"] if row else None,
                "aborted": a.match.status == Match.Status.ABORTED,
                "url": reverse("games:match", args=[a.match_id]),
            }
        )
    return out


@register_profile_provider
def leaderboard_sections(user: User) -> dict[str, list[Any]]:
    from leaderboards.achievements import overview

    return {
        "bests": personal_bests(user),
        "daily": daily_history(user),
        "achievements": overview(user),
    }
