"""Progress in a game's school: one row per passed lesson and person (account or guest)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class LessonPassed(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    guest = models.ForeignKey("accounts.Guest", null=True, blank=True, on_delete=models.CASCADE)
    game = models.CharField(_("Spiel"), max_length=20)
    lesson = models.SlugField(_("Lektion"), max_length=40)
    passed = models.DateTimeField(_("bestanden"), auto_now_add=True)

    class Meta:
        verbose_name = _("bestandene Lektion")
        verbose_name_plural = _("bestandene Lektionen")
        ordering = ["-passed", "id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "game", "lesson"], name="school_once_per_user"),
            models.UniqueConstraint(
                fields=["guest", "game", "lesson"], name="school_once_per_guest"
            ),
            models.CheckConstraint(
                condition=models.Q(user__isnull=False) ^ models.Q(guest__isnull=False),
                name="school_user_xor_guest",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user or self.guest}: {self.game} {self.lesson}"
