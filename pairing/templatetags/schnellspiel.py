"""``{% schnellspiel game %}``: the Schnellspiel panel and the open seeks in a lobby (the lobby's
template includes it; the lobby's code knows nothing of the pairing)."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from pairing.views import panel_context, seeks_context

register = template.Library()


@register.simple_tag(takes_context=True)
def schnellspiel(context: dict[str, Any], game: Any) -> SafeString:
    request = context["request"]
    html = render_to_string("pairing/_panel.html", panel_context(request, game.slug), request)
    return mark_safe(html)  # noqa: S308 - rendered by the template engine (escaped)


@register.simple_tag(takes_context=True)
def open_seeks(context: dict[str, Any], game: Any) -> SafeString:
    request = context["request"]
    html = render_to_string("pairing/_seeks.html", seeks_context(request, game.slug), request)
    return mark_safe(html)  # noqa: S308 - rendered by the template engine (escaped)
