from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from accounts import wallet
from accounts.models import Friendship


def site(request: HttpRequest) -> dict[str, Any]:
    """The header's account part: the Taler balance of a signed-in person, or the guest; the
    count of open friend requests to them (the badge on „Freunde“; counted only when a page
    shows the header, not for every htmx answer)."""
    user = getattr(request, "user", None)
    taler = None
    requests: Any = 0
    if user is not None and user.is_authenticated and not user.is_bot:
        taler = wallet.balance(user)
        requests = SimpleLazyObject(lambda: open_requests(user))
    return {
        "taler_balance": taler,
        "guest": getattr(request, "guest", None),
        "friend_requests": requests,
    }


def open_requests(user: Any) -> int:
    """How many friend requests to ``user`` wait for an answer."""
    return Friendship.objects.filter(to_user=user, accepted__isnull=True).count()
