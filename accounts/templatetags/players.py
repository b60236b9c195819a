"""``{% load players %}`` … ``{% player_link name %}``: a registered person's name as a link to
their public profile (/spieler/<name>/, URL-encoded); ``registered=False`` (guests, bots) gives
the plain, escaped name."""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString

from accounts.social import profile_url

register = template.Library()


@register.simple_tag
def player_link(name: str, registered: bool = True) -> SafeString:
    if not registered or not name:
        return conditional_escape(name)
    return format_html('<a class="player-name" href="{}">{}</a>', profile_url(name), name)
