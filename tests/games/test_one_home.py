"""One home for a screen (issue 44): a game's board markup sits in its own ``components.py``
(built with ``games.html``), its own script and its own css – not in its presenter's Python
strings, nor in the shared ``static/js/match.js`` and ``static/css/table.css`` that all games use.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings

from games.registry import GAMES

ROOT = Path(settings.BASE_DIR)
#: an HTML tag in a string: "<span", "</li>", "<br>"
TAG = re.compile(r"<\s*/?[a-zA-Z][a-zA-Z0-9-]*(?:[\s>/]|$)")
#: what only one game's board has: the games' names and their own pieces
GAME_MARKS = ("basar", "troedel", "trödel", "werk", "speedone", "krug", "marktbuch")
#: a selector of one game's pieces inside a string: "#pile .pile-stack", '.pile.discard .card'
GAME_SELECTOR = re.compile(
    r"""["'][^"'\n]*(?:#pile|\.pile\b|#draw-pile|#reveal|\.reveal\b|\.claim\b|\.attic\b)"""
)


def html_literals(path: Path) -> list[str]:
    """The string literals of a module that hold an HTML tag (docstrings included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.name}:{node.lineno}: {node.value[:60]!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and TAG.search(node.value)
    ]


@pytest.mark.parametrize("slug", [g.slug for g in GAMES])
def test_a_presenter_holds_no_html_its_components_do(slug):
    package = ROOT / "games" / slug
    assert html_literals(package / "presenter.py") == []
    # the markup is in the game's components (every game builds a board)
    assert html_literals(package / "components.py")


@pytest.mark.parametrize(
    "shared", ["static/js/match.js", "static/js/table.js", "static/css/table.css"]
)
def test_the_shared_table_knows_no_single_game(shared):
    text = (ROOT / shared).read_text(encoding="utf-8").lower()
    assert [m for m in GAME_MARKS if m in text] == []
    assert GAME_SELECTOR.findall(text) == []


def test_a_game_script_registers_with_the_shared_match_script():
    """A game's own knowledge of its board (its piles, its flip) comes from its script, loaded by
    its page only (``GameDef.js``), through ``speedgamesMatch.register``."""
    shared = (ROOT / "static/js/match.js").read_text(encoding="utf-8")
    assert "window.speedgamesMatch = {" in shared
    scripts = {g.slug: g.js for g in GAMES if g.js}
    assert set(scripts) >= {"speedone", "speedbasar"}
    for slug, names in scripts.items():
        for name in names:
            assert name == f"js/games/{slug}.js"
            text = (ROOT / "games" / slug / "static" / name).read_text(encoding="utf-8")
            assert "speedgamesMatch.register(" in text
