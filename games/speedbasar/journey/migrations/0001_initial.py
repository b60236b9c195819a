"""The Händlerreise's models move from the lobby to this app: state only, the tables
(``lobby_journeystop``, ``lobby_journeymatch``) and their rows stay as they are."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("accounts", "0001_initial"),
        ("games", "0004_seat_last_seen"),
        ("lobby", "0002_journey"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="JourneyStop",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("station", models.SlugField(max_length=20, verbose_name="Station")),
                        (
                            "started",
                            models.DateTimeField(
                                default=django.utils.timezone.now, verbose_name="zuerst versucht"
                            ),
                        ),
                        (
                            "passed",
                            models.DateTimeField(blank=True, null=True, verbose_name="geschafft"),
                        ),
                        (
                            "deck",
                            models.JSONField(
                                blank=True, null=True, verbose_name="gestapelte Karten"
                            ),
                        ),
                        (
                            "seed",
                            models.BigIntegerField(blank=True, null=True, verbose_name="Seed"),
                        ),
                        (
                            "guest",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                to="accounts.guest",
                            ),
                        ),
                        (
                            "passed_match",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to="games.match",
                                verbose_name="geschafft in Partie",
                            ),
                        ),
                        (
                            "user",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "Station der Händlerreise",
                        "verbose_name_plural": "Stationen der Händlerreise",
                        "ordering": ["started", "id"],
                        "db_table": "lobby_journeystop",
                    },
                ),
                migrations.CreateModel(
                    name="JourneyMatch",
                    fields=[
                        (
                            "match",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                primary_key=True,
                                related_name="journey",
                                serialize=False,
                                to="games.match",
                            ),
                        ),
                        (
                            "passed",
                            models.BooleanField(blank=True, null=True, verbose_name="geschafft"),
                        ),
                        (
                            "stop",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="attempts",
                                to="journey.journeystop",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "Partie der Händlerreise",
                        "verbose_name_plural": "Partien der Händlerreise",
                        "db_table": "lobby_journeymatch",
                    },
                ),
                migrations.AddConstraint(
                    model_name="journeystop",
                    constraint=models.UniqueConstraint(
                        fields=("user", "station"), name="journey_once_per_user"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="journeystop",
                    constraint=models.UniqueConstraint(
                        fields=("guest", "station"), name="journey_once_per_guest"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="journeystop",
                    constraint=models.CheckConstraint(
                        condition=models.Q(
                            ("user__isnull", False), ("guest__isnull", False), _connector="XOR"
                        ),
                        name="journey_user_xor_guest",
                    ),
                ),
            ],
            database_operations=[],
        ),
    ]
