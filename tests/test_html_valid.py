"""W3C HTML validity (issue 44): the Nu HTML checker (npm ``vnu-jar``, pinned in ``package.json``,
run with the machine's Java) over the rendered HTML of the site's pages, a running match page of
every game at each of its first decisions, its end screen and its replay. Every error fails but
the attributes of htmx and its extensions (``hx-*``, ``ws-*``, ``sse-*``), which HTML does not
know. The pages are rendered by Django's test client, so the check is quick; the same pages'
``aria-describedby``, ``aria-labelledby`` and ``aria-controls`` must name ids of the page.

Without ``node_modules/vnu-jar`` (``npm ci`` not run) or Java the test skips and says so;
``.ci/run`` installs both."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from django.test import Client

from games import actions, queue
from games.engines.base import get_engine
from games.models import Match
from tests.games.test_platform import seats_for, short_options
from tests.games.test_replay import play_out

ROOT = Path(__file__).resolve().parents[1]
VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
JAVA = shutil.which("java")

pytestmark = [
    pytest.mark.skipif(
        not VNU.exists() or JAVA is None,
        reason="the Nu HTML checker needs `npm ci` (node_modules/vnu-jar) and Java: .ci/run "
        "installs both",
    ),
]

GAMES = ["speedtroedel", "speedone", "speedbasar", "speedwerk"]

#: the errors that are no error here: htmx's attributes
ALLOWED = re.compile(r"^Attribute “(hx|ws|sse)-[a-z-]+” not allowed on element")

VISITOR_PAGES = [
    "/",
    "/konto/registrieren/",
    "/konto/anmelden/",
    "/konto/gast/",
    "/konto/passwort/vergessen/",
    "/hilfe/",
    "/live/",
]


def person_pages() -> list[str]:
    from games.speedbasar.journey.stations import STATIONS
    from games.speedtroedel.school.lessons import LESSONS

    pages = ["/", "/hilfe/", "/live/", "/bestenliste/", "/tagesspiel/", "/spieler/Alice/"]
    for game in GAMES:
        pages += [f"/spiele/{game}/", f"/regeln/{game}/", f"/bestenliste/{game}/"]
    pages += ["/konto/profil/", "/konto/passwort/aendern/", "/konto/benachrichtigungen/"]
    pages += ["/konto/freunde/", "/spiele/speedbasar/reise/"]
    pages += [f"/spiele/speedbasar/reise/{STATIONS[0].slug}/", "/spiele/speedtroedel/schule/"]
    pages += [f"/spiele/speedtroedel/schule/{LESSONS['speedtroedel'][0].slug}/"]
    return pages


def check(pages: dict[str, str]) -> list[str]:
    """The checker's errors on ``pages`` (name → HTML), htmx's attributes left out."""
    with tempfile.TemporaryDirectory() as tmp:
        names: dict[str, str] = {}
        for n, (name, html) in enumerate(pages.items()):
            path = Path(tmp) / f"page{n}.html"
            path.write_text(html, encoding="utf-8")
            names[path.name] = name
        run = subprocess.run(
            [
                JAVA,
                "-jar",
                str(VNU),
                "--errors-only",
                "--format",
                "json",
                *map(str, Path(tmp).iterdir()),
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
    found = []
    for m in json.loads(run.stderr or run.stdout)["messages"]:
        if m.get("type") != "error" or ALLOWED.match(m.get("message", "")):
            continue
        where = names.get(m.get("url", "?").rsplit("/", 1)[-1], m.get("url", "?"))
        found.append(
            f"{where}:{m.get('lastLine', '?')}: {m['message']}  [{m.get('extract', '')!r}]"
        )
    return found


def dangling_references(pages: dict[str, str]) -> list[str]:
    """Every id an aria-describedby, aria-labelledby or aria-controls names is on its page, and
    no ``role=switch`` button submits a form."""
    bad = []
    for name, html in pages.items():
        ids = set(re.findall(r'\sid="([^"]+)"', html))
        for attr, refs in re.findall(
            r'\s(aria-(?:describedby|labelledby|controls))="([^"]*)"', html
        ):
            bad += [
                f"{name}: {attr} names #{r}, not on the page" for r in refs.split() if r not in ids
            ]
        for button in re.findall(r"<button\b[^>]*>", html):  # a switch never submits a form
            if 'role="switch"' in button and 'type="button"' not in button:
                bad.append(f"{name}: a role=switch button that submits: {button}")
    return bad


def get(client: Client, path: str, status: tuple[int, ...] = (200,)) -> str:
    answer = client.get(path)
    assert answer.status_code in status, f"{path}: {answer.status_code}"
    return answer.content.decode()


def match_pages(client: Client, alice, bots) -> dict[str, str]:
    """Each game's match page at its person's first decisions (one page per new decision kind, up
    to four), then its end screen and its replay."""
    out: dict[str, str] = {}
    for game in GAMES:
        with queue.capturing():
            match = actions.start_match(
                game, seats_for(game, [alice], bots), short_options(game), solo=True, seed=11
            )
        engine = get_engine(game)
        rng = random.Random(11)
        kinds: set[str] = set()
        for _ in range(400):
            match = Match.objects.get(pk=match.pk)
            if match.status != Match.Status.RUNNING or len(kinds) >= 4:
                break
            state = engine.from_json(match.state)
            seat = min(engine.actors(state))
            with queue.capturing():
                if seat == 0:
                    legal = engine.legal_actions(state, 0)
                    kind = ",".join(sorted({str(a.get("type")) for a in legal}))
                    if kind not in kinds:
                        kinds.add(kind)
                        out[f"{game} [{kind}]"] = get(client, f"/partie/{match.pk}/")
                    actions.play(match.pk, 0, rng.choice(legal), version=match.version)
                else:
                    actions.run_bot(match.pk, match.version, seat)
        match = play_out(match, rng)
        out[f"{game} end screen"] = get(client, f"/partie/{match.pk}/")
        out[f"{game} replay"] = get(client, f"/partie/{match.pk}/?zug=3")
    return out


def test_every_page_is_valid_html(client, alice, bots):
    pages: dict[str, str] = {}
    for path in VISITOR_PAGES:
        pages[f"{path} (visitor)"] = get(client, path)
    pages["/konto/registrieren/ (errors)"] = (
        Client().post("/konto/registrieren/", {}).content.decode()
    )
    pages["404"] = get(client, "/gibt-es-nicht/", (404,))
    client.force_login(alice)
    for path in person_pages():
        pages[path] = get(client, path)
    pages.update(match_pages(client, alice, bots))
    found = check(pages) + dangling_references(pages)
    assert not found, f"{len(found)} errors:\n" + "\n".join(found[:80])
