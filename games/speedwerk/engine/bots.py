"""Speedwerk bots (leicht, normal, stark), the timeout heuristics, advice and determinization.

Every bot decides from the seat's view alone. The heuristics work on a ``WerkState`` rebuilt from
that view by ``sample_state`` and read nothing but the seat's own hand and public facts, so the
cards they cannot see never change their choice.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from games.engines.base import Action, Advice, Bot, View
from games.speedwerk.engine.cards import (
    BLIND_COPY,
    BP,
    COLORS,
    DECLARE,
    DK,
    DW,
    FB,
    FF,
    K_BLIND,
    K_DK,
    K_FF,
    K_KB,
    K_MEISTER,
    K_NUM,
    K_SS,
    KB,
    KEY_TO_SPECIAL,
    N_NUMBERS,
    PT,
    SS,
    TR,
    card_str,
    effective,
    parse_card,
    play_info,
    trick_winner,
)
from games.speedwerk.engine.rules import (
    P_ADJUST,
    P_BID,
    P_OVER,
    P_PASS,
    P_PLAY,
    P_SWAP,
    P_TRUMP,
    PHASE_NAMES,
    WerkState,
    bid_changes,
    blind_decl,
    copy_state,
    deck_of,
    describe_action,
    do_adjust,
    do_bid,
    do_pass_choice,
    do_play,
    do_swap,
    do_trump,
    is_blind,
    legal_bids,
    legal_plays,
    parse_entry,
    play_action,
    swap_options,
)

Move = tuple[Any, ...]

# -- determinization ----------------------------------------------------------------------------


def sample_state(view: View, rng: random.Random) -> WerkState:
    """A full state with this view: the hidden cards re-dealt at random, respecting known voids,
    cards known to be in a hand (Schrottsammlerin swaps, the seat's own Fließband pass) and the
    hand sizes."""
    p = view["players"]
    me = view["seat"]
    specials = sorted(KEY_TO_SPECIAL[k] for k in view["specials"])
    phase = PHASE_NAMES.index(view["phase"])
    st = WerkState(
        players=p,
        specials=specials,
        seed=rng.getrandbits(63),
        first_round=1,
        n_rounds=view["rounds"],
        round_no=view["round"],
        scores=list(view["scores"]),
    )
    st.dealer = view["dealer"]
    st.phase = phase
    actors = view["to_act"]
    st.turn = actors[0] if actors and phase != P_PASS else -1
    tc = view["trump_card"]
    st.trump_card = parse_card(tc) if tc is not None else -1  # type: ignore[assignment]
    st.trump = COLORS.index(view["trump"]) if view["trump"] is not None else -1
    st.bids = [b if b is not None else -1 for b in view["bids"]]
    st.won = list(view["won"])
    st.leader = view["leader"]
    st.trick = [parse_entry(st, e) for e in view["trick"]]
    st.suit = COLORS.index(view["suit"]) if view["suit"] is not None else -1
    st.tricks = [
        (
            t["leader"],
            tuple(parse_entry(st, e) for e in t["plays"]),
            t["winner"] if t["winner"] is not None else -1,
            t["leads_next"],
        )
        for t in view["tricks"]
    ]
    st.pile = [_c(c) for c in view["pile"]]
    st.swaps = [(s["trick"], s["seat"], _c(s["gave"]), _c(s["took"])) for s in view["swaps"]]
    st.gone = [_c(c) for c in view["gone"]]
    st.voids = [sum(1 << COLORS.index(c) for c in vs) for vs in view["voids"]]
    st.known = [[_c(c) for c in k] for k in view["known"]]
    st.passed = [-1] * p
    if me is not None and view["passed_card"] is not None:
        st.passed[me] = _c(view["passed_card"])
    st.adjust_seat = view["adjust_seat"] if view["adjust_seat"] is not None else -1
    st.swap_queue = list(view["swap_queue"])
    st.sheet = [dict(r) for r in view["sheet"]]
    sizes = view["hand_sizes"]

    fixed: list[list[int]] = [list(k) for k in st.known]
    hidden_seats = [s for s in range(p) if s != me]
    if me is not None:
        if view["blind"]:
            hidden_seats = [me]
            for o in range(p):
                bc = view["blind_cards"][o]
                fixed[o] = [_c(bc)] if (o != me and bc is not None) else []
        else:
            fixed[me] = [_c(c) for c in view["hand"]]
        if st.passed[me] >= 0:
            left = (me + 1) % p
            if st.passed[me] not in fixed[left]:
                fixed[left].append(st.passed[me])
    elif view["blind"]:
        hidden_seats = list(range(p))
    seen = set(st.gone)
    for f in fixed:
        seen.update(f)
    if st.trump_card >= 0:
        seen.add(st.trump_card)
    pool = [c for c in deck_of(specials) if c not in seen]
    need = {o: sizes[o] - len(fixed[o]) for o in hidden_seats}
    hands = _deal_hidden(pool, need, st.voids, rng)
    st.hands = [sorted(fixed[o] + hands.get(o, [])) for o in range(p)]
    st.stock = hands.get(-1, [])
    st.pass_choice = [-1] * p
    if view["passing"] is not None:
        for o, done in enumerate(view["passing"]["done"]):
            if done:
                if o == me:
                    st.pass_choice[o] = _c(view["passing"]["mine"])
                else:
                    st.pass_choice[o] = rng.choice(st.hands[o])
    return st


def _c(text: str) -> int:
    c = parse_card(text)
    assert c is not None
    return c


def _deal_hidden(
    pool: list[int], need: dict[int, int], voids: list[int], rng: random.Random
) -> dict[int, list[int]]:
    """Deal ``need[o]`` cards of the pool to each seat ``o``, avoiding its void colours; what is
    left (key -1) is the undealt stock."""
    order = sorted(need, key=lambda o: -bin(voids[o]).count("1"))
    for attempt in range(40):
        cards = pool[:]
        rng.shuffle(cards)
        out: dict[int, list[int]] = {}
        ok = True
        for o in order:
            mask = voids[o] if attempt < 39 else 0
            take: list[int] = []
            rest: list[int] = []
            k = need[o]
            for c in cards:
                if len(take) < k and not (c < N_NUMBERS and mask >> (c // 15) & 1):
                    take.append(c)
                else:
                    rest.append(c)
            if len(take) < k:
                ok = False
                break
            out[o] = take
            cards = rest
        if ok:
            out[-1] = cards
            return out
    raise AssertionError("no consistent deal")  # pragma: no cover


# -- heuristics on a state -------------------------------------------------------------------


def strength(st: WerkState, card: int, decl: int) -> float:
    """A rough rank of a card for "play high / play low" decisions."""
    e = effective(card, st.trump_card)
    kind, colour, value = play_info(e, decl)
    if kind == K_NUM:
        trump = decl if e == TR else st.trump
        return 40 + value if colour == trump else value
    return _KIND_STRENGTH[kind]


_KIND_STRENGTH = {K_DK: 100.0, K_MEISTER: 95.0, K_FF: 0.4, K_KB: 0.3, K_BLIND: 0.2, K_SS: 0.1}


def wins_now(st: WerkState, seat: int, card: int, decl: int) -> bool:
    """Would this card take the trick if nobody played after it?"""
    tc = st.trump_card
    trump = st.trump
    infos = [play_info(effective(c, tc), d) for (_s, c, d) in st.trick]
    e = effective(card, tc)
    infos.append(play_info(e, decl))
    if e == TR:
        trump = decl
    w, _ = trick_winner(infos, trump)
    return w == len(infos) - 1


def trick_summary(st: WerkState) -> tuple[bool, bool, bool, bool, bool, bool, bool, float, bool]:
    """One pass over the current trick for ``beats_summary``: (Kesselberster, Dampfkoloss,
    Funkenfee, Meisterwerk, Blindgänger, any number-valued card, best is trump, best value,
    Schrottsammlerin only)."""
    tc = st.trump_card
    trump = st.trump
    kb = dk = ff = mw = bl = num = best_trump = False
    best = -1.0
    suit = st.suit
    for _s, c, d in st.trick:
        kind, colour, value = play_info(effective(c, tc), d)
        if kind == K_NUM:
            num = True
            if colour == trump:
                if not best_trump or value > best:
                    best, best_trump = value, True
            elif not best_trump and colour == suit and value > best:
                best = value
        elif kind == K_KB:
            kb = True
        elif kind == K_DK:
            dk = True
        elif kind == K_FF:
            ff = True
        elif kind == K_MEISTER:
            mw = True
        elif kind == K_BLIND:
            bl = True
    return (kb, dk, ff, mw, bl, num, best_trump, best, True)


def beats_summary(
    st: WerkState,
    summ: tuple[bool, bool, bool, bool, bool, bool, bool, float, bool],
    card: int,
    decl: int,
) -> bool:
    """``wins_now`` against a precomputed ``trick_summary`` (the Transformator, which switches
    trump, is evaluated in full)."""
    kb, dk, ff, mw, bl, num, best_trump, best, _ = summ
    e = effective(card, st.trump_card)
    if kb or e == KB:
        return False
    if e == TR:
        return wins_now(st, -1, card, decl)
    kind, colour, value = play_info(e, decl)
    if kind == K_DK:
        return not dk and not ff
    if kind == K_FF:
        return (dk and not ff) or not (dk or mw or num or bl or ff)
    if dk:
        return False
    if kind == K_MEISTER:
        return not mw
    if mw:
        return False
    if kind == K_NUM:
        if colour == st.trump:
            return not best_trump or value > best
        if best_trump:
            return False
        suit = st.suit
        return suit < 0 or (colour == suit and value > best)
    if num:
        return False
    if kind == K_BLIND:
        return not bl
    return not (bl or ff)  # Schrottsammlerin


def card_win_prob(st: WerkState, card: int) -> float:
    """A rough chance that a card takes a trick, for bidding."""
    e = effective(card, st.trump_card)
    p = st.players
    r = st.round_no
    trump = st.trump
    if e == DK:
        return 0.75 if FF in st.specials else 0.95
    if e in (PT, TR):
        return 0.85
    if e == FF:
        return 0.15 if DK in st.specials else 0.05
    if e in (KB, SS, BLIND_COPY):
        return 0.0
    if e == FB:
        return 0.3 if trump >= 0 else 0.15
    if e == DW:
        return 0.45 if trump >= 0 else 0.25
    colour, value = e // 15, e % 15 + 1
    if colour == trump:
        base = ((value - 1) / 14) ** 1.6
        return min(1.0, 0.15 + 0.85 * base * (1.1 - 0.02 * p))
    high = max(0.0, (value - 10) / 5)
    f = (1.0 - 0.08 * (p - 3)) * max(0.35, 1.0 - 0.035 * r)
    if trump < 0:
        f = min(1.0, f * 1.2)
    return high * high * f


def estimate_tricks(st: WerkState, seat: int) -> float:
    return sum(card_win_prob(st, c) for c in st.hands[seat])


def blind_win_prob(st: WerkState, seat: int) -> float:
    """Blind round: the chance that the unseen own card takes the trick, over every card it could
    be (the others' cards are visible)."""
    p = st.players
    seen = set(st.gone)
    others: dict[int, int] = {}
    for o in range(p):
        if o != seat and st.hands[o]:
            others[o] = st.hands[o][0]
            seen.add(st.hands[o][0])
    if st.trump_card >= 0:
        seen.add(st.trump_card)
    pool = [c for c in deck_of(st.specials) if c not in seen and c not in st.gone]
    if not pool:
        return 0.0
    order = [(st.leader + i) % p for i in range(p)]
    wins = 0.0
    for mine in pool:
        tc = st.trump_card
        trump = st.trump
        infos = []
        for o in order:
            c = mine if o == seat else others.get(o, -1)
            if c < 0:
                played = [pl for pl in st.trick if pl[0] == o]
                if not played:
                    continue
                c, d = played[0][1], played[0][2]
            else:
                d = _blind_guess_decl(st, c, o == seat or st.bids[o] != 0)
            e = effective(c, tc)
            if e == TR:
                trump = d
            infos.append((o, play_info(e, d)))
        w, _ = trick_winner([i for (_o, i) in infos], trump)
        if w >= 0 and infos[w][0] == seat:
            wins += 1
    return wins / len(pool)


def _blind_guess_decl(st: WerkState, card: int, want: bool) -> int:
    e = effective(card, st.trump_card)
    if e == PT:
        return 1 if want else 0
    if e in (TR, FB, DW):
        if want:
            return st.trump if st.trump >= 0 else 0
        return next(c for c in range(4) if c != st.trump)
    return -1


def choose_bid(st: WerkState, seat: int) -> int:
    if is_blind(st):
        est = 1.0 if blind_win_prob(st, seat) >= 0.5 else 0.0
    else:
        est = estimate_tricks(st, seat)
    return nearest_bid(st, seat, est)


def nearest_bid(st: WerkState, seat: int, est: float) -> int:
    options = legal_bids(st, seat)
    return min(options, key=lambda b: (abs(b - est), b))


def choose_play(st: WerkState, seat: int, timeout: bool = False) -> tuple[int, int]:
    plays = legal_plays(st, seat)
    if len(plays) == 1:
        return plays[0]
    want = st.bids[seat] > st.won[seat]
    summ = trick_summary(st)
    scored = [(beats_summary(st, summ, c, d), strength(st, c, d), c, d) for (c, d) in plays]
    if timeout:
        if want:
            best = max(scored, key=lambda x: x[1])
        else:
            losers = [x for x in scored if not x[0]] or scored
            best = min(losers, key=lambda x: x[1])
        return best[2], best[3]
    if not st.trick:
        best = max(scored, key=lambda x: x[1]) if want else min(scored, key=lambda x: x[1])
        return best[2], best[3]
    last = len(st.trick) == st.players - 1
    if want:
        winners = [x for x in scored if x[0]]
        if winners:
            if last:
                best = min(winners, key=lambda x: x[1])
            else:
                safe = [x for x in winners if x[1] >= 50]
                best = min(safe, key=lambda x: x[1]) if safe else max(winners, key=lambda x: x[1])
        else:
            best = min(scored, key=lambda x: x[1])
    else:
        losers = [x for x in scored if not x[0]]
        if losers:
            best = max(losers, key=lambda x: x[1])
        else:
            best = max(scored, key=lambda x: x[1]) if last else min(scored, key=lambda x: x[1])
    return best[2], best[3]


def choose_trump(st: WerkState, seat: int) -> int:
    if is_blind(st):
        # the dealer's own card is unseen: the colour the others hold least of
        held = [0.0] * 4
        for o in range(st.players):
            if o != seat and st.hands[o] and st.hands[o][0] < N_NUMBERS:
                held[st.hands[o][0] // 15] += 1
        return min(range(4), key=lambda c: (held[c], c))
    score = [0.0] * 4
    for c in st.hands[seat]:
        if c < N_NUMBERS:
            score[c // 15] += 1 + (c % 15) / 15
    return max(range(4), key=lambda c: (score[c], -c))


def choose_pass(st: WerkState, seat: int) -> int:
    want = st.bids[seat] > st.won[seat]
    hand = st.hands[seat]
    key = [(strength(st, c, _best_decl(st, c)), c) for c in hand]
    return (min(key) if want else max(key))[1]


def _best_decl(st: WerkState, card: int) -> int:
    e = effective(card, st.trump_card)
    if e in (TR, FB, DW):
        return st.trump if st.trump >= 0 else 0
    if e == PT:
        return 1
    return -1


def choose_adjust(st: WerkState, seat: int) -> int:
    options = bid_changes(st, seat)
    if len(options) == 1:
        return options[0]
    target = st.won[seat] + estimate_tricks(st, seat)
    return 1 if target > st.bids[seat] else -1


def choose_swap(st: WerkState, seat: int) -> tuple[int, int]:
    options = swap_options(st, seat)
    if not options:
        return (-1, -1)
    want = st.bids[seat] > st.won[seat]

    def s(c: int) -> float:
        return strength(st, c, _best_decl(st, c))

    if want:
        g, t = max(options, key=lambda o: s(o[1]) - s(o[0]))
        return (g, t) if s(t) > s(g) + 1 else (-1, -1)
    g, t = max(options, key=lambda o: s(o[0]) - s(o[1]))
    return (g, t) if s(g) > s(t) + 1 else (-1, -1)


def heuristic_move(st: WerkState, seat: int, timeout: bool = False) -> Move:
    ph = st.phase
    if ph == P_BID:
        return ("b", choose_bid(st, seat))
    if ph == P_PLAY:
        if is_blind(st):
            return ("p", -1, -1)
        c, d = choose_play(st, seat, timeout)
        return ("p", c, d)
    if ph == P_TRUMP:
        return ("t", choose_trump(st, seat))
    if ph == P_PASS:
        return ("s", choose_pass(st, seat))
    if ph == P_ADJUST:
        return ("a", choose_adjust(st, seat))
    if ph == P_SWAP:
        if timeout:
            return ("w", -1, -1)
        return ("w", *choose_swap(st, seat))
    raise AssertionError("no decision in this phase")


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


def move_action(st: WerkState, move: Move) -> Action:
    k = move[0]
    if k == "p":
        if move[1] < 0:
            return {"type": "play_blind"}
        return play_action(move[1], move[2], st)
    if k == "b":
        return {"type": "bid", "tricks": move[1]}
    if k == "t":
        return {"type": "trump", "color": COLORS[move[1]]}
    if k == "s":
        return {"type": "pass", "card": card_str(move[1])}
    if k == "a":
        return {"type": "adjust", "delta": move[1]}
    if move[1] < 0:
        return {"type": "keep"}
    return {"type": "swap", "give": card_str(move[1]), "take": card_str(move[2])}


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
        return ("p", _c(a["card"]), decl)
    if t == "bid":
        return ("b", a["tricks"])
    if t == "trump":
        return ("t", COLORS.index(a["color"]))
    if t == "pass":
        return ("s", _c(a["card"]))
    if t == "adjust":
        return ("a", a["delta"])
    if t == "keep":
        return ("w", -1, -1)
    return ("w", _c(a["give"]), _c(a["take"]))


def heuristic_action(st: WerkState, seat: int, timeout: bool = False) -> Action:
    return move_action(st, heuristic_move(st, seat, timeout))


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
        st = sample_state(view, random.Random(0))
        action = heuristic_action(st, view["seat"])
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


def rollout(st: WerkState, me: int, n0: int) -> tuple[float, int]:
    """Play the round out with the heuristics; returns (value for ``me``, tricks of ``me``).
    ``n0`` is the length of the score sheet before the round ends."""
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
    return pts[me] - 0.25 * others, row["won"][me]


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
    ) -> tuple[list[float], list[float], int]:
        me = view["seat"]
        moves = [action_move(a) for a in legal]
        left = sum(view["hand_sizes"]) + 1
        per = max(1, self.budget // (len(moves) * left))
        n = max(2, min(self.max_samples, per))
        totals = [0.0] * len(moves)
        tricks = [0.0] * len(moves)
        weigh = not view["blind"] and any(
            b is not None and o != me for o, b in enumerate(view["bids"])
        )
        for _ in range(n):
            base = self._sample(view, rng, me) if weigh else sample_state(view, rng)
            for i, mv in enumerate(moves):
                st = copy_state(base)
                if mv[0] == "s":
                    st.pass_choice[me] = -1
                n0 = len(st.sheet)
                apply_move(st, me, mv)
                v, t = rollout(st, me, n0)
                totals[i] += v
                tricks[i] += t
        return [t / n for t in totals], [t / n for t in tricks], n

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
        values, tricks, _n = self.evaluate(view, legal, rng)
        # few samples are noisy: the heuristic's own choice wins near-ties
        st = sample_state(view, random.Random(0))
        preferred = heuristic_action(st, view["seat"])
        for i, a in enumerate(legal):
            if a == preferred:
                values[i] += self.prior
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        cands = [
            {"action": legal[i], "value": round(values[i], 1), "tricks": round(tricks[i], 2)}
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
            g, t = _c(a["give"]), _c(a["take"])
            d = strength(st, t, _best_decl(st, t)) - strength(st, g, _best_decl(st, g))
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
    out_of_play = {_c(c) for c in view["gone"]} | {_c(c) for c in view["hand"]}
    tc = _c(view["trump_card"]) if view["trump_card"] else -1
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
    """The strong bot's suggestion with a short German reason."""
    describe = describe_action
    if not legal:
        return Advice(action={}, reason="Du bist gerade nicht am Zug.")
    if len(legal) == 1:
        return Advice(action=legal[0], reason="Es gibt nur diese eine Möglichkeit.")
    bot = StarkBot()
    action, cands, tricks = bot.decide(view, legal, random.Random(20240601))
    value = cands[0]["value"]
    if view["phase"] == "bid":
        if view["blind"]:
            reason = (
                f"Deine verdeckte Karte gewinnt den Stich mit etwa {tricks * 100:.0f} % "
                f"Wahrscheinlichkeit → Ansage {action['tricks']}."
            )
        else:
            reason = (
                f"Erwartete Stiche {_de(tricks)} → Ansage {action['tricks']} "
                f"(im Schnitt {_de(value, 0)} Punkte)."
            )
    else:
        reason = (
            f"{describe(action).capitalize()}: in den Proberunden im Schnitt "
            f"{_de(tricks)} Stiche und {_de(value, 0)} Punkte für dich."
        )
    return Advice(action=action, reason=reason, candidates=cands[:5])


def _de(x: float, digits: int = 1) -> str:
    return f"{x:.{digits}f}".replace(".", ",")
