from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Turniere"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games import kinds
        from tournaments import notes, receivers  # noqa: F401 - connects the match signals

        kinds.provide_note("tournament", notes.end_note)
