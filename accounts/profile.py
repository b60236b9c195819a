"""The sections of "Meine Partien". Other apps add to them by registering a provider."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from accounts.models import User

Provider = Callable[[User], dict[str, Any]]
_PROVIDERS: list[Provider] = []


def register_profile_provider(provider: Provider) -> Provider:
    """Register ``provider(user) -> {"history": [...], "bests": [...], ...}`` (lists are merged)."""
    _PROVIDERS.append(provider)
    return provider


def profile_sections(user: User) -> dict[str, list[Any]]:
    sections: dict[str, list[Any]] = {
        "history": [],
        "bests": [],
        "achievements": [],
        "campaign": [],
    }
    for provider in _PROVIDERS:
        for key, items in provider(user).items():
            sections.setdefault(key, []).extend(items)
    return sections
