from django.contrib import admin

from lobby.models import Member, Table


class MemberInline(admin.TabularInline):
    model = Member
    extra = 0


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "status", "seats", "stake", "solo", "created")
    list_filter = ("game", "status", "solo")
    readonly_fields = ("token", "created", "updated")
    inlines = [MemberInline]
