from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LobbyConfig(AppConfig):
    name = "lobby"
    verbose_name = _("Tische")

    def ready(self) -> None:
        from accounts.views import guest_landing_notes
        from games.rendering import end_notes
        from lobby import chat, rematch, signals  # noqa: F401  (connect the receivers)
        from lobby.views import invitation_note

        end_notes.append(rematch.end_note)  # „Nochmal – gleicher Tisch“ on a table's end screen
        guest_landing_notes.append(invitation_note)  # „Alice lädt dich zu Speedone ein …“
