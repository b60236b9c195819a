"""Issue 26, no font-dependent glyphs: where the site drew ★ ☆ ✓ ↻ ↺ ◀ ▶ ← ↑ with the fonts it
draws the icons of ``static/icons/ui.svg`` now, the same markup from Python
(``games.presenters.base.ui_icon``) and from templates (``templates/_icon.html``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import render_to_string

from games.presenters.base import ui_icon
from games.speedone.components import _center_html
from games.speedwerk.presenter import SpeedwerkPresenter
from tests.engines.speedwerk.helpers import E, play, start

GLYPHS = "★☆✓↻↺◀▶←↑"
SPRITE = Path(settings.BASE_DIR) / "static" / "icons" / "ui.svg"


def test_every_icon_used_is_a_symbol_of_the_sprite():
    symbols = set(re.findall(r'<symbol id="([^"]+)"', SPRITE.read_text(encoding="utf-8")))
    used: set[str] = set()
    for path in [
        *Path(settings.BASE_DIR, "templates").rglob("*.html"),
        *Path(settings.BASE_DIR, "games").rglob("*.html"),
        *Path(settings.BASE_DIR, "games").rglob("*.py"),
    ]:
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'include "_icon.html" with name="([^"]+)"', text))
        for call in re.findall(r"ui_icon\(([^)]*)\)", text):
            used |= set(re.findall(r'"([a-z-]+)"', call)) - {"symbol"}
    assert used >= {"star", "star-open", "check", "turn-cw", "turn-ccw", "prev", "next"}
    assert used <= symbols, used - symbols


def test_the_template_draws_the_same_icon_as_python():
    html = render_to_string("_icon.html", {"name": "star"})
    assert html == ui_icon("star")
    assert 'aria-hidden="true"' in html and html.endswith('#star"/></svg>')


def test_speedones_direction_is_drawn():
    for direction, symbol, words in ((1, "turn-cw", "im Uhrzeigersinn"), (-1, "turn-ccw", "gegen")):
        html = _center_html("de", direction, 40, ui_icon("star"), ui_icon("star"), "R", "Rot", None)
        assert f"{ui_icon(symbol)} {words}" in html
        assert not any(g in html for g in GLYPHS)


def test_speedwerks_passing_tick_is_drawn():
    st = start([["FB", "B4"], ["R6", "B2"], ["R7", "G2"]], "Y1", ("fliessband",))
    play(st, "R7")
    play(st, "FB", color="R")
    play(st, "R6")
    E.apply(st, 0, {"type": "pass", "card": "B4"})
    stats = SpeedwerkPresenter()._seat_stats(E.view(st, 1), ["Alice", "Bob", "Carla"])
    passed = [s["value"] for row in stats for s in row if s.get("cls") == "pass"]
    assert passed == [f"{ui_icon('check')} weitergegeben", "wählt …", "wählt …"]


@pytest.mark.django_db
def test_the_rules_draw_speedtroedels_star_tiers_with_a_text_alternative(client):
    page = client.get("/regeln/speedtroedel/").content.decode()
    assert not any(g in page for g in GLYPHS)
    assert page.count(ui_icon("star")) == 5
    assert f'1{ui_icon("star")}<span class="sr-only"> Stern</span> Schuppen' in page
    assert f'5{ui_icon("star")}<span class="sr-only"> Sterne</span> Schloss' in page
    assert f"{ui_icon('arrow-up')} Inhalt" in page
