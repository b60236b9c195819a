"""Matches the action tests share: Alice against Bob or a bot on a stacked Speedone deck, and a
fault injection for database errors."""

from __future__ import annotations

from accounts.bots import bots_of
from games import actions
from games.actions import SeatSpec
from games.engines.base import get_engine
from games.models import Match

HUMAN_RUN = ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]
OTHERS = ["G8", "G9", "B8", "B9", "Y8", "Y9", "GS"]


def two_player_match(alice, bob, **kwargs) -> Match:
    return actions.start_match(
        "speedone",
        [SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)],
        {},
        deck=[*HUMAN_RUN, *OTHERS, "R0"],
        **kwargs,
    )


def alice_against_a_bot(alice, strength: str = "leicht", **kwargs) -> Match:
    bot = bots_of(strength)[0]
    return actions.start_match(
        "speedone",
        [SeatSpec("Alice", user=alice), SeatSpec(bot.username, user=bot, bot_strength=strength)],
        {},
        deck=[*HUMAN_RUN, *OTHERS, "R0"],
        **kwargs,
    )


def state_of(match: Match):
    match.refresh_from_db()
    return get_engine("speedone").from_json(match.state)


class FailFirst:
    """Fault injection through Django's own query hooks: the first ``n`` statements that touch
    ``table`` fail as if the database connection broke."""

    def __init__(self, table: str, n: int = 1) -> None:
        self.table, self.left = table, n

    def __call__(self, execute, sql, params, many, context):
        from django.db import OperationalError

        if (
            self.left
            and self.table in sql
            and sql.lstrip().upper().startswith(("INSERT", "UPDATE"))
        ):
            self.left -= 1
            raise OperationalError("server closed the connection unexpectedly")
        return execute(sql, params, many, context)
