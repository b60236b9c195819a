"""The site's computer players: five named bot accounts per strength."""

from __future__ import annotations

from accounts.models import User

BOT_NAMES: dict[str, tuple[str, ...]] = {
    "leicht": ("Lotte", "Ludwig", "Lina", "Lenz", "Luise"),
    "normal": ("Nora", "Niklas", "Nele", "Nepomuk", "Nina"),
    "stark": ("Stella", "Sebastian", "Sophie", "Severin", "Selma"),
}


def ensure_bots() -> list[User]:
    bots = []
    for strength, names in BOT_NAMES.items():
        for name in names:
            user, _ = User.objects.get_or_create(
                username=name,
                defaults={"is_bot": True, "bot_strength": strength, "is_active": True},
            )
            if not user.is_bot or user.bot_strength != strength:
                user.is_bot, user.bot_strength = True, strength
                user.save(update_fields=["is_bot", "bot_strength"])
            if user.has_usable_password():
                user.set_unusable_password()
                user.save(update_fields=["password"])
            bots.append(user)
    return bots


def bots_of(strength: str) -> list[User]:
    """The bot accounts of a strength, in a fixed order."""
    names = BOT_NAMES[strength]
    found = {u.username: u for u in User.objects.filter(is_bot=True, username__in=names)}
    missing = [n for n in names if n not in found]
    if missing:
        ensure_bots()
        found = {u.username: u for u in User.objects.filter(is_bot=True, username__in=names)}
    return [found[n] for n in names]
