from django.apps import AppConfig


class LobbyConfig(AppConfig):
    name = "lobby"

    def ready(self) -> None:
        from games.rendering import end_notes
        from lobby import journey, signals  # noqa: F401  (connect the receivers)

        end_notes.append(journey.end_note)  # the Händlerreise: „Weiter nach …“ / „Nochmal“
