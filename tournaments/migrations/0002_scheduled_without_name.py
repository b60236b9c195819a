"""The schedule's regular tournaments store no name (``Tournament.title`` names them in each
reader's language); the names the beat stored before (in its own language) are cleared."""

from django.db import migrations, models


def clear_scheduled_names(apps, schema_editor):  # type: ignore[no-untyped-def]
    Tournament = apps.get_model("tournaments", "Tournament")
    Tournament.objects.exclude(slot="").update(name="")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0001_initial"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="name",
            field=models.CharField(blank=True, default="", max_length=80, verbose_name="Name"),
        ),
        migrations.RunPython(clear_scheduled_names, migrations.RunPython.noop),
    ]
