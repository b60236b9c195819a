from django.apps import AppConfig


class SchoolConfig(AppConfig):
    name = "games.speedtroedel.school"
    label = "school"  # the tables and migrations keep their names
    verbose_name = "Händlerschule"
