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
    assert '<meta name="description" content="Speedgames: vier Kartenspiele' in page


def test_healthz_checks_database_and_redis(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["database"] == "ok"
    assert response.json()["redis"] == "ok"


def test_unknown_rules_page_is_404(client):
    assert client.get("/regeln/schach/").status_code == 404


def test_error_pages_speak_german_and_lead_home(client, rf):
    from django.views.defaults import server_error

    missing = client.get("/gibt-es-nicht/")
    assert missing.status_code == 404
    page = missing.content.decode()
    assert "<h1>Seite nicht gefunden</h1>" in page
    assert 'href="/"' in page and "Not Found" not in page

    broken = server_error(rf.get("/"))
    assert broken.status_code == 500
    assert "Da ist etwas schiefgegangen" in broken.content.decode()


@pytest.mark.parametrize("slug", ["speedtroedel", "speedone", "speedbasar", "speedwerk"])
def test_rules_pages_render_the_german_rules(client, slug):
    if not (ROOT / "docs" / "rules" / f"{slug}.md").exists():
        pytest.fail(f"docs/rules/{slug}.md is missing")
    page = client.get(f"/regeln/{slug}/").content.decode()
    assert "<h1" in page and "<script>alert" not in page


@pytest.mark.parametrize("slug", ["speedtroedel", "speedone", "speedbasar", "speedwerk"])
def test_rules_pages_are_for_players_with_contents_and_anchors(client, slug):
    """The rules page is for players: a table of contents after the introduction whose entries
    lead to the sections' anchors, a link to each heading, and no developer material (code,
    JSON moves, module or URL paths – those live in docs/moves.md)."""
    import re

    page = client.get(f"/regeln/{slug}/").content.decode()
    article = page[page.index('<article class="rules prose">') : page.index("</article>")]
    toc = article[article.index('<nav class="rules-toc"') : article.index("</nav>")]
    targets = re.findall(r'<a href="#([a-z0-9-]+)">', toc)
    assert len(targets) >= 8
    for target in targets:  # every entry leads to a section heading with an anchor link
        assert f'<h2 id="{target}">' in article
        assert f'<a class="headerlink" href="#{target}"' in article
    assert article.index("<h1") < article.index('class="rules-toc"') < article.index("<h2 id=")
    assert "</p>" in article[: article.index('class="rules-toc"')]  # the introduction comes first
    for developer in ("```", "<pre", "<code", "import ", "{", "}", "/bestenliste/", "/tagesspiel/"):
        assert developer not in article, developer
    assert not re.search(r"\b(games|leaderboards|lobby)\.[a-z_]+", article)
    words = " ".join(article.split())
    assert "Tagesspiel" in words and "Die Computer entscheiden in jeder Partie mit eigenem" in words


@pytest.mark.parametrize(
    ("slug", "daily", "tips"),
    [
        ("speedtroedel", "Tagesmarkt", None),
        ("speedone", "Tagesblatt", "Aussetzen für den Schluss aufheben"),
        ("speedbasar", "Tagesbasar", "Joker sind halbe Wahrheiten"),
        ("speedwerk", "Tagesschicht", None),
    ],
)
def test_rules_pages_name_the_daily_game_and_give_the_seeds_tips(client, slug, daily, tips):
    page = client.get(f"/regeln/{slug}/").content.decode()
    assert f'<a href="#{daily.lower()}-das-tagesspiel">{daily} – das Tagesspiel</a>' in page
    assert f"„{daily} starten“" in page
    if tips:
        assert '<a href="#tipps">Tipps</a>' in page and tips in page


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


def test_every_page_has_an_icon_and_the_site_a_manifest(client):
    """Issue 26: no 404 for the icon, and Speedgames installs on a phone's home screen."""
    page = client.get("/").content.decode()
    assert 'rel="icon"' in page and 'rel="manifest"' in page and 'name="theme-color"' in page
    manifest = client.get("/manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    data = manifest.json()
    assert data["display"] == "standalone" and data["start_url"] == "/"
    assert {"192x192", "512x512"} <= {i["sizes"] for i in data["icons"]}
    favicon = client.get("/favicon.ico")
    assert favicon.status_code == 301 and favicon["Location"].endswith("icons/favicon.svg")


def test_the_load_bench_runs_without_the_servers_secret(tmp_path):
    """Issue 28: `python -m bench.load` outside `make` (no SECRET_KEY, no DEBUG in the shell) sets
    up its Django side instead of stopping at „SECRET_KEY must be set when DEBUG is off“."""
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    env["VAR_DIR"] = str(tmp_path)
    out = subprocess.run(
        [sys.executable, "-c", "from bench.load import setup_django; setup_django(); print('ok')"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stdout + out.stderr


def test_a_browser_asking_for_english_gets_english_and_german_stays_the_default(client):
    """Issue 46: the browser's language decides when nobody chose one – Django's own texts (form
    errors) follow it; without a wish the site is German."""
    page = client.get("/konto/registrieren/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert 'lang="en"' in page.content.decode()
    answer = client.post(
        "/konto/registrieren/", {"username": ""}, HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9"
    ).content.decode()
    assert "This field is required" in answer and "Dieses Feld ist zwingend" not in answer
    german = client.post("/konto/registrieren/", {"username": ""}).content.decode()
    assert 'lang="de"' in german and "Dieses Feld ist zwingend" in german


def test_the_player_manual_is_a_page_linked_from_every_page(client):
    home = client.get("/").content.decode()
    assert 'href="/hilfe/"' in home
    page = client.get("/hilfe/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "<h1" in text and "So spielst du auf Speedgames" in text
    assert 'class="rules-toc"' in text  # the contents, with an anchor per section
    for section in ("Am Tisch", "Tagesspiele", "Verbindung weg, Partie verlassen"):
        assert section in text
    # links to each game's rules resolve
    for slug in ("speedtroedel", "speedone", "speedbasar", "speedwerk"):
        assert f'href="/regeln/{slug}/"' in text
        assert client.get(f"/regeln/{slug}/").status_code == 200


def test_no_template_comment_spans_lines():
    """Django's ``{# … #}`` comments end at the line's end: one spread over two lines is printed
    on the page as text (it was, at the top of every page). Longer ones use ``{% comment %}``."""
    root = Path(__file__).resolve().parent.parent
    skip = {".venv", "node_modules", "var", "staticfiles", ".git"}
    bad = []
    for path in root.rglob("*.html"):
        if skip.intersection(path.relative_to(root).parts):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            start = line.find("{#")
            if start >= 0 and "#}" not in line[start:]:
                bad.append(f"{path.relative_to(root)}:{number}")
    assert not bad, bad


def test_the_home_page_shows_no_template_syntax(client):
    page = client.get("/").content.decode()
    assert "{#" not in page and "{%" not in page and "{{" not in page
