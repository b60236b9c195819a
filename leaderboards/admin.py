"""Staff: the ledger (read-only, voiding with a reason) and the daily challenges."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.admin import GameFilter, game_column, game_title
from leaderboards.achievements import title as achievement_title
from leaderboards.booking import void_match
from leaderboards.models import (
    Achievement,
    DailyAttempt,
    DailyChallenge,
    LeaderboardEntry,
    LeaderboardTotal,
    Rating,
)


class VoidForm(forms.Form):
    reason = forms.CharField(label=_("Grund"), max_length=500)


@admin.action(description=_("Buchung der Partie stornieren (Punkte zurück)"))
def void_bookings(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[LeaderboardEntry]
) -> HttpResponse | None:
    match_ids = sorted(set(queryset.values_list("match_id", flat=True)))
    if "apply" in request.POST:
        form = VoidForm(request.POST)
        if form.is_valid():
            done = sum(
                void_match(m, form.cleaned_data["reason"], by=request.user) for m in match_ids
            )
            modeladmin.message_user(
                request, ngettext("%d Buchung storniert.", "%d Buchungen storniert.", done) % done
            )
            return None
    else:
        form = VoidForm()
    return render(
        request,
        "admin/leaderboards/void_entries.html",
        {
            "form": form,
            "entries": queryset,
            "match_ids": match_ids,
            **modeladmin.admin_site.each_context(request),
        },
    )


@admin.register(LeaderboardEntry)
class LeaderboardEntryAdmin(admin.ModelAdmin):
    """Read-only ledger: changes only through the void action."""

    list_display = (
        "created",
        game_column,
        "user",
        "match",
        "points",
        "penalty",
        "place",
        "players",
        "month",
        "voided_at",
        "void_reason",
    )
    list_filter = (GameFilter, "month", ("voided_at", admin.EmptyFieldListFilter))
    search_fields = ("user__username", "match__id")
    list_select_related = ("user", "match")
    raw_id_fields = ("match", "user", "voided_by")
    actions = [void_bookings]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(LeaderboardTotal)
class LeaderboardTotalAdmin(admin.ModelAdmin):
    list_display = (game_column, "period", "user", "points", "games")
    list_filter = (GameFilter, "period")
    search_fields = ("user__username",)
    list_select_related = ("user",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class DailyAttemptInline(admin.TabularInline):
    model = DailyAttempt
    extra = 0
    fields = ("user", "match", "started")
    readonly_fields = fields
    can_delete = False


@admin.register(DailyChallenge)
class DailyChallengeAdmin(admin.ModelAdmin):
    list_display = (
        "day",
        game_column,
        "seed_hash",
        "players",
        "bot_strength",
        "options",
        "created",
    )
    list_filter = (GameFilter,)
    date_hierarchy = "day"
    readonly_fields = (
        "game",
        "day",
        "seed",
        "seed_hash",
        "players",
        "bot_strength",
        "options",
        "created",
    )
    inlines = [DailyAttemptInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = (game_column, "user", "ordinal", "mu", "sigma", "games", "updated")
    list_filter = (GameFilter,)
    search_fields = ("user__username",)
    list_select_related = ("user",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.action(description=_("Erfolge zurücksetzen (wieder offen)"), permissions=["delete"])
def reset_achievements(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Achievement]
) -> None:
    count, _rows = queryset.delete()
    modeladmin.message_user(
        request, ngettext("%d Erfolg zurückgesetzt.", "%d Erfolge zurückgesetzt.", count) % count
    )


@admin.register(Achievement)
class AchievementAdmin(admin.ModelAdmin):
    """The Erfolge people earned: staff can look and reset (delete) them, nobody adds one by
    hand (they are found in the finished game's log)."""

    list_display = ("earned", "user", game_column, "erfolg", "match")
    list_filter = (GameFilter,)
    search_fields = ("user__username", "key")
    list_select_related = ("user", "match")
    raw_id_fields = ("user", "match")
    readonly_fields = ("user", "game", "key", "match", "earned")
    actions = [reset_achievements]

    @admin.display(description=_("Erfolg"), ordering="key")
    def erfolg(self, obj: Achievement) -> str:
        try:
            return achievement_title(obj.game, obj.key)[0]
        except KeyError:
            return f"{game_title(obj.game)}: {obj.key}"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
