from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_user_prefs"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="invites_known_only",
            field=models.BooleanField(
                default=False,
                verbose_name="Einladungen nur von Leuten, mit denen ich schon gespielt habe",
            ),
        ),
    ]
