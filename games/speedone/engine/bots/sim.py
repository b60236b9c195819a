"""A lean round simulator for the strong bot's rollouts.

Plays the current round to its end with the ``normal`` policy for every seat (the bots stark
meets are exactly that policy), on plain lists and ints: no events, no views, no validation.
It follows ``rules.py``: the same legality (incl. the Wunsch-Plus4 check and "Plus weitergeben"),
skip/reverse/+2/+4 effects and the reshuffle of the discards; everyone presses ONE in time.
"""

from __future__ import annotations

import random

from games.speedone.engine.cards import DRAW2, HAND_LIMIT, POINTS, REVERSE, SKIP, W4, WILD_COLOR

_WILD = WILD_COLOR


def normal_pick(
    hand: list[int],
    top: int,
    color: int,
    pending: int,
    stacking: bool,
    attack: bool,
    friend: bool,
) -> int:
    """The card ``normal`` lays (-1: it draws). Same scores and tie-break (lowest code) as
    ``bots.normal_choice``."""
    counts = [0, 0, 0, 0, 0]
    for c in hand:
        counts[c >> 4] += 1
    has_color = counts[color] > 0 if color < 4 else False
    best = -1
    best_score = -1e9
    if pending:
        if not stacking:
            return -1
        if top & 15 == DRAW2 and top >> 4 != _WILD:
            for c in hand:
                if c & 15 == DRAW2 and c >> 4 != _WILD:
                    s = 20 + 0.5 * (counts[c >> 4] - 1) + (70 if attack else 0)
                    if s > best_score or (s == best_score and c < best):
                        best_score = s
                        best = c
            return best
        if W4 in hand and not has_color:
            return W4
        return -1
    tv = top & 15
    if tv >= 13:
        tv = -1
    for c in hand:
        col = c >> 4
        if col == _WILD:
            if c == W4:
                if has_color:
                    continue
                s = -95.0 + (150 if attack else 0)
            else:
                s = -100.0
        elif col == color or c & 15 == tv:
            v = c & 15
            s = POINTS[c] + 0.5 * (counts[col] - 1)
            if v >= 10:
                if attack:
                    s += 70 if v == DRAW2 else 60
                elif friend and v == SKIP:
                    s -= 30
        else:
            continue
        if s > best_score or (s == best_score and c < best):
            best_score = s
            best = c
    return best


def best_wish_of(hand: list[int]) -> int:
    """``bots.best_wish`` on the hand left after laying the wild."""
    counts = [0, 0, 0, 0, 0]
    weight = [0, 0, 0, 0, 0]
    for c in hand:
        col = c >> 4
        counts[col] += 1
        weight[col] += POINTS[c]
    best = 0
    key = (counts[0], weight[0])
    for k in (1, 2, 3):
        kk = (counts[k], weight[k])
        if kk > key:
            key = kk
            best = k
    return best


def play_out(
    hands: list[list[int]],
    pile: list[int],
    under: list[int],
    top: int,
    color: int,
    direction: int,
    turn: int,
    pending: int,
    stacking: bool,
    partners: bool,
    rng: random.Random,
    first: int = -2,
    first_wish: int = -1,
    max_steps: int = 300,
) -> int:
    """Play the round out with ``normal`` everywhere; mutates the lists. ``pile`` has its top
    card last, ``under`` holds the discards below ``top``. ``first`` forces the first move (a
    card, with ``first_wish`` for a wild; -1 draws; -2 lets ``normal`` choose). Returns the seat
    that went out (-1 if ``max_steps`` ran out)."""
    n = len(hands)
    wish = first_wish
    for _ in range(max_steps):
        seat = turn
        hand = hands[seat]
        nxt = (seat + direction) % n
        if first != -2:
            card = first
            first = -2
        else:
            friend = partners and nxt % 2 == seat % 2
            attack = len(hands[nxt]) <= 2 and not friend
            card = normal_pick(hand, top, color, pending, stacking, attack, friend)
            wish = -1
        if card < 0:
            count = pending if pending else 1
            pending = 0
            for _ in range(count):
                if len(hand) >= HAND_LIMIT:
                    break
                if not pile:
                    if not under:
                        break
                    pile = under
                    under = []
                    rng.shuffle(pile)
                hand.append(pile.pop())
            turn = nxt
            continue
        hand.remove(card)
        under.append(top)
        top = card
        if card >> 4 != _WILD:
            color = card >> 4
        elif wish >= 0:
            color = wish
        else:
            color = best_wish_of(hand)
        if not hand:
            return seat
        v = card & 15
        if v == SKIP or (v == REVERSE and n == 2):
            turn = (seat + 2 * direction) % n
        elif v == REVERSE:
            direction = -direction
            turn = (seat + direction) % n
        else:
            if v == DRAW2:
                pending += 2
            elif card == W4:
                pending += 4
            turn = nxt
    return -1
