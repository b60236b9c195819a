"""Speedbasar: the bluffing game of the spice bazaar (3–6 players)."""

from __future__ import annotations

from games.engines.base import Action, Engine, PhaseClock, View, register
from games.engines.benchspec import BenchSpec, Tournament
from games.speedbasar.engine import bots, rules, seat_view
from games.speedbasar.engine.bots.instinct import instinct
from games.speedbasar.engine.extras import ACHIEVEMENTS, achievements, marktbuch
from games.speedbasar.engine.rules import DOUBT, EXTRASCHARF, EXTRASCHARF_TEXT, OPTIONS, BasarState


@register("speedbasar")
class SpeedbasarEngine(Engine[BasarState]):
    """Speedbasar: the doubt window's timing is the game's own."""

    slug = "speedbasar"
    name = "Speedbasar"
    min_players = 3
    max_players = 6
    card_notation = (
        "R1–R10 rose pepper, K1–K10 cardamom, S1–S10 saffron (three copies each), "
        "W brass scale, M spice mill (three copies each), G the ember (Glut; stacked decks only)"
    )
    options_schema = OPTIONS
    rules = rules
    seat_view = seat_view
    bots = bots
    #: post-game analysis: points over the next moves against the others' mean (the game has
    #: no rounds; docs/analysis.md)
    #: thresholds derived from measured losses (docs/analysis.md)
    analysis_thresholds = (8.4, 12.6, 18.8, 12.6)
    #: 8 re-deals: 6.1 s of one core for a whole game, median (bench/analysis.py)
    analysis_samples = 8
    analysis_horizon = 24

    def decision_kind(self, view: View, action: Action) -> str:
        """Claiming (honestly or not), passing, believing or doubting."""
        kind = str(action.get("type", ""))
        return {
            "lay": "claiming",
            "pass": "passing",
            "believe": "doubting",
            "doubt": "doubting",
        }.get(kind, kind)

    def phase_clock(
        self, state: BasarState, move_seconds: int | None, *, solo: bool
    ) -> PhaseClock | None:
        """The doubt window runs on its own clock (3/5/8 s) even at tables without Bedenkzeit;
        alone against the computer it waits without a clock. Turns use the Bedenkzeit."""
        if state.phase == DOUBT:
            return None if solo else PhaseClock(float(state.seconds))
        return super().phase_clock(state, move_seconds, solo=solo)

    def bot_earliest(self, state: BasarState, seat: int, *, solo: bool) -> float:
        """In the doubt window bots never decide before a person could see the buttons:
        alone after a good second, at tables from half of the window on."""
        if state.phase == DOUBT:
            return 1.0 if solo else state.seconds / 2
        return 0.0


BENCH = BenchSpec(
    random_players=4,
    tournaments=(
        Tournament(hero="stark", field="normal", players=4, games=1000, quick_games=100),
        Tournament(hero="normal", field="leicht", players=4, games=1000, quick_games=100),
        Tournament(
            hero="stark",
            field="normal",
            players=4,
            games=400,
            quick_games=40,
            options={"extrascharf": "zufall"},
            label="Extrascharf: 2 random",
        ),
    ),
)

__all__ = [
    "ACHIEVEMENTS",
    "BENCH",
    "EXTRASCHARF",
    "EXTRASCHARF_TEXT",
    "SpeedbasarEngine",
    "achievements",
    "instinct",
    "marktbuch",
]
