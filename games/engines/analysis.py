"""Post-game analysis of one decision, by simulation from the deciding seat's own view (pure, no
Django; ``games.analysis`` runs it over a finished match, issue 47).

A decision is judged only from ``view`` – what the seat knew at that moment – never from the
state it was taken in: ``sample_state(view, rng)`` re-deals the hidden cards consistently with
the view (the determinization the strong bots use), every candidate move is played on the same
re-deals, and every seat then plays on with the game's ``normal`` bot (each from its own view of
the re-dealt state) until the round ends (the game's ``round_end_events``) or the game does. A
move's value is the deciding seat's points gained over that horizon minus the mean gain of its
opponents (its partners' gains count as its own), in the game's points: its "expected points"
(where fewer points are better, ``Engine.low_scores_win``, a point gained counts as one lost).

The same budget serves every decision (``samples`` re-deals, each candidate on each of them,
with the same rollout chances: common random numbers), so the difference between two moves is
measured pairwise, with its standard error. A move whose value is within ``NOISE_SE`` standard
errors of the best move's is "within noise": never a mistake. A decision with one legal move is
forced and never judged. Everything is drawn from ``random.Random(seed)``: the same seed gives
the same analysis.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engines.base import Action, Engine, View

#: two moves whose values differ by less than this many standard errors are "within noise"
NOISE_SE = 2.0
#: at most this many candidates are simulated per decision (the chosen move always among them)
MAX_CANDIDATES = 8
#: a rollout stops after this many moves at the latest (a safety net, never reached in practice)
MAX_ROLLOUT_MOVES = 2000


@dataclass(frozen=True)
class Thresholds:
    """The expected loss (in the game's points) from which a decision is an „Ungenauigkeit“,
    a „Fehler“, a „Patzer“; ``scale`` turns a loss into an accuracy (``accuracy``)."""

    inaccuracy: float
    mistake: float
    blunder: float
    scale: float

    def mark(self, loss: float) -> str:
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return ""


@dataclass
class Judgement:
    """One decision judged: every simulated candidate's mean value, the chosen and the best,
    the expected loss and its standard error (of the pairwise difference), the mark."""

    chosen: Action
    best: Action
    chosen_value: float
    best_value: float
    loss: float
    se: float
    noise: bool
    mark: str
    candidates: list[dict[str, Any]] = field(default_factory=list)
    samples: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "chosen": self.chosen,
            "best": self.best,
            "chosen_value": round(self.chosen_value, 3),
            "best_value": round(self.best_value, 3),
            "loss": round(self.loss, 3),
            "se": round(self.se, 3),
            "noise": self.noise,
            "mark": self.mark,
            "candidates": self.candidates,
            "samples": self.samples,
        }


def thresholds_of(engine: Engine[Any]) -> Thresholds:
    return Thresholds(*engine.analysis_thresholds)


def accuracy(losses: Sequence[float], scale: float) -> float:
    """The accuracy of a person's judged decisions in percent: each decision counts
    ``100 · exp(−loss / scale)`` (a move within noise loses nothing), averaged."""
    if not losses:
        return 100.0
    return 100.0 * sum(math.exp(-max(0.0, x) / scale) for x in losses) / len(losses)


def _teams(engine: Engine[Any], view: View) -> list[int]:
    """The seats whose gains count as the deciding seat's own (itself and its partners)."""
    me = int(view["seat"])
    teams = engine.teams(int(view["players"]), view.get("options") or {})
    for team in teams or ():
        if me in team:
            return list(team)
    return [me]


def points_sign(engine: Engine[Any], view: View) -> float:
    """+1 where more points are better, −1 where fewer are (a penalty count such as Speedone's
    „Jeder zählt seine Karten“): a gain is always "good for the seat"."""
    return -1.0 if engine.low_scores_win(view.get("options") or {}) else 1.0


def _gain(
    scores: Sequence[float], start: Sequence[float], mine: list[int], sign: float = 1.0
) -> float:
    gains = [sign * (float(a) - float(b)) for a, b in zip(scores, start, strict=True)]
    others = [g for s, g in enumerate(gains) if s not in mine]
    own = sum(gains[s] for s in mine) / len(mine)
    return own - (sum(others) / len(others) if others else 0.0)


def rollout(engine: Engine[Any], state: Any, rng: random.Random) -> None:
    """Play ``state`` on with the normal bot at every seat (from each seat's own view) until a
    round ends or the game does (a game without rounds: ``analysis_horizon`` moves)."""
    bot = None
    # a game whose normal bot can read its seat's view straight from the state answers faster
    # (``bots.rollout_action``: Speedwerk – the view and the state rebuilt from it were 30 % of
    # an analysis)
    direct = getattr(getattr(engine, "bots", None), "rollout_action", None)
    for _ in range(engine.analysis_horizon or MAX_ROLLOUT_MOVES):
        actors = engine.actors(state)
        if not actors:
            return
        seat = min(actors)
        legal = engine.legal_actions(state, seat)
        if len(legal) == 1:
            action = legal[0]
        elif direct is not None:
            action = direct(state, seat, legal, rng)
        else:
            bot = bot or engine.bot("normal")
            action = bot.choose(engine.view(state, seat), legal, rng)
        if engine.ends_round(engine.apply(state, seat, action)):
            return


def candidates(legal: list[Action], chosen: Action, rng: random.Random) -> list[Action]:
    """The moves to compare: every legal move, or – beyond ``MAX_CANDIDATES`` – the chosen one
    and a seeded draw of the others."""
    if len(legal) <= MAX_CANDIDATES:
        return list(legal)
    others = [a for a in legal if a != chosen]
    return [chosen, *rng.sample(others, MAX_CANDIDATES - 1)]


def judge(
    engine: Engine[Any],
    view: View,
    legal: list[Action],
    chosen: Action,
    seed: int,
    samples: int,
    thresholds: Thresholds | None = None,
    extra: Sequence[Action] = (),
) -> Judgement | None:
    """Judge ``chosen`` among ``legal`` from ``view`` alone (``None``: a forced move). ``extra``
    names moves that must be compared even when the legal moves are many (the strong bot's
    advice)."""
    if len(legal) <= 1:
        return None
    thresholds = thresholds or thresholds_of(engine)
    rng = random.Random(seed)
    cands = candidates(legal, chosen, rng)
    for a in extra:
        if a in legal and a not in cands:
            cands[-1 if len(cands) >= MAX_CANDIDATES else len(cands) :] = [a]
    if chosen not in cands:
        cands[0] = chosen
    seat = int(view["seat"])
    mine = _teams(engine, view)
    start = [float(x) for x in view["scores"]]
    sign = points_sign(engine, view)
    values: list[list[float]] = [[] for _ in cands]
    for _ in range(samples):
        deal = engine.sample_state(view, rng)
        chance = rng.getrandbits(64)
        for i, action in enumerate(cands):
            sim = engine.clone(deal)
            over = engine.ends_round(engine.apply(sim, seat, action))
            if not over:
                rollout(engine, sim, random.Random(chance))
            scores = engine.view(sim, None)["scores"]
            values[i].append(_gain(scores, start, mine, sign))
    means = [sum(v) / samples for v in values]
    c = cands.index(chosen)
    b = max(range(len(cands)), key=lambda i: (means[i], i == c))
    diffs = [x - y for x, y in zip(values[b], values[c], strict=True)]
    loss = means[b] - means[c]
    if samples > 1:
        var = sum((d - loss) ** 2 for d in diffs) / (samples - 1)
        se = math.sqrt(var / samples)
    else:
        se = float("inf")
    noise = loss < NOISE_SE * se or loss <= 1e-9
    ranked = sorted(range(len(cands)), key=lambda i: -means[i])
    return Judgement(
        chosen=chosen,
        best=chosen if noise else cands[b],
        chosen_value=means[c],
        best_value=means[b],
        loss=0.0 if noise else loss,
        se=se,
        noise=noise,
        mark="" if noise else thresholds.mark(loss),
        candidates=[{"action": cands[i], "value": round(means[i], 3)} for i in ranked],
        samples=samples,
    )


def strong_pick(engine: Engine[Any], view: View, legal: list[Action], seed: int) -> list[Action]:
    """The strong bot's move when the legal moves are more than are simulated, so that the
    comparison holds the move a good player would weigh (its own seeded chance)."""
    if len(legal) <= MAX_CANDIDATES:
        return []
    return [engine.bot("stark").choose(view, legal, random.Random(seed))]
