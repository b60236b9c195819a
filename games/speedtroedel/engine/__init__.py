"""Speedtrödel — trick-taking with deck-building on the flea market (3–5 players).

Card notation (actions, views, ``deck=``): colour cards are a suit letter plus the value —
``P`` Porzellan, ``S`` Spielzeug, ``B`` Bücher, ``M`` Messing, ``E`` Smaragd (trump): ``P7``,
``S11``, ``M18``, ``E5``; the Schnäppchenblicke are ``P0`` ``S0`` ``B0`` ``M0`` ``E0``. Special
cards: ``T`` Tauschrunde, ``F`` Fälschung (two, both ``F``), ``G`` Ganzer Posten, ``V``
Vordrängeln, ``H`` Heute gefragt, ``R`` Ramschtag.

Stacking (tests): ``new_game(players, options, seed, deck=[...])`` takes the start cards top
first, dealt in blocks of the round-1 hand size (seat 0 first), optionally followed by the
separator ``"|"`` and the attic top first (exactly those cards, in that order; without ``"|"``
the attic is built and tier-shuffled as usual). With a stacked deck seat 0 leads round 1.

Actions: ``{"type": "play", "card": "P7"}``, ``{"type": "pick", "card": "S12"}`` (Schnäppchenblick),
``{"type": "swap", "card": "B4"}`` (Tauschrunde, simultaneous), ``{"type": "ask", "colour": "E"}``
(Heute gefragt). ``preview(view, card)`` is the seed's "Vorschau".
"""

from __future__ import annotations

from games.engines.base import Action, Engine, PhaseClock, View, register
from games.engines.benchspec import BenchSpec, Tournament
from games.speedtroedel.engine import bots, rules, seat_view
from games.speedtroedel.engine.rules import GRACE_SECONDS, OPTIONS, State
from games.speedtroedel.engine.seat_view import preview


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
        "P/S/B/M/E + value (Porzellan, Spielzeug, Buecher, Messing, Smaragd), e.g. P7, S11, E0; "
        "specials T (Tauschrunde), F (Faelschung), G (Ganzer Posten), V (Vordraengeln), "
        "H (Heute gefragt), R (Ramschtag). deck=: start cards (a block per seat, seat 0 first), "
        "then '|', then the attic from the top."
    )
    rules = rules
    seat_view = seat_view
    bots = bots
    #: post-game analysis: points of a round against the others' mean; thresholds derived from
    #: measured losses (docs/analysis.md)
    analysis_thresholds = (2.6, 5.2, 8.2, 5.2)
    #: 20 re-deals: about 8 s of one core for a whole 3-player game, median (docs/performance.md)
    analysis_samples = 20

    def decision_kind(self, view: View, action: Action) -> str:
        """Leading or following a trick, Schnäppchenblick, Tauschrunde, Heute gefragt."""
        kind = str(action.get("type", ""))
        if kind == "play":
            return "following" if view.get("trick") else "leading"
        return {"pick": "picking", "swap": "swapping", "ask": "asking"}.get(kind, kind)

    def phase_clock(
        self, state: State, move_seconds: int | None, *, solo: bool
    ) -> PhaseClock | None:
        """The Bedenkzeit, then the seed's visible 10-second grace (Nachfrist)."""
        if not move_seconds:
            return None
        return PhaseClock(float(move_seconds), grace=GRACE_SECONDS)


#: ``python -m bench.engines speedtroedel``: the strong bot in the tournaments is the site's
#: ``stark`` (250 rollouts per decision), so the tournament figures are those of the web bot; the
#: full run (6 tournaments of 1,000 games) takes about two hours on two quiet cores. ``--quick``
#: plays only 2 games per strong tournament (a smoke run: about 45 s in all; its win rates mean
#: nothing).
BENCH = BenchSpec(
    random_players=4,
    tournaments=tuple(
        Tournament(hero=h, field=f, players=p, games=1000, quick_games=q, label=f"{h} vs {f}")
        for h, f, q in (("stark", "normal", 2), ("normal", "leicht", 30))
        for p in (3, 4, 5)
    ),
    bot_players=4,
    bot_decisions=300,
    bot_decisions_quick=40,
)

__all__ = ["BENCH", "SpeedtroedelEngine", "State", "preview"]
