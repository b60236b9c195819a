from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class LeaderboardsConfig(AppConfig):
    name = "leaderboards"
    verbose_name = gettext_lazy("Bestenlisten")

    def ready(self) -> None:
        from games import kinds, ratings
        from leaderboards import achievements, daily_kind, profile, rating, receivers  # noqa: F401

        kinds.register(daily_kind.Daily())  # the daily game: a match kind of its own
        kinds.provide_note("best", profile.new_best)  # a new personal best, celebrated
        kinds.provide_note("achievements", achievements.end_note)  # „Neuer Erfolg: …“
        ratings.provide(rating.shown_ratings)  # the Wertung at every person's name
