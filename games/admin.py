"""Staff: matches (read-only, with „Partie abbrechen“), their seats and move logs. The game
title and filter helpers here are shared by the other apps' admins."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import actions, registry
from games.actions.abort import REASON_MAX
from games.models import Match, Move, Seat


def game_title(slug: str) -> str:
    """The game's German title („Speedwerk“) for a slug; an unknown slug as it is."""
    found = registry.game(slug)
    return found.name if found is not None else slug


@admin.display(description=_("Spiel"), ordering="game")
def game_column(obj: Any) -> str:
    """The ``game`` column of a changelist with the game's title instead of its slug."""
    return game_title(obj.game)


class GameFilter(admin.SimpleListFilter):
    """Filter by game, listed with the games' titles."""

    title = _("Spiel")
    parameter_name = "game"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [(g.slug, g.name) for g in registry.GAMES]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        return queryset.filter(game=self.value()) if self.value() else queryset


class AbortForm(forms.Form):
    reason = forms.CharField(
        label=_("Grund (die Spieler lesen ihn)"),
        max_length=REASON_MAX,
        widget=forms.TextInput(attrs={"class": "vTextField"}),
    )


@admin.action(
    description=_("Laufende Partie abbrechen (Einsätze zurück, nichts gebucht)"),
    permissions=["change"],
)
def abort_matches(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Match]
) -> HttpResponse | None:
    """Asks for the reason first; then every selected running match is aborted
    (``games.actions.abort_match``)."""
    running = list(queryset.filter(status=Match.Status.RUNNING).order_by("pk"))
    if not running:
        modeladmin.message_user(
            request, _("Keine der gewählten Partien läuft – nichts abgebrochen."), messages.WARNING
        )
        return None
    if "apply" in request.POST:
        form = AbortForm(request.POST)
        if form.is_valid():
            done = 0
            for match in running:
                try:
                    actions.abort_match(match.pk, form.cleaned_data["reason"], by=request.user)
                    done += 1
                except actions.ActionRejected as exc:
                    modeladmin.message_user(request, f"{match}: {exc.message}", messages.ERROR)
            if done:
                modeladmin.message_user(
                    request,
                    ngettext("%d Partie abgebrochen.", "%d Partien abgebrochen.", done) % done,
                )
            return None
    else:
        form = AbortForm()
    return render(
        request,
        "admin/games/abort_match.html",
        {
            "form": form,
            "matches": running,
            "selected": queryset,
            "action": "abort_matches",
            "title": _("Partie abbrechen"),
            "opts": modeladmin.model._meta,
            **modeladmin.admin_site.each_context(request),
        },
    )


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
        "__str__",
        game_column,
        "status",
        "players",
        "version",
        "solo",
        "stake",
        "created",
        "finished",
    )
    list_filter = (GameFilter, "status", "solo")
    inlines = [SeatInline]
    actions = [abort_matches]
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

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ("match", "number", "seat", "action", "by", "created")
    list_filter = ("by",)
    readonly_fields = ("match", "number", "seat", "action", "by", "created")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
