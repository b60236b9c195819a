"""The Händlerreise's models moved to ``games.speedbasar.journey`` (app label ``journey``): state
only, the tables and their rows stay (see journey 0001_initial)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("lobby", "0002_journey"),
        ("journey", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="JourneyMatch"),
                migrations.DeleteModel(name="JourneyStop"),
            ],
            database_operations=[],
        ),
    ]
