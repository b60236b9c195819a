from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext as _


def no_daily_advice(match: Any) -> str | None:
    """The reason the match screen gives for having no Rat in a daily game."""
    from leaderboards import daily

    return _("Im Tagesspiel gibt es keinen Rat.") if daily.is_daily(match) else None


def no_daily_chat(match: Any) -> str | None:
    """Why a daily challenge has no chat (``lobby.chat.chat_blockers``)."""
    from leaderboards import daily

    return _("Im Tagesspiel gibt es keinen Chat.") if daily.is_daily(match) else None


class LeaderboardsConfig(AppConfig):
    name = "leaderboards"
    verbose_name = "Bestenlisten"

    def ready(self) -> None:
        from games.rendering import advice_blockers, booking_rules, end_notes
        from games.spectators import watch_blockers
        from leaderboards import achievements, daily, profile, receivers  # noqa: F401
        from leaderboards.booking import seats_booked
        from leaderboards.views import lobby_daily_box
        from lobby.chat import chat_blockers
        from lobby.rematch import special_solo
        from lobby.views import room_panels

        advice_blockers.append(no_daily_advice)  # no Rat in a daily game
        chat_blockers.append(no_daily_chat)  # no chat in a daily game either
        watch_blockers.append(daily.watch_blocked)  # today's deal: only who played it looks
        booking_rules.append(seats_booked)  # which seats a board promises points to
        end_notes.append(profile.new_best)  # a new personal best, celebrated at the end
        end_notes.append(achievements.end_note)  # „Neuer Erfolg: …“
        room_panels.append(lobby_daily_box)  # today's daily game in each game's lobby
        special_solo.append(daily.is_daily)  # „Nochmal“ does not deal the day's deal again
