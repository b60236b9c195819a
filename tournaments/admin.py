from django.contrib import admin

from tournaments.models import Entry, Tournament, TournamentGame


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ("user", "playing")
    readonly_fields = (
        "score",
        "streak",
        "games",
        "wins",
        "place_sum",
        "buchholz",
        "rank",
        "joined",
    )


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """Staff create the site's special tournaments here (the regular ones come from the
    schedule)."""

    list_display = ("title", "game", "kind", "starts", "status", "private", "slot")
    list_filter = ("kind", "game", "status", "private")
    search_fields = ("name", "slot")
    readonly_fields = ("round", "ended", "invite", "created")
    raw_id_fields = ("created_by",)
    inlines = [EntryInline]

    def get_form(self, request, obj=None, change=False, **kwargs):  # type: ignore[no-untyped-def]
        """Staff's tournaments carry a name (only the schedule's regular ones have none)."""
        form = super().get_form(request, obj, change=change, **kwargs)
        if obj is None or not obj.slot:
            form.base_fields["name"].required = True
        return form

    def save_model(self, request, obj, form, change):  # type: ignore[no-untyped-def]
        if not change and obj.created_by_id is None:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(TournamentGame)
class TournamentGameAdmin(admin.ModelAdmin):
    list_display = ("tournament", "match", "round", "booked")
    raw_id_fields = ("tournament", "match")
