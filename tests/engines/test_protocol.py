"""Protocol checks that hold for every registered game, at the start of a game."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from games.engines.base import engines, get_engine, parse_strength
from games.engines.benchspec import BenchSpec
from tests.engines.conformance import check_common_view, check_teams, check_timing

SLUGS = ["speedtroedel", "speedone", "speedbasar", "speedwerk"]

#: what ``Engine`` calls in every game's ``rules`` by name
RULES_FUNCTIONS = (
    "new_game",
    "check_options",
    "actors",
    "legal_actions",
    "apply",
    "timeout_action",
    "result",
    "describe_action",
    "state_to_json",
    "state_from_json",
    "clone_state",
)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_view_has_the_common_keys(slug: str) -> None:
    engine = get_engine(slug)
    for players in range(engine.min_players, engine.max_players + 1):
        state = engine.new_game(players, None, 1234567890123)
        for seat in [*range(players), None]:
            view = engine.view(state, seat)
            check_common_view(engine, state, view, seat, players)
            assert view["over"] is False and view["actors"]


@pytest.mark.parametrize("slug", SLUGS)
def test_timing_and_teams_are_sane_for_every_player_count(slug: str) -> None:
    engine = get_engine(slug)
    for players in range(engine.min_players, engine.max_players + 1):
        options = engine.validate_options(None, players)
        state = engine.new_game(players, options, 1234567890123)
        check_timing(engine, state, sorted(engine.actors(state)))
        check_teams(engine, players, options)
        assert engine.simultaneous_key(state) is None or len(engine.actors(state)) >= 2


def test_the_registry_lists_the_four_games_in_order_and_refuses_unknown_slugs() -> None:
    assert [e.slug for e in engines()] == SLUGS
    assert all(get_engine(e.slug) is e for e in engines())
    with pytest.raises(KeyError, match="unknown game"):
        get_engine("skat")


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_understands_the_same_bot_strengths(slug: str) -> None:
    engine = get_engine(slug)
    for strength in ("leicht", "normal", "stark", "stark:50"):
        assert engine.bot(strength).strength == strength.partition(":")[0]
    for bad in ("meister", "stark:", "stark:x", "stark:0", ":5", ""):
        with pytest.raises(ValueError, match="unknown bot strength"):
            engine.bot(bad)


def test_a_strength_splits_into_name_and_budget() -> None:
    assert parse_strength("stark") == ("stark", None)
    assert parse_strength("stark:1500") == ("stark", 1500)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_package_has_the_same_shape_and_rules_import_no_bots(slug: str) -> None:
    """``engine/`` holds ``rules.py``, ``seat_view.py`` and ``bots`` (a module or a package),
    no ``engine.py`` of forwarders; ``__init__.py`` declares the engine over those three modules
    and the ``BENCH``; the rules never import the bots or the views."""
    package = Path(__file__).parents[2] / "games" / slug / "engine"
    for module in ("rules", "seat_view"):
        assert (package / f"{module}.py").is_file(), module
    assert (package / "bots.py").is_file() != (package / "bots" / "__init__.py").is_file()
    assert not (package / "engine.py").exists()
    engine_package = importlib.import_module(f"games.{slug}.engine")
    assert isinstance(engine_package.BENCH, BenchSpec)
    engine = get_engine(slug)
    assert type(engine).__module__ == engine_package.__name__
    for name in ("rules", "seat_view", "bots"):
        module = importlib.import_module(f"games.{slug}.engine.{name}")
        assert getattr(engine, name) is module, name
    bots = engine.bots
    assert {"leicht", "normal", "stark"} <= set(bots.BOTS) and callable(bots.explain)
    for name in RULES_FUNCTIONS:
        assert callable(getattr(engine.rules, name, None)), f"rules.{name}"
    for name in ("build_view", "sample_state"):
        assert callable(getattr(engine.seat_view, name, None)), f"seat_view.{name}"
    tree = ast.parse((package / "rules.py").read_text())
    imported = {
        f"{node.module}.{alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    own = f"games.{slug}.engine."
    for name in imported:
        parts = name.split(".")
        assert "bots" not in parts and "seat_view" not in parts, f"rules.py imports {name}"
        if name.startswith(own):  # from the own package: sibling modules only (no Engine)
            assert (package / f"{parts[3]}.py").is_file(), f"rules.py imports {name}"
