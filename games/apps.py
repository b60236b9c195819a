from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        from games import profile, signals  # noqa: F401  (register providers and receivers)
