from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SchoolConfig(AppConfig):
    name = "games.speedtroedel.school"
    label = "school"  # the tables and migrations keep their names
    verbose_name = _("Händlerschule")
