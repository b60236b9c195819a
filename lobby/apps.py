from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LobbyConfig(AppConfig):
    name = "lobby"
    verbose_name = _("Tische")

    def ready(self) -> None:
        from accounts.views import guest_landing_notes
        from games.kinds import provide_note
        from lobby import chat, rematch, signals  # noqa: F401  (connect the receivers)
        from lobby.views import invitation_note

        # „Nochmal“ / „Nochmal – gleicher Tisch“ on the end screen of a kind that offers it
        provide_note("again", rematch.end_note)
        guest_landing_notes.append(invitation_note)  # „Alice lädt dich zu Speedone ein …“
