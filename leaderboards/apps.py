from django.apps import AppConfig


class LeaderboardsConfig(AppConfig):
    name = "leaderboards"
    verbose_name = "Bestenlisten"

    def ready(self) -> None:
        from games.rendering import advice_blockers, end_notes
        from leaderboards import achievements, daily, profile, receivers  # noqa: F401

        advice_blockers.append(daily.is_daily)  # no Rat in a daily game
        end_notes.append(profile.new_best)  # a new personal best, celebrated at the end
        end_notes.append(achievements.end_note)  # „Neuer Erfolg: …“
