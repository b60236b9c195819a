"""The Speedone engine: the protocol of ``base.Engine`` wired to ``rules`` (the game),
``seat_view`` (views and re-dealing) and ``bots``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.engines.base import Action, Advice, Engine, Event, Result, View, register
from games.speedone.engine import bots, rules, seat_view
from games.speedone.engine.rules import OPTIONS, State


@register("speedone")
class SpeedoneEngine(Engine[State]):
    slug = "speedone"
    name = "Speedone"
    min_players = 2
    max_players = 4
    tournament_unit = "round"
    card_notation = (
        "Farben R (rot), Y (gelb), G (grün), B (blau); Zahlen R0–R9, Aussetzen RS, "
        "Richtungswechsel RR, 2 Ziehen R+2; Farbwunsch W, Wunsch Plus4 W+4."
    )
    options_schema = OPTIONS
    round_end_events = frozenset({"round_end"})
    BOTS = bots.BOTS

    # -- the game ---------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any], players: int) -> None:
        rules.check_options(options, players)

    def teams(self, players: int, options: dict[str, Any]) -> list[list[int]] | None:
        """Partner mode (4 players): partners sit opposite each other."""
        return rules.partner_teams(players, options)

    def new_game(
        self,
        players: int,
        options: dict[str, Any] | None,
        seed: int,
        deck: Sequence[str] | None = None,
    ) -> State:
        """Deal the first round (``deck``: see ``rules.new_game``)."""
        return rules.new_game(players, self.validate_options(options, players), seed, deck)

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
