from django.contrib import admin

from games.models import Match, Move, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = (
        "index",
        "name",
        "user",
        "guest",
        "is_human",
        "bot_strength",
        "left_at",
        "place",
        "score",
        "leaderboard_points",
        "stake_paid",
        "payout",
    )
    readonly_fields = fields
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "game",
        "status",
        "players",
        "version",
        "solo",
        "stake",
        "created",
        "finished",
    )
    list_filter = ("game", "status", "solo")
    inlines = [SeatInline]
    # The state holds every hand and the deck: staff may look, nobody edits a match by hand.
    readonly_fields = (
        "game",
        "table",
        "players",
        "options",
        "seed",
        "deck",
        "state",
        "version",
        "status",
        "move_seconds",
        "deadline",
        "bot_delay",
        "stake",
        "solo",
        "result",
        "created",
        "updated",
        "finished",
    )

    def has_add_permission(self, request):
        return False


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ("match", "number", "seat", "action", "by", "created")
    list_filter = ("by",)
    readonly_fields = ("match", "number", "seat", "action", "by", "created")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
