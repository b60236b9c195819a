import django.db.models
from django.db import migrations

import games.engines.base


def fresh_seeds(apps, schema_editor):  # noqa: ANN001, ANN201
    """Every running match gets its own bot seed (the column's default is one value for all)."""
    match = apps.get_model("games", "Match")
    for pk in match.objects.filter(status="running").values_list("pk", flat=True).iterator():
        match.objects.filter(pk=pk).update(bot_seed=games.engines.base.new_seed())


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_match_watchers"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="bot_seed",
            field=django.db.models.BigIntegerField(
                default=games.engines.base.new_seed, verbose_name="Seed der Computer"
            ),
        ),
        migrations.RunPython(fresh_seeds, migrations.RunPython.noop),
    ]
