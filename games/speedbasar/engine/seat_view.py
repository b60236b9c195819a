"""What a seat of Speedbasar may know (``build_view``) and re-dealing the hidden cards from it
(``sample_state``)."""

from __future__ import annotations

import random
from typing import Any

from games.engines.base import View
from games.speedbasar.engine import cards as C
from games.speedbasar.engine.rules import (
    DOUBT,
    OVER,
    PHASE_NAMES,
    BasarState,
    EventLog,
    actors,
    claim_json,
    claims_now,
    score,
)


def build_view(state: BasarState, seat: int | None) -> View:
    n = state.n
    claims = claims_now(state)
    claim_list = [claim_json(s, v) for s, v in claims]
    hand: list[dict[str, Any]] | None = None
    if seat is not None:
        hand = []
        for card in state.hands[seat]:
            fits = [claim_json(s, v) for s, v in claims if C.honest(card, s, v)]
            mark = "passt" if fits else ("halb" if card >= 30 else "")
            hand.append({"card": C.code(card), "mark": mark, "claims": fits})
    pile = []
    for owner, s, v, laid in state.pile:
        entry: dict[str, Any] = {"seat": owner, **claim_json(s, v), "count": len(laid)}
        if owner == seat:
            entry["cards"] = [C.code(c) for c in laid]
        pile.append(entry)
    window = None
    if state.phase == DOUBT:
        owner, s, v, laid = state.pile[-1]
        window = {
            "id": state.window,
            "claimant": owner,
            "claim": claim_json(s, v),
            "count": len(laid),
            "last_card": state.last_card,
            "eligible": list(state.eligible),
            "pending": list(state.pending),
            "seconds": state.seconds,
        }
    return {
        "game": "speedbasar",
        "seat": seat,
        "players": n,
        "rules": list(state.rules),
        "seconds": state.seconds,
        "phase": PHASE_NAMES[state.phase],
        "actors": sorted(actors(state)),
        "turn": state.turn,
        "hand": hand,
        "allowed_claims": claim_list,
        "pile": pile,
        "claim": claim_json(state.pile[-1][1], state.pile[-1][2]) if state.pile else None,
        "doubt_window": window,
        "window": state.window,
        "hand_counts": [len(h) for h in state.hands],
        "point_piles": [len(p) for p in state.points],
        "krugs": list(state.krugs),
        "points": [score(state, s) for s in range(n)],
        "scores": [score(state, s) for s in range(n)],
        "noch": len(state.draw),
        "under_glut": len(state.below),
        "revealed": list(state.revealed),
        "end_reason": state.reason,
        "krug_winner": state.krug_winner,
        "over": state.phase == OVER,
    }


def sample_state(view: View, rng: random.Random) -> BasarState:
    """Re-deal every card the seat cannot see (other hands, face-down pile and points cards,
    draw pile, cards under the Glut) at random, keeping everything the view shows."""
    seat = view["seat"]
    n = view["players"]
    counts = [C.COPIES] * C.KINDS
    own = [C.CODE_TO_CARD[h["card"]] for h in view["hand"]]
    revealed = [C.CODE_TO_CARD[c] for r in view["revealed"] for c in r["cards"]]
    own_laid = [C.CODE_TO_CARD[c] for e in view["pile"] if e["seat"] == seat for c in e["cards"]]
    for card in own + revealed + own_laid:
        counts[card] -= 1
    pool = [c for c in range(C.KINDS) for _ in range(counts[c])]
    rng.shuffle(pool)

    def take(k: int) -> list[int]:
        out = pool[len(pool) - k :] if k else []
        del pool[len(pool) - k :]
        return out

    hands = [sorted(own) if s == seat else sorted(take(view["hand_counts"][s])) for s in range(n)]
    pile = []
    for e in view["pile"]:
        if e["seat"] == seat:
            laid = tuple(C.CODE_TO_CARD[c] for c in e["cards"])
        else:
            laid = tuple(take(e["count"]))
        pile.append((e["seat"], C.SPICE_INDEX[e["spice"]], e["number"], laid))
    draw = take(view["noch"])
    points: list[list[int]] = []
    spare = list(revealed)
    for s in range(n):
        want = view["point_piles"][s]
        from_revealed = spare[:want]
        del spare[:want]
        points.append(from_revealed + take(want - len(from_revealed)))
    below = pool
    phase = PHASE_NAMES.index(view["phase"])
    window = view["doubt_window"]
    return BasarState(
        n=n,
        rules=tuple(view["rules"]),
        seconds=view["seconds"],
        hands=hands,
        draw=draw,
        below=below,
        pile=pile,
        points=points,
        krugs=list(view["krugs"]),
        revealed=[dict(r) for r in view["revealed"]],
        turn=view["turn"],
        phase=phase,
        window=view["window"],
        pending=list(window["pending"]) if window else [],
        eligible=list(window["eligible"]) if window else [],
        last_card=bool(window["last_card"]) if window else False,
        reason=view["end_reason"],
        krug_winner=view["krug_winner"],
        late="",
        log=EventLog(),
        shuffles=3,
    )
