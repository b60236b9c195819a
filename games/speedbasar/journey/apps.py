from django.apps import AppConfig


class JourneyConfig(AppConfig):
    name = "games.speedbasar.journey"
    label = "journey"
    verbose_name = "Händlerreise"

    def ready(self) -> None:
        from games.rendering import end_notes
        from games.speedbasar.journey import signals, stations  # noqa: F401  (the receivers)
        from leaderboards.achievements import site_context

        # the station's outcome first on the end screen, before the personal best and Erfolge
        end_notes.insert(0, stations.end_note)
        site_context.append(stations.achievement_context)  # Weltreisender in Samarkand
