from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_match_timer_due"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="kind",
            field=models.CharField(
                blank=True, db_index=True, default="", max_length=20, verbose_name="Art"
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="rules_version",
            field=models.PositiveSmallIntegerField(default=1, verbose_name="Regelversion"),
        ),
    ]
