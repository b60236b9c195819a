"""``{% load leaderboards %}`` … ``{% if match|is_daily %}`` (hide "Rat" in daily games)."""

from __future__ import annotations

from typing import Any

from django import template

from leaderboards import daily

register = template.Library()


@register.filter(name="is_daily")
def is_daily(match: Any) -> bool:
    return daily.is_daily(match)
