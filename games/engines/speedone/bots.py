"""Speedone bots. They see a seat's view and the legal actions, never the state.

* ``leicht``: any fitting card; forgets ONE now and then, as a beginner would.
* ``normal``: dumps high-value cards early, attacks the next player when they are low on cards,
  keeps wilds for need, wishes the colour it holds most, always presses ONE.
* ``stark``: normal's candidates, each judged by playing the round out on hidden hands re-dealt
  consistently with the view (determinization); the re-deal keeps the colours an opponent failed
  to serve away from that opponent.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.engines.base import Action, Advice, View
from games.engines.speedone.cards import (
    COLOR_NAMES,
    COLORS,
    DECK,
    DRAW2,
    NAME,
    POINTS,
    REVERSE,
    SKIP,
    W4,
    WILD_COLOR,
    W,
    parse,
)
from games.engines.speedone.rules import SpeedoneEngine, State, playable_cards

_ENGINE = SpeedoneEngine()

DRAW: Action = {"type": "draw"}
ONE: Action = {"type": "one"}


# -- view helpers ------------------------------------------------------------------------------
def _hand(view: View) -> list[int]:
    return [parse(c) for c in view["hand"]]  # type: ignore[misc]


def _next_seat(view: View, steps: int = 1) -> int:
    return (view["seat"] + view["direction"] * steps) % view["players"]


def _same_team(view: View, a: int, b: int) -> bool:
    return a == b or (bool(view["options"]["partners"]) and a % 2 == b % 2)


def best_wish(hand: list[int], played: int) -> int:
    """The colour held most after laying ``played`` (ties: by points, then R, Y, G, B)."""
    counts = [0, 0, 0, 0]
    weight = [0, 0, 0, 0]
    rest = list(hand)
    rest.remove(played)
    for c in rest:
        col = c >> 4
        if col < 4:
            counts[col] += 1
            weight[col] += POINTS[c]
    return max(range(4), key=lambda k: (counts[k], weight[k], -k))


def _score_card(card: int, hand: list[int], next_cards: int, next_is_friend: bool) -> float:
    """Normal's preference for laying ``card`` (higher is better)."""
    v = card & 15
    col = card >> 4
    attack = next_cards <= 2 and not next_is_friend
    if col == WILD_COLOR:
        # keep wilds for need: only laid when nothing else fits, or to stop a player about to win
        score = -100.0
        if card == W4:
            score += 5 + (150 if attack else 0)
        return score
    score = float(POINTS[card])
    same = sum(1 for c in hand if c >> 4 == col) - 1
    score += 0.5 * same  # keep following the colour we hold most of
    if v in (SKIP, REVERSE, DRAW2):
        if attack:
            score += 60 + (10 if v == DRAW2 else 0)
        elif next_is_friend and v == SKIP:
            score -= 30
    return score


#: weights of stark's rule of thumb (tuned in 4-player tournaments against normal)
PARAMS: dict[str, float] = {
    "same": 3.0,
    "points": 0.05,
    "missed": 2.5,
    "wild": -40.0,
    "w4": 2.0,
    "attack_at": 2,
    "attack": 100.0,
    "draw2": 1.0,
    "skip": -1.0,
}


def _stark_score(
    card: int, hand: list[int], next_cards: int, next_missed: int, friend: bool
) -> float:
    """Stark's preference for laying ``card``: play to win the round, not to save points.
    Follow the colour held most, lead the colour the next player failed to serve, hold wilds
    and Aussetzen for the end, strike with action cards when the next player is nearly out."""
    p = PARAMS
    v = card & 15
    col = card >> 4
    attack = next_cards <= p["attack_at"] and not friend
    if col == WILD_COLOR:
        score = p["wild"]
        if card == W4:
            score += p["w4"] + (2 * p["attack"] if attack else 0)
        return score
    same = sum(1 for c in hand if c >> 4 == col) - 1
    score = p["same"] * same + p["points"] * POINTS[card]
    if next_missed >> col & 1 and not friend:
        score += p["missed"]
    if v >= 10:
        if attack:
            score += p["attack"] + (10 if v == DRAW2 else 0)
        elif friend and v != REVERSE:
            score -= 30
        elif v == DRAW2:
            score += p["draw2"]
        else:
            score += p["skip"]
    return score


def normal_choice(view: View, legal: list[Action]) -> Action:
    plays = [a for a in legal if a["type"] == "play"]
    if not plays:
        return DRAW
    hand = _hand(view)
    if ONE in legal and len(hand) == 2:
        return ONE
    nxt = _next_seat(view)
    next_cards = view["seats"][nxt]["cards"]
    friend = _same_team(view, view["seat"], nxt)
    best: Action | None = None
    best_score = -1e9
    seen: set[str] = set()
    for a in plays:
        name = a["card"]
        if name in seen:
            continue
        seen.add(name)
        card = parse(name)
        assert card is not None
        s = _score_card(card, hand, next_cards, friend)
        if s > best_score:
            best_score = s
            best = a
    assert best is not None
    card = parse(best["card"])
    assert card is not None
    if card >> 4 == WILD_COLOR:
        return {"type": "play", "card": best["card"], "color": COLORS[best_wish(hand, card)]}
    return best


def _missed_mask(colours: list[Any]) -> int:
    mask = 0
    for c in colours:
        mask |= 1 << (COLORS.index(c) if isinstance(c, str) else c)
    return mask


def stark_wish(hand: list[int], played: int, next_missed: int) -> int:
    """The colour held most after laying ``played``; ties go to a colour the next player
    failed to serve, then to the most points."""
    counts = [0, 0, 0, 0]
    weight = [0, 0, 0, 0]
    rest = list(hand)
    rest.remove(played)
    for c in rest:
        col = c >> 4
        if col < 4:
            counts[col] += 1
            weight[col] += POINTS[c]
    return max(range(4), key=lambda k: (counts[k], next_missed >> k & 1, weight[k], -k))


def heuristic_choice(view: View, legal: list[Action]) -> Action:
    """Stark's rule of thumb without search."""
    plays = [a for a in legal if a["type"] == "play"]
    if not plays:
        return DRAW
    hand = _hand(view)
    if ONE in legal and len(hand) == 2:
        return ONE
    nxt = _next_seat(view)
    next_cards = view["seats"][nxt]["cards"]
    friend = _same_team(view, view["seat"], nxt)
    mask = _missed_mask(view["seats"][nxt]["missed"])
    best = max(
        (parse(a["card"]) for a in plays),
        key=lambda c: _stark_score(c, hand, next_cards, mask, friend),  # type: ignore[arg-type]
    )
    assert best is not None
    if best >> 4 == WILD_COLOR:
        return {"type": "play", "card": NAME[best], "color": COLORS[stark_wish(hand, best, mask)]}
    return {"type": "play", "card": NAME[best]}


@dataclass
class HeuristicBot:
    strength: str = "heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        return heuristic_choice(view, legal)


@dataclass
class LeichtBot:
    strength: str = "leicht"
    forget_one: float = 0.25

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if a["type"] == "play"]
        if not plays:
            return DRAW
        if ONE in legal and rng.random() >= self.forget_one:
            return ONE
        return rng.choice(plays)


@dataclass
class NormalBot:
    strength: str = "normal"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        return normal_choice(view, legal)


# -- determinization ---------------------------------------------------------------------------
def sample_for_bot(view: View, rng: random.Random) -> State:
    """A state consistent with the view in which each opponent holds as few cards of the colours
    it failed to serve as possible: every miss drew one card, which may be of any colour."""
    state = _ENGINE.sample_state(view, rng)
    seat = view["seat"]
    n = view["players"]
    pool = state.pile
    for s in range(n):
        if s == seat:
            continue
        voids = set(state.missed[s])
        if not voids:
            continue
        hand = state.hands[s]
        free = len(state.missed[s])
        bad = [c for c in hand if c >> 4 in voids]
        if len(bad) <= free:
            continue
        # swap surplus void-colour cards with fitting cards from the draw pile
        for c in bad[free:]:
            for i, p in enumerate(pool):
                if p >> 4 not in voids:
                    pool[i] = c
                    hand.remove(c)
                    hand.append(p)
                    break
        hand.sort()
    rng.shuffle(pool)
    return state


def _fast_turn(state: State, rng: random.Random) -> None:
    """One turn of the normal policy on a state (used in rollouts; ONE is always pressed).
    Inlined legality and scoring: this is the bots' hot loop."""
    seat = state.turn
    hand = state.hands[seat]
    if state.pending:
        plays = playable_cards(state, seat)
    else:
        top = state.discard[-1]
        color = state.color
        tv = top & 15 if top >> 4 != WILD_COLOR else -1
        plays = []
        prev = -1
        has_color = False
        for c in hand:
            if c == prev:
                continue
            prev = c
            col = c >> 4
            if col == color:
                has_color = True
                plays.append(c)
            elif col == WILD_COLOR or c & 15 == tv:
                plays.append(c)
        if has_color and W4 in plays:
            plays.remove(W4)
    if not plays:
        _ENGINE._draw_turn(state, seat, None)
        return
    n = state.players
    nxt = (seat + state.direction) % n
    friend = state.options["partners"] and nxt % 2 == seat % 2
    attack = len(state.hands[nxt]) <= 2 and not friend
    counts = [0, 0, 0, 0, 0]
    for c in hand:
        counts[c >> 4] += 1
    best = plays[0]
    best_score = -1e9
    rand = rng.random
    for c in plays:
        col = c >> 4
        if col == WILD_COLOR:
            s = -100.0
            if c == W4:
                s += 155 if attack else 5
        else:
            s = POINTS[c] + 0.5 * (counts[col] - 1)
            v = c & 15
            if v >= 10:
                if attack:
                    s += 70 if v == DRAW2 else 60
                elif friend and v == SKIP:
                    s -= 30
        s += rand()
        if s > best_score:
            best_score = s
            best = c
    wish = best_wish(hand, best) if best >> 4 == WILD_COLOR else -1
    if len(hand) == 2:
        state.one[seat] = True
    _ENGINE._play(state, seat, best, wish, None, False)


def rollout(state: State, rng: random.Random, max_steps: int = 400) -> None:
    """Play the current round to its end with the normal policy (no next deal)."""
    steps = 0
    while state.turn >= 0 and steps < max_steps:
        _fast_turn(state, rng)
        steps += 1


def _apply_internal(state: State, seat: int, action: Action) -> None:
    kind = action["type"]
    if kind == "draw":
        _ENGINE._draw_turn(state, seat, None)
    elif kind == "one":
        state.one[seat] = True
    else:
        card = parse(action["card"])
        assert card is not None
        wish = COLORS.index(action["color"]) if "color" in action else -1
        hand = state.hands[seat]
        if len(hand) == 2:
            state.one[seat] = True
        _ENGINE._play(state, seat, card, wish, None, False)


def _candidates(view: View, legal: list[Action], wide: bool = False) -> list[Action]:
    """Distinct sensible moves: each card once (wilds with the best wish, plus the wish of the
    colour the next player failed to serve, or every wish when ``wide``), and drawing when no
    card fits."""
    plays = [a for a in legal if a["type"] == "play"]
    if not plays:
        return [DRAW]
    hand = _hand(view)
    out: list[Action] = []
    seen: set[str] = set()
    nxt = _next_seat(view)
    missed = view["seats"][nxt]["missed"]
    for a in plays:
        name = a["card"]
        if name in seen:
            continue
        seen.add(name)
        card = parse(name)
        assert card is not None
        if card >> 4 == WILD_COLOR:
            wish = COLORS[stark_wish(hand, card, _missed_mask(missed))]
            out.append({"type": "play", "card": name, "color": wish})
            if wide:
                out.extend({"type": "play", "card": name, "color": c} for c in COLORS if c != wish)
            elif missed and missed[-1] != wish and not _same_team(view, view["seat"], nxt):
                out.append({"type": "play", "card": name, "color": missed[-1]})
        else:
            out.append(a)
    return out


@dataclass
class StarkBot:
    strength: str = "stark"
    rollouts: int = 400
    max_candidates: int = 6
    #: search only when some seat holds at most this many cards (0: always search); earlier
    #: the rule of thumb decides, as rollouts cannot tell its candidates apart there
    critical_cards: int = 3
    #: every wish colour of a wild is a candidate
    wide: bool = False

    def evaluate(
        self, view: View, legal: list[Action], rng: random.Random
    ) -> list[tuple[Action, float]]:
        cands = _candidates(view, legal, self.wide)
        if len(cands) > 1:
            hand = _hand(view)
            nxt = _next_seat(view)
            nc = view["seats"][nxt]["cards"]
            friend = _same_team(view, view["seat"], nxt)
            mask = _missed_mask(view["seats"][nxt]["missed"])
            # stable sort: the rule of thumb's favourite first, it wins ties
            cands.sort(key=lambda a: -_stark_score(parse(a["card"]), hand, nc, mask, friend))  # type: ignore[arg-type]
            cands = cands[: self.max_candidates]
            if self.critical_cards and min(s["cards"] for s in view["seats"]) > self.critical_cards:
                cands = cands[:1]
        if len(cands) == 1:
            return [(cands[0], 1.0)]
        seat = view["seat"]
        per = max(4, self.rollouts // len(cands))
        totals = [0.0] * len(cands)
        for _ in range(per):
            base = sample_for_bot(view, rng)
            seed = rng.getrandbits(32)
            for i, a in enumerate(cands):
                st = _ENGINE.clone(base)
                _apply_internal(st, seat, a)
                rollout(st, random.Random(seed))
                totals[i] += _value(st, seat)
        return [(a, t / per) for a, t in zip(cands, totals, strict=True)]

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        hand = view["hand"]
        if ONE in legal and len(hand) == 2 and any(a["type"] == "play" for a in legal):
            return ONE
        scored = self.evaluate(view, legal, rng)
        best = max(range(len(scored)), key=lambda i: scored[i][1])
        return scored[best][0]


def _value(state: State, seat: int) -> float:
    """1 for a round won by the seat's side, minus a little for the points left in hand."""
    if not state.last_round or not state.round_winners:
        return 0.0
    last = state.last_round
    won = seat in last["winners"]
    return (1.0 if won else 0.0) - 0.002 * last["points"][seat]


def make_bot(strength: str) -> Any:
    if strength == "leicht":
        return LeichtBot()
    if strength == "normal":
        return NormalBot()
    if strength == "stark":
        return StarkBot()
    if strength == "heuristic":
        return HeuristicBot()
    raise ValueError(f"unknown strength {strength!r}")


def explain(view: View, legal: list[Action]) -> Advice:
    """The strong bot's suggestion with a short German reason."""
    bot = StarkBot()
    rng = random.Random(0)
    if ONE in legal and len(view["hand"]) == 2 and any(a["type"] == "play" for a in legal):
        return Advice(ONE, "Du hast noch zwei Karten: erst ONE drücken, dann legen.")
    scored = bot.evaluate(view, legal, rng)
    scored.sort(key=lambda p: -p[1])
    action = scored[0][0]
    candidates = [
        {"action": a, "value": round(v, 3), "text": _ENGINE.describe_action(a)} for a, v in scored
    ]
    return Advice(action, _reason(view, action), candidates)


def _reason(view: View, action: Action) -> str:
    if action["type"] == "draw":
        if view["pending"]:
            return f"Nichts zum Weitergeben: du ziehst {view['pending']} Karten."
        return "Keine Karte passt: ziehen."
    card = parse(action["card"])
    assert card is not None
    nxt = _next_seat(view)
    nc = view["seats"][nxt]["cards"]
    if card == W4:
        return (
            f"Wunsch Plus4 mit Wunsch {COLOR_NAMES[COLORS.index(action['color'])]}: "
            f"der Nächste zieht 4."
        )
    if card == W:
        return (
            f"Nichts anderes passt gut: Farbwunsch {COLOR_NAMES[COLORS.index(action['color'])]}, "
            "die Farbe, die du am meisten hast."
        )
    v = card & 15
    if v in (SKIP, REVERSE, DRAW2) and nc <= 2:
        return f"Der Nächste hat nur noch {nc} Karte(n): bremse ihn mit {NAME[card]}."
    if view["pending"]:
        return f"Gib das Plus mit {NAME[card]} weiter."
    if POINTS[card] >= 7:
        return f"{NAME[card]} zählt am Rundenende viel: früh loswerden."
    return f"{NAME[card]} passt und hält dir die meisten Möglichkeiten offen."


__all__ = ["DECK", "LeichtBot", "NormalBot", "StarkBot", "explain", "make_bot", "normal_choice"]
