"""Speedwerk rules: state, dealing, bidding with the sum rule, tricks, special cards, scoring,
and the timeout move (quick heuristics on a state, which the bots play with too)."""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
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
    near_best,
    shuffle,
    shuffle_rng,
)
from games.speedwerk.engine.cards import (
    _CODE_TO_CARD as _CARDS,
)
from games.speedwerk.engine.cards import (
    BLIND_COPY,
    BP,
    CARD_STR,
    COLOR_CARDS,
    COLOR_NAMES,
    COLORS,
    DEALER_CHOOSES,
    DECLARE,
    DECLARE_NAMES,
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
    SPECIAL_KEYS,
    SPECIAL_NAMES,
    SPECIAL_TEXT,
    SPECIALS,
    SS,
    TR,
    card_name,
    card_str,
    colour_name,
    effective,
    parse_card,
    play_info,
    trick_winner,
)

P_TRUMP, P_BID, P_PLAY, P_PASS, P_ADJUST, P_SWAP, P_OVER = range(7)
PHASE_NAMES = ("trump", "bid", "play", "pass", "adjust", "swap", "over")

Play = tuple[int, int, int]  # (seat, card, declaration)
#: a decision of the heuristics: (kind, *arguments), e.g. ("p", card, declaration)
Move = tuple[Any, ...]


@dataclass
class WerkState:
    players: int
    specials: list[int]
    seed: int
    first_round: int
    n_rounds: int
    round_no: int = 0
    dealer: int = 0
    phase: int = P_BID
    turn: int = 0
    hands: list[list[int]] = field(default_factory=list)
    stock: list[int] = field(default_factory=list)
    trump_card: int = -1
    trump: int = -1
    bids: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    leader: int = 0
    trick: list[Play] = field(default_factory=list)
    suit: int = -1
    #: completed tricks of the round: (leader, plays, winner or -1, would-be winner)
    tricks: list[tuple[int, tuple[Play, ...], int, int]] = field(default_factory=list)
    #: cards lying in the last completed trick (changed by the Schrottsammlerin)
    pile: list[int] = field(default_factory=list)
    #: Schrottsammlerin swaps of the round: (trick index, seat, gave, took)
    swaps: list[tuple[int, int, int, int]] = field(default_factory=list)
    #: every card out of play this round (played, given into a trick), face up
    gone: list[int] = field(default_factory=list)
    voids: list[int] = field(default_factory=list)  # bitmask of colours a seat cannot hold
    known: list[list[int]] = field(default_factory=list)  # publicly known hand cards (swaps)
    passed: list[int] = field(default_factory=list)  # card a seat passed, still known in left hand
    pass_choice: list[int] = field(default_factory=list)
    adjust_seat: int = -1
    swap_queue: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    sheet: list[dict[str, Any]] = field(default_factory=list)


def clone_state(st: WerkState) -> WerkState:
    new = WerkState.__new__(WerkState)
    d = new.__dict__
    d.update(st.__dict__)
    d["specials"] = st.specials[:]
    d["hands"] = [h[:] for h in st.hands]
    d["stock"] = st.stock[:]
    d["bids"] = st.bids[:]
    d["won"] = st.won[:]
    d["trick"] = st.trick[:]
    d["tricks"] = st.tricks[:]
    d["pile"] = st.pile[:]
    d["swaps"] = st.swaps[:]
    d["gone"] = st.gone[:]
    d["voids"] = st.voids[:]
    d["known"] = [k[:] for k in st.known]
    d["passed"] = st.passed[:]
    d["pass_choice"] = st.pass_choice[:]
    d["swap_queue"] = st.swap_queue[:]
    d["scores"] = st.scores[:]
    d["sheet"] = st.sheet[:]  # entries are never mutated
    return new


# -- the round ---------------------------------------------------------------------------------
def deck_of(specials: Sequence[int]) -> list[int]:
    return list(range(N_NUMBERS)) + sorted(specials)


def start_round(st: WerkState, stack: list[int] | None = None) -> None:
    """Deal round ``st.round_no``: hands in blocks of r cards (seat 0 first), then the trump card."""
    r = st.round_no
    p = st.players
    st.dealer = (r - 1) % p
    deck = deck_of(st.specials)
    rng = shuffle_rng(st.seed, r)
    if stack:
        rest = [c for c in deck if c not in set(stack)]
        shuffle(rng, rest)
        deck = list(stack) + rest
    else:
        shuffle(rng, deck)
    st.hands = [sorted(deck[i * r : (i + 1) * r]) for i in range(p)]
    rest = deck[p * r :]
    st.trump_card = rest[0] if rest else -1
    st.stock = rest[1:]
    tc = st.trump_card
    st.trump = tc // 15 if 0 <= tc < N_NUMBERS else -1
    st.bids = [-1] * p
    st.won = [0] * p
    st.trick = []
    st.suit = -1
    st.tricks = []
    st.pile = []
    st.swaps = []
    st.gone = []
    st.voids = [0] * p
    st.known = [[] for _ in range(p)]
    st.passed = [-1] * p
    st.pass_choice = [-1] * p
    st.adjust_seat = -1
    st.swap_queue = []
    st.leader = (st.dealer + 1) % p
    if tc in DEALER_CHOOSES:
        st.phase = P_TRUMP
        st.turn = st.dealer
    else:
        st.phase = P_BID
        st.turn = st.leader


def forbidden_bid(st: WerkState, seat: int) -> int:
    """The sum rule: the value the dealer may not bid (-1 when there is none)."""
    if seat != st.dealer:
        return -1
    rest = st.round_no - sum(b for i, b in enumerate(st.bids) if i != seat)
    return rest if 0 <= rest <= st.round_no else -1


def legal_bids(st: WerkState, seat: int) -> list[int]:
    bad = forbidden_bid(st, seat)
    return [b for b in range(st.round_no + 1) if b != bad]


def needs_decl(st: WerkState, card: int) -> int:
    """0: nothing to declare, 1: a colour, 2: Meisterwerk/Blindgänger."""
    e = effective(card, st.trump_card)
    if e in COLOR_CARDS:
        return 1
    if e == PT:
        return 2
    return 0


def playable_cards(st: WerkState, seat: int) -> list[int]:
    hand = st.hands[seat]
    suit = st.suit
    if suit >= 0:
        lo = suit * 15
        follow = [c for c in hand if lo <= c < lo + 15]
        if follow:
            return follow + [c for c in hand if c >= N_NUMBERS]
    return hand


def legal_plays(st: WerkState, seat: int) -> list[tuple[int, int]]:
    """Every legal ``(card, declaration)``: follow the suit with number cards, specials always."""
    out: list[tuple[int, int]] = []
    for c in playable_cards(st, seat):
        kind = needs_decl(st, c) if c >= N_NUMBERS else 0
        if kind == 1:
            out.extend((c, k) for k in range(4))
        elif kind == 2:
            out.append((c, 1))
            out.append((c, 0))
        else:
            out.append((c, -1))
    return out


def is_blind(st: WerkState) -> bool:
    return st.round_no == 1


def blind_decl(st: WerkState, seat: int, card: int) -> int:
    """Declaration for an unseen card (blind round), made in favour of its owner's bid.

    The owner sees every other card, so each option is tried against the whole trick: the cards
    still to come are added with their own owners' likely choices. The first option whose outcome
    fits the bid (win for a bid of 1, lose for 0) is taken, else the first option."""
    kind = needs_decl(st, card)
    if kind == 0:
        return -1
    options = list(range(4)) if kind == 1 else [1, 0]
    p = st.players
    later = [(seat + i) % p for i in range(1, p - len(st.trick))]
    for d in options:
        trial = st.trick + [(seat, card, d)]
        for o in later:
            if st.hands[o]:
                c = st.hands[o][0]
                trial.append((o, c, _guess_decl(st, o, c)))
        if _winner_seat(st, trial) == seat if _wants(st, seat) else _winner_seat(st, trial) != seat:
            return d
    return options[0]


def _wants(st: WerkState, seat: int) -> bool:
    return st.bids[seat] > st.won[seat]


def _guess_decl(st: WerkState, seat: int, card: int) -> int:
    kind = needs_decl(st, card)
    if kind == 0:
        return -1
    if kind == 2:
        return 1 if _wants(st, seat) else 0
    if _wants(st, seat):
        return st.trump if st.trump >= 0 else 0
    return next(c for c in range(4) if c != st.trump)


def _winner_seat(st: WerkState, plays: list[Play]) -> int:
    trump = st.trump
    tc = st.trump_card
    infos = []
    for _s, c, d in plays:
        e = effective(c, tc)
        if e == TR:
            trump = d
        infos.append(play_info(e, d))
    w, _ = trick_winner(infos, trump)
    return plays[w][0] if w >= 0 else -1


def actors_of(st: WerkState) -> list[int]:
    if st.phase == P_OVER:
        return []
    if st.phase == P_PASS:
        return [s for s in range(st.players) if st.pass_choice[s] < 0]
    return [st.turn]


# -- internal moves (validated by the caller) ---------------------------------------------------
def do_trump(st: WerkState, colour: int) -> None:
    st.trump = colour
    st.phase = P_BID
    st.turn = st.leader


def do_bid(st: WerkState, seat: int, bid: int) -> None:
    st.bids[seat] = bid
    if seat == st.dealer:
        st.phase = P_PLAY
        st.turn = st.leader
    else:
        st.turn = (seat + 1) % st.players


def do_play(st: WerkState, seat: int, card: int, decl: int) -> list[Event]:
    st.hands[seat].remove(card)
    if card < N_NUMBERS:
        colour = card // 15
        suit = st.suit
        if suit < 0:
            st.suit = colour
        elif colour != suit:
            st.voids[seat] |= 1 << suit
    else:
        eff = effective(card, st.trump_card)
        kind, colour, _value = play_info(eff, decl)
        if kind == K_NUM and st.suit < 0:
            st.suit = colour
        if eff == TR:  # Transformator: its colour is trump from this trick on
            st.trump = decl
    st.trick.append((seat, card, decl))
    st.gone.append(card)
    _forget(st, card)
    if len(st.trick) < st.players:
        st.turn = (seat + 1) % st.players
        return []
    return finish_trick(st)


def _forget(st: WerkState, card: int) -> None:
    for k in st.known:
        if k and card in k:
            k.remove(card)
    passed = st.passed
    if card in passed:
        for i in range(st.players):
            if passed[i] == card:
                passed[i] = -1


def finish_trick(st: WerkState) -> list[Event]:
    plays = st.trick
    cards = [c for (_s, c, _d) in plays]
    if max(cards) < N_NUMBERS:
        # number cards only (the common trick): the highest trump, else the highest card of
        # the colour led (``trick_winner`` without the special cards; no effects follow)
        trump = st.trump
        lead = cards[0] // 15
        w = 0
        top = -1
        for i, c in enumerate(cards):
            colour = c // 15
            rank = 32 + c % 15 if colour == trump else (c % 15 if colour == lead else -1)
            if rank > top:
                top = rank
                w = i
        winner = plays[w][0]
        st.tricks.append((plays[0][0], tuple(plays), winner, winner))
        st.pile = cards
        st.won[winner] += 1
        st.leader = winner
        st.trick = []
        st.suit = -1
        st.adjust_seat = -1
        st.swap_queue = []
        event: Event = {"type": "trick", "winner": winner, "leads_next": winner, "kessel": False}
        if st.hands[0]:  # ``advance`` without effects: the next trick
            st.phase = P_PLAY
            st.turn = winner
            return [event]
        st.phase = -1
        return [event, *score_round(st)]
    tc = st.trump_card
    effs = [effective(c, tc) for (_s, c, _d) in plays]
    infos = [play_info(e, d) for e, (_s, _c, d) in zip(effs, plays, strict=True)]
    w, would = trick_winner(infos, st.trump)
    winner = plays[w][0] if w >= 0 else -1
    st.tricks.append((plays[0][0], tuple(plays), winner, plays[would][0]))
    st.pile = cards
    if winner >= 0:
        st.won[winner] += 1
    st.leader = plays[would][0]
    st.trick = []
    st.suit = -1
    cards_left = bool(st.hands[0])
    if cards_left and FB in effs:
        st.pass_choice = [-1] * st.players
        st.phase = P_PASS
    else:
        st.phase = -1
    st.adjust_seat = winner if (winner >= 0 and DW in effs) else -1
    st.swap_queue = (
        [plays[i][0] for i, inf in enumerate(infos) if inf[0] == K_SS] if cards_left else []
    )
    event = {
        "type": "trick",
        "winner": winner,
        "leads_next": st.leader,
        "kessel": winner < 0,
    }
    events = [event]
    if st.phase != P_PASS:
        events.extend(advance(st))
    return events


def advance(st: WerkState) -> list[Event]:
    """After a trick (and each of its effects): the next pending effect, else the next trick or
    the scoring."""
    if st.adjust_seat >= 0:
        st.phase = P_ADJUST
        st.turn = st.adjust_seat
        return []
    if st.swap_queue:
        st.phase = P_SWAP
        st.turn = st.swap_queue[0]
        return []
    if st.hands[0]:
        st.phase = P_PLAY
        st.turn = st.leader
        return []
    return score_round(st)


def do_pass_choice(st: WerkState, seat: int, card: int) -> list[Event]:
    st.pass_choice[seat] = card
    if min(st.pass_choice) < 0:
        return [{"type": "pass_chosen", "seat": seat}]
    p = st.players
    for s in range(p):
        st.hands[s].remove(st.pass_choice[s])
    for s in range(p):
        h = st.hands[(s + 1) % p]
        h.append(st.pass_choice[s])
        h.sort()
    st.passed = st.pass_choice[:]
    st.pass_choice = [-1] * p
    st.known = [[] for _ in range(p)]
    st.voids = [0] * p
    return [{"type": "pass_chosen", "seat": seat}, {"type": "passed"}, *advance(st)]


def bid_changes(st: WerkState, seat: int) -> list[int]:
    b = st.bids[seat]
    return [d for d in (-1, 1) if 0 <= b + d <= st.round_no]


def do_adjust(st: WerkState, seat: int, delta: int) -> list[Event]:
    st.bids[seat] += delta
    st.adjust_seat = -1
    return [{"type": "bid_changed", "seat": seat, "bid": st.bids[seat]}, *advance(st)]


def swap_options(st: WerkState, seat: int) -> list[tuple[int, int]]:
    """(give, take) pairs of the Schrottsammlerin: any hand card for any other card of the trick."""
    last = st.tricks[-1][1]
    own = [c for (s, c, _d) in last if s == seat]
    takeable = [c for c in st.pile if c not in own]
    return [(g, t) for g in st.hands[seat] for t in takeable]


def do_swap(st: WerkState, seat: int, give: int, take: int) -> list[Event]:
    st.swap_queue.pop(0)
    events: list[Event] = []
    if give >= 0:
        hand = st.hands[seat]
        hand.remove(give)
        hand.append(take)
        hand.sort()
        st.pile[st.pile.index(take)] = give
        st.gone.remove(take)
        st.gone.append(give)
        _forget(st, give)
        st.known[seat].append(take)
        st.swaps.append((len(st.tricks) - 1, seat, give, take))
        events.append(
            {"type": "swapped", "seat": seat, "gave": card_str(give), "took": card_str(take)}
        )
    else:
        events.append({"type": "kept", "seat": seat})
    events.extend(advance(st))
    return events


def score_round(st: WerkState) -> list[Event]:
    points = []
    for s in range(st.players):
        diff = abs(st.won[s] - st.bids[s])
        points.append(20 + 10 * st.bids[s] if diff == 0 else -10 * diff)
        st.scores[s] += points[-1]
    st.sheet.append(
        {
            "round": st.round_no,
            "dealer": st.dealer,
            "bids": st.bids[:],
            "won": st.won[:],
            "points": points,
            "totals": st.scores[:],
        }
    )
    events: list[Event] = [{"type": "round_scored", "round": st.round_no, "points": points}]
    if st.round_no >= st.n_rounds:
        st.phase = P_OVER
        st.turn = -1
        events.append({"type": "game_over", "scores": st.scores[:]})
        return events
    st.round_no += 1
    start_round(st)
    events.append(round_event(st))
    return events


def round_event(st: WerkState) -> Event:
    return {
        "type": "round_started",
        "round": st.round_no,
        "dealer": st.dealer,
        "trump_card": card_str(st.trump_card) if st.trump_card >= 0 else None,
        "trump": COLORS[st.trump] if st.trump >= 0 else None,
    }


# -- notation of actions ------------------------------------------------------------------------
def play_action(card: int, decl: int, st: WerkState) -> Action:
    a: Action = {"type": "play", "card": card_str(card)}
    kind = needs_decl(st, card) if card >= N_NUMBERS else 0
    if kind == 1:
        a["color"] = COLORS[decl]
    elif kind == 2:
        a["declare"] = DECLARE[decl]
    return a


#: the play of a number card, by card: the legal-move table ``legal_actions`` shares
_NUMBER_PLAYS: tuple[Action, ...] = tuple(
    {"type": "play", "card": card_str(c)} for c in range(N_NUMBERS)
)


_NUMBER_PLAY = _NUMBER_PLAYS.__getitem__
#: the bids of 0 to 20 tricks: the legal-move table ``legal_actions`` shares
_BIDS: list[Action] = [{"type": "bid", "tricks": b} for b in range(21)]


def _special_row(card: int, trump_card: int) -> tuple[Action, ...]:
    """The legal plays of a special card (``legal_plays``' order, ``play_action``'s dicts)."""
    st = WerkState(players=0, specials=[], seed=0, first_round=1, n_rounds=1, trump_card=trump_card)
    kind = needs_decl(st, card)
    decls = range(4) if kind == 1 else ((1, 0) if kind == 2 else (-1,))
    return tuple(play_action(card, d, st) for d in decls)


#: the plays of each special card but the Blaupause, by card, and the Blaupause's by the trump
#: card (``+ 1``: none is -1), which it copies: the legal-move table ``legal_actions`` shares
_SPECIAL_ROWS: dict[int, tuple[Action, ...]] = {c: _special_row(c, -1) for c in SPECIALS}
_BP_ROWS: tuple[tuple[Action, ...], ...] = tuple(
    _special_row(BP, tc) for tc in range(-1, N_NUMBERS + len(SPECIALS))
)


def _fast_play(st: WerkState, seat: Any, action: Any) -> tuple[int, int] | None:
    """``(card, declaration)`` of a legal play in a seen round, found without listing the legal
    actions (hands are sorted: the card and the suit led are found by bisection); ``None`` for
    anything else (``apply``'s full checks then decide, and refuse)."""
    if (
        st.phase != P_PLAY
        or seat != st.turn
        or type(seat) is not int
        or type(action) is not dict
        or st.round_no == 1
        or action.get("type") != "play"
    ):
        return None
    text = action.get("card")
    card = _CARDS.get(text) if type(text) is str else None
    if card is None:
        return None
    hand = st.hands[seat]
    i = bisect_left(hand, card)
    if i == len(hand) or hand[i] != card:
        return None
    if card < N_NUMBERS:
        suit = st.suit
        if suit >= 0 and card // 15 != suit:
            lo = suit * 15
            k = bisect_left(hand, lo)
            if k < len(hand) and hand[k] < lo + 15:
                return None  # must follow
        return (card, -1) if len(action) == 2 else None
    # specials may always be played; their declaration must fit
    if len(action) != (2 if (kind := needs_decl(st, card)) == 0 else 3):
        return None
    if kind == 0:
        return (card, -1)
    value = action.get("color" if kind == 1 else "declare")
    if type(value) is not str:
        return None
    names = COLORS if kind == 1 else DECLARE
    return (card, names.index(value)) if value in names else None


def play_entry(st: WerkState, play: Play) -> dict[str, Any]:
    seat, card, decl = play
    e: dict[str, Any] = {"seat": seat, "card": CARD_STR[card]}
    kind = needs_decl(st, card) if card >= N_NUMBERS else 0
    if kind == 1:
        e["color"] = COLORS[decl]
    elif kind == 2:
        e["declare"] = DECLARE[decl]
    return e


def parse_entry(st: WerkState, e: dict[str, Any]) -> Play:
    card = _CARDS[e["card"]]
    decl = -1
    if "color" in e:
        decl = COLORS.index(e["color"])
    elif "declare" in e:
        decl = DECLARE.index(e["declare"])
    return (e["seat"], card, decl)


ALL_SPECIALS = [SPECIAL_KEYS[s] for s in SPECIALS]

OPTIONS = (
    Option(
        key="specials",
        label="option.specials",
        default=[],
        kind=list,
        choices=tuple((SPECIAL_KEYS[s], SPECIAL_NAMES[s]) for s in SPECIALS),
        help="option.specials.help",
        choice_help=tuple((SPECIAL_KEYS[s], SPECIAL_TEXT[s]) for s in SPECIALS),
    ),
    Option(
        key="kurz",
        label="option.kurz",
        default=False,
        help="option.kurz.help",
    ),
)

#: the rounds of a "Kurze Partie"
SHORT_ROUNDS = 3


# -- the game as functions (``Engine`` calls them by name) -------------------------------
def check_options(options: dict[str, Any], players: int) -> None:
    chosen = options["specials"]
    if "funkenfee" in chosen and "dampfkoloss" not in chosen:
        raise InvalidOptions("error.funkenfee_without_dampfkoloss")
    # a stable order, so that equal selections give equal options
    options["specials"] = [k for k in ALL_SPECIALS if k in chosen]


def new_game(
    players: int,
    opts: dict[str, Any],
    seed: int,
    deck: Sequence[str] | None = None,
    *,
    first_round: int = 1,
) -> WerkState:
    """Start a game. ``deck`` stacks the first round, top first: seat 0's cards, then seat
    1's, …, then the trump card; cards not listed are shuffled below. ``first_round`` lets
    tests start in a later round (dealer and hand size as in that round)."""
    specials = sorted(KEY_TO_SPECIAL[k] for k in opts["specials"])
    n_rounds = SHORT_ROUNDS if opts.get("kurz") else 60 // players
    if not 1 <= first_round <= n_rounds:
        raise InvalidOptions("error.no_such_round", round=first_round, players=players)
    stack: list[int] | None = None
    if deck is not None:
        stack = []
        full = set(deck_of(specials))
        for text in deck:
            c = parse_card(text)
            if c is None or c not in full or c in stack:
                raise InvalidOptions("error.bad_deck", card=str(text))
            stack.append(c)
    st = WerkState(
        players=players,
        specials=specials,
        seed=seed,
        first_round=first_round,
        n_rounds=n_rounds,
        round_no=first_round,
        scores=[0] * players,
    )
    start_round(st, stack)
    return st


def simultaneous_key(state: WerkState) -> str | None:
    """The Fließband passing after trick ``len(tricks)`` of round ``round_no`` (the only
    phase in which several seats act at once; bidding and the blind round are turns)."""
    if state.phase == P_PASS:
        return f"pass:{state.round_no}:{len(state.tricks)}"
    return None


def legal_actions(state: WerkState, seat: int) -> list[Action]:
    st = state
    ph = st.phase
    if ph == P_PLAY and seat == st.turn and st.round_no != 1:
        # a seen round's turn (the common move): the plays from the tables (``legal_plays``:
        # the cards of the suit led if any, else every number card, then the special cards)
        hand = st.hands[seat]
        if hand:
            suit = st.suit
            if hand[-1] < N_NUMBERS:  # hands are sorted: no special card
                if suit >= 0:
                    lo = suit * 15
                    i = bisect_left(hand, lo)
                    j = bisect_left(hand, lo + 15, i)
                    if i < j:
                        return list(map(_NUMBER_PLAY, hand[i:j]))
                return list(map(_NUMBER_PLAY, hand))
            k = bisect_left(hand, N_NUMBERS)
            i, j = 0, k
            if suit >= 0:
                lo = suit * 15
                i = bisect_left(hand, lo, 0, k)
                j = bisect_left(hand, lo + 15, i, k)
                if i == j:
                    i, j = 0, k
            out = list(map(_NUMBER_PLAY, hand[i:j]))
            rows = _SPECIAL_ROWS
            for c in hand[k:]:
                out.extend(rows[c] if c != BP else _BP_ROWS[st.trump_card + 1])
            return out
    if ph == P_OVER or (seat != st.turn if ph != P_PASS else seat not in actors_of(st)):
        return []
    if ph == P_TRUMP:
        return [{"type": "trump", "color": c} for c in COLORS]
    if ph == P_BID:
        # ``legal_bids`` from the table
        bids = _BIDS[: st.round_no + 1]
        bad = forbidden_bid(st, seat)
        return bids[:bad] + bids[bad + 1 :] if bad >= 0 else bids
    if ph == P_PLAY:
        if is_blind(st):
            return [{"type": "play_blind"}]
        plays = _NUMBER_PLAYS
        return [
            plays[c] if c < N_NUMBERS else play_action(c, d, st) for (c, d) in legal_plays(st, seat)
        ]
    if ph == P_PASS:
        return [{"type": "pass", "card": card_str(c)} for c in st.hands[seat]]
    if ph == P_ADJUST:
        return [{"type": "adjust", "delta": d} for d in bid_changes(st, seat)]
    if ph == P_SWAP:
        return [{"type": "keep"}] + [
            {"type": "swap", "give": card_str(g), "take": card_str(t)}
            for (g, t) in swap_options(st, seat)
        ]
    return []


def apply(state: WerkState, seat: int, action: Action) -> list[Event]:
    st = state
    # the checked fast path of a legal play of the seat on turn in a seen round
    fast = _fast_play(st, seat, action)
    if fast is not None:
        card, decl = fast
        if card < N_NUMBERS:
            ev = {"type": "played", "seat": seat, "card": action["card"]}
        else:
            ev = {"type": "played", **play_entry(st, (seat, card, decl))}
        more = do_play(st, seat, card, decl)
        return [ev, *more] if more else [ev]
    if (
        st.phase == P_BID
        and seat == st.turn
        and type(seat) is int
        and type(action) is dict
        and len(action) == 2
        and action.get("type") == "bid"
    ):
        # the checked fast path of a legal bid (anything else: the checks below refuse)
        bid = action.get("tricks")
        if type(bid) is int and 0 <= bid <= st.round_no and bid != forbidden_bid(st, seat):
            do_bid(st, seat, bid)
            return [{"type": "bid", "seat": seat, "tricks": bid}]
    if st.phase == P_OVER:
        raise IllegalAction("error.game_over")
    if not isinstance(seat, int) or seat not in actors_of(st):
        raise IllegalAction("error.not_your_turn")
    if not isinstance(action, dict):
        raise IllegalAction("error.invalid_action")
    legal = legal_actions(st, seat)
    match = next((a for a in legal if a == action and _same_types(a, action)), None)
    if match is None:
        raise IllegalAction(why_illegal(st, seat, action))
    return apply_legal(st, seat, match)


def apply_legal(st: WerkState, seat: int, a: Action) -> list[Event]:
    t = a["type"]
    if t == "trump":
        colour = COLORS.index(a["color"])
        do_trump(st, colour)
        return [{"type": "trump_chosen", "seat": seat, "color": a["color"]}]
    if t == "bid":
        do_bid(st, seat, a["tricks"])
        return [{"type": "bid", "seat": seat, "tricks": a["tricks"]}]
    if t in ("play", "play_blind"):
        if t == "play_blind":
            card = st.hands[seat][0]
            decl = blind_decl(st, seat, card)
        else:
            card = card_of(a["card"])
            decl = -1
            if "color" in a:
                decl = COLORS.index(a["color"])
            elif "declare" in a:
                decl = DECLARE.index(a["declare"])
        ev = {"type": "played", **play_entry(st, (seat, card, decl))}
        return [ev, *do_play(st, seat, card, decl)]
    if t == "pass":
        return do_pass_choice(st, seat, card_of(a["card"]))
    if t == "adjust":
        return do_adjust(st, seat, a["delta"])
    if t == "swap":
        g, tk = parse_card(a["give"]), parse_card(a["take"])
        assert g is not None and tk is not None
        return do_swap(st, seat, g, tk)
    return do_swap(st, seat, -1, -1)  # keep


def why_illegal(st: WerkState, seat: int, action: dict[str, Any]) -> Msg:
    t = action.get("type")
    wanted = {
        P_TRUMP: "error.now.trump",
        P_BID: "error.now.bid",
        P_PLAY: "error.now.play",
        P_PASS: "error.now.pass",
        P_ADJUST: "error.now.adjust",
        P_SWAP: "error.now.swap",
    }[st.phase]
    expected = {
        P_TRUMP: ("trump",),
        P_BID: ("bid",),
        P_PLAY: ("play_blind",) if is_blind(st) else ("play",),
        P_PASS: ("pass",),
        P_ADJUST: ("adjust",),
        P_SWAP: ("swap", "keep"),
    }[st.phase]
    if t not in expected:
        if t == "play" and is_blind(st) and st.phase == P_PLAY:
            return msg("error.blind_play")
        return msg("error.wrong_action", now=msg(wanted))
    if t == "trump":
        return msg("error.trump_colour")
    if t == "bid":
        b = action.get("tricks")
        if isinstance(b, int) and not isinstance(b, bool) and 0 <= b <= st.round_no:
            return msg("error.sum_rule", bid=b, total=st.round_no)
        return msg("error.bid_range", high=st.round_no)
    if t in ("play", "pass"):
        card = parse_card(action.get("card"))
        if card is None:
            return msg("error.unknown_card")
        if card not in st.hands[seat]:
            return msg("error.not_in_hand", card=card_name(card))
        if t == "play":
            if card < N_NUMBERS and card not in playable_cards(st, seat):
                return msg("error.must_follow", colour=msg(COLOR_NAMES[st.suit]))
            kind = needs_decl(st, card)
            if kind == 1:
                return msg("error.needs_colour", card=card_name(card))
            if kind == 2:
                return msg("error.prototyp_declare")
        return msg("error.card_not_so")
    if t == "adjust":
        return msg("error.adjust")
    return msg("error.swap")


def result(state: WerkState) -> Result | None:
    if state.phase != P_OVER:
        return None
    scores = state.scores[:]
    places = [1 + sum(1 for o in scores if o > s) for s in scores]
    winners = [i for i, pl in enumerate(places) if pl == 1]
    return Result(
        scores=scores,
        places=places,
        winners=winners,
        leaderboard=scores[:],
        details={"sheet": [dict(r) for r in state.sheet]},
    )


def state_to_json(state: WerkState) -> dict[str, Any]:
    st = state
    d = dict(st.__dict__)
    d["hands"] = [h[:] for h in st.hands]
    d["trick"] = [list(p) for p in st.trick]
    d["tricks"] = [[ld, [list(p) for p in plays], w, wb] for (ld, plays, w, wb) in st.tricks]
    d["swaps"] = [list(s) for s in st.swaps]
    d["known"] = [k[:] for k in st.known]
    d["sheet"] = [dict(r) for r in st.sheet]
    for key in ("specials", "stock", "bids", "won", "pile", "gone", "voids", "passed"):
        d[key] = list(d[key])
    d["pass_choice"] = st.pass_choice[:]
    d["swap_queue"] = st.swap_queue[:]
    d["scores"] = st.scores[:]
    return d


def state_from_json(data: dict[str, Any]) -> WerkState:
    d = dict(data)
    d["hands"] = [list(h) for h in d["hands"]]
    d["trick"] = [tuple(p) for p in d["trick"]]
    d["tricks"] = [
        (ld, tuple(tuple(p) for p in plays), w, wb) for (ld, plays, w, wb) in d["tricks"]
    ]
    d["swaps"] = [tuple(s) for s in d["swaps"]]
    d["known"] = [list(k) for k in d["known"]]
    d["sheet"] = [dict(r) for r in d["sheet"]]
    for key in (
        "specials",
        "stock",
        "bids",
        "won",
        "pile",
        "gone",
        "voids",
        "passed",
        "pass_choice",
        "swap_queue",
        "scores",
    ):
        d[key] = list(d[key])
    return WerkState(**d)


def describe_action(action: Action) -> Msg:
    t = action.get("type")
    if t == "bid":
        return msg("move.bid", tricks=action.get("tricks"))
    if t == "trump":
        return msg("move.trump", colour=_colour_name(action.get("color")))
    if t == "play_blind":
        return msg("move.play_blind")
    if t == "play":
        return msg("move.play", **play_parts(action))
    if t == "pass":
        return msg("move.pass")
    if t == "adjust":
        return msg("move.raise" if action.get("delta") == 1 else "move.lower")
    if t == "swap":
        give, take = parse_card(action.get("give")), parse_card(action.get("take"))
        if give is None or take is None:
            return msg("move.swap_any")
        return msg("move.swap", give=card_name(give), take=card_name(take))
    if t == "keep":
        return msg("move.keep")
    return msg("move.unknown")


def play_parts(action: Action) -> dict[str, Any]:
    """The named parts of a card play for a ``move.play``-like code: ``card`` (absent for an
    unknown card), ``colour`` (a declared colour, absent without) and ``declare`` (Meisterwerk
    or Blindgänger, absent without)."""
    parts: dict[str, Any] = {}
    card = parse_card(action.get("card"))
    if card is not None:
        parts["card"] = card_name(card)
    if "color" in action:
        parts["colour"] = _colour_name(action["color"])
    if "declare" in action:
        parts["declare"] = msg(
            DECLARE_NAMES["meisterwerk" if action["declare"] == "meisterwerk" else "blindgaenger"]
        )
    return parts


def none_if_negative(value: int) -> int | None:
    return value if value >= 0 else None


def card_of(text: str) -> int:
    """The card of a notation known to be valid."""
    card = parse_card(text)
    assert card is not None
    return card


def _colour_name(code: Any) -> Msg | str:
    """A colour's name (a code), or the value itself when it is no colour."""
    return colour_name(code) or str(code)


def _same_types(a: Action, b: dict[str, Any]) -> bool:
    """Equal dicts with equal value types (``True`` is no bid of 1, ``1.0`` no delta)."""
    return all(type(a[k]) is type(b[k]) for k in a)


# -- the timeout move: quick heuristics on a state (the bots play with them too) -------------


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
    """One pass over the current trick for ``scored_play``: (Kesselberster, Dampfkoloss,
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


def scored_play(
    st: WerkState,
    summ: tuple[bool, bool, bool, bool, bool, bool, bool, float, bool],
    card: int,
    decl: int,
) -> tuple[bool, float, int, int]:
    """What ``choose_play`` weighs for a play: whether it would take the trick if nobody played
    after it (``wins_now`` against a precomputed ``trick_summary``), its ``strength``, the card
    and the declaration – the card's effective kind worked out once for both."""
    e = effective(card, st.trump_card)
    kind, colour, value = play_info(e, decl)
    if kind == K_NUM:
        rank = 40 + value if colour == (decl if e == TR else st.trump) else value
    else:
        rank = _KIND_STRENGTH[kind]
    return (_beats(st, summ, card, decl, e, kind, colour, value), rank, card, decl)


def _beats(
    st: WerkState,
    summ: tuple[bool, bool, bool, bool, bool, bool, bool, float, bool],
    card: int,
    decl: int,
    e: int,
    kind: int,
    colour: int,
    value: float,
) -> bool:
    """``wins_now`` against ``summ`` for a card of effective card ``e`` and ``play_info`` ``kind``,
    ``colour``, ``value`` (the Transformator, which switches trump, is evaluated in full)."""
    kb, dk, ff, mw, bl, num, best_trump, best, _ = summ
    if kb or e == KB:
        return False
    if e == TR:
        return wins_now(st, -1, card, decl)
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


#: how far apart in ``strength`` the normal bot's cards (and its trump colours in ``score``) may
#: be for it to pick either by chance (``choose_play(rng=…)``)
PLAY_SPREAD = 1.0

_Scored = tuple[bool, float, int, int]


def _high(scored: list[_Scored], rng: random.Random | None) -> _Scored:
    """The strongest play; with ``rng`` one within ``PLAY_SPREAD`` of it, by chance."""
    if rng is None:
        return max(scored, key=lambda x: x[1])
    return near_best([(x[1], x) for x in scored], rng, PLAY_SPREAD)


def _low(scored: list[_Scored], rng: random.Random | None) -> _Scored:
    """The weakest play; with ``rng`` one within ``PLAY_SPREAD`` of it, by chance."""
    if rng is None:
        return min(scored, key=lambda x: x[1])
    return near_best([(-x[1], x) for x in scored], rng, PLAY_SPREAD)


def choose_play(
    st: WerkState, seat: int, timeout: bool = False, rng: random.Random | None = None
) -> tuple[int, int]:
    """The heuristic's card: high to win a wanted trick, low to lose one. With ``rng`` (the
    normal bot's own chance) any card within ``PLAY_SPREAD`` of the one it names, among the
    cards it treats alike."""
    plays = legal_plays(st, seat)
    if len(plays) == 1:
        return plays[0]
    want = st.bids[seat] > st.won[seat]
    summ = trick_summary(st)
    scored = [scored_play(st, summ, c, d) for (c, d) in plays]
    if timeout:
        if want:
            best = _high(scored, None)
        else:
            losers = [x for x in scored if not x[0]] or scored
            best = _low(losers, None)
        return best[2], best[3]
    if not st.trick:
        best = _high(scored, rng) if want else _low(scored, rng)
        return best[2], best[3]
    last = len(st.trick) == st.players - 1
    if want:
        winners = [x for x in scored if x[0]]
        if winners:
            if last:
                best = _low(winners, rng)
            else:
                safe = [x for x in winners if x[1] >= 50]
                best = _low(safe, rng) if safe else _high(winners, rng)
        else:
            best = _low(scored, rng)
    else:
        losers = [x for x in scored if not x[0]]
        if losers:
            best = _high(losers, rng)
        elif last:
            best = _high(scored, rng)
        else:
            best = _low(scored, rng)
    return best[2], best[3]


def choose_trump(st: WerkState, seat: int, rng: random.Random | None = None) -> int:
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
    if rng is not None:
        return near_best([(score[c], c) for c in range(4)], rng, PLAY_SPREAD / 4)
    return max(range(4), key=lambda c: (score[c], -c))


def choose_pass(st: WerkState, seat: int, rng: random.Random | None = None) -> int:
    want = st.bids[seat] > st.won[seat]
    hand = st.hands[seat]
    key = [(strength(st, c, best_decl(st, c)), c) for c in hand]
    if rng is not None:
        return near_best([(-k if want else k, c) for k, c in key], rng, PLAY_SPREAD)
    return (min(key) if want else max(key))[1]


def best_decl(st: WerkState, card: int) -> int:
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
        return strength(st, c, best_decl(st, c))

    if want:
        g, t = max(options, key=lambda o: s(o[1]) - s(o[0]))
        return (g, t) if s(t) > s(g) + 1 else (-1, -1)
    g, t = max(options, key=lambda o: s(o[0]) - s(o[1]))
    return (g, t) if s(g) > s(t) + 1 else (-1, -1)


def heuristic_move(
    st: WerkState, seat: int, timeout: bool = False, rng: random.Random | None = None
) -> Move:
    """The heuristics' move; with ``rng`` (the normal bot's own chance) its cards, trump colour
    and passed card among near-equal ones by chance."""
    ph = st.phase
    if ph == P_BID:
        return ("b", choose_bid(st, seat))
    if ph == P_PLAY:
        if is_blind(st):
            return ("p", -1, -1)
        c, d = choose_play(st, seat, timeout, rng)
        return ("p", c, d)
    if ph == P_TRUMP:
        return ("t", choose_trump(st, seat, rng))
    if ph == P_PASS:
        return ("s", choose_pass(st, seat, rng))
    if ph == P_ADJUST:
        return ("a", choose_adjust(st, seat))
    if ph == P_SWAP:
        if timeout:
            return ("w", -1, -1)
        return ("w", *choose_swap(st, seat))
    raise AssertionError("no decision in this phase")


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


def heuristic_action(
    st: WerkState, seat: int, timeout: bool = False, rng: random.Random | None = None
) -> Action:
    return move_action(st, heuristic_move(st, seat, timeout, rng))


def timeout_action(state: WerkState, seat: int) -> Action:
    """What the computer plays for a seat whose time ran out: the quick heuristic (the bots'
    own, cautious in the play and never swapping), or the first legal action."""
    legal = legal_actions(state, seat)
    action = heuristic_action(state, seat, timeout=True)
    return action if action in legal else legal[0]


#: ``frozenset((seat,))`` of every seat, shared (frozensets are immutable)
_ALONE = tuple(frozenset((s,)) for s in range(8))


def actors(state: WerkState) -> frozenset[int]:
    if state.phase != P_PASS and state.phase != P_OVER:
        return _ALONE[state.turn]
    return frozenset(actors_of(state))
