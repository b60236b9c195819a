"""Speedone bots. They see a seat's view and the legal actions, never the state.

* ``leicht``: any fitting card; forgets ONE now and then, as a beginner would.
* ``normal``: dumps high-value cards early, attacks the next player when they are low on cards,
  keeps wilds for need, wishes the colour it holds most, always presses ONE. Its own chance
  (``rng``) picks among the cards within ``NORMAL_SPREAD`` of its favourite and among the
  colours it holds equally often, so the same deal is not the same game.
* ``stark``: plays to win the round. Every distinct move (a wild with each wish) is judged by
  playing the round out many times with the ``normal`` policy at every seat (its opponents are
  exactly that) on hidden hands re-dealt consistently with the view: the round is replayed from
  the deal to see who laid what and who drew on which colour, and an opponent's re-dealt cards
  avoid what its moves showed it did not hold (``infer.py``); the rollouts run in a lean
  simulator (``sim.py``) and the moves race, the clearly worse ones dropping out early.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engines.base import Action, Advice, Bot, Msg, View, msg, near_best
from games.speedone.engine.bots.infer import NORMAL_SPREAD, slot_plan
from games.speedone.engine.bots.sim import play_out
from games.speedone.engine.cards import (
    CODE,
    COLOR_CODE,
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
    color_name,
    parse,
    spoken,
)
from games.speedone.engine.rules import describe_action

DRAW: Action = {"type": "draw"}
ONE: Action = {"type": "one"}


# -- view helpers ------------------------------------------------------------------------------
def _hand(view: View) -> list[int]:
    return [parse(c) for c in view["hand"]]  # type: ignore[misc]


def _next_seat(view: View, steps: int = 1) -> int:
    return (view["seat"] + view["direction"] * steps) % view["players"]


def _same_team(view: View, a: int, b: int) -> bool:
    return a == b or (bool(view["options"]["partners"]) and a % 2 == b % 2)


def best_wish(hand: list[int], played: int, rng: random.Random | None = None) -> int:
    """The colour held most after laying ``played`` (ties: by points, then R, Y, G, B; with
    ``rng``: by chance)."""
    counts = [0, 0, 0, 0]
    weight = [0, 0, 0, 0]
    rest = list(hand)
    rest.remove(played)
    for c in rest:
        col = c >> 4
        if col < 4:
            counts[col] += 1
            weight[col] += POINTS[c]
    if rng is not None:
        return near_best([(counts[k], k) for k in range(4)], rng, 0)
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


def normal_choice(
    view: View, legal: list[Action], rng: random.Random | None = None, spread: float = 0.0
) -> Action:
    """Normal's rule: the card it prefers most (the first of equally good ones); with ``rng``,
    any card within ``spread`` of the best, by chance."""
    plays = [a for a in legal if a["type"] == "play"]
    if not plays:
        return DRAW
    hand = _hand(view)
    if ONE in legal and len(hand) == 2:
        return ONE
    nxt = _next_seat(view)
    next_cards = view["seats"][nxt]["cards"]
    friend = _same_team(view, view["seat"], nxt)
    scored: list[tuple[float, Action]] = []
    seen: set[str] = set()
    for a in plays:
        name = a["card"]
        if name in seen:
            continue
        seen.add(name)
        card = parse(name)
        assert card is not None
        scored.append((_score_card(card, hand, next_cards, friend), a))
    best = near_best(scored, rng, spread)
    card = parse(best["card"])
    assert card is not None
    if card >> 4 == WILD_COLOR:
        return {"type": "play", "card": best["card"], "color": COLORS[best_wish(hand, card, rng)]}
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
        # its own chance: among the cards it likes (nearly) as much as the best one
        return normal_choice(view, legal, rng, NORMAL_SPREAD)


# -- determinization ---------------------------------------------------------------------------
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


def _view_seed(view: View) -> int:
    """A seed that depends on the view only (so the same view gives the same choice)."""
    key = "|".join(
        (
            ",".join(view["hand"]),
            ",".join(view["discard"]),
            str([(s["cards"], s["missed"], s["one"]) for s in view["seats"]]),
            str((view["round"], view["turn"], view["direction"], view["color"], view["pending"])),
            str((view["draw_pile"], view["scores"])),
        )
    )
    return zlib.crc32(key.encode())


def sample_hands(
    view: View,
    rng: random.Random,
    unknown: list[int],
    plan: list[list[tuple[frozenset[int], int]]] | None = None,
) -> tuple[list[list[int]], list[int]]:
    """Hidden hands and draw pile re-dealt consistently with the view. With a ``plan``
    (``infer.slot_plan``), each opponent's cards avoid what its moves showed it did not hold;
    without one, an opponent that drew instead of playing held neither that colour nor a wild
    then, so at most one card per such miss (the card it drew) may be of a missed colour or
    wild."""
    seat = view["seat"]
    pool = unknown[:]
    rng.shuffle(pool)
    hands: list[list[int]] = []
    if plan is not None:
        hands = [[] for _ in view["seats"]]
        hands[seat] = _hand(view)
        for s, groups in enumerate(plan):
            planned = hands[s]
            for banned, count in groups:
                for _ in range(count):
                    if not pool:
                        break
                    pick = -1
                    if banned:
                        for _t in range(12):
                            j = int(rng.random() * len(pool))
                            if pool[j] not in banned:
                                pick = j
                                break
                        if pick < 0:
                            pick = next(
                                (j for j, c in enumerate(pool) if c not in banned), len(pool) - 1
                            )
                    else:
                        pick = len(pool) - 1
                    pool[pick], pool[-1] = pool[-1], pool[pick]
                    planned.append(pool.pop())
        rng.shuffle(pool)
        return hands, pool
    for s, info in enumerate(view["seats"]):
        if s == seat:
            hands.append(_hand(view))
            continue
        k = info["cards"]
        missed = info["missed"]
        if not missed:
            hands.append(pool[-k:] if k else [])
            del pool[len(pool) - k :]
            continue
        bad = {WILD_COLOR} | {COLOR_CODE[c] for c in missed}
        free = len(missed)
        hand: list[int] = []
        rest: list[int] = []
        while pool and len(hand) < k:
            c = pool.pop()
            if c >> 4 in bad:
                if free:
                    free -= 1
                    hand.append(c)
                else:
                    rest.append(c)
            else:
                hand.append(c)
        while len(hand) < k:  # not enough fitting cards: take what is left
            hand.append(rest.pop())
        pool.extend(rest)
        rng.shuffle(pool)
        hands.append(hand)
    return hands, pool


def _unknown(view: View) -> list[int]:
    unknown = list(DECK)
    for c in view["discard"]:
        unknown.remove(CODE[c])
    for c in view["hand"]:
        unknown.remove(CODE[c])
    return unknown


@dataclass
class StarkBot:
    strength: str = "stark"
    #: rollouts per decision, shared among the candidates
    rollouts: int = 700
    max_candidates: int = 8
    #: re-deals per racing step, and how far (in standard errors, roughly) behind the leader a
    #: candidate drops out
    batch: int = 16
    margin: float = 2.0
    draw_option: bool = True
    #: re-deal with what the replay of the round tells about the opponents' hands
    infer: bool = True

    def evaluate(
        self, view: View, legal: list[Action], rng: random.Random | None = None
    ) -> list[tuple[Action, float]]:
        """Each candidate's share of rounds won when the round is played out by ``normal``
        everywhere on hidden hands re-dealt consistently with the view (common re-deals for
        all candidates)."""
        cands = _candidates(view, legal, wide=True)
        if len(cands) > 1:
            hand = _hand(view)
            nxt = _next_seat(view)
            nc = view["seats"][nxt]["cards"]
            friend = _same_team(view, view["seat"], nxt)
            mask = _missed_mask(view["seats"][nxt]["missed"])
            # stable sort: the rule of thumb's favourite first, it wins ties
            cands.sort(key=lambda a: -_stark_score(parse(a["card"]), hand, nc, mask, friend))  # type: ignore[arg-type]
            cands = cands[: self.max_candidates]
            if self.draw_option and len(hand) > 2 and all(parse(a["card"]) >= W for a in cands):  # type: ignore[operator]
                # only wilds fit: drawing instead keeps them for later
                cands.append(DRAW)
        if len(cands) == 1:
            return [(cands[0], 1.0)]
        rng = random.Random(_view_seed(view))
        seat = view["seat"]
        partners = bool(view["options"]["partners"])
        stacking = bool(view["options"]["stacking"])
        discard = [CODE[c] for c in view["discard"]]
        top = discard[-1]
        under0 = discard[:-1]
        color = COLOR_CODE[view["color"]]
        direction = view["direction"]
        pending = view["pending"]
        unknown = _unknown(view)
        plan = slot_plan(view) if self.infer else None
        moves = []
        for a in cands:
            if a["type"] == "draw":
                moves.append((-1, -1))
            else:
                moves.append((CODE[a["card"]], COLOR_CODE[a["color"]] if "color" in a else -1))
        # race: common re-deals for all candidates still in the race; a candidate clearly
        # behind the leader drops out, so the budget goes to the close ones
        alive = list(range(len(cands)))
        wins = [0] * len(cands)
        done = [0] * len(cands)
        budget = self.rollouts
        while budget > 0 and len(alive) > 1:
            for _ in range(self.batch):
                hands, pile = sample_hands(view, rng, unknown, plan)
                seed = rng.getrandbits(32)
                for i in alive:
                    card, wish = moves[i]
                    w = play_out(
                        [h[:] for h in hands],
                        pile[:],
                        under0[:],
                        top,
                        color,
                        direction,
                        seat,
                        pending,
                        stacking,
                        partners,
                        random.Random(seed),
                        card,
                        wish,
                    )
                    done[i] += 1
                    if w == seat or (partners and w >= 0 and w % 2 == seat % 2):
                        wins[i] += 1
                budget -= len(alive)
            lead = max(wins[i] for i in alive)
            alive = [
                i for i in alive if lead - wins[i] <= self.margin * (lead + wins[i] + 1) ** 0.5
            ]
        return [(a, wins[i] / max(1, done[i])) for i, a in enumerate(cands)]

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        hand = view["hand"]
        if ONE in legal and len(hand) == 2 and any(a["type"] == "play" for a in legal):
            return ONE
        scored = self.evaluate(view, legal)
        best = max(range(len(scored)), key=lambda i: scored[i][1])
        return scored[best][0]


#: ``engine.bot(strength)``: ``"stark:N"`` is the strong bot with N rollouts per decision;
#: ``heuristic`` is the plain heuristic the others build on (tests, comparisons)
BOTS: dict[str, Callable[[int | None], Bot]] = {
    "leicht": lambda budget: LeichtBot(),
    "normal": lambda budget: NormalBot(),
    "stark": lambda budget: StarkBot() if budget is None else StarkBot(rollouts=budget),
    "heuristic": lambda budget: HeuristicBot(),
}


def explain(view: View, legal: list[Action]) -> Advice:
    """The strong bot's suggestion with a short reason as a code (said in the second person, the
    cards in words, never in notation)."""
    bot = StarkBot()
    rng = random.Random(0)
    if ONE in legal and len(view["hand"]) == 2 and any(a["type"] == "play" for a in legal):
        return Advice(ONE, Msg("advice.one_first"))
    scored = bot.evaluate(view, legal, rng)
    scored.sort(key=lambda p: -p[1])
    action = scored[0][0]
    candidates = [
        {"action": a, "value": round(v, 3), "text": describe_action(a)} for a, v in scored
    ]
    return Advice(action, _reason(view, legal, action), candidates)


def _cards(n: int) -> Msg:
    """A number of cards, said "1 Karte", "3 Karten"."""
    return msg("card.count", count=n)


def _reason(view: View, legal: list[Action], action: Action) -> Msg:
    """Why: each sentence states a fact of the view that holds for the advised move."""
    plays = [a for a in legal if a["type"] == "play"]
    pending = view["pending"]
    if action["type"] == "draw":
        if pending:
            if not plays:
                return msg("advice.draw_stack", cards=_cards(pending))
            return msg("advice.draw_stack_keep_plus", cards=_cards(pending))
        if not plays:
            return Msg("advice.draw_nothing_fits")
        return Msg("advice.draw_keep_wild")
    card = parse(action["card"])
    assert card is not None
    name = spoken(card)
    nxt = _next_seat(view)
    nc = view["seats"][nxt]["cards"]
    friend = _same_team(view, view["seat"], nxt)
    hand = _hand(view)
    if card >> 4 == WILD_COLOR:
        wish = COLOR_CODE[action["color"]]
        held = sum(1 for c in hand if c != card and c >> 4 == wish)
        color = color_name(wish)
        if card == W4:
            if held:
                return msg("advice.wild4_held", color=color, draws=pending + 4, cards=_cards(held))
            return msg("advice.wild4_best", color=color, draws=pending + 4)
        if held:
            return msg("advice.wild_held", color=color, cards=_cards(held))
        return msg("advice.wild_best", color=color)
    v = card & 15
    if len(hand) == 1:
        return msg("advice.last_card", card=name)
    if pending:
        return msg("advice.pass_plus", card=name, draws=pending + 2)
    if v in (SKIP, REVERSE, DRAW2) and nc <= 2 and not friend:
        return msg("advice.brake", card=name, cards=_cards(nc))
    if POINTS[card] >= 7:
        return msg("advice.high_points", card=name, points=POINTS[card])
    same = sum(1 for c in hand if c != card and c >> 4 == card >> 4)
    if same:
        return msg("advice.same_color", card=name, cards=_cards(same), color=color_name(card >> 4))
    return msg("advice.rollouts", card=name)


__all__ = ["DECK", "LeichtBot", "NormalBot", "StarkBot", "BOTS", "explain", "normal_choice"]
