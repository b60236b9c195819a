from django.contrib import admin

from pairing.models import Seek


@admin.register(Seek)
class SeekAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "move_seconds", "players", "rating", "status", "created")
    list_filter = ("status", "game", "move_seconds")
    search_fields = ("name", "player_key")
    raw_id_fields = ("user", "guest", "match", "partner")
