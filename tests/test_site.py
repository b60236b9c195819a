import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.django_db


def test_home_lists_the_four_games_with_rules_links(client):
    page = client.get("/").content.decode()
    for name, slug in [
        ("Speedtrödel", "speedtroedel"),
        ("Speedone", "speedone"),
        ("Speedbasar", "speedbasar"),
        ("Speedwerk", "speedwerk"),
    ]:
        assert name in page
        assert f"/regeln/{slug}/" in page


def test_pages_are_german_and_load_htmx_locally(client):
    page = client.get("/").content.decode()
    assert '<html lang="de">' in page
    assert "/static/django_htmx/htmx-2.min.js" in page
    assert "hx-ws-2" in page
    assert "https://" not in page.split("<body")[0]


def test_healthz_checks_database_and_redis(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["database"] == "ok"
    assert response.json()["redis"] == "ok"


def test_unknown_rules_page_is_404(client):
    assert client.get("/regeln/schach/").status_code == 404


@pytest.mark.parametrize("slug", ["speedtroedel", "speedone", "speedbasar", "speedwerk"])
def test_rules_pages_render_the_german_rules(client, slug):
    if not (ROOT / "docs" / "rules" / f"{slug}.md").exists():
        pytest.fail(f"docs/rules/{slug}.md is missing")
    page = client.get(f"/regeln/{slug}/").content.decode()
    assert "<h1" in page and "<script>alert" not in page


def test_deploy_check_is_clean_with_production_settings(tmp_path):
    env = dict(os.environ)
    env.update(
        {
            "DEBUG": "0",
            "SECRET_KEY": "x" * 30 + "production-secret-" + "y" * 30,
            "ALLOWED_HOSTS": "speedgames.example",
            "VAR_DIR": str(tmp_path),
        }
    )
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
