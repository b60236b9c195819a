"""Staff: the Händlerreise's progress per person and station (view; reset: the station is no
longer passed, the attempts stay on record) and the station matches."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.speedbasar.journey.models import JourneyMatch, JourneyStop
from games.speedbasar.journey.stations import BY_SLUG


@admin.action(
    description=_("Fortschritt zurücksetzen (Station wieder nicht geschafft)"),
    permissions=["change"],
)
def reset_stops(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[JourneyStop]
) -> None:
    count = queryset.filter(passed__isnull=False).update(passed=None, passed_match=None)
    modeladmin.message_user(
        request, ngettext("%d Station zurückgesetzt.", "%d Stationen zurückgesetzt.", count) % count
    )


class JourneyMatchInline(admin.TabularInline):
    model = JourneyMatch
    extra = 0
    fields = ("match", "passed")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(JourneyStop)
class JourneyStopAdmin(admin.ModelAdmin):
    list_display = ("user", "guest", "station_name", "started", "passed", "passed_match")
    list_filter = ("station", ("passed", admin.EmptyFieldListFilter))
    search_fields = ("user__username", "guest__display_name", "station")
    list_select_related = ("user", "guest", "passed_match")
    readonly_fields = ("user", "guest", "station", "started", "passed", "passed_match")
    # the stacked deck and seed of the next attempt stay editable (tests and staff only)
    fields = (*readonly_fields, "deck", "seed")
    inlines = [JourneyMatchInline]
    actions = [reset_stops]

    @admin.display(description=_("Station"), ordering="station")
    def station_name(self, obj: JourneyStop) -> str:
        found = BY_SLUG.get(obj.station)
        return f"{found.number}. {found.city}" if found is not None else obj.station

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
