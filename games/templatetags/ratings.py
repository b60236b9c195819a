"""``{% load ratings %}``: the Wertung after a name (``games.ratings``): ``{{ r|rating }}`` for a
``ShownRating`` (or ``None``: nothing), ``{{ seat_ratings|rating_at:index }}`` for a seat's."""

from __future__ import annotations

from typing import Any

from django import template

from games.html import Markup
from games.ratings import ShownRating, rating_html

register = template.Library()


@register.filter
def rating(value: ShownRating | None) -> Markup:
    return rating_html(value if isinstance(value, ShownRating) else None)


@register.filter
def rating_at(values: Any, index: int) -> Markup:
    try:
        found = values[index]
    except (IndexError, KeyError, TypeError):
        found = None
    return rating(found)
