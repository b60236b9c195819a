"""Refuse input no page can take: the NUL character, which PostgreSQL rejects in any text (a name
``"\\x00"`` in a form or ``/spieler/%00/`` reached the database and answered 500). A path with NUL
is a 404, a query or form value with NUL a German 400 page – before any view runs."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.translation import gettext as _

NUL = "\x00"
#: bodies Django parses into ``request.POST`` from the already read body (no upload stream)
FORM_TYPES = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})


def _has_nul(data: QueryDict) -> bool:
    return any(NUL in key or any(NUL in v for v in values) for key, values in data.lists())


class RefuseNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if NUL in request.path:
            raise Http404(_("Diese Seite gibt es nicht."))
        if _has_nul(request.GET) or (
            request.method == "POST"
            and request.content_type in FORM_TYPES
            and _has_nul(request.POST)
        ):
            text = _(
                "Die Eingabe enthält ein unzulässiges Zeichen (ein Nullzeichen) und wurde "
                "nicht verarbeitet. Bitte gib sie ohne dieses Zeichen noch einmal ein."
            )
            ctx = {"title": _("Eingabe abgelehnt"), "text": text}
            return render(request, "accounts/message_page.html", ctx, status=400)
        return self.get_response(request)
