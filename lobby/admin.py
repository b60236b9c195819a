from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.models import User, mute_in_chat
from games.admin import GameFilter, game_column
from lobby import chat
from lobby.models import ChatMessage, Member, Table


class MemberInline(admin.TabularInline):
    model = Member
    extra = 0


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("id", game_column, "status", "seats", "stake", "solo", "created")
    list_filter = (GameFilter, "status", "solo", "chat_enabled")
    readonly_fields = ("token", "created", "updated")
    inlines = [MemberInline]


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    """Chat lines: „gemeldet“ filters what people flagged; „löschen“ hides a line everywhere (kept
    for the record); „Schreiber im Chat stummschalten“ mutes the authors' accounts site-wide."""

    list_display = ("created", "name", "text", "room", "flagged", "deleted")
    list_filter = ("flagged", "deleted")
    search_fields = ("name", "text", "author_key")
    readonly_fields = (
        "table",
        "match",
        "user",
        "guest",
        "author_key",
        "name",
        "text",
        "created",
        "flagged_by",
    )
    fields = (*readonly_fields, "flagged", "deleted")
    actions = ["remove_lines", "mute_authors", "clear_flag"]
    list_select_related = ("table", "match")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description=_("wo"))
    def room(self, obj: ChatMessage) -> str:
        if obj.match_id:
            return _("Partie %(id)s") % {"id": obj.match_id}
        return _("Tisch %(id)s") % {"id": obj.table_id}

    @admin.action(description=_("Ausgewählte Nachrichten löschen (für alle ausblenden)"))
    def remove_lines(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> None:
        n = chat.remove(queryset)
        self.message_user(
            request, ngettext("%d Nachricht gelöscht.", "%d Nachrichten gelöscht.", n) % n
        )

    @admin.action(description=_("Schreiber im Chat stummschalten (ganze Seite)"))
    def mute_authors(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> None:
        ids = set(queryset.exclude(user=None).values_list("user_id", flat=True))
        n = mute_in_chat(User.objects.filter(pk__in=ids))
        self.message_user(
            request, ngettext("%d Konto stummgeschaltet.", "%d Konten stummgeschaltet.", n) % n
        )

    @admin.action(description=_("Meldung erledigt (Markierung entfernen)"))
    def clear_flag(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> None:
        n = queryset.update(flagged=False)
        self.message_user(
            request, ngettext("%d Meldung erledigt.", "%d Meldungen erledigt.", n) % n
        )
