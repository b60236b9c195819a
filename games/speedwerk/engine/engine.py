"""The Speedwerk engine: the protocol of ``base.Engine`` wired to ``rules`` (the game),
``seat_view`` (views) and ``bots`` (bots, advice, re-dealing and the timeout heuristic)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.engines.base import Action, Advice, Engine, Event, Result, View, register
from games.speedwerk.engine import bots, rules, seat_view
from games.speedwerk.engine.rules import ALL_SPECIALS, OPTIONS, WerkState


@register("speedwerk")
class SpeedwerkEngine(Engine[WerkState]):
    slug = "speedwerk"
    name = "Speedwerk"
    min_players = 3
    max_players = 6
    options_schema = OPTIONS
    round_end_events = frozenset({"round_scored"})
    card_notation = (
        "Zahlenkarten R/B/G/Y + Wert 1–15 (R7, B15, G1, Y12); Sonderkarten DK Dampfkoloss, "
        "FF Funkenfee, TR Transformator, FB Fließband, KB Kesselberster, DW Dampfwolke, "
        "PT Prototyp, BP Blaupause, SS Schrottsammlerin"
    )
    BOTS = bots.BOTS

    ALL_SPECIALS = ALL_SPECIALS

    # -- the game ---------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any], players: int) -> None:
        rules.check_options(options, players)

    def new_game(
        self,
        players: int,
        options: dict[str, Any] | None,
        seed: int,
        deck: Sequence[str] | None = None,
        *,
        first_round: int = 1,
    ) -> WerkState:
        """Start a game (``deck`` and ``first_round``: see ``rules.new_game``)."""
        opts = self.validate_options(options, players)
        return rules.new_game(players, opts, seed, deck, first_round=first_round)

    def actors(self, state: WerkState) -> frozenset[int]:
        return frozenset(rules.actors_of(state))

    def legal_actions(self, state: WerkState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: WerkState, seat: int, action: Action) -> list[Event]:
        return rules.apply(state, seat, action)

    def timeout_action(self, state: WerkState, seat: int) -> Action:
        """The bots' quick heuristic, played for the seat (falls back to the first legal)."""
        legal = self.legal_actions(state, seat)
        action = bots.heuristic_action(state, seat, timeout=True)
        return action if action in legal else legal[0]

    def result(self, state: WerkState) -> Result | None:
        return rules.result(state)

    def describe_action(self, action: Action) -> str:
        return rules.describe_action(action)

    def simultaneous_key(self, state: WerkState) -> str | None:
        """The Fließband passing after trick ``len(tricks)`` of round ``round_no``."""
        return rules.simultaneous_key(state)

    # -- serialisation ----------------------------------------------------------------------
    def to_json(self, state: WerkState) -> dict[str, Any]:
        return rules.state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> WerkState:
        return rules.state_from_json(data)

    def clone(self, state: WerkState) -> WerkState:
        return rules.copy_state(state)

    # -- views and bots ---------------------------------------------------------------------
    def view(self, state: WerkState, seat: int | None) -> View:
        return seat_view.build_view(state, seat)

    def sample_state(self, view: View, rng: random.Random) -> WerkState:
        return bots.sample_state(view, rng)

    def explain(self, view: View, legal: list[Action]) -> Advice:
        return bots.explain(view, legal)
