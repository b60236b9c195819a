from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class JourneyConfig(AppConfig):
    name = "games.speedbasar.journey"
    label = "journey"
    verbose_name = _("Händlerreise")

    def ready(self) -> None:
        from accounts.profile import register_profile_provider
        from games.rendering import end_notes
        from games.speedbasar.journey import profile, signals, stations  # noqa: F401
        from games.speedbasar.journey.models import JourneyMatch
        from leaderboards import profile as leaderboard_profile
        from leaderboards.achievements import site_context
        from lobby.rematch import special_solo

        # the station's outcome first on the end screen, before the personal best and Erfolge
        end_notes.insert(0, stations.end_note)
        site_context.append(stations.achievement_context)  # Weltreisender in Samarkand
        # a station is no plain solo game: it feeds no personal best
        leaderboard_profile.not_plain_solo.append(lambda: JourneyMatch.objects.values("match_id"))
        register_profile_provider(profile.campaign)  # „Meine Partien → Kampagne“
        # a station is played again from the map, not with the end screen's „Nochmal“
        special_solo.append(lambda match: JourneyMatch.objects.filter(match=match).exists())
