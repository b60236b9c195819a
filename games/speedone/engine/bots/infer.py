"""What a seat can tell about the hidden hands from its view, for the strong bot's re-deals.

The view holds the round's discard pile in order and, per seat, the colours it drew on. Replaying
the round from the deal (``reconstruct``) finds who laid each card and who drew when; from that,
``constraints`` lists per opponent which cards it cannot have held at each of its moves, assuming
the ``normal`` policy (it lays one of its highest-scoring cards: action cards before numbers, high
numbers before low ones within ``NORMAL_SPREAD``, wilds only when nothing else fits), and how many
cards it drew since.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import View
from games.speedone.engine.cards import (
    CODE,
    COLOR_CODE,
    DRAW2,
    HAND_SIZE,
    REVERSE,
    SKIP,
    W4,
    WILD_COLOR,
    W,
)

_ALL = sorted(set(CODE.values()))
#: how many points of its preference apart normal's cards may be for it to pick either by chance
#: (``bots.normal_choice``): it may lay a card that many points below its favourite, so only
#: cards further above the one it laid tell that it did not hold them. 4: the daily game's bots
#: differ by chance in 98 % of attempts with the same human moves, and normal plays as strongly
#: as with 1 (docs/performance.md)
NORMAL_SPREAD = 4.0
#: give the replay up after this many dead ends (it only fails after a reshuffle of the discards,
#: or when someone forgot ONE)
_MAX_NODES = 3000


def reconstruct(view: View) -> list[tuple[Any, ...]] | None:
    """The round's turns consistent with the view: ("play", seat, card, top, colour, pending,
    attack, friend) / ("miss", seat, top, colour) / ("forced", seat, count). ``None`` if no replay
    from the deal fits (e.g. after a reshuffle of the discards)."""
    n = view["players"]
    disc = [CODE[c] for c in view["discard"]]
    if not disc or disc[0] >> 4 == WILD_COLOR:
        return None
    missed = [[COLOR_CODE[c] for c in s["missed"]] for s in view["seats"]]
    final_counts = tuple(s["cards"] for s in view["seats"])
    stacking = bool(view["options"]["stacking"])
    partners = bool(view["options"]["partners"])
    dealer = view["dealer"]
    first = disc[0]
    v = first & 15
    direction, pending = 1, 0
    if v == SKIP:
        turn = (dealer + 2) % n
    elif v == REVERSE:
        direction, turn = -1, dealer
    else:
        turn = (dealer + 1) % n
        if v == DRAW2:
            pending = 2
    end = (view["turn"], view["direction"], view["pending"], final_counts)
    target_color = COLOR_CODE[view["color"]]
    last = len(disc) - 1
    failed: set[tuple[Any, ...]] = set()
    path: list[tuple[Any, ...]] = []

    def dfs(
        i: int, t: int, d: int, p: int, col: int, ptr: tuple[int, ...], cnt: tuple[int, ...]
    ) -> bool:
        if (
            i == last
            and (t, d, p, cnt) == end
            and all(ptr[s] == len(missed[s]) for s in range(n))
            and (col < 0 or col == target_color)
        ):
            return True
        key = (i, t, d, p, col, ptr, cnt)
        if key in failed or len(path) > 400 or len(failed) > _MAX_NODES:
            return False
        top = disc[i]
        nxt = (t + d) % n
        # lay the next card of the pile
        if i < last:
            c = disc[i + 1]
            if p:
                ok = stacking and (
                    (
                        c & 15 == DRAW2
                        and c >> 4 != WILD_COLOR
                        and top & 15 == DRAW2
                        and top >> 4 != WILD_COLOR
                    )
                    or (c == W4 and top == W4)
                )
            elif c >> 4 == WILD_COLOR:
                ok = True
            else:
                ok = col < 0 or c >> 4 == col or (top >> 4 != WILD_COLOR and c & 15 == top & 15)
            if ok and cnt[t] > 0:
                friend = partners and nxt % 2 == t % 2
                attack = cnt[nxt] <= 2 and not friend
                ncol = -1 if c >> 4 == WILD_COLOR else c >> 4
                nc = list(cnt)
                nc[t] -= 1
                cv = c & 15
                nd, np_ = d, p
                if cv == SKIP or (cv == REVERSE and n == 2):
                    nt = (t + 2 * d) % n
                elif cv == REVERSE and c >> 4 != WILD_COLOR:
                    nd = -d
                    nt = (t + nd) % n
                else:
                    if cv == DRAW2 and c >> 4 != WILD_COLOR:
                        np_ = p + 2
                    elif c == W4:
                        np_ = p + 4
                    nt = nxt
                path.append(("play", t, c, top, col, p, attack, friend))
                if nc[t] > 0 and dfs(i + 1, nt, nd, np_, ncol, ptr, tuple(nc)):
                    return True
                path.pop()
        if p:
            nc = list(cnt)
            nc[t] = min(22, nc[t] + p)
            path.append(("forced", t, p))
            if dfs(i, nxt, d, 0, col, ptr, tuple(nc)):
                return True
            path.pop()
        elif ptr[t] < len(missed[t]) and (col < 0 or missed[t][ptr[t]] == col):
            mc = missed[t][ptr[t]]
            nptr = list(ptr)
            nptr[t] += 1
            nc = list(cnt)
            nc[t] = min(22, nc[t] + 1)
            path.append(("miss", t, top, mc))
            if dfs(i, nxt, d, 0, mc, tuple(nptr), tuple(nc)):
                return True
            path.pop()
        failed.add(key)
        return False

    start_col = first >> 4
    try:
        ok = dfs(0, turn, direction, pending, start_col, (0,) * n, (HAND_SIZE,) * n)
    except RecursionError:
        return None
    return path if ok and len(failed) <= _MAX_NODES else None


def _forbidden_play(
    card: int, top: int, col: int, attack: bool, friend: bool = False
) -> frozenset[int]:
    """Cards ``normal`` would have laid rather than ``card`` (so it did not hold them)."""
    if col < 0:
        if card >> 4 == WILD_COLOR:
            return frozenset()
        col = card >> 4
    tv = top & 15 if top >> 4 != WILD_COLOR else -1
    out: set[int] = set()
    if card == W or (card == W4 and not attack):
        for c in _ALL:
            if c >> 4 == col or (c >> 4 != WILD_COLOR and c & 15 == tv):
                out.add(c)
        if card == W:
            out.add(W4)
        return frozenset(out)
    v = card & 15
    if v < 10:
        for c in _ALL:
            cc, cv = c >> 4, c & 15
            if cc == WILD_COLOR:
                continue
            if not (cc == col or cv == tv):
                continue
            # the same colour compares on the face value alone; another colour may gain up to
            # a few points from the colour counts; normal's chance spans ``NORMAL_SPREAD``
            if friend and cv == SKIP:
                continue  # normal does not skip its partner
            above = cv - v - NORMAL_SPREAD
            if cv >= 10 or (above > 0 if cc == card >> 4 else above >= 4):
                out.add(c)
    return frozenset(out)


def _forbidden_miss(top: int, col: int) -> frozenset[int]:
    tv = top & 15 if top >> 4 != WILD_COLOR else -1
    return frozenset(c for c in _ALL if c >> 4 == col or c >> 4 == WILD_COLOR or c & 15 == tv)


def constraints(view: View, path: list[tuple[Any, ...]]) -> list[list[tuple[frozenset[int], int]]]:
    """Per seat (empty for the viewer): (cards it did not hold then, cards drawn since), oldest
    first."""
    n = view["players"]
    seat = view["seat"]
    events: list[list[tuple[frozenset[int], int]]] = [[] for _ in range(n)]
    drawn_after: list[list[int]] = [[] for _ in range(n)]
    for ev in path:
        s = ev[1]
        if s == seat:
            continue
        if ev[0] == "play":
            _, _, card, top, col, pending, attack, friend = ev
            if pending:
                continue
            f = _forbidden_play(card, top, col, attack, friend)
            if f:
                events[s].append((f, 0))
        elif ev[0] == "miss":
            _, _, top, col = ev
            events[s].append((_forbidden_miss(top, col), 1))
        else:
            # forced draw: count it against every earlier event
            events[s] = [(f, k + ev[2]) for f, k in events[s]]
            continue
        # the miss itself drew a card after its own check; add it to earlier events too
        if ev[0] == "miss":
            events[s] = [(f, k + 1) for f, k in events[s][:-1]] + [events[s][-1]]
    del drawn_after
    return events


def slot_plan(view: View) -> list[list[tuple[frozenset[int], int]]] | None:
    """Per seat: (cards excluded, how many of its cards) groups, most restricted first; the
    cards drawn after an opponent's last telling move are free. ``None`` without a replay."""
    path = reconstruct(view)
    if path is None:
        return None
    events = constraints(view, path)
    plan: list[list[tuple[frozenset[int], int]]] = []
    for s, info in enumerate(view["seats"]):
        if s == view["seat"]:
            plan.append([])
            continue
        k = info["cards"]
        evs = events[s]
        groups: list[tuple[frozenset[int], int]] = []
        left = k
        union: frozenset[int] = frozenset()
        prev_after = 0
        # newest first: cards drawn after event j and before event j+1 must avoid F_{j+1..}
        for j in range(len(evs) - 1, -1, -1):
            f, after = evs[j]
            m = min(left, after - prev_after)
            if m > 0:
                groups.append((union, m))
                left -= m
            prev_after = after
            union = union | f
        if left > 0:
            groups.append((union, left))
        groups.sort(key=lambda g: -len(g[0]))
        plan.append(groups)
    return plan
