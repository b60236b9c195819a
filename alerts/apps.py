from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AlertsConfig(AppConfig):
    name = "alerts"
    verbose_name = _("Benachrichtigungen")

    def ready(self) -> None:
        from accounts.social import friend_requested
        from alerts import events, turns
        from games.signals import match_changed, match_finished
        from lobby.services import invited

        match_changed.connect(turns.on_match_changed)
        match_finished.connect(events.on_match_finished, dispatch_uid="alerts.end")
        invited.connect(events.on_invited, dispatch_uid="alerts.invite")
        friend_requested.connect(events.on_friend_requested, dispatch_uid="alerts.friend")
