"""The Speedtrödel engine: the protocol of ``base.Engine`` wired to ``rules`` (the game),
``seat_view`` (views and re-dealing) and ``bots``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.engines.base import (
    Action,
    Advice,
    Engine,
    Event,
    PhaseClock,
    Result,
    View,
    register,
)
from games.speedtroedel.engine import bots, rules, seat_view
from games.speedtroedel.engine.rules import GRACE_SECONDS, OPTIONS, State


@register("speedtroedel")
class SpeedtroedelEngine(Engine[State]):
    """Speedtrödel: trick-taking on the flea market, the catch of a round is next round's hand."""

    slug = "speedtroedel"
    name = "Speedtrödel"
    min_players = 3
    max_players = 5
    options_schema = OPTIONS
    round_end_events = frozenset({"round_end"})
    card_notation = (
        "P/S/B/M/E + Wert (Porzellan, Spielzeug, Bücher, Messing, Smaragd), z. B. P7, S11, E0; "
        "Sonderkarten T (Tauschrunde), F (Fälschung), G (Ganzer Posten), V (Vordrängeln), "
        "H (Heute gefragt), R (Ramschtag). deck=: Startkarten (Block je Sitz, Sitz 0 zuerst), "
        "dann '|', dann der Dachboden von oben."
    )
    BOTS = bots.BOTS

    # -- the game ---------------------------------------------------------------------------
    def new_game(
        self,
        players: int,
        options: dict[str, Any] | None,
        seed: int,
        deck: Sequence[str] | None = None,
    ) -> State:
        """Deal round 1 (``deck``: see ``rules.new_game``)."""
        return rules.new_game(players, self.validate_options(options, players), seed, deck)

    def check_options(self, options: dict[str, Any], players: int) -> None:
        rules.check_options(options, players)

    def actors(self, state: State) -> frozenset[int]:
        return rules.actors(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        return rules.apply(state, seat, action)

    def timeout_action(self, state: State, seat: int) -> Action:
        return rules.timeout_action(state, seat)

    def result(self, state: State) -> Result | None:
        return rules.result(state)

    def describe_action(self, action: Action) -> str:
        return rules.describe_action(action)

    # -- timing -----------------------------------------------------------------------------
    def phase_clock(
        self, state: State, move_seconds: int | None, *, solo: bool
    ) -> PhaseClock | None:
        """The Bedenkzeit, then the seed's visible 10-second grace (Nachfrist)."""
        if not move_seconds:
            return None
        return PhaseClock(float(move_seconds), grace=GRACE_SECONDS)

    def simultaneous_key(self, state: State) -> str | None:
        """The Tauschrunde after trick ``len(tricks)`` of round ``rnd``."""
        return rules.simultaneous_key(state)

    # -- serialisation ----------------------------------------------------------------------
    def to_json(self, state: State) -> dict[str, Any]:
        return rules.state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> State:
        return rules.state_from_json(data)

    def clone(self, state: State) -> State:
        return rules.clone_state(state)

    # -- views and bots ---------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> View:
        return seat_view.build_view(state, seat)

    def sample_state(self, view: View, rng: random.Random) -> State:
        return seat_view.sample_state(view, rng)

    def explain(self, view: View, legal: list[Action]) -> Advice:
        return bots.explain(view, legal)
