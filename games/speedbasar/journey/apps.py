from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class JourneyConfig(AppConfig):
    name = "games.speedbasar.journey"
    label = "journey"
    verbose_name = _("Händlerreise")

    def ready(self) -> None:
        from accounts.profile import register_profile_provider
        from games import kinds
        from games.speedbasar.journey import kind, profile, signals  # noqa: F401

        kinds.register(kind.Station())  # a station: a match kind of its own
        register_profile_provider(profile.campaign)  # „Meine Partien → Kampagne“
