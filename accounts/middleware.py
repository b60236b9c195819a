from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from accounts.identity import GUEST_COOKIE, guest_from_request


class GuestMiddleware:
    """Sets ``request.guest`` for visitors who play as guests (and are not logged in)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.guest = None  # type: ignore[attr-defined]
        if not request.user.is_authenticated:
            request.guest = guest_from_request(request)  # type: ignore[attr-defined]
        response = self.get_response(request)
        if request.user.is_authenticated and GUEST_COOKIE in request.COOKIES:
            response.delete_cookie(GUEST_COOKIE)
        return response
