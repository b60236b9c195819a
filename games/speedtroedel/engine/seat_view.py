"""What a seat may know (``build_view``), re-dealing hidden cards from it (``sample_state``) and
the preview of a hand card (``preview``).

Public: scores, counter/box/hand counts of everyone, cards left per attic tier, the stars of the
top attic card (the card itself with "Dachboden offen"), the current trick with its effects, the
crossed-out colours, this round's finished tricks (who played what and who got what) and the
last trick. Own seat only: hand, counter, box contents (sorted, never the order), the cards the
seat passed and received in this round's Tauschrunde, its pending Tauschrunde choice and how many
cards it will miss next round.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.engines.base import Msg, View, msg
from games.speedtroedel.engine.cards import (
    ATTIC_CARDS,
    ATTIC_PLAIN,
    FALSCH_A,
    FALSCH_B,
    SUITS,
    TIER,
    code,
    colour_name,
    name,
    parse,
    start_cards,
)
from games.speedtroedel.engine.rules import (
    ASK,
    OVER,
    PHASE_NAMES,
    PICK,
    PLAY,
    SWAP,
    State,
    clone_state,
    follow_suit,
    hand_sizes,
    next_need,
    trick_winner,
)
from games.speedtroedel.engine.rules import actors as rules_actors


def _codes(cards: Any) -> list[str]:
    return [code(c) for c in sorted(cards)]


def _trick_json(rec: list[Any]) -> dict[str, Any]:
    leader, seats, cards, winner, taken, g_colour, ramsch = rec
    return {
        "leader": leader,
        "plays": [[s, code(c)] for s, c in zip(seats, cards, strict=True)],
        "winner": winner,
        "taken": [[s, code(c)] for s, c in taken],
        "gefragt": SUITS[g_colour] if g_colour >= 0 else None,
        "ramsch": ramsch,
    }


def attic_tiers(state: State) -> list[int]:
    """How many cards of each tier (1–5 stars) lie in the attic: what every seat sees of it."""
    tiers = [0] * 5
    for c in state.attic:
        t = TIER[c]
        if t:
            tiers[t - 1] += 1
    return tiers


def build_view(state: State, seat: int | None) -> View:
    n = state.n
    tiers = attic_tiers(state)
    top = state.attic[0] if state.attic else None
    need_total = sum(next_need(state, s) for s in range(n))
    f = follow_suit(state.tcards, state.g_colour) if state.phase == PLAY else -1
    pending = None
    if state.phase in (PICK, SWAP, ASK):
        pending = {
            "winner": state.winner,
            "pickers": [[s, code(c)] for s, c in state.pickers],
            "pool": _codes(state.pool),
            "taken": [[s, code(c)] for s, c in state.taken],
            "vor": state.p_vor if state.p_vor >= 0 else None,
            "gefragt": state.p_caller if state.p_caller >= 0 else None,
            "ramsch": state.p_ramsch,
            "tausch": state.phase == SWAP,
        }
    actors = sorted(rules_actors(state))
    v: dict[str, Any] = {
        "seat": seat,
        "players": n,
        "options": dict(state.options),
        "round": state.rnd + 1,
        "rounds": len(state.sizes),
        "hand_size": state.sizes[state.rnd],
        "hand_sizes": list(state.sizes),
        "phase": PHASE_NAMES[state.phase],
        "actors": actors,
        "turn": state.turn if state.phase not in (OVER, SWAP) else None,
        "leader": state.leader,
        "first_leader": state.first_leader,
        "scores": state.scores[:],
        "hand_counts": [len(h) for h in state.hands],
        "counter_counts": [len(c) for c in state.counters],
        "box_counts": [len(b) for b in state.boxes],
        "attic": {
            "count": len(state.attic),
            "tiers": tiers,
            "top_stars": TIER[top] if top is not None else None,
            "top": code(top) if top is not None and state.options["dachboden_offen"] else None,
        },
        "knapp": need_total > len(state.attic),
        "trick": [[s, code(c)] for s, c in zip(state.tseats, state.tcards, strict=True)],
        "follow": SUITS[f] if f >= 0 else None,
        "gefragt": (
            {"seat": state.g_caller, "colour": SUITS[state.g_colour]}
            if state.g_colour >= 0
            else None
        ),
        "ramsch": state.ramsch,
        "pending": pending,
        "swap_ready": (
            [s for s in range(n) if state.swap_choice[s] >= 0] if state.phase == SWAP else []
        ),
        "voids": [[SUITS[k] for k in range(5) if state.voids[s] >> k & 1] for s in range(n)],
        "tricks": [_trick_json(r) for r in state.tricks],
        "last_trick": _trick_json(state.last) if state.last is not None else None,
        "last_trick_round": state.last_round + 1 if state.last is not None else None,
        "over": state.phase == OVER,
        "end": state.end or None,
    }
    if seat is not None:
        log = state.swap_log[seat]
        v["hand"] = _codes(state.hands[seat])
        v["counter"] = _codes(state.counters[seat])
        v["box"] = _codes(state.boxes[seat])
        v["missing_next"] = next_need(state, seat)
        v["swap"] = (
            {
                "gave": code(log[0]),
                "to": (seat + 1) % n,
                "got": code(log[1]),
                "from": (seat - 1) % n,
            }
            if log is not None
            else None
        )
        own = state.swap_choice[seat] if state.phase == SWAP else -1
        v["swap_choice"] = code(own) if own >= 0 else None
    return v


# -- re-dealing --------------------------------------------------------------------------------
class _Ids:
    """Turns view notation into card ids; the two Fälschungen (both ``F``) get distinct ids."""

    def __init__(self) -> None:
        self.fakes = [FALSCH_A, FALSCH_B]

    def __call__(self, text: str) -> int:
        c = parse(text)
        assert c is not None, text
        if c == FALSCH_A:
            return self.fakes.pop(0)
        return c

    def many(self, texts: list[str]) -> list[int]:
        return [self(t) for t in texts]


def game_cards(players: int, options: dict[str, Any]) -> list[int]:
    attic = ATTIC_PLAIN if options["ohne_sonderkarten"] else ATTIC_CARDS
    return list(start_cards(players)) + list(attic)


def assign(
    cards: list[int], allowed: list[list[int]], cap: list[int], rng: random.Random
) -> list[int] | None:
    """A random assignment of cards to groups with exact capacities: each card goes to a group
    drawn in proportion to the free room of its allowed groups; when none has room, an
    augmenting path moves already placed cards along (so a solution is found whenever one
    exists)."""
    m = len(cards)
    group = [-1] * m
    members: list[list[int]] = [[] for _ in cap]
    free = cap[:]
    order = list(range(m))
    rng.shuffle(order)
    # the most constrained cards first keeps augmenting rare
    order.sort(key=lambda i: len(allowed[i]))
    for i in order:
        opts = allowed[i]
        tot = 0
        for g in opts:
            tot += free[g]
        if tot > 0:
            r = int(rng.random() * tot)
            for g in opts:
                r -= free[g]
                if r < 0:
                    break
            group[i] = g
            members[g].append(i)
            free[g] -= 1
            continue
        # BFS over groups for an augmenting path
        parent: dict[int, tuple[int, int]] = {}
        queue = []
        for g in opts:
            if g not in parent:
                parent[g] = (-1, i)
                queue.append(g)
        found = -1
        qi = 0
        while qi < len(queue) and found < 0:
            g = queue[qi]
            qi += 1
            for j in members[g]:
                for g2 in allowed[j]:
                    if g2 not in parent:
                        parent[g2] = (g, j)
                        if free[g2] > 0:
                            found = g2
                            break
                        queue.append(g2)
                if found >= 0:
                    break
        if found < 0:
            return None
        # every card on the path moves one group on; only the end group gets fuller
        free[found] -= 1
        g = found
        while True:
            prev, j = parent[g]
            if prev >= 0:
                members[prev].remove(j)
            members[g].append(j)
            group[j] = g
            if prev < 0:
                break
            g = prev
    return group


def sample_state(view: View, rng: random.Random) -> State:
    """A full state whose view for ``view['seat']`` equals ``view``; the hidden cards (other
    hands, all boxes, the attic) are dealt at random consistently with the view: crossed-out
    colours, cards seen this round, the card this seat passed in the Tauschrunde, the receivers
    of the last trick, the counts of every hand, box and attic tier."""
    return make_sampler(view)(rng, True)


def make_sampler(view: View) -> Callable[[random.Random, bool], State]:
    """``sample_state`` in two steps: read the view once, then deal as often as needed
    (``orders=False`` leaves box and attic order unshuffled, for rollouts that end with the
    round)."""
    me: int = view["seat"]
    n: int = view["players"]
    opts = dict(view["options"])
    st = State()
    st.n = n
    st.options = opts
    st.sizes = hand_sizes(n, opts["partie_kurz"])
    st.rnd = view["round"] - 1
    st.phase = PHASE_NAMES.index(view["phase"])
    st.leader = view["leader"]
    st.first_leader = view["first_leader"]
    st.scores = list(view["scores"])
    st.end = view["end"] or ""
    ids = _Ids()
    attic_view = view["attic"]
    top = None
    if attic_view["top"]:
        top = parse(attic_view["top"])
        if top == FALSCH_A:  # which Fälschung lies on top shows in its stars
            top = FALSCH_A if attic_view["top_stars"] == TIER[FALSCH_A] else FALSCH_B
            ids.fakes.remove(top)
    hand = ids.many(view["hand"])
    box = ids.many(view["box"])
    tricks = []
    counters: list[list[int]] = [[] for _ in range(n)]
    for t in view["tricks"]:
        cards = ids.many([c for _, c in t["plays"]])
        seats = [s for s, _ in t["plays"]]
        by_code: dict[str, list[int]] = {}
        for c in cards:
            by_code.setdefault(code(c), []).append(c)
        taken = []
        for s, k in t["taken"]:
            c = by_code[k].pop(0)
            taken.append((s, c))
            counters[s].append(c)
        g = SUITS.index(t["gefragt"]) if t["gefragt"] else -1
        tricks.append(
            [t["leader"], tuple(seats), tuple(cards), t["winner"], tuple(taken), g, t["ramsch"]]
        )
    st.tricks = tricks
    st.counters = counters
    if view["phase"] in ("swap", "ask") and view["trick"]:
        # the finished trick is already handed out (and listed in ``tricks``)
        trick_cards = list(tricks[-1][2])
    else:
        trick_cards = ids.many([c for _, c in view["trick"]])
    st.tseats = [s for s, _ in view["trick"]]
    st.tcards = trick_cards
    st.turn = view["turn"] if view["turn"] is not None else -1
    gq = view["gefragt"]
    st.g_colour = SUITS.index(gq["colour"]) if gq else -1
    st.g_caller = gq["seat"] if gq else -1
    st.ramsch = view["ramsch"]
    pend = view["pending"]
    if pend is not None:
        in_trick: dict[str, list[int]] = {}
        for c in trick_cards:
            in_trick.setdefault(code(c), []).append(c)
        st.winner = pend["winner"]
        taken_now = []
        for s, k in pend["taken"]:
            taken_now.append([s, in_trick[k].pop(0)])
        st.taken = taken_now
        st.pool = [c for cs in in_trick.values() for c in cs]
        st.pool.sort()
        st.pickers = [[s, parse(k) or 0] for s, k in pend["pickers"]]
        st.p_vor = pend["vor"] if pend["vor"] is not None else -1
        st.p_caller = pend["gefragt"] if pend["gefragt"] is not None else -1
        st.p_ramsch = pend["ramsch"]
    st.voids = [sum(1 << SUITS.index(k) for k in vs) for vs in view["voids"]]
    if view["last_trick"] is not None:
        if view["last_trick_round"] == view["round"] and st.tricks:
            st.last = st.tricks[-1]
        else:
            lt = view["last_trick"]
            lids = _Ids()
            cards = lids.many([c for _, c in lt["plays"]])
            by_code = {}
            for c in cards:
                by_code.setdefault(code(c), []).append(c)
            taken = [(s, by_code[k].pop(0)) for s, k in lt["taken"]]
            g = SUITS.index(lt["gefragt"]) if lt["gefragt"] else -1
            st.last = [
                lt["leader"],
                tuple(s for s, _ in lt["plays"]),
                tuple(cards),
                lt["winner"],
                tuple(taken),
                g,
                lt["ramsch"],
            ]
        st.last_round = view["last_trick_round"] - 1
    # -- the hidden cards
    known = set(hand) | set(box) | set(trick_cards)
    for cs in counters:
        known.update(cs)
    if top is not None:
        known.add(top)
    unknown = [c for c in game_cards(n, opts) if c not in known]
    unknown_set = set(unknown)
    hand_counts = view["hand_counts"]
    box_counts = view["box_counts"]
    others = [s for s in range(n) if s != me]
    # groups: hand of each other seat, box of each other seat, attic tiers 1..5
    gid_hand = {s: i for i, s in enumerate(others)}
    gid_box = {s: len(others) + i for i, s in enumerate(others)}
    base = 2 * len(others)
    cap = [hand_counts[s] for s in others] + [box_counts[s] for s in others]
    tiers = list(attic_view["tiers"])
    if top is not None and TIER[top]:
        tiers[TIER[top] - 1] -= 1
    cap += tiers
    fixed_hand: dict[int, int] = {}
    log = view["swap"]
    if log is not None:
        gave = parse(log["gave"])
        # (a passed Fälschung is not tracked: the two are indistinguishable)
        if gave is not None and gave not in (FALSCH_A, FALSCH_B) and gave in unknown_set:
            fixed_hand[gave] = log["to"]
    fixed_hob: dict[int, int] = {}
    # cards of the previous round's last trick lie in their receiver's box or hand (unless a
    # Tauschrunde of this round may have passed them on)
    if st.last is not None and st.last_round < st.rnd and log is None:
        for s, c in st.last[4]:
            if s != me and c not in (FALSCH_A, FALSCH_B) and c in unknown_set:
                fixed_hob[c] = s
    allowed: list[list[int]] = []
    for c in unknown:
        suit_bit = 1 << (c // 20) if c < 100 else 0
        if c in fixed_hand:
            allowed.append([gid_hand[fixed_hand[c]]])
            continue
        if c in fixed_hob:
            s = fixed_hob[c]
            opts_c = [gid_box[s]]
            if not st.voids[s] & suit_bit:
                opts_c.append(gid_hand[s])
            allowed.append(opts_c)
            continue
        opts_c = [gid_hand[s] for s in others if not st.voids[s] & suit_bit]
        opts_c += [gid_box[s] for s in others]
        if TIER[c]:
            opts_c.append(base + TIER[c] - 1)
        allowed.append(opts_c)
    if sum(cap) != len(unknown):
        raise ValueError("view is inconsistent: card counts do not add up")
    # Tauschrunde: this seat's record; for the others only what this seat knows
    st.swap_log = [None] * n
    if log is not None:
        gave_c = parse(log["gave"]) or 0
        got_c = parse(log["got"]) or 0
        st.swap_log[me] = [gave_c, got_c]
    st.hands = [[] for _ in range(n)]
    st.boxes = [[] for _ in range(n)]
    st.hands[me] = sorted(hand)
    st.boxes[me] = box[:]
    st.attic = []
    ready = sorted(view["swap_ready"]) if st.phase == SWAP else []
    own_choice = view.get("swap_choice")

    def deal(rng: random.Random, orders: bool = True) -> State:
        groups = assign(unknown, allowed, cap, rng)
        if groups is None:
            raise ValueError("view is inconsistent: no deal fits")
        members: list[list[int]] = [[] for _ in cap]
        for c, g in zip(unknown, groups, strict=True):
            members[g].append(c)
        out = clone_state(st)
        out.seed = rng.getrandbits(63)
        out.shuffles = rng.randrange(1, 1000)
        if orders:
            rng.shuffle(out.boxes[me])
        for s in others:
            out.hands[s] = sorted(members[gid_hand[s]])
            b = members[gid_box[s]]
            if orders:
                rng.shuffle(b)
            out.boxes[s] = b
        attic: list[int] = []
        for t in range(5):
            stack = members[base + t]
            if orders:
                rng.shuffle(stack)
            attic.extend(stack)
        if top is not None:
            attic.insert(0, top)
        elif (
            attic
            and attic_view["top_stars"] is not None
            and TIER[attic[0]] != attic_view["top_stars"]
        ):
            k = next(i for i, c in enumerate(attic) if TIER[c] == attic_view["top_stars"])
            attic[0], attic[k] = attic[k], attic[0]
        out.attic = attic
        out.swap_choice = []
        if out.phase == SWAP:
            out.swap_choice = [-1] * n
            for s in ready:
                if s == me:
                    out.swap_choice[s] = ids_resolve(out.hands[me], own_choice)
                else:
                    out.swap_choice[s] = rng.choice(out.hands[s])
        return out

    return deal


def ids_resolve(cards: list[int], text: Any) -> int:
    c = parse(text)
    if c == FALSCH_A and FALSCH_A not in cards:
        return FALSCH_B
    assert c is not None
    return c


# -- preview (Vorschau) ------------------------------------------------------------------------
def preview(view: View, card: str) -> dict[str, Any]:
    """What playing ``card`` now would do to the trick (the seed's "Vorschau"): whether it would
    lead the trick, or who stays ahead. Returns ``{"card", "legal", "leads", "ahead", "text"}``;
    ``ahead`` is the seat leading the trick after the card (``None`` if nobody leads yet);
    ``text`` is a code with arguments (``preview.*``), or "" for a card that is no card."""
    c = parse(card)
    seat = view["seat"]
    if c is None or view["phase"] != "play" or seat is None:
        return {"card": card, "legal": False, "leads": False, "ahead": None, "text": ""}
    plays = view["trick"]
    seats = [s for s, _ in plays] + [seat]
    ids = _Ids()
    cards = ids.many([k for _, k in plays]) + [c]
    gq = view["gefragt"]
    g_colour = SUITS.index(gq["colour"]) if gq else -1
    g_caller = gq["seat"] if gq else -1
    hand = [parse(k) or 0 for k in view["hand"]]
    f = follow_suit(cards[:-1], g_colour)
    legal = card in view["hand"]
    if legal and c < 100 and f >= 0 and c // 20 != f:
        legal = not any(h < 100 and h // 20 == f for h in hand)
    ahead = trick_winner(seats, cards, g_colour, g_caller, view["ramsch"])
    only_specials = all(x >= 100 for x in cards) and g_colour < 0
    leads = ahead == seat
    text: Msg
    if not legal:
        text = msg("preview.illegal", card=name(c), colour=colour_name(f))
    elif leads and only_specials and len(cards) == 1:
        text = msg("preview.lead_open")
    elif leads:
        text = msg("preview.leads", card=name(c))
    else:
        text = msg("preview.ahead", place=ahead + 1) if ahead >= 0 else msg("preview.nobody")
    return {"card": card, "legal": legal, "leads": leads, "ahead": ahead, "text": text}
