from typing import Any

from django.http import HttpRequest

from accounts import wallet
from games.registry import GAMES


def site(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    taler = None
    if user is not None and user.is_authenticated and not user.is_bot:
        taler = wallet.balance(user)
    return {"games_menu": GAMES, "taler_balance": taler, "guest": getattr(request, "guest", None)}
