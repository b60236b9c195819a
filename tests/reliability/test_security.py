"""Safe defaults outside development (issue 15, part 5)."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys

import pytest
from django.core.cache import cache
from django.urls import reverse

from accounts.forms import login_limit_keys
from config.launch import ROOT
from tests.reliability.siteproc import run_django

pytestmark = pytest.mark.django_db


def test_debug_is_off_by_default_and_needs_a_real_secret_key():
    r = run_django("print('started')")
    assert r.returncode != 0 and "SECRET_KEY must be set" in r.stderr
    from django.conf import settings

    r = run_django("print('started')", SECRET_KEY=settings.DEV_SECRET_KEY)
    assert r.returncode != 0 and "development SECRET_KEY" in r.stderr
    r = run_django(
        "from django.conf import settings; print('DEBUG', settings.DEBUG)",
        SECRET_KEY=secrets.token_urlsafe(50),
    )
    assert r.returncode == 0 and "DEBUG False" in r.stdout


def test_check_deploy_is_clean_with_the_documented_production_settings():
    r = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={
            **{k: v for k, v in os.environ.items() if k != "DEBUG"},
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "speedgames.example",
            "CSRF_TRUSTED_ORIGINS": "https://speedgames.example",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert "no issues" in r.stdout


def test_seed_demo_does_not_print_the_staff_password(settings, tmp_path, capsys):
    from django.core.management import call_command

    settings.VAR_DIR = tmp_path
    call_command("seed_demo")
    out = capsys.readouterr().out
    password = (tmp_path / "staff-password.txt").read_text().strip()
    assert password and password not in out
    assert str(tmp_path / "staff-password.txt") in out


@pytest.mark.django_db(transaction=True)
def test_two_stacks_starting_at_once_both_seed(settings, tmp_path):
    """``docs/deploy.md``'s second stack may start at the same moment as the first: both run
    ``seed_demo`` on one database, and neither may fail on the staff account the other has just
    created (it stopped the second stack with an IntegrityError)."""
    import threading

    from django.core.management import call_command
    from django.db import connection

    from accounts.models import User

    def seed(ready: threading.Barrier, failures: list[BaseException]) -> None:
        try:
            ready.wait()
            call_command("seed_demo")
        except BaseException as exc:  # noqa: BLE001 - the test reports it
            failures.append(exc)
        finally:
            connection.close()

    for attempt in range(8):
        User.objects.filter(username="admin").delete()
        ready = threading.Barrier(2)
        failures: list[BaseException] = []

        settings.VAR_DIR = tmp_path / str(attempt)
        settings.VAR_DIR.mkdir()
        threads = [threading.Thread(target=seed, args=(ready, failures)) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not failures, failures
        assert User.objects.filter(username="admin").count() == 1


def _clear(addr: str, *names: str) -> None:
    cache.delete_many([k for n in names for k, _ in login_limit_keys(addr, n)])


def test_failing_with_someones_name_elsewhere_does_not_lock_them_out(client, settings, alice):
    settings.LOGIN_RATE_LIMIT = 3
    _clear("10.0.0.66", "alice")
    _clear("127.0.0.1", "alice")
    url = reverse("accounts:login")
    for _ in range(5):  # an attacker from another address
        client.post(url, {"username": "Alice", "password": "falsch"}, REMOTE_ADDR="10.0.0.66")
    r = client.post(url, {"username": "Alice", "password": "falsch"}, REMOTE_ADDR="10.0.0.66")
    assert "Zu viele Fehlversuche" in r.content.decode()
    r = client.post(url, {"username": "Alice", "password": "kartenglück-42"})
    assert r.status_code == 302 and "_auth_user_id" in client.session


def test_one_address_is_limited_across_names(client, settings):
    settings.LOGIN_RATE_LIMIT_ADDRESS = 4
    names = [f"name{i}" for i in range(6)]
    _clear("10.0.0.77", *names)
    url = reverse("accounts:login")
    for n in names[:4]:
        client.post(url, {"username": n, "password": "falsch"}, REMOTE_ADDR="10.0.0.77")
    r = client.post(url, {"username": names[5], "password": "x"}, REMOTE_ADDR="10.0.0.77")
    assert "Zu viele Fehlversuche" in r.content.decode()


def test_the_admin_login_is_rate_limited_too(client, settings, alice):
    settings.LOGIN_RATE_LIMIT = 2
    alice.is_staff = True
    alice.save()
    _clear("10.0.0.88", "alice")
    url = reverse("admin:login")
    for _ in range(2):
        client.post(url, {"username": "Alice", "password": "falsch"}, REMOTE_ADDR="10.0.0.88")
    r = client.post(
        url, {"username": "Alice", "password": "kartenglück-42"}, REMOTE_ADDR="10.0.0.88"
    )
    assert r.status_code == 200 and "Zu viele Fehlversuche" in r.content.decode()
    assert "_auth_user_id" not in client.session


def test_who_is_online_is_not_served_to_outsiders(client, alice, bob):
    from accounts.identity import Player
    from lobby import services

    table = services.open_table(Player(user=alice), "speedone", {"seats": 4})
    url = reverse("lobby:online", args=[table.pk])
    assert client.get(url).status_code == 204  # anonymous
    client.force_login(bob)
    assert client.get(url).status_code == 204  # not at the table
    client.force_login(alice)
    assert client.get(url).status_code == 200
