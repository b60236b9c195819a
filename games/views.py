from __future__ import annotations

from functools import lru_cache

import markdown
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import SafeString, mark_safe

from games.catalog import BY_SLUG


@lru_cache(maxsize=8)
def _rules_html(slug: str, mtime: float) -> SafeString:
    path = settings.BASE_DIR / "docs" / "rules" / f"{slug}.md"
    text = path.read_text(encoding="utf-8")
    # The rules docs are our own files in the repository, not user input.
    return mark_safe(markdown.markdown(text, extensions=["tables", "toc", "sane_lists"]))  # noqa: S308


def rules(request: HttpRequest, slug: str) -> HttpResponse:
    game = BY_SLUG.get(slug)
    path = settings.BASE_DIR / "docs" / "rules" / f"{slug}.md"
    if game is None or not path.exists():
        raise Http404("Diese Spielregeln gibt es nicht.")
    html = _rules_html(slug, path.stat().st_mtime)
    return render(request, "games/rules.html", {"game": game, "rules_html": html})
