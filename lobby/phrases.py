"""Chat's quick phrases (issue 46): stored as a code on the line (``ChatMessage.phrase``), so each
reader sees the phrase in their own language."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

#: code → the phrase (buttons for phones and for people who do not type)
QUICK_PHRASES: dict[str, Promise] = {
    "hello": gettext_lazy("Hallo!"),
    "luck": gettext_lazy("Viel Glück!"),
    "well_played": gettext_lazy("Gut gespielt!"),
    "thanks": gettext_lazy("Danke!"),
    "moment": gettext_lazy("Moment bitte"),
    "sorry": gettext_lazy("Sorry!"),
    "another": gettext_lazy("Noch eine Runde?"),
    "bye": gettext_lazy("Tschüss!"),
}
