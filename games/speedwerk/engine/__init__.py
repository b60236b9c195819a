"""Speedwerk: the steampunk bidding trick-taker (3–6 players, nine switchable special cards)."""

from __future__ import annotations

from games.engines.base import Action, Engine, View, register
from games.engines.benchspec import BenchSpec, Tournament
from games.speedwerk.engine import bots, rules, seat_view
from games.speedwerk.engine.rules import ALL_SPECIALS, OPTIONS, WerkState


@register("speedwerk")
class SpeedwerkEngine(Engine[WerkState]):
    """Speedwerk (``new_game`` takes ``first_round=`` for tests: see ``rules.new_game``)."""

    slug = "speedwerk"
    name = "Speedwerk"
    min_players = 3
    max_players = 6
    options_schema = OPTIONS
    round_end_events = frozenset({"round_scored"})
    card_notation = (
        "number cards R/B/G/Y + value 1–15 (R7, B15, G1, Y12); special cards DK Dampfkoloss, "
        "FF Funkenfee, TR Transformator, FB Fliessband, KB Kesselberster, DW Dampfwolke, "
        "PT Prototyp, BP Blaupause, SS Schrottsammlerin"
    )
    rules = rules
    seat_view = seat_view
    bots = bots
    #: post-game analysis: points of a round against the others' mean; thresholds derived from
    #: measured losses (docs/analysis.md)
    analysis_thresholds = (24.4, 36.6, 67.5, 36.6)
    #: 16 re-deals: about 10 s of one core for a whole 3-player game, median (docs/performance.md)
    analysis_samples = 16

    def decision_kind(self, view: View, action: Action) -> str:
        """Bidding, trump, leading or following a trick, passing on, swapping."""
        kind = str(action.get("type", ""))
        if kind in ("play", "play_blind"):
            return "following" if view.get("trick") else "leading"
        return {
            "bid": "bidding",
            "adjust": "bidding",
            "trump": "trump",
            "pass": "passing_on",
            "swap": "swapping",
            "keep": "swapping",
        }.get(kind, kind)


#: The strong bot in the tournaments thinks with a smaller budget than the one on the site
#: (``stark`` = 6000 simulated card plays per decision), so that 1,000 full games of it fit
#: into about half an hour on two cores. ``bot_ms_per_decision`` measures the site's ``stark``.
_STARK = "stark:1500"
_ALL = {"specials": list(ALL_SPECIALS)}

BENCH = BenchSpec(
    random_players=4,
    random_options=_ALL,
    tournaments=(
        Tournament(_STARK, "normal", 4, 500, 2, _ALL, "all special cards"),
        Tournament(_STARK, "normal", 4, 500, 2, {}, "no special cards"),
        Tournament("normal", "leicht", 4, 500, 8, _ALL, "all special cards"),
        Tournament("normal", "leicht", 4, 500, 8, {}, "no special cards"),
    ),
    bot_decisions=300,
    bot_decisions_quick=40,
)

__all__ = ["BENCH", "SpeedwerkEngine"]
