"""Demo data for ``make run``: the bot accounts and one staff account (password in a file)."""

import secrets

from django.conf import settings
from django.core.management.base import BaseCommand

from accounts.bots import ensure_bots
from accounts.models import User

STAFF_NAME = "admin"


class Command(BaseCommand):
    help = "Creates the bot accounts and the staff account 'admin' (password in var/)."

    def handle(self, *args: object, **options: object) -> None:
        bots = ensure_bots()
        pw_file = settings.VAR_DIR / "staff-password.txt"
        user = User.objects.filter(username__iexact=STAFF_NAME).first()
        if user is None or not pw_file.exists():
            password = secrets.token_urlsafe(12)
            if user is None:  # get_or_create: a second stack starting at the same moment
                user, _created = User.objects.get_or_create(  # may have created it meanwhile
                    username=STAFF_NAME, defaults={"is_staff": True, "is_superuser": True}
                )
            user.set_password(password)
            user.save()
            pw_file.write_text(password + "\n")
            pw_file.chmod(0o600)
        self.stdout.write(f"{len(bots)} Computer-Konten bereit.")
        # the password goes into the file only, never into a log
        self.stdout.write(f"Staff-Konto: {STAFF_NAME}, Passwort in {pw_file}  (Admin: /admin/)")
