"""Speedwerk bots (leicht, normal, stark) and advice.

Every bot decides from the seat's view alone. They play with the quick heuristics of ``rules``
(the timeout move) on a ``WerkState`` rebuilt from that view (``seat_view.public_state`` for the
normal bot, ``sample_state``'s re-deals for the strong bot's simulations); the heuristics read
nothing but the seat's own hand and public facts, so the cards they cannot see never change
their choice.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from games.engines.base import Action, Advice, Bot, Msg, View, msg
from games.speedwerk.engine.cards import (
    BP,
    COLORS,
    DECLARE,
    DW,
    FB,
    KEY_TO_SPECIAL,
    N_NUMBERS,
    card_name,
    colour_name,
    parse_card,
)
from games.speedwerk.engine.rules import (
    P_BID,
    P_OVER,
    P_PASS,
    Move,
    WerkState,
    best_decl,
    blind_decl,
    blind_win_prob,
    card_of,
    card_win_prob,
    choose_pass,
    clone_state,
    do_adjust,
    do_bid,
    do_pass_choice,
    do_play,
    do_swap,
    do_trump,
    estimate_tricks,
    heuristic_action,
    heuristic_move,
    is_blind,
    nearest_bid,
    play_parts,
    strength,
)
from games.speedwerk.engine.seat_view import public_state, public_state_of, sample_state

# -- playing moves out ---------------------------------------------------------------------------


def apply_move(st: WerkState, seat: int, move: Move) -> None:
    k = move[0]
    if k == "p":
        if move[1] < 0:
            card = st.hands[seat][0]
            do_play(st, seat, card, blind_decl(st, seat, card))
        else:
            do_play(st, seat, move[1], move[2])
    elif k == "b":
        do_bid(st, seat, move[1])
    elif k == "t":
        do_trump(st, move[1])
    elif k == "s":
        do_pass_choice(st, seat, move[1])
    elif k == "a":
        do_adjust(st, seat, move[1])
    else:
        do_swap(st, seat, move[1], move[2])


def action_move(a: Action) -> Move:
    t = a["type"]
    if t == "play_blind":
        return ("p", -1, -1)
    if t == "play":
        decl = -1
        if "color" in a:
            decl = COLORS.index(a["color"])
        elif "declare" in a:
            decl = DECLARE.index(a["declare"])
        return ("p", card_of(a["card"]), decl)
    if t == "bid":
        return ("b", a["tricks"])
    if t == "trump":
        return ("t", COLORS.index(a["color"]))
    if t == "pass":
        return ("s", card_of(a["card"]))
    if t == "adjust":
        return ("a", a["delta"])
    if t == "keep":
        return ("w", -1, -1)
    return ("w", card_of(a["give"]), card_of(a["take"]))


# -- bots ---------------------------------------------------------------------------------------


class LeichtBot:
    """Random legal bids, cards and declarations."""

    strength = "leicht"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)


class NormalBot:
    """Bids from a hand-strength estimate and plays to hit the bid."""

    strength = "normal"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        # its own chance (the same deal is not the same game): the expected tricks rounded up
        # or down in proportion to their fraction (in the blind round: the chance that its
        # unseen card wins), and cards, trump and passed card among near-equal ones. The
        # heuristics read only its own hand and public facts: no re-deal of the hidden cards
        return _normal_choice(public_state(view), view["seat"], legal, rng)


def rollout_action(state: WerkState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """``NormalBot().choose(view(state, seat), legal, rng)`` read from ``state`` directly
    (``seat_view.public_state_of``: only what the view shows), for the analysis's rollouts,
    which ask it at every seat for every simulated move (``games.engines.analysis.rollout``)."""
    if len(legal) == 1:
        return legal[0]
    return _normal_choice(public_state_of(state, seat), seat, legal, rng)


def _normal_choice(st: WerkState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The normal bot's move for ``seat`` on its public state (``public_state``)."""
    if st.phase == P_BID:
        est = blind_win_prob(st, seat) if is_blind(st) else estimate_tricks(st, seat)
        tricks = math.floor(est + rng.random())
        action: Action = {"type": "bid", "tricks": nearest_bid(st, seat, tricks)}
    else:
        rng.shuffle(st.hands[seat])
        action = heuristic_action(st, seat, rng=rng)
    return action if action in legal else legal[0]


def bid_fit(st: WerkState, me: int) -> float:
    """How well a deal explains the other seats' bids (1 = perfectly)."""
    played: dict[int, list[int]] = {}
    for _ld, plays, _w, _wb in st.tricks:
        for s, c, _d in plays:
            played.setdefault(s, []).append(c)
    for s, c, _d in st.trick:
        played.setdefault(s, []).append(c)
    err = 0.0
    for o, b in enumerate(st.bids):
        if o == me or b < 0:
            continue
        est = sum(card_win_prob(st, c) for c in st.hands[o])
        est += sum(card_win_prob(st, c) for c in played.get(o, ()))
        err += (est - b) ** 2
    return math.exp(-err / 2)


def rollout(st: WerkState, me: int, n0: int) -> tuple[float, int, int, bool]:
    """Play the round out with the heuristics; returns (value for ``me``, tricks of ``me``, points
    of ``me``, whether ``me`` hit the bid). ``n0`` is the length of the score sheet before the
    round ends."""
    p = st.players
    while st.phase != P_OVER and len(st.sheet) == n0:
        if st.phase == P_PASS:
            for s in range(p):
                if st.pass_choice[s] < 0:
                    do_pass_choice(st, s, choose_pass(st, s))
            continue
        seat = st.turn
        apply_move(st, seat, heuristic_move(st, seat))
    row = st.sheet[n0]
    pts = row["points"]
    others = (sum(pts) - pts[me]) / (p - 1)
    return pts[me] - 0.25 * others, row["won"][me], pts[me], row["won"][me] == row["bids"][me]


class StarkBot:
    """Determinization: re-deal the unseen cards consistently with the view many times, play
    every candidate out to the end of the round with the heuristics, take the best average."""

    strength = "stark"

    candidates = 4
    prior = 3.0

    def __init__(self, budget: int = 6000, max_samples: int = 40) -> None:
        #: card plays simulated per decision (roughly proportional to the thinking time)
        self.budget = budget
        self.max_samples = max_samples

    def evaluate(
        self, view: View, legal: list[Action], rng: random.Random
    ) -> tuple[list[float], list[float], int, list[float], list[float]]:
        """Per candidate the mean value, tricks, own points and hit rate of the bid, and the
        number of re-deals."""
        me = view["seat"]
        moves = [action_move(a) for a in legal]
        left = sum(view["hand_sizes"]) + 1
        per = max(1, self.budget // (len(moves) * left))
        n = max(2, min(self.max_samples, per))
        totals = [0.0] * len(moves)
        tricks = [0.0] * len(moves)
        points = [0.0] * len(moves)
        hits = [0.0] * len(moves)
        weigh = not view["blind"] and any(
            b is not None and o != me for o, b in enumerate(view["bids"])
        )
        for _ in range(n):
            base = self._sample(view, rng, me) if weigh else sample_state(view, rng)
            for i, mv in enumerate(moves):
                st = clone_state(base)
                if mv[0] == "s":
                    st.pass_choice[me] = -1
                n0 = len(st.sheet)
                apply_move(st, me, mv)
                v, t, pts, hit = rollout(st, me, n0)
                totals[i] += v
                tricks[i] += t
                points[i] += pts
                hits[i] += hit
        return (
            [t / n for t in totals],
            [t / n for t in tricks],
            n,
            [x / n for x in points],
            [x / n for x in hits],
        )

    def _sample(self, view: View, rng: random.Random, me: int) -> WerkState:
        """A re-deal that fits the others' bids: of a few random deals, one is drawn with
        weights ``exp(-(estimate - bid)² / 2)`` per bidder (their estimate from the hand they
        held at the start of the round, as far as it is still around)."""
        deals = [sample_state(view, rng) for _ in range(self.candidates)]
        weights = [bid_fit(st, me) for st in deals]
        return rng.choices(deals, weights)[0] if sum(weights) > 0 else deals[0]

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.decide(view, legal, rng)[0]

    def decide(
        self, view: View, legal: list[Action], rng: random.Random
    ) -> tuple[Action, list[dict[str, Any]], float]:
        if view["phase"] == "bid":
            if view["blind"]:
                return self._blind_bid(view, legal, rng)
            legal = self._bid_candidates(view, legal, rng)
        if view["phase"] == "swap" and len(legal) > 12:
            legal = self._swap_candidates(view, legal, rng)
        if view["phase"] == "play":
            legal = prune_equivalent(view, legal)
            if len(legal) == 1:
                return legal[0], [{"action": legal[0], "value": 0.0, "tricks": 0.0}], 0.0
        values, tricks, _n, points, hits = self.evaluate(view, legal, rng)
        # few samples are noisy: the heuristic's own choice wins near-ties
        st = sample_state(view, random.Random(0))
        preferred = heuristic_action(st, view["seat"])
        for i, a in enumerate(legal):
            if a == preferred:
                values[i] += self.prior
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        cands = [
            {
                "action": legal[i],
                "value": round(values[i], 1),
                "tricks": round(tricks[i], 2),
                "points": round(points[i], 1),
                "hit": round(hits[i], 2),
            }
            for i in order
        ]
        return legal[order[0]], cands, tricks[order[0]]

    def _bid_candidates(self, view: View, legal: list[Action], rng: random.Random) -> list[Action]:
        st = sample_state(view, rng)
        est = estimate_tricks(st, view["seat"])
        ranked = sorted(legal, key=lambda a: abs(a["tricks"] - est))
        return ranked[:4]

    def _swap_candidates(self, view: View, legal: list[Action], rng: random.Random) -> list[Action]:
        st = sample_state(view, rng)
        me = view["seat"]
        want = st.bids[me] > st.won[me]

        def gain(a: Action) -> float:
            if a["type"] == "keep":
                return 0.0
            g, t = card_of(a["give"]), card_of(a["take"])
            d = strength(st, t, best_decl(st, t)) - strength(st, g, best_decl(st, g))
            return d if want else -d

        return sorted(legal, key=lambda a: -gain(a))[:12]

    def _blind_bid(
        self, view: View, legal: list[Action], rng: random.Random
    ) -> tuple[Action, list[dict[str, Any]], float]:
        st = sample_state(view, random.Random(0))
        p = blind_win_prob(st, view["seat"])

        def value(b: int) -> float:
            return p * (30 if b == 1 else -10) + (1 - p) * (20 if b == 0 else -10)

        ranked = sorted(legal, key=lambda a: -value(a["tricks"]))
        cands = [
            {"action": a, "value": round(value(a["tricks"]), 1), "tricks": round(p, 2)}
            for a in ranked
        ]
        return ranked[0], cands, p


def prune_equivalent(view: View, legal: list[Action]) -> list[Action]:
    """Drop number cards that are interchangeable with a lower one of the same colour: no card
    still in play (in other hands or the stock, counting a live Fließband, Dampfwolke or
    Blaupause at their values) lies between them, so they win and lose the same tricks."""
    specials = {KEY_TO_SPECIAL[k] for k in view["specials"]}
    out_of_play = {card_of(c) for c in view["gone"]} | {card_of(c) for c in view["hand"]}
    tc = card_of(view["trump_card"]) if view["trump_card"] else -1
    if tc >= 0:
        out_of_play.add(tc)
    live_values = [set() for _ in range(4)]  # type: list[set[float]]
    for c in range(N_NUMBERS):
        if c not in out_of_play:
            live_values[c // 15].add(c % 15 + 1)
    extra: list[float] = []
    if FB in specials and FB not in out_of_play:
        extra.append(7.5)
    if DW in specials and DW not in out_of_play:
        extra.append(9.75)
    if BP in specials and BP not in out_of_play and 0 <= tc < N_NUMBERS:
        live_values[tc // 15].add(tc % 15 + 1)
    for vals in live_values:
        vals.update(extra)
    keep: list[Action] = []
    last: dict[int, int] = {}  # colour -> value of the last kept card
    for a in legal:
        card = parse_card(a.get("card"))
        if card is None or card >= N_NUMBERS or len(a) != 2:
            keep.append(a)
            continue
        colour, value = card // 15, card % 15 + 1
        prev = last.get(colour)
        if prev is not None and not any(prev < v < value for v in live_values[colour]):
            continue
        last[colour] = value
        keep.append(a)
    return keep


#: ``engine.bot(strength)``: ``"stark:N"`` is the strong bot with a budget of N simulated card
#: plays per decision (benchmarks; the site's ``stark`` has 6000)
BOTS: dict[str, Callable[[int | None], Bot]] = {
    "leicht": lambda budget: LeichtBot(),
    "normal": lambda budget: NormalBot(),
    "stark": lambda budget: StarkBot() if budget is None else StarkBot(budget=budget),
}


# -- advice -------------------------------------------------------------------------------------


def explain(view: View, legal: list[Action]) -> Advice:
    """The strong bot's suggestion with a reason in the second person that says why (a code with
    arguments: ``advice.*``)."""
    if not legal:
        return Advice(action={}, reason=msg("error.not_your_turn"))
    if len(legal) == 1:
        return Advice(action=legal[0], reason=msg("advice.only", head=advice_head(legal[0])))
    bot = StarkBot()
    action, cands, tricks = bot.decide(view, legal, random.Random(20240601))
    reason: Msg
    if view["phase"] == "bid":
        if view["blind"]:
            reason = _blind_bid_reason(action["tricks"], tricks)
        else:
            reason = _bid_reason(view, action["tricks"], cands)
    else:
        best = cands[0]
        head = advice_head(action)
        tricks_said = _num(tricks)
        points = _num(best.get("points", best["value"]), 0)
        if len(cands) > 1 and "points" in cands[1]:
            reason = msg(
                "advice.play_compared",
                head=head,
                tricks=tricks_said,
                points=points,
                other=_alternative(cands[1]["action"]),
                other_points=_num(cands[1]["points"], 0),
            )
        else:
            reason = msg("advice.play", head=head, tricks=tricks_said, points=points)
    return Advice(action=action, reason=reason, candidates=cands[:5])


def advice_head(action: Action) -> Msg:
    """An action as advice to the player („Sag 2 an“, „Spiel Rot 7“): card names, no codes."""
    t = action.get("type")
    if t == "bid":
        return msg("advice.head.bid", tricks=action.get("tricks"))
    if t == "trump":
        return msg("advice.head.trump", colour=_colour(action.get("color")))
    if t == "play_blind":
        return msg("advice.head.play_blind")
    if t == "play":
        parts = play_parts(action)
        if "colour" in parts:
            parts["colour"] = _colour(action["color"])
        return msg("advice.head.play", **parts)
    if t == "pass":
        card = parse_card(action.get("card"))
        if card is None:
            return msg("advice.head.pass_any")
        return msg("advice.head.pass", card=card_name(card))
    if t == "adjust":
        return msg("advice.head.raise" if action.get("delta") == 1 else "advice.head.lower")
    if t == "swap":
        give, take = parse_card(action.get("give")), parse_card(action.get("take"))
        if give is None or take is None:
            return msg("advice.head.swap_any")
        return msg("advice.head.swap", give=card_name(give), take=card_name(take))
    if t == "keep":
        return msg("advice.head.keep")
    return msg("advice.head.other")


def _colour(code: Any) -> Msg:
    return colour_name(code) or msg("advice.a_colour")


def _alternative(action: Action) -> Msg:
    """The runner-up after „mit …“: the card („mit Gelb 4“) or the advice in quotes."""
    t = action.get("type")
    if t == "play":
        parts = play_parts(action)
        if "colour" in parts:
            parts["colour"] = _colour(action["color"])
        return msg("advice.other.play", **parts)
    if t == "pass":
        card = parse_card(action.get("card"))
        return msg("advice.other.pass", **({"card": card_name(card)} if card is not None else {}))
    return msg("advice.other.quoted", head=advice_head(action))


def _blind_bid_reason(bid: int, p: float) -> Msg:
    """Blind round: 1 pays 30 if the unseen card wins and −10 if not; 0 pays 20 if it loses."""
    one, zero = p * 30 - (1 - p) * 10, (1 - p) * 20 - p * 10
    return msg(
        "advice.blind_bid",
        bid=bid,
        percent=_percent(p),
        one=_num(one, 0),
        zero=_num(zero, 0),
    )


def _bid_reason(view: View, bid: int, cands: list[dict[str, Any]]) -> Msg:
    """Why this bid: the hand's estimate, rounded, and what moved the bid away from it (the sum
    rule, or the simulated rounds: how often a bid is hit and what it pays)."""
    st = sample_state(view, random.Random(0))
    me = view["seat"]
    est = estimate_tricks(st, me)  # reads only the own hand and public facts
    n = view["round"]
    rounded = min(n, max(0, round(est)))
    by_bid = {c["action"]["tricks"]: c for c in cands}
    chosen = by_bid[bid]
    others = [b for o, b in enumerate(view["bids"]) if o != me and b is not None]
    text = msg("advice.bid.estimate", bid=bid, tricks=_num(est), rounded=rounded)
    sim_params = {"bid": bid, "hit": _percent(chosen["hit"]), "points": _num(chosen["points"], 0)}
    if bid == rounded:
        rival = next((c for c in cands if c["action"]["tricks"] != bid), None)
        if rival is not None:
            sim = msg(
                "advice.bid.simulated_rival",
                **sim_params,
                rival=rival["action"]["tricks"],
                rival_points=_num(rival["points"], 0),
                rival_hit=_percent(rival["hit"]),
            )
        else:
            sim = msg("advice.bid.simulated", **sim_params)
        return msg("advice.bid.as_estimated", estimate=text, simulated=sim)
    sim = msg("advice.bid.simulated", **sim_params)
    if view.get("forbidden_bid") == rounded:
        return msg(
            "advice.bid.sum_rule", estimate=text, rounded=rounded, total=n, bid=bid, simulated=sim
        )
    why: Msg | str = ""
    if others:
        taken = sum(others)
        if bid > rounded and taken + rounded < n:
            why = msg("advice.bid.room_left", taken=taken, total=n)
        elif bid < rounded and taken + rounded > n:
            why = msg("advice.bid.crowded", taken=taken, total=n)
    rival = by_bid.get(rounded)
    compare: Msg | str = (
        msg(
            "advice.bid.compare",
            rounded=rounded,
            points=_num(rival["points"], 0),
            hit=_percent(rival["hit"]),
        )
        if rival is not None
        else ""
    )
    return msg("advice.bid.moved", estimate=text, why=why, simulated=sim, compare=compare)


def _num(x: float, digits: int = 1) -> Msg:
    """A number as the player's language writes it (``number.one_decimal``: „0,5“, „−3“)."""
    return msg("number.one_decimal" if digits == 1 else "number.whole", value=x)


def _percent(share: float) -> Msg:
    """A share as whole percent („18“)."""
    return msg("number.percent", value=share * 100)
