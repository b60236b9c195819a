from django.apps import AppConfig


class LobbyConfig(AppConfig):
    name = "lobby"

    def ready(self) -> None:
        from lobby import signals  # noqa: F401  (connect the receivers)
