from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Partien"

    def ready(self) -> None:
        from games import broadcast, profile, signals  # noqa: F401  (register providers and receivers)

        signals.match_changed.connect(broadcast.on_match_changed)
