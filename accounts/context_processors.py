from typing import Any

from django.http import HttpRequest

from accounts import wallet


def site(request: HttpRequest) -> dict[str, Any]:
    """The header's account part: the Taler balance of a signed-in person, or the guest."""
    user = getattr(request, "user", None)
    taler = None
    if user is not None and user.is_authenticated and not user.is_bot:
        taler = wallet.balance(user)
    return {"taler_balance": taler, "guest": getattr(request, "guest", None)}
