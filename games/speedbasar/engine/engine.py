"""The Speedbasar engine: the protocol of ``base.Engine`` wired to ``rules`` (the game),
``seat_view`` (views and re-dealing) and ``bots``; the doubt window's timing lives here."""

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
from games.speedbasar.engine import bots, rules, seat_view
from games.speedbasar.engine.rules import DOUBT, OPTIONS, BasarState


@register("speedbasar")
class SpeedbasarEngine(Engine[BasarState]):
    slug = "speedbasar"
    name = "Speedbasar"
    min_players = 3
    max_players = 6
    card_notation = (
        "R1–R10 Rosenpfeffer, K1–K10 Kardamom, S1–S10 Safran (je dreimal), "
        "W Messingwaage, M Gewürzmühle (je dreimal), G die Glut (nur in gestapelten Decks)"
    )
    options_schema = OPTIONS
    BOTS = bots.BOTS

    # -- the game ---------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any], players: int) -> None:
        rules.check_options(options, players)

    def new_game(
        self,
        players: int,
        options: dict[str, Any] | None,
        seed: int,
        deck: Sequence[str] | None = None,
    ) -> BasarState:
        """Deal and place the Glut (``deck``: see ``rules.new_game``)."""
        return rules.new_game(players, self.validate_options(options, players), seed, deck)

    def actors(self, state: BasarState) -> frozenset[int]:
        return rules.actors(state)

    def claims_now(self, state: BasarState) -> list[tuple[int, int]]:
        return rules.claims_now(state)

    def legal_actions(self, state: BasarState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: BasarState, seat: int, action: Action) -> list[Event]:
        return rules.apply(state, seat, action)

    def timeout_action(self, state: BasarState, seat: int) -> Action:
        return rules.timeout_action(state, seat)

    def result(self, state: BasarState) -> Result | None:
        return rules.result(state)

    def public_log(self, state: BasarState) -> list[dict[str, Any]]:
        """The public event log of the game so far (input of ``achievements``)."""
        return rules.public_log(state)

    def describe_action(self, action: Action) -> str:
        return rules.describe_action(action)

    # -- timing -----------------------------------------------------------------------------
    def phase_clock(
        self, state: BasarState, move_seconds: int | None, *, solo: bool
    ) -> PhaseClock | None:
        """The doubt window runs on its own clock (3/5/8 s) even at tables without Bedenkzeit;
        alone against the computer it waits without a clock. Turns use the Bedenkzeit."""
        if state.phase == DOUBT:
            return None if solo else PhaseClock(float(state.seconds))
        return super().phase_clock(state, move_seconds, solo=solo)

    def simultaneous_key(self, state: BasarState) -> str | None:
        """The doubt window of claim number ``window`` (with Enge Gasse only one seat may
        doubt: a normal turn then)."""
        return rules.simultaneous_key(state)

    def bot_earliest(self, state: BasarState, seat: int, *, solo: bool) -> float:
        """In the doubt window bots never decide before a person could see the buttons:
        alone after a good second, at tables from half of the window on."""
        if state.phase == DOUBT:
            return 1.0 if solo else state.seconds / 2
        return 0.0

    # -- serialisation ----------------------------------------------------------------------
    def to_json(self, state: BasarState) -> dict[str, Any]:
        return rules.state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> BasarState:
        return rules.state_from_json(data)

    def clone(self, state: BasarState) -> BasarState:
        return rules.clone_state(state)

    # -- views and bots ---------------------------------------------------------------------
    def view(self, state: BasarState, seat: int | None) -> View:
        return seat_view.build_view(state, seat)

    def sample_state(self, view: View, rng: random.Random) -> BasarState:
        return seat_view.sample_state(view, rng)

    def explain(self, view: View, legal: list[Action]) -> Advice:
        return bots.explain(view, legal)
