from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AlertsConfig(AppConfig):
    name = "alerts"
    verbose_name = _("Benachrichtigungen")

    def ready(self) -> None:
        from alerts import turns
        from games.signals import match_changed

        match_changed.connect(turns.on_match_changed)
