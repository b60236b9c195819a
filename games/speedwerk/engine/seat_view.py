"""What a seat of Speedwerk may know: ``build_view(state, seat)``."""

from __future__ import annotations

from games.engines.base import View
from games.speedwerk.engine.cards import COLORS, SPECIAL_KEYS, SPECIALS, card_str
from games.speedwerk.engine.rules import (
    P_ADJUST,
    P_BID,
    P_OVER,
    P_PASS,
    P_SWAP,
    PHASE_NAMES,
    WerkState,
    actors_of,
    forbidden_bid,
    is_blind,
    none_if_negative,
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
        hand = [card_str(c) for c in st.hands[me]]
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
        "pile": [card_str(c) for c in st.pile],
        "swaps": [
            {"trick": i, "seat": s, "gave": card_str(g), "took": card_str(t)}
            for (i, s, g, t) in st.swaps
        ],
        "gone": [card_str(c) for c in sorted(st.gone)],
        "voids": [[COLORS[c] for c in range(4) if m >> c & 1] for m in st.voids],
        "known": [[card_str(c) for c in sorted(k)] for k in st.known],
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
