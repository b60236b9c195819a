"""What a seat of Speedwerk may know (``build_view(state, seat)``) and the re-deal of the
cards it cannot see (``sample_state(view, rng)``)."""

from __future__ import annotations

import random

from games.engines.base import View
from games.speedwerk.engine.cards import (
    COLORS,
    KEY_TO_SPECIAL,
    N_NUMBERS,
    SPECIAL_KEYS,
    SPECIALS,
    card_str,
    card_strs,
    cards_of,
    parse_card,
)
from games.speedwerk.engine.rules import (
    P_ADJUST,
    P_BID,
    P_OVER,
    P_PASS,
    P_SWAP,
    PHASE_NAMES,
    WerkState,
    actors_of,
    card_of,
    deck_of,
    forbidden_bid,
    is_blind,
    needs_decl,
    none_if_negative,
    parse_entry,
    play_entry,
    result,
)


def build_view(state: WerkState, seat: int | None) -> View:
    st = state
    p = st.players
    blind = is_blind(st)
    me = seat if seat is not None and 0 <= seat < p else None
    actors = actors_of(st)
    hand: list[str] = []
    if me is not None and not blind:
        hand = card_strs(st.hands[me])
    blind_cards = None
    if blind and me is not None:
        blind_cards = [
            card_str(st.hands[o][0]) if o != me and st.hands[o] else None for o in range(p)
        ]
    v: View = {
        "game": "speedwerk",
        "seat": me,
        "players": p,
        "specials": [SPECIAL_KEYS[s] for s in SPECIALS if s in st.specials],
        "rounds": st.n_rounds,
        "round": st.round_no,
        "dealer": st.dealer,
        "phase": PHASE_NAMES[st.phase],
        "to_act": actors,
        "actors": sorted(actors),
        "decision": PHASE_NAMES[st.phase] if me in actors else None,
        "blind": blind,
        "hand": hand,
        "hand_sizes": [len(h) for h in st.hands],
        "hand_counts": [len(h) for h in st.hands],
        "blind_cards": blind_cards,
        "trump_card": card_str(st.trump_card) if st.trump_card >= 0 else None,
        "trump": COLORS[st.trump] if st.trump >= 0 else None,
        "bids": [b if b >= 0 else None for b in st.bids],
        "forbidden_bid": (
            none_if_negative(forbidden_bid(st, me)) if st.phase == P_BID and me == st.turn else None
        ),
        "won": st.won[:],
        "leader": st.leader,
        "trick": [play_entry(st, pl) for pl in st.trick],
        "suit": COLORS[st.suit] if st.suit >= 0 else None,
        "tricks": [
            {
                "leader": ld,
                "plays": [play_entry(st, pl) for pl in plays],
                "winner": w if w >= 0 else None,
                "leads_next": wb,
            }
            for (ld, plays, w, wb) in st.tricks
        ],
        "pile": card_strs(st.pile),
        "swaps": [
            {"trick": i, "seat": s, "gave": card_str(g), "took": card_str(t)}
            for (i, s, g, t) in st.swaps
        ],
        "gone": card_strs(sorted(st.gone)),
        "voids": [[COLORS[c] for c in range(4) if m >> c & 1] for m in st.voids],
        "known": [card_strs(sorted(k)) for k in st.known],
        "passed_card": (card_str(st.passed[me]) if me is not None and st.passed[me] >= 0 else None),
        "passing": (
            {
                "done": [c >= 0 for c in st.pass_choice],
                "mine": (
                    card_str(st.pass_choice[me])
                    if me is not None and st.pass_choice[me] >= 0
                    else None
                ),
            }
            if st.phase == P_PASS
            else None
        ),
        "adjust_seat": st.adjust_seat if st.phase == P_ADJUST else None,
        "swap_queue": st.swap_queue[:] if st.phase == P_SWAP else [],
        "scores": st.scores[:],
        "sheet": [dict(row) for row in st.sheet],
        "over": st.phase == P_OVER,
    }
    if st.phase == P_OVER:
        res = result(st)
        assert res is not None
        v["result"] = {"places": res.places, "winners": res.winners}
    return v


# -- re-dealing (determinization) -------------------------------------------------------------


def sample_state(view: View, rng: random.Random) -> WerkState:
    """A full state with this view: the hidden cards re-dealt at random, respecting known voids,
    cards known to be in a hand (Schrottsammlerin swaps, the seat's own Fließband pass) and the
    hand sizes."""
    return _state_of(view, rng)


def public_state(view: View) -> WerkState:
    """The state as far as the heuristics of ``rules`` need it (the normal bot), without a
    re-deal: a hand holds only the cards the seat knows to be there (all of its own, the blind
    round's visible cards, swapped and passed ones), the stock is empty, and the round's history
    (its tricks, the pile, the swaps, the score sheet) is left out but in the Schrottsammlerin's
    swap. Not for playing on."""
    return _state_of(view, None)


def public_state_of(state: WerkState, seat: int) -> WerkState:
    """``public_state(build_view(state, seat))`` without the view in between, for the analysis's
    rollouts (a normal bot's move at every seat, ``bots.rollout_action``): each field is read
    from what ``build_view`` shows ``seat`` and nothing else – ``test_bots`` holds the two equal
    over whole games."""
    st = state
    p = st.players
    me = seat if 0 <= seat < p else None
    phase = st.phase
    new = WerkState(
        players=p,
        specials=[s for s in SPECIALS if s in st.specials],
        seed=0,
        first_round=1,
        n_rounds=st.n_rounds,
        round_no=st.round_no,
        scores=st.scores[:],
    )
    new.dealer = st.dealer
    new.phase = phase
    actors = actors_of(st)
    new.turn = actors[0] if actors and phase != P_PASS else -1
    new.trump_card = st.trump_card if st.trump_card >= 0 else -1
    new.trump = st.trump if st.trump >= 0 else -1
    new.bids = [b if b >= 0 else -1 for b in st.bids]
    new.won = st.won[:]
    new.leader = st.leader
    new.trick = [_shown_play(st, pl) for pl in st.trick]
    new.suit = st.suit if st.suit >= 0 else -1
    if phase == P_SWAP:
        new.tricks = [
            (ld, tuple(_shown_play(st, pl) for pl in plays), w if w >= 0 else -1, wb)
            for (ld, plays, w, wb) in st.tricks
        ]
        new.pile = st.pile[:]
        new.swaps = st.swaps[:]
        new.sheet = [dict(r) for r in st.sheet]
    new.gone = sorted(st.gone)
    new.voids = [m & 0b1111 for m in st.voids]
    new.known = [sorted(k) for k in st.known]
    new.passed = [-1] * p
    if me is not None and st.passed[me] >= 0:
        new.passed[me] = st.passed[me]
    new.adjust_seat = st.adjust_seat if phase == P_ADJUST else -1
    new.swap_queue = st.swap_queue[:] if phase == P_SWAP else []
    fixed = [k[:] for k in new.known]
    if me is not None:
        if is_blind(st):
            for o in range(p):
                fixed[o] = [st.hands[o][0]] if o != me and st.hands[o] else []
        else:
            fixed[me] = st.hands[me][:]
        if new.passed[me] >= 0 and new.passed[me] not in fixed[(me + 1) % p]:
            fixed[(me + 1) % p].append(new.passed[me])
    new.hands = [sorted(f) for f in fixed]
    new.stock = []
    new.pass_choice = [-1] * p
    if phase == P_PASS and me is not None and st.pass_choice[me] >= 0:
        new.pass_choice[me] = st.pass_choice[me]
    return new


def _shown_play(st: WerkState, play: tuple[int, int, int]) -> tuple[int, int, int]:
    """A play as ``play_entry`` shows it and ``parse_entry`` reads it back: the declaration only
    where the card needs one."""
    seat, card, decl = play
    return (seat, card, decl if card >= N_NUMBERS and needs_decl(st, card) else -1)


def _state_of(view: View, rng: random.Random | None) -> WerkState:
    """``sample_state`` (``rng``: the hidden cards re-dealt) or ``public_state`` (``None``)."""
    p = view["players"]
    me = view["seat"]
    specials = sorted(KEY_TO_SPECIAL[k] for k in view["specials"])
    phase = PHASE_NAMES.index(view["phase"])
    st = WerkState(
        players=p,
        specials=specials,
        seed=rng.getrandbits(63) if rng is not None else 0,
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
    # the round's history: for play simulated on, and for the Schrottsammlerin's choice (the
    # last trick's cards); the other heuristics never read it
    if rng is not None or phase == P_SWAP:
        st.tricks = [
            (
                t["leader"],
                tuple(parse_entry(st, e) for e in t["plays"]),
                t["winner"] if t["winner"] is not None else -1,
                t["leads_next"],
            )
            for t in view["tricks"]
        ]
        st.pile = cards_of(view["pile"])
        st.swaps = [
            (s["trick"], s["seat"], card_of(s["gave"]), card_of(s["took"])) for s in view["swaps"]
        ]
        st.sheet = [dict(r) for r in view["sheet"]]
    st.gone = cards_of(view["gone"])
    st.voids = [sum(1 << COLORS.index(c) for c in vs) for vs in view["voids"]]
    st.known = [cards_of(k) for k in view["known"]]
    st.passed = [-1] * p
    if me is not None and view["passed_card"] is not None:
        st.passed[me] = card_of(view["passed_card"])
    st.adjust_seat = view["adjust_seat"] if view["adjust_seat"] is not None else -1
    st.swap_queue = list(view["swap_queue"])
    sizes = view["hand_sizes"]

    fixed: list[list[int]] = [list(k) for k in st.known]
    hidden_seats = [s for s in range(p) if s != me]
    if me is not None:
        if view["blind"]:
            hidden_seats = [me]
            for o in range(p):
                bc = view["blind_cards"][o]
                fixed[o] = [card_of(bc)] if (o != me and bc is not None) else []
        else:
            fixed[me] = cards_of(view["hand"])
        if st.passed[me] >= 0:
            left = (me + 1) % p
            if st.passed[me] not in fixed[left]:
                fixed[left].append(st.passed[me])
    elif view["blind"]:
        hidden_seats = list(range(p))
    if rng is None:
        st.hands = [sorted(f) for f in fixed]
        st.stock = []
    else:
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
                    st.pass_choice[o] = card_of(view["passing"]["mine"])
                elif rng is not None:
                    st.pass_choice[o] = rng.choice(st.hands[o])
    return st


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
