from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts import wallet
from accounts.forms import RateLimitedAdminAuthenticationForm
from accounts.models import Block, Friendship, Guest, User, WalletEntry, mute_in_chat

# the admin's login counts failures like the site's login (accounts.forms.RateLimitMixin)
admin.site.login_form = RateLimitedAdminAuthenticationForm
admin.site.site_header = _("Speedgames – Verwaltung")
admin.site.site_title = _("Speedgames-Verwaltung")
admin.site.index_title = _("Übersicht")


class AdjustForm(forms.Form):
    amount = forms.IntegerField(label=_("Betrag (Taler, negativ zum Abziehen)"))
    reason = forms.CharField(label=_("Grund"), max_length=200)


@admin.action(description=_("Taler-Korrektur buchen"))
def adjust_wallet(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[User]
) -> HttpResponse | None:
    if "apply" in request.POST:
        form = AdjustForm(request.POST)
        if form.is_valid():
            done = 0
            for user in queryset.filter(is_bot=False):
                try:
                    wallet.adjust(
                        user, form.cleaned_data["amount"], form.cleaned_data["reason"], request.user
                    )
                    done += 1
                except wallet.InsufficientFunds as exc:
                    modeladmin.message_user(request, f"{user}: {exc}", messages.ERROR)
            modeladmin.message_user(
                request, ngettext("%d Korrektur gebucht.", "%d Korrekturen gebucht.", done) % done
            )
            return None
    else:
        form = AdjustForm()
    return render(
        request,
        "admin/accounts/adjust_wallet.html",
        {
            "form": form,
            "users": queryset,
            "action": "adjust_wallet",
            **modeladmin.admin_site.each_context(request),
        },
    )


@admin.action(description=_("Im Chat stummschalten"))
def chat_mute(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Any]) -> None:
    n = mute_in_chat(queryset)
    if queryset.model is Guest:
        modeladmin.message_user(
            request,
            ngettext("%d Gast im Chat stummgeschaltet.", "%d Gäste im Chat stummgeschaltet.", n)
            % n,
        )
    else:
        modeladmin.message_user(
            request,
            ngettext("%d Konto im Chat stummgeschaltet.", "%d Konten im Chat stummgeschaltet.", n)
            % n,
        )


@admin.action(description=_("Chat-Stummschaltung aufheben"))
def chat_unmute(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Any]
) -> None:
    n = mute_in_chat(queryset, muted=False)
    if queryset.model is Guest:
        modeladmin.message_user(
            request,
            ngettext("%d Gast darf wieder schreiben.", "%d Gäste dürfen wieder schreiben.", n) % n,
        )
    else:
        modeladmin.message_user(
            request,
            ngettext("%d Konto darf wieder schreiben.", "%d Konten dürfen wieder schreiben.", n)
            % n,
        )


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    list_display = ("username", "email", "is_bot", "is_staff", "date_joined", "taler")
    list_filter = ("is_bot", "is_staff", "is_active", "chat_muted")
    search_fields = ("username", "email")
    actions = [adjust_wallet, chat_mute, chat_unmute]
    fieldsets = (
        *BaseUserAdmin.fieldsets,
        (_("Speedgames"), {"fields": ("is_bot", "bot_strength", "last_seen", "chat_muted")}),
    )

    @admin.display(description=_("Taler"))
    def taler(self, obj: User) -> int | str:
        return "–" if obj.is_bot else wallet.balance(obj)


@admin.register(Guest)
class GuestAdmin(admin.ModelAdmin):
    list_display = ("display_name", "created", "last_seen", "user", "chat_muted")
    list_filter = ("chat_muted",)
    search_fields = ("display_name",)
    readonly_fields = ("created",)
    actions = [chat_mute, chat_unmute]


@admin.register(WalletEntry)
class WalletEntryAdmin(admin.ModelAdmin):
    """Read-only: the ledger is append-only; corrections go through the user action."""

    list_display = ("created", "user", "amount", "kind", "reason", "ref", "created_by")
    list_filter = ("kind",)
    search_fields = ("user__username", "ref", "reason")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Friendship)
class FriendshipAdmin(admin.ModelAdmin):
    list_display = ("from_user", "to_user", "created", "accepted")
    search_fields = ("from_user__username", "to_user__username")
    raw_id_fields = ("from_user", "to_user")


@admin.register(Block)
class BlockAdmin(admin.ModelAdmin):
    list_display = ("blocker", "blocked", "created")
    search_fields = ("blocker__username", "blocked__username")
    raw_id_fields = ("blocker", "blocked")
