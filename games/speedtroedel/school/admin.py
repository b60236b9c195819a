"""Staff: who passed which lesson of the Händlerschule; view and reset (delete) the progress."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.admin import GameFilter, game_column
from games.speedtroedel.school.lessons import lesson
from games.speedtroedel.school.models import LessonPassed


@admin.action(
    description=_("Fortschritt zurücksetzen (Lektion wieder offen)"), permissions=["delete"]
)
def reset_lessons(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[LessonPassed]
) -> None:
    count, _rows = queryset.delete()
    modeladmin.message_user(
        request, ngettext("%d Lektion zurückgesetzt.", "%d Lektionen zurückgesetzt.", count) % count
    )


@admin.register(LessonPassed)
class LessonPassedAdmin(admin.ModelAdmin):
    list_display = ("passed", "user", "guest", game_column, "lesson_title")
    list_filter = (GameFilter, "lesson")
    search_fields = ("user__username", "guest__display_name", "lesson")
    list_select_related = ("user", "guest")
    readonly_fields = ("user", "guest", "game", "lesson", "passed")
    actions = [reset_lessons]

    @admin.display(description=_("Lektion"), ordering="lesson")
    def lesson_title(self, obj: LessonPassed) -> str:
        found = lesson(obj.game, obj.lesson)
        return found.title if found is not None else obj.lesson

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
