"""Demo data for ``make run``: the bot accounts and one staff account with a printed password."""

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
            if user is None:
                user = User(username=STAFF_NAME, is_staff=True, is_superuser=True)
            user.set_password(password)
            user.save()
            pw_file.write_text(password + "\n")
            pw_file.chmod(0o600)
        password = pw_file.read_text().strip()
        self.stdout.write(f"{len(bots)} Computer-Konten bereit.")
        self.stdout.write(
            f"Staff-Konto: {STAFF_NAME} / Passwort: {password}  (Admin: /admin/, steht auch in {pw_file})"
        )
