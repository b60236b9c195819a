"""Speedtrödel bots. They see the view and the legal actions, never the state.

* ``leicht``: any legal choice.
* ``normal``: counts the cards seen this round, leads tricks nobody can take any more, wins a
  trick as cheaply as possible, dumps Fälschungen on others, uses Schnäppchenblick and Ganzer
  Posten when it loses a trick anyway. Its own chance (``rng``) picks among the cards within
  ``NORMAL_SPREAD`` ranks of the one its rule names, so the same deal is not the same game.
* ``stark``: determinization. It re-deals the hidden cards consistently with its view
  (``make_sampler``), plays every candidate (card, Schnäppchenblick pick, Tauschrunde card,
  Heute-gefragt colour) out to the end of the round – the other seats with the normal bot's own
  policy (what they would count as outstanding included), itself with a fast
  perfect-information policy – and scores the result. When the game ends with that round (the
  last round, or the attic cannot serve the next one) only winning counts: 10 for a win plus
  the margin to the best rival. Otherwise: points (Fälschung −3 included) against the mean of
  the others plus a little for the worth of the catch, which becomes the next hand. Budget:
  ``rollouts`` per decision (an int, so the bot stays deterministic for a given view and rng).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.engines.base import Action, Advice, Bot, Msg, View, in_random_order, msg, near_best
from games.speedtroedel.engine.cards import (
    EMERALD,
    FAKES,
    POSTEN,
    SUITS,
    TIER,
    code,
    colour_name,
    is_zero,
    name,
    parse,
    strength,
)
from games.speedtroedel.engine.rules import (
    ASK,
    OVER,
    PICK,
    PLAY,
    SWAP,
    State,
    best_colour,
    clone_state,
    colour_scores,
    do_ask,
    do_pick,
    do_play,
    do_swap_choice,
    follow_suit,
    pick_options,
    playable,
    weakest,
)

#: default rollouts per decision of the strong bot (web play, advice)
STARK_ROLLOUTS = int(os.environ.get("SPEEDTROEDEL_STARK_ROLLOUTS", "250"))
#: when the game ends with the rollout's round: a win counts this much, plus the margin to the
#: best rival
WIN_WEIGHT = 10.0
#: weight of the catch's worth; tuned with the old greedy rollouts (stark-48, small samples):
#: 0 gave 38 %, 0.04 47 %, 0.1 45 %
QUALITY_WEIGHT = 0.04


def _card_of(action: Action) -> int:
    c = parse(action.get("card"))
    assert c is not None
    return c


def _key(c: int, f: int, ramsch: bool) -> int:
    """Trick strength of a card for the suit to follow ``f`` (higher wins)."""
    if c >= 100:
        return -1
    s = c // 20
    v = c % 20
    if s == EMERALD:
        return 100 + (20 - v if ramsch else v)
    if s == f:
        return 50 + (20 - v if ramsch else v)
    return -1


# -- leicht ------------------------------------------------------------------------------------
class EasyBot:
    strength = "leicht"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)


# -- normal ------------------------------------------------------------------------------------
@dataclass
class _Info:
    me: int
    n: int
    hand: list[int]
    trick_seats: list[int]
    trick: list[int]
    g_colour: int
    ramsch: bool
    voids: list[int]
    outstanding: set[int]
    penalty: bool


def _info(view: View) -> _Info:
    from games.speedtroedel.engine.seat_view import game_cards

    me = view["seat"]
    n = view["players"]
    hand = [parse(k) or 0 for k in view["hand"]]
    seen: set[int] = set(hand)
    seen.update(parse(k) or 0 for k in view["box"])
    for t in view["tricks"]:
        seen.update(parse(k) or 0 for _, k in t["plays"])
    trick = [parse(k) or 0 for _, k in view["trick"]]
    seen.update(trick)
    unseen_by_tier = [0] * 6
    cards = game_cards(n, view["options"])
    for c in cards:
        if c not in seen:
            unseen_by_tier[TIER[c]] += 1
    attic = view["attic"]["tiers"]
    # a tier whose unseen cards all still lie in the attic cannot be in anybody's hand
    closed = {t for t in range(1, 6) if attic[t - 1] >= unseen_by_tier[t]}
    outstanding = {c for c in cards if c not in seen and TIER[c] not in closed}
    gq = view["gefragt"]
    return _Info(
        me=me,
        n=n,
        hand=hand,
        trick_seats=[s for s, _ in view["trick"]],
        trick=trick,
        g_colour=SUITS.index(gq["colour"]) if gq else -1,
        ramsch=view["ramsch"],
        voids=[sum(1 << SUITS.index(k) for k in vs) for vs in view["voids"]],
        outstanding=outstanding,
        penalty=not view["options"]["faelschung_ohne_strafe"],
    )


#: each card as the normal bot reads it back from a view (``parse(code(c))``: the notation
#: does not tell the two Fälschungen apart)
_AS_SHOWN = [parse(code(c)) or 0 for c in range(107)]


def _info_of(state: State, seat: int) -> _Info:
    """``_info(view(state, seat))`` read from the state without the view in between (the
    analysis's rollouts, ``rollout_action``): the same fields of the seat's hand, its box, the
    round's tricks, the attic's tiers and the public facts – ``test_bots`` holds the two equal
    over whole games."""
    from games.speedtroedel.engine.seat_view import attic_tiers, game_cards

    shown = _AS_SHOWN
    n = state.n
    hand = [shown[c] for c in sorted(state.hands[seat])]
    seen: set[int] = set(hand)
    seen.update(shown[c] for c in state.boxes[seat])
    for rec in state.tricks:
        seen.update(shown[c] for c in rec[2])
    trick = [shown[c] for c in state.tcards]
    seen.update(trick)
    unseen_by_tier = [0] * 6
    cards = game_cards(n, state.options)
    for c in cards:
        if c not in seen:
            unseen_by_tier[TIER[c]] += 1
    attic = attic_tiers(state)
    closed = {t for t in range(1, 6) if attic[t - 1] >= unseen_by_tier[t]}
    return _Info(
        me=seat,
        n=n,
        hand=hand,
        trick_seats=list(state.tseats),
        trick=trick,
        g_colour=state.g_colour if state.g_colour >= 0 else -1,
        ramsch=state.ramsch,
        voids=[state.voids[s] & 0b11111 for s in range(n)],
        outstanding={c for c in cards if c not in seen and TIER[c] not in closed},
        penalty=not state.options["faelschung_ohne_strafe"],
    )


#: how many ranks apart normal's cards may be for it to pick either by chance (``_low``); 2 made
#: it weaker (21.8 % against three of the previous normal), 1 does not (docs/performance.md)
NORMAL_SPREAD = 1


def _low(cards: Sequence[int], key: Callable[[int], float], rng: random.Random | None) -> int:
    """The card of the lowest ``key``; with ``rng`` one within ``NORMAL_SPREAD`` of it, by
    chance (normal's own chance: the same deal is not the same game)."""
    return near_best([(-key(c), c) for c in cards], rng, NORMAL_SPREAD)


def _dump_card(cards: list[int], allow_zero: bool = True, rng: random.Random | None = None) -> int:
    """The card to throw away when the trick is lost anyway (with ``rng``: among the lowest
    colour cards by chance)."""
    zero = -1
    plain = -1
    plain_s = 99
    for c in cards:
        if c >= 100:
            if c in FAKES:
                return c
        elif c % 20 == 0:
            if zero < 0:
                zero = c
        else:
            st = c % 20 if c < 80 else 22 + c % 20
            if st < plain_s or (st == plain_s and c < plain):
                plain_s = st
                plain = c
    if allow_zero and zero >= 0:
        return zero
    if plain >= 0 and rng is not None:
        plains = [c for c in cards if c < 100 and c % 20]
        return _low(plains, lambda c: c % 20 if c < 80 else 22 + c % 20, rng)
    if plain >= 0:
        return plain
    return min(cards, key=lambda c: (c == POSTEN, strength(c), c))


def normal_play(info: _Info, cards: list[int], rng: random.Random | None = None) -> int:
    """Normal's card; with ``rng`` any card within ``NORMAL_SPREAD`` ranks of the one its rule
    names, among those the rule treats alike (the safe leads, the cheapest safe winners, the
    lowest cards), by chance."""
    if len(cards) == 1:
        return cards[0]
    n = info.n
    trick = info.trick
    out = info.outstanding
    if not trick:
        ramsch = info.ramsch
        f0 = info.g_colour
        safe = []
        for c in cards:
            if c >= 100 or is_zero(c):
                continue
            f = f0 if f0 >= 0 else c // 20
            k = _key(c, f, ramsch)
            if k < 0:
                continue
            if any(_key(o, f, ramsch) > k for o in out):
                continue
            if c // 20 != EMERALD and any(o // 20 == EMERALD and o < 100 for o in out):
                voids = any(info.voids[s] >> (c // 20) & 1 for s in range(n) if s != info.me)
                left = sum(1 for o in out if o < 100 and o // 20 == c // 20)
                if voids or left < n - 1:
                    continue
            safe.append(c)
        if safe:
            return _low(safe, lambda c: 100 * (c // 20 == EMERALD) + c % 20, rng)
        plain = [c for c in cards if c < 100 and not is_zero(c) and c // 20 != EMERALD]
        if plain:
            return _low(plain, lambda c: c % 20, rng)
        return _dump_card(cards, rng=rng)
    f = follow_suit(trick, info.g_colour)
    after = n - len(trick) - 1
    best = max((_key(c, f, info.ramsch) for c in trick), default=-1)
    fakes = sum(1 for c in trick if c in FAKES)
    value = len(trick) + 1 - (3 * fakes if info.penalty else 0)
    if POSTEN in cards and after == 0 and len(trick) >= 2:
        return POSTEN
    winners = []
    for c in cards:
        ff = f if f >= 0 else (c // 20 if c < 100 else -1)
        if _key(c, ff, info.ramsch) > best:
            winners.append(c)
    if winners and value >= 2:
        if after == 0:
            return min(winners, key=lambda c: _key(c, f if f >= 0 else c // 20, info.ramsch))
        rest = [
            s for s in ((info.me + i) % n for i in range(1, after + 1)) if s not in info.trick_seats
        ]
        safe = []
        for c in winners:
            ff = f if f >= 0 else c // 20
            k = _key(c, ff, info.ramsch)
            threat = [o for o in out if _key(o, ff, info.ramsch) > k]
            if not threat:
                safe.append(c)
                continue
            # a colour card is safe against Smaragd only if nobody after us is void in it
            only_trumps = all(o < 100 and o // 20 == EMERALD for o in threat)
            suit_left = sum(1 for o in out if o < 100 and o // 20 == ff)
            no_void = not any(info.voids[s] >> ff & 1 for s in rest)
            if only_trumps and ff != EMERALD and no_void and suit_left >= len(rest):
                safe.append(c)
        if safe:
            return _low(safe, lambda c: _key(c, f if f >= 0 else c // 20, info.ramsch), rng)
    return _dump_card(cards, rng=rng)


def normal_pick(options: list[int], rng: random.Random | None = None) -> int:
    """The strongest card (with ``rng``: one within ``NORMAL_SPREAD`` of it, by chance)."""
    if rng is not None:
        return near_best([(strength(c), c) for c in options], rng, NORMAL_SPREAD)
    return max(options, key=lambda c: (strength(c), -c))


class NormalBot:
    strength = "normal"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        return _normal_choice(
            legal, rng, lambda: [parse(k) or 0 for k in view["hand"]], lambda: _info(view)
        )


def rollout_action(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """``NormalBot().choose(view(state, seat), legal, rng)`` read from ``state`` directly
    (``_info_of``: only what the view shows), for the analysis's rollouts, which ask it at every
    seat for every simulated move (``games.engines.analysis.rollout``)."""
    return _normal_choice(
        legal,
        rng,
        lambda: [_AS_SHOWN[c] for c in sorted(state.hands[seat])],
        lambda: _info_of(state, seat),
    )


def _normal_choice(
    legal: list[Action],
    rng: random.Random,
    hand: Callable[[], list[int]],
    info: Callable[[], _Info],
) -> Action:
    """The normal bot's move among ``legal``; ``hand`` and ``info`` read the seat's hand and
    what it knows (from its view or, equally, from the state)."""
    if len(legal) == 1:
        return legal[0]
    # its own chance: ties and near-equal choices (``near_best``) fall by ``rng``
    legal = in_random_order(legal, rng)
    kind = legal[0]["type"]
    if kind == "ask":
        scored = [(score, s) for s, score in enumerate(colour_scores(hand()))]
        return {"type": "ask", "colour": SUITS[near_best(scored, rng, NORMAL_SPREAD)]}
    cards = [_card_of(a) for a in legal]
    if kind == "pick":
        return {"type": "pick", "card": code(normal_pick(cards, rng))}
    if kind == "swap":
        return {"type": "swap", "card": code(_low(cards, strength, rng))}
    return {"type": "play", "card": code(normal_play(info(), cards, rng))}


# -- stark -------------------------------------------------------------------------------------
def _key_tables() -> list[list[list[int]]]:
    """``KEYS[ramsch][f + 1][card]`` = ``_key(card, f, ramsch)``; for ``f = -1`` a colour card
    counts in its own suit (it would set the suit)."""
    tables = []
    for ramsch in (False, True):
        per_f = []
        for f in range(-1, 5):
            row = [-1] * 107
            for c in range(107):
                row[c] = _key(c, f if f >= 0 else (c // 20 if c < 100 else -1), ramsch)
            per_f.append(row)
        tables.append(per_f)
    return tables


KEYS = _key_tables()
#: the same without the Smaragd entries (-1): who beats a card within its own colour
PLAIN_KEYS = [
    [[k if not 80 <= c < 100 else -1 for c, k in enumerate(row)] for row in per_f] for per_f in KEYS
]


def _rollout_play(st: State, seat: int) -> int:
    """Fast perfect-information policy used inside rollouts: lead a card nobody can beat, else a
    low colour card; follow with the cheapest card that beats everything still to come, else
    dump (Fälschung, Schnäppchenblick, lowest card); Ganzer Posten last on a lost trick."""
    cards = playable(st, seat)
    if len(cards) == 1:
        return cards[0]
    n = st.n
    trick = st.tcards
    hands = st.hands
    per_f = KEYS[st.ramsch]
    if not trick:
        f0 = st.g_colour
        best_c = -1
        for c in cards:
            if c >= 100 or c % 20 == 0:
                continue
            kt = per_f[(f0 if f0 >= 0 else c // 20) + 1]
            k = kt[c]
            if k < 0 or (best_c >= 0 and c > best_c):
                continue
            ok = True
            for s in range(n):
                if s != seat:
                    for o in hands[s]:
                        if kt[o] > k:
                            ok = False
                            break
                    if not ok:
                        break
            if ok:
                best_c = c
        if best_c >= 0:
            return best_c
        plain = [c for c in cards if c < 80 and c % 20]
        if plain:
            return min(plain, key=lambda c: c % 20)
        return _dump_card(cards)
    f = follow_suit(trick, st.g_colour)
    after = n - len(trick) - 1
    if POSTEN in cards and after == 0 and len(trick) >= 2:
        return POSTEN
    kt = per_f[f + 1]
    best = max([kt[c] for c in trick])
    rest_best = best
    for i in range(1, after + 1):
        h = hands[(seat + i) % n]
        if f >= 0:
            lo = f * 20
            follow = [o for o in h if lo <= o < lo + 20]
            if follow:
                h = follow
        for o in h:
            k = kt[o]
            if k > rest_best:
                rest_best = k
    return _lowest_above_or_dump(cards, kt, rest_best)


def _lowest_above_or_dump(cards: list[int], kt: Sequence[int], floor: int) -> int:
    """The card whose key in ``kt`` is the lowest above ``floor`` (the cheapest winner); the
    card to dump when none is above it."""
    pick = -1
    pk = 10**6
    for c in cards:
        k = kt[c]
        if floor < k < pk:
            pk = k
            pick = c
    return pick if pick >= 0 else _dump_card(cards)


def _static_outs(st: State) -> list[tuple[list[int], list[int]]]:
    """What each seat's normal policy counts as outstanding besides the other hands: the other
    seats' boxes and the attic tiers that are not "closed" for it (a tier is closed when none of
    its unseen cards lies outside the attic). Reduced to the lowest and highest card of every
    suit (all the policy compares) and the number of cards per suit."""
    n = st.n
    attic_by_tier: list[list[int]] = [[] for _ in range(6)]
    for c in st.attic:
        attic_by_tier[TIER[c]].append(c)
    out = []
    for s in range(n):
        cards: list[int] = []
        tiers = 0
        for o in range(n):
            if o != s:
                cards.extend(st.boxes[o])
                for c in st.hands[o]:
                    tiers |= 1 << TIER[c]
                for c in st.boxes[o]:
                    tiers |= 1 << TIER[c]
        for t in range(1, 6):
            if tiers >> t & 1:
                cards.extend(attic_by_tier[t])
        lo = [-1] * 5
        hi = [-1] * 5
        cnt = [0] * 5
        for c in cards:
            if c < 100:
                su = c // 20
                cnt[su] += 1
                if lo[su] < 0 or c < lo[su]:
                    lo[su] = c
                if c > hi[su]:
                    hi[su] = c
        red = sorted({c for c in lo + hi if c >= 0})
        out.append((red, cnt))
    return out


def _normal_sim_play(st: State, seat: int, static: list[tuple[list[int], list[int]]]) -> int:
    """``normal_play`` inside a rollout: the same decisions, with what the seat would count as
    outstanding (the other hands, plus boxes and open attic tiers from ``_static_outs``)."""
    cards = playable(st, seat)
    if len(cards) == 1:
        return cards[0]
    n = st.n
    trick = st.tcards
    hands = st.hands
    ramsch = st.ramsch
    per_f = KEYS[ramsch]
    red, cnt = static[seat]
    others: list[int] = []
    for s in range(n):
        if s != seat:
            others += hands[s]
    out = red + others
    voids = st.voids
    if not trick:
        f0 = st.g_colour
        trumps_out = cnt[EMERALD] > 0 or any(80 <= o < 100 for o in others)
        maxk: dict[int, int] = {}
        safe_c = -1
        safe_k: tuple[bool, int] = (True, 99)
        for c in cards:
            if c >= 100 or c % 20 == 0:
                continue
            cs = c // 20
            f = f0 if f0 >= 0 else cs
            kt = per_f[f + 1]
            k = kt[c]
            if k < 0:
                continue
            mk = maxk.get(f)
            if mk is None:
                mk = maxk[f] = max(map(kt.__getitem__, out))
            if mk > k:
                continue
            if cs != EMERALD and trumps_out:
                if any(voids[s] >> cs & 1 for s in range(n) if s != seat):
                    continue
                lo = cs * 20
                if cnt[cs] + sum(1 for o in others if lo <= o < lo + 20) < n - 1:
                    continue
            sk = (cs == EMERALD, c % 20)
            if sk < safe_k:
                safe_k = sk
                safe_c = c
        if safe_c >= 0:
            return safe_c
        pc = -1
        for c in cards:
            if c < 80 and c % 20 and (pc < 0 or c % 20 < pc % 20):
                pc = c
        if pc >= 0:
            return pc
        return _dump_card(cards)
    f = follow_suit(trick, st.g_colour)
    after = n - len(trick) - 1
    if after == 0 and POSTEN in cards and len(trick) >= 2:
        return POSTEN
    kt_f = per_f[f + 1]
    best = max(map(kt_f.__getitem__, trick))
    value = len(trick) + 1
    if not st.options["faelschung_ohne_strafe"]:
        value -= 3 * sum(1 for c in trick if c in FAKES)
    if value >= 2:
        if after == 0:
            return _lowest_above_or_dump(cards, kt_f, best)
        pick = -1
        pk = 10**6
        rest = [(seat + i) % n for i in range(1, after + 1)]
        plain_tab = PLAIN_KEYS[ramsch]
        for c in cards:
            k = kt_f[c]
            if not best < k < pk:
                continue
            ff = f if f >= 0 else c // 20
            kt = per_f[ff + 1]
            if max(map(kt.__getitem__, out)) > k:
                # threatened: safe only if every threat is a Smaragd, the colour is no trump,
                # nobody after us is void in it and enough of it is still out
                if ff == EMERALD or max(map(plain_tab[ff + 1].__getitem__, out)) > k:
                    continue
                if any(voids[s] >> ff & 1 for s in rest):
                    continue
                lo = ff * 20
                if cnt[ff] + sum(1 for o in others if lo <= o < lo + 20) < len(rest):
                    continue
            pk = k
            pick = c
        if pick >= 0:
            return pick
    return _dump_card(cards)


def _rollout_to_round_end(
    st: State, me: int = -1, static: list[tuple[list[int], list[int]]] | None = None
) -> None:
    """Play to the end of the round: ``me`` with the perfect-information policy, the others
    (with ``static``) with the normal bot's policy, or everybody perfect-information."""
    while st.phase != OVER:
        p = st.phase
        if p == PLAY:
            t = st.turn
            if static is not None and t != me:
                do_play(st, t, _normal_sim_play(st, t, static), None)
            else:
                do_play(st, t, _rollout_play(st, t), None)
        elif p == PICK:
            do_pick(st, normal_pick(pick_options(st)), None)
        elif p == SWAP:
            s = st.swap_choice.index(-1)
            do_swap_choice(st, s, weakest(st.hands[s]), None)
        else:
            do_ask(st, best_colour(st.hands[st.turn]), None)


def _market_closes(st: State) -> bool:
    """Whether the game ends with this round: the last round, or "Leergekauft" (the attic cannot
    serve the next round's needs)."""
    nxt = st.rnd + 1
    if nxt >= len(st.sizes):
        return True
    h = st.sizes[nxt]
    need = 0
    for s in range(st.n):
        k = h - len(st.boxes[s]) - len(st.counters[s])
        if k > 0:
            need += k
    return need > len(st.attic)


def _evaluate(st: State, me: int, base_scores: list[int], quality: bool) -> float:
    n = st.n
    if _market_closes(st):
        # the game ends: only winning counts (with the margin to the best rival as a tiebreak)
        final = [st.scores[s] + len(st.counters[s]) for s in range(n)]
        mine = final[me]
        rival = max(final[s] for s in range(n) if s != me)
        d = mine - rival
        return WIN_WEIGHT * (1.0 if d > 0 else 0.5 if d == 0 else 0.0) + d
    pts = [st.scores[s] - base_scores[s] + len(st.counters[s]) for s in range(n)]
    others = (sum(pts) - pts[me]) / (n - 1)
    v = pts[me] - others
    if quality:
        v += QUALITY_WEIGHT * sum(strength(c) for c in st.counters[me])
    return v


def _apply_candidate(st: State, me: int, kind: str, x: int) -> None:
    if kind == "play":
        do_play(st, me, x, None)
    elif kind == "swap":
        do_swap_choice(st, me, x, None)
    elif kind == "ask":
        do_ask(st, x, None)
    else:
        do_pick(st, x, None)


def _candidates(view: View, legal: list[Action]) -> list[Action]:
    """Legal actions worth comparing: in play, of adjacent cards of a suit with no unseen card
    between them only the lowest is kept (they do the same in the trick)."""
    if legal[0]["type"] != "play" or len(legal) <= 2:
        return legal
    seen: set[int] = set()
    for t in view["tricks"]:
        seen.update(parse(k) or 0 for _, k in t["plays"])
    seen.update(parse(k) or 0 for _, k in view["trick"])
    mine = {_card_of(a) for a in legal}
    out = []
    for a in legal:
        c = _card_of(a)
        if c >= 100 or c % 20 == 0:
            out.append(a)
            continue
        lower = c - 1
        while lower % 20 and lower in seen:
            lower -= 1
        if lower % 20 and lower in mine and lower not in seen:
            continue  # the next lower card does the same job
        out.append(a)
    return out


class StrongBot:
    strength = "stark"

    def __init__(self, rollouts: int | None = None) -> None:
        self.rollouts = rollouts if rollouts is not None else STARK_ROLLOUTS

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        return self.evaluate(view, legal, rng)[0]

    def evaluate(
        self, view: View, legal: list[Action], rng: random.Random
    ) -> tuple[Action, list[tuple[Action, float]]]:
        """The chosen action and the mean rollout value of every compared candidate."""
        action, ranked = self.evaluate_wins(view, legal, rng)
        return action, [(a, v) for a, v, _w in ranked]

    def evaluate_wins(
        self, view: View, legal: list[Action], rng: random.Random
    ) -> tuple[Action, list[tuple[Action, float, float]]]:
        """``evaluate`` with, per candidate, the share of rollouts that win the game (meaningful
        where the game ends with this round: a rollout's value is then ``WIN_WEIGHT`` for a win,
        half of it for a tie, plus the margin, so the value tells the outcome – ``_won``)."""
        if len(legal) == 1:
            return legal[0], []
        kind = legal[0]["type"]
        cands = _candidates(view, legal)
        if len(cands) == 1:
            return cands[0], []
        from games.speedtroedel.engine.seat_view import make_sampler

        try:
            deal = make_sampler(view)
        except ValueError:
            if kind != "pick":
                raise
            # a hand-made test position the sampler cannot complete: the most valuable card
            cards = [_card_of(a) for a in legal]
            return {"type": "pick", "card": code(normal_pick(cards))}, []
        me = view["seat"]
        xs = [
            SUITS.index(a["colour"]) if kind == "ask" else _resolve_own(view, a, kind)
            for a in cands
        ]
        samples = max(1, self.rollouts // len(cands))
        totals = [0.0] * len(cands)
        wins = [0.0] * len(cands)
        quality = view["round"] < view["rounds"]
        for _ in range(samples):
            st = deal(rng, False)
            st.sim = True
            base = st.scores[:]
            static = _static_outs(st)
            for i, x in enumerate(xs):
                if x in FAKES:
                    where = st.pool if kind == "pick" else st.hands[me]
                    x = FAKES[0] if FAKES[0] in where else FAKES[1]
                sim = clone_state(st)
                _apply_candidate(sim, me, kind, x)
                _rollout_to_round_end(sim, me, static)
                value = _evaluate(sim, me, base, quality)
                totals[i] += value
                wins[i] += _won(value)
        means = [t / samples for t in totals]
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        shares = [w / samples for w in wins]
        ranked = sorted(zip(cands, means, shares, strict=True), key=lambda t: -t[1])
        return cands[best], ranked


def _won(value: float) -> float:
    """A final rollout's outcome from its value (``_evaluate``: ``WIN_WEIGHT`` + margin ≥ 1 for
    a win, half of it for a tie, a margin ≤ −1 for a loss): 1, ½ or 0."""
    half = WIN_WEIGHT / 2
    return 1.0 if value > half else 0.5 if value == half else 0.0


def _resolve_own(view: View, action: Action, kind: str) -> int:
    return _card_of(action)  # an "F" is matched to the sampled hand later


#: ``engine.bot(strength)``: ``"stark:N"`` is the strong bot with N rollouts per decision
BOTS: dict[str, Callable[[int | None], Bot]] = {
    "leicht": lambda budget: EasyBot(),
    "normal": lambda budget: NormalBot(),
    "stark": lambda budget: StrongBot(budget),
}


# -- advice ------------------------------------------------------------------------------------
def _lead(x: float) -> Msg:
    """A mean lead over the others: „1,2 Punkte vor den anderen“ / „… hinter …“."""
    return msg("advice.lead.ahead" if x >= 0 else "advice.lead.behind", points=abs(x))


def _chance(share: float) -> Msg:
    """The chance to win the game with a move, from the share of rollouts it won."""
    if share >= 0.9:
        return msg("advice.chance.sure")
    if share >= 0.6:
        return msg("advice.chance.likely")
    if share >= 0.35:
        return msg("advice.chance.open")
    if share > 0.05:
        return msg("advice.chance.slim")
    return msg("advice.chance.none")


def _final_runner(card: Msg, best: tuple[float, float], runner: tuple[float, float]) -> Msg:
    """The second-best move of the last round against the best, in words: fewer wins, or (no
    win in sight either way) further behind the winner, or about as good."""
    (best_value, best_share), (value, share) = best, runner
    if best_value - value < 0.5:
        return msg("advice.runner.close", card=card)
    if best_share - share >= 0.05:
        return msg("advice.runner.fewer_wins", card=card)
    return msg("advice.runner.further_behind", card=card)


def describe(action: Action) -> Msg:
    """The card or colour of ``action`` by name (a code with arguments)."""
    if action["type"] == "ask":
        return colour_name(SUITS.index(action["colour"]))
    c = parse(action["card"])
    return name(c) if c is not None else msg("card.notation", card=str(action["card"]))


def explain(view: View, legal: list[Action]) -> Advice:
    """The strong bot's choice with a short reason (a code with arguments, ``advice.*``)."""
    if not legal:
        raise ValueError("no legal action")
    bot = StrongBot(max(STARK_ROLLOUTS, 300))
    action, ranked = bot.evaluate_wins(view, legal, random.Random(0))
    kind = action["type"]
    label = describe(action)
    cands = [{"action": a, "value": round(v, 2)} for a, v, _w in ranked]
    # second person: what you do („Spiel Porzellan 7“, „Nimm …“, „Gib … weiter“, „Verlange …“)
    head = msg(f"advice.head.{kind}", card=label)
    reason: Msg
    if len(legal) == 1:
        reason = msg("advice.only", card=label)
    elif kind == "pick" and not ranked:
        c = parse(action["card"]) or 0
        reason = msg("advice.pick_fake") if c in FAKES else msg("advice.pick_best", card=label)
    elif not ranked:
        reason = msg("advice.same", head=head)
    else:
        note = quality_note(view)
        best, chance = ranked[0][1], ranked[0][2]
        # the last round: the chance to win the game in words, never a rollout value (41.20)
        body = (
            msg("advice.body.lead", lead=_lead(best))
            if note
            else msg("advice.body.win", chance=_chance(chance))
        )
        runner: Msg | str = ""
        if len(ranked) > 1:
            other = describe(ranked[1][0])
            if note:
                runner = msg("advice.runner", card=other, value=_lead(ranked[1][1]))
            else:
                runner = _final_runner(other, ranked[0][1:], ranked[1][1:])
        tail = msg("advice.tail.catch" if note else "advice.tail.end")
        extra = _play_hint(view, parse(action["card"]) or 0) if kind == "play" else None
        if extra:  # before the advice's reasons: „Spiel Smaragd 9. Höchster Smaragd … Damit …“
            reason = msg(
                "advice.ranked_hint", head=head, hint=extra, body=body, runner=runner, tail=tail
            )
        else:
            reason = msg("advice.ranked", head=head, body=body, runner=runner, tail=tail)
    return Advice(action=action, reason=reason, candidates=cands)


def _play_hint(view: View, c: int) -> Msg | None:
    info = _info(view)
    if c == POSTEN:
        return msg("advice.hint.posten")
    if c in FAKES:
        return msg("advice.hint.fake")
    if is_zero(c):
        return msg("advice.hint.zero")
    higher = any(o < 100 and o // 20 == EMERALD and o > c for o in info.outstanding)
    if c < 100 and c // 20 == EMERALD and not info.ramsch and not higher:
        return msg("advice.hint.top_emerald")
    return None


__all__ = ["EasyBot", "NormalBot", "StrongBot", "explain", "BOTS", "ASK", "PICK", "SWAP"]


def quality_note(view: View) -> bool:
    """Whether the rollout values include the worth of the catch: not when the game ends with
    this round (the last round, or the attic will not serve the next one)."""
    return bool(view["round"] < view["rounds"] and not view["knapp"])
