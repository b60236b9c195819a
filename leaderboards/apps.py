from django.apps import AppConfig


class LeaderboardsConfig(AppConfig):
    name = "leaderboards"
    verbose_name = "Bestenlisten"

    def ready(self) -> None:
        from leaderboards import profile, receivers  # noqa: F401  (receivers and profile sections)
