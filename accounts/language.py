"""Which language a person reads (issue 46): German is the default, English the second language.

The order, for a page and for a socket alike:

1. the account's own choice (``User.language``: the profile's „Sprache“ or the footer's switcher),
2. the language cookie (``settings.LANGUAGE_COOKIE_NAME``: the footer's switcher, for guests and
   visitors too),
3. the browser's ``Accept-Language``,
4. German (``settings.LANGUAGE_CODE``).

URLs are the same in every language (no ``/en/`` prefix): the pages say ``Vary: Accept-Language,
Cookie`` and ``Content-Language``. What is rendered for somebody who is not at the request – a
pushed board, an e-mail – uses :func:`language_of`: the account's choice, else the language of
the person's last page (``User.last_language``, ``Guest.language``, written by
:class:`LanguageMiddleware` when it changes).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings
from django.dispatch import Signal
from django.http import HttpRequest, HttpResponse
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import trans_real


def supported(code: str | None) -> str | None:
    """``code`` as one of ``settings.LANGUAGES`` (``en-GB`` → ``en``), or None."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def _from_header(accept: str) -> str | None:
    for code, _quality in trans_real.parse_accept_lang_header(accept):
        if code == "*":
            break
        found = supported(code)
        if found:
            return found
    return None


def negotiate(user: Any, cookies: Mapping[str, str], accept: str) -> str:
    """The language for a person with ``user`` (or None/anonymous), the request's cookies and its
    ``Accept-Language`` header."""
    own = getattr(user, "language", "") if getattr(user, "is_authenticated", False) else ""
    return (
        supported(own)
        or supported(cookies.get(settings.LANGUAGE_COOKIE_NAME))
        or _from_header(accept)
        or settings.LANGUAGE_CODE
    )


def language_of(user: Any = None, guest: Any = None) -> str:
    """The language to render in for a person who is not at the request (a pushed board, an
    e-mail): the account's choice, else the language of their last page, else German."""
    for code in (
        getattr(user, "language", ""),
        getattr(user, "last_language", ""),
        getattr(guest, "language", ""),
    ):
        found = supported(code)
        if found:
            return found
    return settings.LANGUAGE_CODE


def seat_language(seat: Any) -> str:
    """The language of the person at ``seat`` (bots and empty seats: German)."""
    user = seat.user if getattr(seat, "user_id", None) else None
    guest = seat.guest if getattr(seat, "guest_id", None) else None
    return language_of(user, guest)


def scope_language(scope: Mapping[str, Any]) -> str:
    """A socket's language, from its scope (the same order as a page's)."""
    headers = dict(scope.get("headers") or [])
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    return negotiate(scope.get("user"), scope.get("cookies") or {}, accept)


class LanguageMiddleware(LocaleMiddleware):
    """Django's ``LocaleMiddleware`` with the account's choice first; after the authentication
    and ``GuestMiddleware``. It remembers the page's language on the account or guest (one
    UPDATE when it changes) for what is rendered without a request."""

    def process_request(self, request: HttpRequest) -> None:
        user = getattr(request, "user", None)
        accept = request.headers.get("accept-language", "")
        language = negotiate(user, request.COOKIES, accept)
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        response = super().process_response(request, response)
        patch_vary_headers(response, ("Cookie",))
        language = getattr(request, "LANGUAGE_CODE", None)
        # only a page (HTML) says which language its person reads: a browser fetches its service
        # worker's script, the manifest and the like with its own default Accept-Language
        if language and response.get("Content-Type", "").startswith("text/html"):
            _remember(request, language)
        return response


def _remember(request: HttpRequest, language: str) -> None:
    from accounts.models import Guest, User

    # written only when it differs from what is assumed without it (German): most requests, and
    # every request of a German browser, write nothing
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        known = user.last_language or settings.LANGUAGE_CODE
        if not user.language and known != language and not user.is_bot:
            User.objects.filter(pk=user.pk).update(last_language=language)
            user.last_language = language
            _changed(user=user)
        return
    guest = getattr(request, "guest", None)
    if guest is not None and (guest.language or settings.LANGUAGE_CODE) != language:
        Guest.objects.filter(pk=guest.pk).update(language=language)
        guest.language = language
        _changed(guest=guest)


def seat_languages(seats: Iterable[Any]) -> dict[int, str]:
    """The language of each person's seat (``seat.index`` → code), from the seats themselves
    (``Seat.language``, kept up to date through ``language_changed``): no query per move. Bots and
    empty seats are left out (nobody reads their board)."""
    return {
        seat.index: supported(getattr(seat, "language", "")) or settings.LANGUAGE_CODE
        for seat in seats
        if getattr(seat, "is_human", True) and (seat.user_id or seat.guest_id)
    }


#: a person's language changed (the switcher, the profile, or their browser's): ``user`` or
#: ``guest``, and the ``language`` now (``language_of``). The games app keeps the seats of their
#: running matches in step (``Seat.language``); accounts knows no game.
language_changed = Signal()


def _changed(user: Any = None, guest: Any = None) -> None:
    language_changed.send(
        sender=LanguageMiddleware, user=user, guest=guest, language=language_of(user, guest)
    )


def language_of_key(key: str) -> str:
    """The language of the person with ``Player.key`` ``key`` (``u12``: an account, ``g7``: a
    guest), for what is pushed to their pages (``user-<key>``)."""
    from accounts.models import Guest, User

    kind, raw = key[:1], key[1:]
    if not raw.isdigit():
        return settings.LANGUAGE_CODE
    if kind == "u":
        return language_of(
            User.objects.filter(pk=int(raw)).only("language", "last_language").first()
        )
    if kind == "g":
        return language_of(guest=Guest.objects.filter(pk=int(raw)).only("language").first())
    return settings.LANGUAGE_CODE
