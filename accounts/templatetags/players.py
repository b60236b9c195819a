"""``{% load players %}`` … ``{% player_link name %}``: a registered person's name as a link to
their public profile (/spieler/<name>/, URL-encoded); ``registered=False`` (guests, bots) gives
the plain, escaped name; ``new_tab=True`` opens the profile in a new tab."""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString

from accounts.social import profile_url

register = template.Library()


@register.simple_tag
def player_link(name: str, registered: bool = True, new_tab: bool = False) -> SafeString:
    """``new_tab``: the profile opens in a new tab (a name in a match or chat: the page stays)."""
    if not registered or not name:
        return conditional_escape(name)
    if new_tab:
        return format_html(
            '<a class="player-name" href="{}" target="_blank" rel="noopener">{}</a>',
            profile_url(name),
            name,
        )
    return format_html('<a class="player-name" href="{}">{}</a>', profile_url(name), name)


@register.filter
def signed(value: object) -> str:
    """Points with their sign as the round summaries write them: "+10", "−6" (a real minus),
    "0"; anything else as it is."""
    if not isinstance(value, int) or isinstance(value, bool):
        return str(value)
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


@register.filter
def minus(value: object) -> str:
    """A number with a real minus sign ("−5", not the hyphen "-5")."""
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return f"−{-value}"
    return str(value)
