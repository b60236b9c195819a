from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Partien")

    def ready(self) -> None:
        from games import analysis, broadcast, profile, signals  # noqa: F401  (register providers and receivers)

        signals.match_changed.connect(broadcast.on_match_changed)
        signals.match_finished.connect(analysis.queue_analysis, dispatch_uid="games.analysis")
        from accounts.language import language_changed

        language_changed.connect(signals.keep_seat_languages)
