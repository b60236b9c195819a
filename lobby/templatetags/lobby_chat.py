"""The chat panel on the table page and the match page: ``{% load lobby_chat %}{% table_chat
table %}`` / ``{% match_chat match %}``. A template tag, so that the match page (rendered by the
games platform, below the lobby) gets the panel without importing the lobby."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from accounts.identity import current_player
from lobby import chat

register = template.Library()


def _panel(context: Any, room: chat.Room, *, open_: bool) -> SafeString:
    request = context.get("request")
    player = current_player(request) if request is not None else None
    # rendered by Django's templates with autoescape: every value in it is escaped
    return mark_safe(chat.panel_html(room, player, request, open=open_))  # noqa: S308


@register.simple_tag(takes_context=True)
def table_chat(context: Any, table: Any) -> SafeString:
    """At an open table the panel is open; on a phone it folds like any other."""
    return _panel(context, chat.table_room(table), open_=True)


@register.simple_tag(takes_context=True)
def match_chat(context: Any, match: Any) -> SafeString:
    """In a match it starts folded („Chat (2 neu)“): the board comes first."""
    return _panel(context, chat.match_room(match), open_=False)
