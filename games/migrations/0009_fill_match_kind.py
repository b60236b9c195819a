"""Every existing match gets its kind (``games.kinds``), as the old side tables told them apart:
a station of the Händlerreise (``JourneyMatch``), a day's deal (a solo match of a
``DailyChallenge``'s game and seed: the counted attempt or practice), a plain solo game, a table.
Nothing booked changes: only ``Match.kind`` is written. Also the paused move clock of a match
that waits for its person (``Match.clock_left``)."""

from django.db import migrations, models
from django.db.models import Exists, OuterRef


def fill(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    DailyChallenge = apps.get_model("leaderboards", "DailyChallenge")
    JourneyMatch = apps.get_model("journey", "JourneyMatch")
    empty = Match.objects.filter(kind="")
    empty.filter(Exists(JourneyMatch.objects.filter(match_id=OuterRef("pk")))).update(
        kind="journey"
    )
    deal = DailyChallenge.objects.filter(game=OuterRef("game"), seed=OuterRef("seed"))
    empty.filter(solo=True).filter(Exists(deal)).update(kind="daily")
    empty.filter(solo=True).update(kind="solo")
    empty.filter(solo=False).update(kind="table")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_match_kind_rules_version"),
        ("leaderboards", "0004_rating_points"),
        ("journey", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="clock_left",
            field=models.FloatField(blank=True, null=True, verbose_name="Restzeit (angehalten)"),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
