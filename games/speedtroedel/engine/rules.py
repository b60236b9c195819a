"""Speedtrödel rules: state, trick logic, the end-of-trick pipeline, rounds (no bots, no views).

The state keeps cards as ints (see ``cards``); notation strings appear only in actions, events
and views. Phases: ``PLAY`` (one seat plays a card), ``PICK`` (a Schnäppchenblick player picks a
card from the finished trick), ``SWAP`` (Tauschrunde, simultaneous), ``ASK`` (the Heute-gefragt
player names a colour), ``OVER``.

End of a trick, in the order of RULES-NOTES: winner; hand out the cards (Schnäppchenblick picks in
play order, or the Ganzer-Posten rule); −3 for each Fälschung received; Tauschrunde; next-trick
effects (Vordrängeln, Heute gefragt colour, Ramschtag); the next trick is led.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.engines.base import (
    Action,
    Event,
    IllegalAction,
    InvalidOptions,
    Msg,
    Option,
    Result,
    msg,
    shuffle,
    shuffle_rng,
)
from games.speedtroedel.engine.cards import (
    _PARSED,
    ATTIC_CARDS,
    ATTIC_PLAIN,
    CODES,
    EMERALD,
    FALSCH_A,
    FALSCH_B,
    GEFRAGT,
    POSTEN,
    RAMSCH,
    SUITS,
    TAUSCH,
    TIER,
    VOR,
    code,
    colour_name,
    is_zero,
    name,
    parse,
    start_cards,
    strength,
)

PLAY, PICK, SWAP, ASK, OVER = range(5)
PHASE_NAMES = ("play", "pick", "swap", "ask", "over")
#: the seed's "danach 10 Sekunden Nachfrist" after the Bedenkzeit
GRACE_SECONDS = 10.0

HAND_SIZES = {
    3: (10, 10, 11, 11, 12, 12, 13, 13),
    4: (9, 9, 10, 10, 11, 11, 12, 12),
    5: (8, 8, 9, 9, 10, 10, 11, 11),
}
PLACE_BONUS = {1: 10, 2: 5, 3: 2}
DECK_SEPARATOR = "|"


def hand_sizes(players: int, short: bool) -> tuple[int, ...]:
    """Hand size of each round; ``Partie kurz`` keeps rounds 1, 3, 5 and 7."""
    sizes = HAND_SIZES[players]
    return sizes[::2] if short else sizes


def follow_suit(cards: Sequence[int], g_colour: int) -> int:
    """The suit to follow: the Heute-gefragt colour, else the first colour/Smaragd card's suit
    (special cards set nothing), else -1."""
    if g_colour >= 0:
        return g_colour
    for c in cards:
        if c < 100:
            return c // 20
    return -1


def trick_winner(
    seats: Sequence[int], cards: Sequence[int], g_colour: int, g_caller: int, ramsch: bool
) -> int:
    """Highest Smaragd, else highest card of the suit to follow; Ramschtag: the lowest instead.
    Only special cards: the first one wins, or the Heute-gefragt caller; the caller also wins
    when nobody follows the named colour or trumps."""
    best = -1
    win = -1
    for i, c in enumerate(cards):
        if 80 <= c < 100 and (best < 0 or (c < best if ramsch else c > best)):
            best = c
            win = seats[i]
    if win >= 0:
        return win
    f = follow_suit(cards, g_colour)
    if f < 0:
        return seats[0]
    for i, c in enumerate(cards):
        if c < 100 and c // 20 == f and (best < 0 or (c < best if ramsch else c > best)):
            best = c
            win = seats[i]
    if win >= 0:
        return win
    return g_caller


class State:
    """Engine-private game state (plain ints and lists; ``to_json`` is an exact round trip)."""

    __slots__ = (
        "n",
        "options",
        "seed",
        "shuffles",
        "sizes",
        "rnd",
        "hands",
        "boxes",
        "counters",
        "scores",
        "attic",
        "phase",
        "turn",
        "leader",
        "tseats",
        "tcards",
        "voids",
        "g_colour",
        "g_caller",
        "ramsch",
        "winner",
        "pool",
        "taken",
        "pickers",
        "p_vor",
        "p_caller",
        "p_ramsch",
        "swap_choice",
        "swap_log",
        "tricks",
        "last",
        "last_round",
        "end",
        "first_leader",
        "sim",
    )

    def __init__(self) -> None:
        self.n = 0
        self.options: dict[str, Any] = {}
        self.seed = 0
        self.shuffles = 0
        self.sizes: tuple[int, ...] = ()
        self.rnd = 0
        self.hands: list[list[int]] = []
        self.boxes: list[list[int]] = []
        self.counters: list[list[int]] = []
        self.scores: list[int] = []
        self.attic: list[int] = []
        self.phase = PLAY
        self.turn = 0
        self.leader = 0
        self.tseats: list[int] = []
        self.tcards: list[int] = []
        self.voids: list[int] = []
        self.g_colour = -1
        self.g_caller = -1
        self.ramsch = False
        self.winner = -1
        self.pool: list[int] = []
        self.taken: list[list[int]] = []
        self.pickers: list[list[int]] = []
        self.p_vor = -1
        self.p_caller = -1
        self.p_ramsch = False
        self.swap_choice: list[int] = []
        # per seat [gave, got] of this round's Tauschrunde, or None
        self.swap_log: list[list[int] | None] = []
        # finished tricks of this round: [leader, seats, cards, winner, taken, g_colour, ramsch]
        self.tricks: list[list[Any]] = []
        self.last: list[Any] | None = None
        self.last_round = -1
        self.end = ""  # "", "ende" or "leergekauft"
        self.first_leader = 0
        # rollouts of the strong bot stop at the end of the round instead of dealing the next
        self.sim = False

    @property
    def rounds(self) -> int:
        return len(self.sizes)


_JSON_FIELDS = tuple(f for f in State.__slots__ if f != "sim")


def state_to_json(state: State) -> dict[str, Any]:
    out = {f: getattr(state, f) for f in _JSON_FIELDS}
    out["sizes"] = list(state.sizes)
    return _deep_copy_json(out)


def _deep_copy_json(x: Any) -> Any:
    if isinstance(x, list | tuple):
        return [_deep_copy_json(v) for v in x]
    if isinstance(x, dict):
        return {k: _deep_copy_json(v) for k, v in x.items()}
    return x


def state_from_json(data: dict[str, Any]) -> State:
    s = State()
    for f in _JSON_FIELDS:
        setattr(s, f, _deep_copy_json(data[f]))
    s.sizes = tuple(data["sizes"])
    return s


def clone_state(s: State) -> State:
    c = State.__new__(State)
    c.n = s.n
    c.options = s.options
    c.seed = s.seed
    c.shuffles = s.shuffles
    c.sizes = s.sizes
    c.rnd = s.rnd
    c.hands = [h[:] for h in s.hands]
    c.boxes = [b[:] for b in s.boxes]
    c.counters = [b[:] for b in s.counters]
    c.scores = s.scores[:]
    c.attic = s.attic[:]
    c.phase = s.phase
    c.turn = s.turn
    c.leader = s.leader
    c.tseats = s.tseats[:]
    c.tcards = s.tcards[:]
    c.voids = s.voids[:]
    c.g_colour = s.g_colour
    c.g_caller = s.g_caller
    c.ramsch = s.ramsch
    c.winner = s.winner
    c.pool = s.pool[:]
    c.taken = [t[:] for t in s.taken]
    c.pickers = [p[:] for p in s.pickers]
    c.p_vor = s.p_vor
    c.p_caller = s.p_caller
    c.p_ramsch = s.p_ramsch
    c.swap_choice = s.swap_choice[:]
    c.swap_log = [None if x is None else x[:] for x in s.swap_log]
    c.tricks = s.tricks[:]  # records are never mutated once written
    c.last = s.last
    c.last_round = s.last_round
    c.end = s.end
    c.first_leader = s.first_leader
    c.sim = s.sim
    return c


# -- transitions (no validation; ``ev`` collects public events when not None) ------------------
def playable(state: State, seat: int) -> list[int]:
    """Cards ``seat`` may play now: the suit to follow if it has one (special cards always),
    otherwise everything."""
    hand = state.hands[seat]
    f = follow_suit(state.tcards, state.g_colour)
    if f >= 0:
        same = [c for c in hand if c < 100 and c // 20 == f]
        if same:
            same.extend(c for c in hand if c >= 100)
            return same
    return hand


def do_play(state: State, seat: int, card: int, ev: list[Event] | None) -> None:
    state.hands[seat].remove(card)
    tcards = state.tcards
    if card < 100:
        f = follow_suit(tcards, state.g_colour)
        if f >= 0 and card // 20 != f:
            state.voids[seat] |= 1 << f
    state.tseats.append(seat)
    tcards.append(card)
    if ev is not None:
        ev.append({"type": "play", "seat": seat, "card": CODES[card]})
    if len(state.tcards) == state.n:
        _complete_trick(state, ev)
    else:
        state.turn = (seat + 1) % state.n


def _book_usual_trick(
    state: State, w: int, seats: list[int], cards: list[int], ev: list[Event] | None
) -> None:
    """The usual trick's end (the fast paths of ``_complete_trick`` and
    ``_finish_distribution``): the winner ``w`` takes the cards in play order, the trick is
    recorded, and the round's Vorhand/Ramsch calls are spent."""
    state.counters[w].extend(cards)
    _record_trick(state, w, seats, cards, [(w, c) for c in cards], ev)
    state.p_vor = state.p_caller = -1
    state.p_ramsch = False


def _record_trick(
    state: State,
    w: int,
    seats: list[int],
    cards: list[int],
    taken: list[Any],
    ev: list[Event] | None,
) -> None:
    """The finished trick in the record (``state.tricks``, ``state.last``) and its event:
    ``taken`` says who got which card, as ``(seat, card)`` pairs."""
    record = [
        state.leader,
        tuple(seats),
        tuple(cards),
        w,
        tuple([(s, c) for s, c in taken]),
        state.g_colour,
        state.ramsch,
    ]
    state.tricks.append(record)
    state.last = record
    state.last_round = state.rnd
    if ev is not None:
        ev.append({"type": "trick", "winner": w, "taken": [[s, CODES[c]] for s, c in taken]})


def _complete_trick(state: State, ev: list[Event] | None) -> None:
    seats, cards = state.tseats, state.tcards
    w = trick_winner(seats, cards, state.g_colour, state.g_caller, state.ramsch)
    state.winner = w
    if ev is not None:
        ev.append({"type": "trick_won", "seat": w})
    if (
        max(cards) < 100
        and not state.sim
        and state.hands[0]
        and (
            _ZEROS.isdisjoint(cards)
            or not [c for i, c in enumerate(cards) if c % 20 == 0 and seats[i] != w]
        )
    ):
        # the usual trick (no special card, no Schnäppchenblick of another seat than the
        # winner's, not the round's last): the winner takes it in play order and leads the next
        # one (``_advance_picks``, ``_finish_distribution`` and ``start_trick`` without their
        # branches)
        _book_usual_trick(state, w, seats, cards, ev)
        state.g_colour = state.g_caller = -1
        state.ramsch = False
        state.tseats = []
        state.tcards = []
        state.winner = -1
        state.taken = []
        state.pool = []
        state.pickers = []
        state.leader = state.turn = w
        state.phase = PLAY
        return
    if POSTEN in cards:
        gi = cards.index(POSTEN)
        g = seats[gi]
        receiver = w
        for i in range(gi + 1, len(cards)):
            if is_zero(cards[i]):
                receiver = seats[i]
                break
        state.taken = [[receiver if c == POSTEN else g, c] for c in cards]
        state.pool = []
        state.pickers = []
        _finish_distribution(state, ev)
        return
    state.taken = []
    state.pool = cards[:]
    state.pickers = [
        [seats[i], c] for i, c in enumerate(cards) if c < 100 and c % 20 == 0 and seats[i] != w
    ]
    _advance_picks(state, ev)


def pick_options(state: State) -> list[int]:
    seat, zero = state.pickers[0]
    return [c for c in state.pool if c != zero]


def _advance_picks(state: State, ev: list[Event] | None) -> None:
    while state.pickers:
        opts = pick_options(state)
        # more than one notation to choose from (both Fälschungen are one, ``F``)
        if len(opts) > 1 and not (len(opts) == 2 and FALSCH_A in opts and FALSCH_B in opts):
            state.phase = PICK
            state.turn = state.pickers[0][0]
            return
        if opts:  # a single possible card: no decision to make
            do_take(state, opts[0], ev)
        else:
            state.pickers.pop(0)
    _finish_distribution(state, ev)


def do_take(state: State, card: int, ev: list[Event] | None) -> None:
    """The current Schnäppchenblick player takes ``card`` from the trick."""
    seat = state.pickers.pop(0)[0]
    state.pool.remove(card)
    state.taken.append([seat, card])
    if ev is not None:
        ev.append({"type": "pick", "seat": seat, "card": code(card)})


def do_pick(state: State, card: int, ev: list[Event] | None) -> None:
    do_take(state, card, ev)
    _advance_picks(state, ev)


def _finish_distribution(state: State, ev: list[Event] | None) -> None:
    w = state.winner
    taken = state.taken
    picked = len(taken)
    cards = state.tcards
    if not picked and not state.sim and max(cards) < 100 and state.hands[0]:
        # the usual trick (no special card, nobody picked, not the round's last): the winner
        # takes the trick in play order; the general path below, without its branches
        state.pool = []
        taken.extend([[w, c] for c in cards])
        _book_usual_trick(state, w, state.tseats, cards, ev)
        start_trick(state, -1, ev)
        return
    for c in state.pool:
        taken.append([w, c])
    state.pool = []
    seats, cards = state.tseats, state.tcards
    penalty = not state.options["faelschung_ohne_strafe"]
    if state.sim:
        # a rollout of the strong bot: no trick record, no events (it stops at the round end)
        counters = state.counters
        for seat, c in taken:
            counters[seat].append(c)
            if penalty and c in (FALSCH_A, FALSCH_B):
                state.scores[seat] -= 3
        if not state.hands[0]:
            state.phase = OVER
            return
        state.p_vor = state.p_caller = -1
        state.p_ramsch = False
        if max(cards) >= 100:
            _trick_effects(state, seats, cards)
            if TAUSCH in cards:
                state.phase = SWAP
                state.swap_choice = [-1] * state.n
                return
        _after_swap(state, ev)
        return
    # taken in play order, so "who got what" reads along the trick (without picks the pool
    # is in play order already)
    if picked:
        taken.sort(key=lambda t: cards.index(t[1]))
    counters = state.counters
    for seat, c in taken:
        counters[seat].append(c)
        if c > 100 and c in (FALSCH_A, FALSCH_B) and penalty:
            state.scores[seat] -= 3
            if ev is not None:
                ev.append({"type": "penalty", "seat": seat, "points": -3})
    _record_trick(state, w, seats, cards, taken, ev)
    if not state.hands[0]:
        # last trick: Tauschrunde and next-trick effects lapse
        _end_round(state, ev)
        return
    state.p_vor = state.p_caller = -1
    state.p_ramsch = False
    if max(cards) < 100:  # no special card: no effects, no Tauschrunde
        start_trick(state, -1, ev)
        return
    _trick_effects(state, seats, cards)
    if TAUSCH in cards:
        state.phase = SWAP
        state.swap_choice = [-1] * state.n
        if ev is not None:
            ev.append({"type": "swap_start"})
        return
    _after_swap(state, ev)


def _trick_effects(state: State, seats: Sequence[int], cards: Sequence[int]) -> None:
    """Vordrängeln, Heute gefragt and Ramschtag of the finished trick, for the next one."""
    for s, c in zip(seats, cards, strict=True):
        if c == VOR:
            state.p_vor = s
        elif c == GEFRAGT:
            state.p_caller = s
        elif c == RAMSCH:
            state.p_ramsch = True


def do_swap_choice(state: State, seat: int, card: int, ev: list[Event] | None) -> None:
    state.swap_choice[seat] = card
    if ev is not None:
        ev.append({"type": "swap_chosen", "seat": seat})
    if -1 in state.swap_choice:
        return
    n = state.n
    choice = state.swap_choice
    for s in range(n):
        state.hands[s].remove(choice[s])
    for s in range(n):
        state.hands[(s + 1) % n].append(choice[s])
        state.swap_log[s] = [choice[s], choice[(s - 1) % n]]
    state.swap_choice = []
    # the hidden passing may have refilled a crossed-out colour
    state.voids = [0] * n
    if ev is not None:
        ev.append({"type": "swap_done"})
    _after_swap(state, ev)


def _after_swap(state: State, ev: list[Event] | None) -> None:
    if state.p_caller >= 0:
        state.phase = ASK
        state.turn = state.p_caller
        return
    start_trick(state, -1, ev)


def do_ask(state: State, colour: int, ev: list[Event] | None) -> None:
    if ev is not None:
        ev.append({"type": "ask", "seat": state.p_caller, "colour": SUITS[colour]})
    start_trick(state, colour, ev)


def start_trick(state: State, colour: int, ev: list[Event] | None) -> None:
    leader = state.p_vor if state.p_vor >= 0 else state.winner
    state.g_colour = colour
    state.g_caller = state.p_caller if colour >= 0 else -1
    state.ramsch = state.p_ramsch
    state.p_vor = state.p_caller = -1
    state.p_ramsch = False
    state.tseats = []
    state.tcards = []
    state.winner = -1
    state.taken = []
    state.leader = state.turn = leader
    state.phase = PLAY


def _tie_position(state: State) -> list[int]:
    """Position of each seat in the last trick (earlier play breaks ties)."""
    pos = list(range(state.n))
    if state.last is not None:
        for i, s in enumerate(state.last[1]):
            pos[s] = i
    return pos


def next_need(state: State, seat: int) -> int:
    """Cards ``seat`` would miss next round from the attic by the current standing."""
    if state.rnd + 1 >= len(state.sizes):
        return 0
    have = len(state.boxes[seat]) + len(state.counters[seat])
    return max(0, state.sizes[state.rnd + 1] - have)


def _end_round(state: State, ev: list[Event] | None) -> None:
    n = state.n
    if state.sim:
        state.phase = OVER
        return
    for s in range(n):
        state.scores[s] += len(state.counters[s])
    rng = shuffle_rng(state.seed, state.shuffles)
    state.shuffles += 1
    for s in range(n):
        caught = state.counters[s]
        shuffle(rng, caught)
        state.boxes[s].extend(caught)  # under the rest of the box
    state.counters = [[] for _ in range(n)]
    if ev is not None:
        ev.append({"type": "round_end", "round": state.rnd + 1, "scores": state.scores[:]})
    state.tseats = []
    state.tcards = []
    state.winner = -1
    state.taken = []
    state.g_colour = state.g_caller = -1
    state.ramsch = False
    if state.rnd + 1 >= len(state.sizes):
        _game_over(state, "ende", ev)
        return
    _deal(state, state.rnd + 1, ev)


def _deal(state: State, rnd: int, ev: list[Event] | None) -> None:
    """Next round: own box first, then the attic (biggest need first, ties by earlier play in
    the last trick); "Leergekauft" if the attic cannot serve everyone."""
    n = state.n
    h = state.sizes[rnd]
    need = [max(0, h - len(state.boxes[s])) for s in range(n)]
    if sum(need) > len(state.attic):
        _game_over(state, "leergekauft", ev)
        return
    pos = _tie_position(state)
    draws = [0] * n
    for s in range(n):
        k = h - need[s]
        state.hands[s] = state.boxes[s][:k]
        del state.boxes[s][:k]
    for s in sorted(range(n), key=lambda s: (-need[s], pos[s])):
        if need[s]:
            state.hands[s].extend(state.attic[: need[s]])
            del state.attic[: need[s]]
            draws[s] = need[s]
    for hand in state.hands:
        hand.sort()
    state.rnd = rnd
    state.voids = [0] * n
    state.tricks = []
    state.swap_log = [None] * n
    state.swap_choice = []
    state.p_vor = state.p_caller = -1
    state.p_ramsch = False
    leader = min(range(n), key=lambda s: (state.scores[s], pos[s]))
    state.leader = state.turn = leader
    state.phase = PLAY
    if ev is not None:
        ev.append({"type": "round_start", "round": rnd + 1, "attic_draws": draws, "leader": leader})


def _game_over(state: State, reason: str, ev: list[Event] | None) -> None:
    state.phase = OVER
    state.end = reason
    state.turn = -1
    if ev is not None:
        ev.append({"type": "game_over", "reason": reason, "scores": state.scores[:]})


def unique_codes(cards: Sequence[int]) -> list[str]:
    """The notations of ``cards`` in id order, each once (both Fälschungen are ``F``)."""
    ordered = sorted(cards)
    if FALSCH_B in ordered and FALSCH_A in ordered:
        ordered.remove(FALSCH_B)
    return [CODES[c] for c in ordered]


def resolve(cards: Sequence[int], text: object) -> int | None:
    """The card of ``cards`` written ``text`` (either Fälschung for ``F``), or None."""
    c = parse(text)
    if c is None:
        return None
    if c == FALSCH_A and FALSCH_A not in cards and FALSCH_B in cards:
        return FALSCH_B
    return c if c in cards else None


def weakest(cards: Sequence[int]) -> int:
    return min(cards, key=lambda c: (strength(c), c))


def colour_scores(hand: Sequence[int]) -> list[float]:
    """Per colour how long and strong the hand is in it (``best_colour``)."""
    score = [0.0] * 5
    for c in hand:
        if c < 100:
            score[c // 20] += 4 + (c % 20) / 2
    return score


def best_colour(hand: Sequence[int]) -> int:
    """A sensible Heute-gefragt colour: where the hand is longest and strongest."""
    score = colour_scores(hand)
    return max(range(5), key=lambda s: (score[s], s == EMERALD))


OPTIONS = (
    Option("partie_kurz", "option.partie_kurz", False, help="option.partie_kurz.help"),
    Option(
        "ohne_sonderkarten", "option.ohne_sonderkarten", False, help="option.ohne_sonderkarten.help"
    ),
    Option(
        "faelschung_ohne_strafe",
        "option.faelschung_ohne_strafe",
        False,
        help="option.faelschung_ohne_strafe.help",
    ),
    Option("dachboden_offen", "option.dachboden_offen", False, help="option.dachboden_offen.help"),
)


# -- the game as functions (``Engine`` calls them by name) -------------------------------
def new_game(
    players: int,
    opts: dict[str, Any],
    seed: int,
    deck: Sequence[str] | None = None,
) -> State:
    """Deal round 1. ``deck`` (tests): the start cards top first, dealt in blocks (seat 0
    gets the first cards), optionally followed by ``"|"`` and the attic top first. Without
    ``"|"`` the attic is built and shuffled as usual from the attic cards not in the start
    part. With a stacked deck seat 0 leads round 1 (instead of the lot)."""
    st = State()
    st.n = players
    st.options = opts
    st.seed = seed
    st.sizes = hand_sizes(players, opts["partie_kurz"])
    rng = shuffle_rng(seed, 0)
    st.shuffles = 1
    h = st.sizes[0]
    if deck is None:
        start = list(start_cards(players))
        shuffle(rng, start)
        attic = shuffled_attic(opts, rng, ())
        first = rng.randrange(players)
    else:
        start, attic_part = parse_deck(deck)
        if len(start) != players * h:
            raise ValueError(f"deck: {players * h} start cards expected, got {len(start)}")
        attic = shuffled_attic(opts, rng, start) if attic_part is None else attic_part
        first = 0
    st.hands = [sorted(start[s * h : (s + 1) * h]) for s in range(players)]
    st.attic = attic
    st.boxes = [[] for _ in range(players)]
    st.counters = [[] for _ in range(players)]
    st.scores = [0] * players
    st.voids = [0] * players
    st.swap_log = [None] * players
    st.leader = st.turn = st.first_leader = first
    st.phase = PLAY
    return st


def shuffled_attic(opts: dict[str, Any], rng: random.Random, used: Sequence[int]) -> list[int]:
    pool = ATTIC_PLAIN if opts["ohne_sonderkarten"] else ATTIC_CARDS
    attic: list[int] = []
    for tier in (1, 2, 3, 4, 5):  # 1★ Schuppen on top, 5★ Schloss at the bottom
        if used:
            stack = [c for c in pool if TIER[c] == tier and c not in used]
        else:
            stack = list(_TIERS[pool is ATTIC_PLAIN][tier])
        shuffle(rng, stack)
        attic.extend(stack)
    return attic


#: with special cards and without: tier → the attic cards of that tier, in id order
_TIERS: tuple[dict[int, tuple[int, ...]], ...] = tuple(
    {tier: tuple(c for c in pool if TIER[c] == tier) for tier in (1, 2, 3, 4, 5)}
    for pool in (ATTIC_CARDS, ATTIC_PLAIN)
)


def parse_deck(deck: Sequence[str]) -> tuple[list[int], list[int] | None]:
    parts: list[list[int]] = [[]]
    seen: set[int] = set()
    for text in deck:
        if text == DECK_SEPARATOR:
            if len(parts) > 1:
                raise ValueError("deck: only one '|' allowed")
            parts.append([])
            continue
        c = parse(text)
        if c == FALSCH_A and FALSCH_A in seen:
            c = FALSCH_B
        if c is None or c in seen:
            raise ValueError(f"deck: invalid or repeated card {text!r}")
        seen.add(c)
        parts[-1].append(c)
    return parts[0], (parts[1] if len(parts) > 1 else None)


def check_options(options: dict[str, Any], players: int) -> None:
    if options["ohne_sonderkarten"] and options["faelschung_ohne_strafe"]:
        raise InvalidOptions("options.fake_without_specials")


def simultaneous_key(state: State) -> str | None:
    """The Tauschrunde after trick ``len(tricks)`` of round ``rnd``."""
    if state.phase == SWAP:
        return f"swap:{state.rnd}:{len(state.tricks)}"
    return None


#: the play of every card: the legal-move table ``legal_actions`` shares (read, never change)
_PLAY_ACTIONS: dict[int, Action] = {
    c: {"type": "play", "card": CODES[c]} for c in range(len(CODES)) if CODES[c]
}

#: the Schnäppchenblicke (``is_zero``)
_ZEROS = frozenset(c for c in range(100) if c % 20 == 0)
#: ``_PLAY_ACTIONS`` by id (``{}`` for ids that are no card)
_PLAY_BY_ID: tuple[Action, ...] = tuple(_PLAY_ACTIONS.get(c) or {} for c in range(len(CODES)))
_PLAY_OF = _PLAY_BY_ID.__getitem__

#: ``frozenset((seat,))`` of every seat, shared (frozensets are immutable)
_ALONE = tuple(frozenset((s,)) for s in range(8))
_NOBODY: frozenset[int] = frozenset()


def actors(state: State) -> frozenset[int]:
    p = state.phase
    if p == OVER:
        return _NOBODY
    if p == SWAP:
        return frozenset(s for s in range(state.n) if state.swap_choice[s] < 0)
    return _ALONE[state.turn]


def legal_actions(state: State, seat: int) -> list[Action]:
    p = state.phase
    if p == PLAY:
        if seat != state.turn:
            return []
        hand = state.hands[seat]
        f = state.g_colour
        if f < 0:
            for c in state.tcards:
                if c < 100:
                    f = c // 20
                    break
        cards = hand
        if f >= 0:
            lo = f * 20
            same = [c for c in hand if lo <= c < lo + 20]
            if same:
                if max(hand) >= 100:
                    same.extend([c for c in hand if c >= 100])
                cards = same
        ordered = sorted(cards)
        # both Fälschungen are one action, ``F`` (sorted: the highest cards, if held)
        if ordered and ordered[-1] >= FALSCH_B and FALSCH_B in ordered and FALSCH_A in ordered:
            ordered.remove(FALSCH_B)
        return list(map(_PLAY_OF, ordered))
    if p == PICK:
        if seat != state.turn:
            return []
        return [{"type": "pick", "card": k} for k in unique_codes(pick_options(state))]
    if p == SWAP:
        if not 0 <= seat < state.n or state.swap_choice[seat] >= 0:
            return []
        return [{"type": "swap", "card": k} for k in unique_codes(state.hands[seat])]
    if p == ASK:
        if seat != state.turn:
            return []
        return [{"type": "ask", "colour": k} for k in SUITS]
    return []


def validate_action(state: State, seat: Any, action: Any) -> tuple[int, int]:
    """Check ``action`` completely; return (kind, card or colour)."""
    if not isinstance(action, dict):
        raise IllegalAction("error.invalid_action")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.n:
        raise IllegalAction("error.unknown_seat")
    kind = action.get("type")
    p = state.phase
    if p == OVER:
        raise IllegalAction("error.over")
    expected = PHASE_NAMES[p] if p != ASK else "ask"
    if kind not in ("play", "pick", "swap", "ask"):
        raise IllegalAction("error.unknown_action")
    if seat not in actors(state):
        if p == SWAP:
            raise IllegalAction("error.swap_chosen")
        raise IllegalAction("error.not_your_turn")
    if kind != expected:
        raise IllegalAction(
            {
                PLAY: "error.now.play",
                PICK: "error.now.pick",
                SWAP: "error.now.swap",
                ASK: "error.now.ask",
            }[p]
        )
    key = "colour" if kind == "ask" else "card"
    if set(action) != {"type", key}:
        raise IllegalAction("error.bad_fields")
    value = action[key]
    if kind == "ask":
        if not isinstance(value, str) or len(value) != 1 or value not in SUITS:
            raise IllegalAction("error.name_a_colour")
        return ASK, SUITS.index(value)
    if not isinstance(value, str) or parse(value) is None:
        raise IllegalAction("error.unknown_card")
    if kind == "play":
        hand = state.hands[seat]
        c = resolve(hand, value)
        if c is None:
            raise IllegalAction("error.not_in_hand", card=name(parse(value) or 0))
        if c not in playable(state, seat):
            f = follow_suit(state.tcards, state.g_colour)
            raise IllegalAction("error.must_follow", colour=colour_name(f))
        return PLAY, c
    if kind == "pick":
        c = resolve(pick_options(state), value)
        if c is None:
            raise IllegalAction("error.cannot_pick")
        return PICK, c
    c = resolve(state.hands[seat], value)
    if c is None:
        raise IllegalAction("error.card_not_in_hand")
    return SWAP, c


def apply(state: State, seat: int, action: Action) -> list[Event]:
    if (
        state.phase == PLAY
        and seat == state.turn
        and type(seat) is int
        and type(action) is dict
        and len(action) == 2
        and action.get("type") == "play"
    ):
        # the checked fast path of a legal play in the usual spelling (anything else:
        # ``validate_action`` decides, and refuses)
        text = action.get("card")
        c = _PARSED.get(text) if type(text) is str else None
        hand = state.hands[seat]
        if c is not None and c not in hand:
            c = FALSCH_B if c == FALSCH_A and FALSCH_B in hand else None
        if c is not None:
            tcards = state.tcards
            void = -1
            if c < 100:
                f = state.g_colour
                if f < 0:
                    for t in tcards:
                        if t < 100:
                            f = t // 20
                            break
                if f >= 0 and c // 20 != f:
                    lo = f * 20
                    hi = lo + 20
                    for h in hand:
                        if lo <= h < hi:
                            c = None  # must follow: validate_action says so
                            break
                    void = f
            if c is not None:
                ev: list[Event] = [{"type": "play", "seat": seat, "card": CODES[c]}]
                hand.remove(c)
                if void >= 0:
                    state.voids[seat] |= 1 << void
                state.tseats.append(seat)
                tcards.append(c)
                if len(tcards) == state.n:
                    _complete_trick(state, ev)
                else:
                    state.turn = (seat + 1) % state.n
                return ev
    kind, x = validate_action(state, seat, action)
    ev = []
    if kind == PLAY:
        do_play(state, seat, x, ev)
    elif kind == PICK:
        do_pick(state, x, ev)
    elif kind == SWAP:
        do_swap_choice(state, seat, x, ev)
    else:
        do_ask(state, x, ev)
    return ev


def timeout_action(state: State, seat: int) -> Action:
    """Play: the lowest plain card (specials are kept), Tauschrunde: the weakest card,
    Schnäppchenblick: the most valuable card, Heute gefragt: the longest/strongest colour."""
    p = state.phase
    if p == PLAY:
        cards = playable(state, seat)
        c = min(cards, key=lambda c: (c >= 100, strength(c), c))
        return {"type": "play", "card": code(c)}
    if p == PICK:
        c = max(pick_options(state), key=lambda c: (strength(c), -c))
        return {"type": "pick", "card": code(c)}
    if p == SWAP:
        return {"type": "swap", "card": code(weakest(state.hands[seat]))}
    if p == ASK:
        return {"type": "ask", "colour": SUITS[best_colour(state.hands[seat])]}
    raise IllegalAction("error.over")


def result(state: State) -> Result | None:
    if state.phase != OVER:
        return None
    scores = state.scores[:]
    places = [1 + sum(1 for o in scores if o > s) for s in scores]
    winners = [s for s in range(state.n) if places[s] == 1]
    board = [max(0, scores[s]) + PLACE_BONUS.get(places[s], 0) for s in range(state.n)]
    return Result(
        scores=scores,
        places=places,
        winners=winners,
        leaderboard=board,
        details={"leergekauft": state.end == "leergekauft", "rounds_played": state.rnd + 1},
    )


def describe_action(action: Action) -> Msg:
    """The replay line of ``action`` as a code: ``move.play`` („spielt Porzellan 7“), …"""
    kind = action.get("type")
    if kind == "ask":
        colour = action.get("colour")
        label = (
            colour_name(SUITS.index(colour)) if colour in tuple(SUITS) else msg("card.colour.any")
        )
        return msg("move.ask", colour=label)
    c = parse(action.get("card"))
    card = name(c) if c is not None else msg("card.unknown")
    if kind in ("play", "pick", "swap"):
        return msg(f"move.{kind}", card=card)
    return msg("move.other", kind=str(kind), card=card)
