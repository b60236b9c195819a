"""Speedone rules (UNO-style shedding game, 2–4 players): state, dealing, legality, scoring.

The rules are in ``docs/rules/speedone.md``; ``RULES-NOTES.md`` settles what the seed leaves open.
Internally cards are ints (see ``cards.py``); hands are kept sorted so that every view and every
legal-action list has one canonical order.
"""

from __future__ import annotations

from bisect import insort
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
    shuffle,
    shuffle_rng,
)
from games.speedone.engine.cards import (
    CODE,
    COLOR_CODE,
    COLORS,
    DECK,
    DRAW2,
    HAND_LIMIT,
    HAND_SIZE,
    NAME,
    POINTS,
    REVERSE,
    SKIP,
    W4,
    WILD_COLOR,
    W,
    color_name,
    parse,
    spoken,
    value_name,
)

SCORING_EACH = "each"
SCORING_WINNER = "winner"

#: leaderboard points of the losers of a round, by player count (solo mode)
LOSER_POINTS = {2: -4, 3: -5, 4: -6}
WINNER_POINTS = 10
PARTNER_LOSER_POINTS = -5


@dataclass
class State:
    players: int
    options: dict[str, Any]
    seed: int
    shuffles: int = 0
    round: int = 0
    dealer: int = 0
    turn: int = 0
    direction: int = 1
    hands: list[list[int]] = field(default_factory=list)
    #: draw pile, top card LAST
    pile: list[int] = field(default_factory=list)
    #: discard pile, top card LAST
    discard: list[int] = field(default_factory=list)
    #: the colour in demand (the top card's colour, or the wish after a wild)
    color: int = 0
    #: cards the player on turn must draw unless they pass the stack on (0: no stack)
    pending: int = 0
    #: ONE pressed (at 2 cards, before playing the second-to-last card); stays while at 1 card
    one: list[bool] = field(default_factory=list)
    #: per seat (team score for both partners in partner mode)
    scores: list[int] = field(default_factory=list)
    #: per seat, this round: the colour in demand each time the seat drew instead of playing
    missed: list[list[int]] = field(default_factory=list)
    round_winners: list[list[int]] = field(default_factory=list)
    #: leaderboard points of each round, per seat
    round_points: list[list[int]] = field(default_factory=list)
    last_round: dict[str, Any] | None = None
    over: bool = False


def card_names(cards: Sequence[int]) -> list[str]:
    return [NAME[c] for c in cards]


def can_play(state: State, hand: list[int], card: int) -> bool:
    """Whether ``card`` may be laid now (``card`` must be in ``hand``)."""
    top = state.discard[-1]
    color = state.color
    if state.pending:
        if not state.options["stacking"]:
            return False
        if top & 15 == DRAW2:
            return card & 15 == DRAW2 and card >> 4 != WILD_COLOR
        # +4 on +4, with the same check against the colour the previous +4 named
        return card == W4 and not any(c >> 4 == color for c in hand)
    if card == W:
        return True
    if card == W4:
        return not any(c >> 4 == color for c in hand)
    if card >> 4 == color:
        return True
    tv = top & 15
    return tv < 13 and card & 15 == tv


def playable_cards(state: State, seat: int) -> list[int]:
    """Distinct playable cards of ``seat`` (the seat on turn), in hand order."""
    hand = state.hands[seat]
    out: list[int] = []
    prev = -1
    if state.pending:
        for c in hand:
            if c != prev:
                prev = c
                if can_play(state, hand, c):
                    out.append(c)
        return out
    # ``can_play`` without a stack, unrolled: a coloured card fits by colour or by a number or
    # symbol of the top card (not a wild's); W always; W+4 without a card of the colour
    color = state.color
    tv = state.discard[-1] & 15
    if tv >= 13:
        tv = -1
    for c in hand:
        if c != prev:
            prev = c
            if c < _WILDS:
                if c >> 4 == color or c & 15 == tv:
                    out.append(c)
            elif c == W or (c == W4 and not any(x >> 4 == color for x in hand)):
                out.append(c)
    return out


#: the first wild card's code (hands are sorted: the wilds come last)
_WILDS = WILD_COLOR * 16


def _next(state: State, seat: int, steps: int = 1) -> int:
    return (seat + state.direction * steps) % state.players


#: labels, choices and help lines are codes of the game's catalogue (``games.speedone.texts``)
OPTIONS = (
    Option(
        "target",
        "option.target",
        200,
        int,
        ((200, "option.target.200"), (500, "option.target.500")),
        help="option.target.help",
    ),
    Option(
        "scoring",
        "option.scoring",
        SCORING_EACH,
        str,
        (
            (SCORING_EACH, "option.scoring.each"),
            (SCORING_WINNER, "option.scoring.winner"),
        ),
        help="option.scoring.help",
        choice_help=(
            (SCORING_EACH, "option.scoring.each.help"),
            (SCORING_WINNER, "option.scoring.winner.help"),
        ),
    ),
    Option(
        "stacking",
        "option.stacking",
        False,
        bool,
        help="option.stacking.help",
    ),
    Option(
        "partners",
        "option.partners",
        False,
        bool,
        help="option.partners.help",
    ),
)


# -- the game as functions (``Engine`` calls them by name) -------------------------------
def check_options(options: dict[str, Any], players: int) -> None:
    if options["partners"] and players != 4:
        raise InvalidOptions("error.partners_need_four")


def new_game(
    players: int,
    opts: dict[str, Any],
    seed: int,
    deck: Sequence[str] | None = None,
) -> State:
    """Start a game. ``deck`` stacks the first round, top first: seat 0's seven cards, then
    seat 1's, …, then the first face-up card, then the draw pile from the top. Cards of the
    108 not listed are shuffled in below."""
    if not isinstance(seed, int):
        raise ValueError("seed must be an int")
    state = State(
        players=players,
        options=opts,
        seed=seed,
        dealer=players - 1,
        scores=[0] * players,
    )
    stacked: list[int] | None = None
    if deck is not None:
        stacked = []
        rest = list(DECK)
        for text in deck:
            code = parse(text)
            if code is None or code not in rest:
                raise ValueError(f"bad or surplus card in deck: {text!r}")
            rest.remove(code)
            stacked.append(code)
        shuffle(shuffle_rng(seed, state.shuffles), rest)
        state.shuffles += 1
        stacked.extend(rest)
    _deal(state, stacked, [])
    return state


def _shuffle(state: State, cards: list[int]) -> None:
    shuffle(shuffle_rng(state.seed, state.shuffles), cards)
    state.shuffles += 1


def _deal(state: State, stacked: list[int] | None, events: list[Event] | None) -> None:
    """Deal a round: 7 cards each, turn the first card, apply its effect."""
    n = state.players
    state.round += 1
    if stacked is None:
        order = list(DECK)
        _shuffle(state, order)
    else:
        order = stacked
    state.hands = [sorted(order[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(n)]
    rest = order[n * HAND_SIZE :]
    rest.reverse()  # top last
    state.pile = rest
    state.one = [False] * n
    state.missed = [[] for _ in range(n)]
    state.pending = 0
    state.direction = 1
    # a wild or wild +4 goes back into the pile, which is shuffled, and a new card is turned
    while state.pile[-1] >> 4 == WILD_COLOR:
        _shuffle(state, state.pile)
    first = state.pile.pop()
    state.discard = [first]
    state.color = first >> 4
    dealer = state.dealer
    v = first & 15
    if v == SKIP:
        state.turn = (dealer + 2) % n
    elif v == REVERSE:
        state.direction = -1
        state.turn = dealer
    else:
        state.turn = (dealer + 1) % n
        if v == DRAW2:
            state.pending = 2
    if events is not None:
        events.append(
            {
                "type": "deal",
                "round": state.round,
                "dealer": dealer,
                "top": NAME[first],
                "turn": state.turn,
                "direction": state.direction,
                "pending": state.pending,
            }
        )


#: ``frozenset((seat,))`` of every seat, shared (frozensets are immutable)
_ALONE = tuple(frozenset((s,)) for s in range(8))
_NOBODY: frozenset[int] = frozenset()


def actors(state: State) -> frozenset[int]:
    if state.over:
        return _NOBODY
    return _ALONE[state.turn]


#: the legal-move table: card → its play actions (a wild: one per wished colour), shared
#: between calls of ``legal_actions`` (callers read them, never change them)
_PLAYS: dict[int, tuple[Action, ...]] = {
    c: (
        tuple({"type": "play", "card": name, "color": col} for col in COLORS)
        if c >> 4 == WILD_COLOR
        else ({"type": "play", "card": name},)
    )
    for c, name in NAME.items()
}
_DRAW: Action = {"type": "draw"}
_ONE: Action = {"type": "one"}


def legal_actions(state: State, seat: int) -> list[Action]:
    if state.over or seat != state.turn:
        return []
    out: list[Action] = []
    plays = _PLAYS
    hand = state.hands[seat]
    # without stacking no card may be laid on a stack
    if not state.pending or state.options["stacking"]:
        for c in playable_cards(state, seat):
            out += plays[c]
    out.append(_DRAW)
    if len(hand) == 2 and not state.one[seat]:
        out.append(_ONE)
    return out


def timeout_action(state: State, seat: int) -> Action:
    return {"type": "draw"}


def validate_action(state: State, seat: Any, action: Any) -> tuple[str, int, int]:
    """Check an action completely; return (kind, card, wish colour)."""
    if state.over:
        raise IllegalAction("error.game_over")
    if not isinstance(action, dict):
        raise IllegalAction("error.invalid_move")
    if type(seat) is not int or seat != state.turn:
        raise IllegalAction("error.not_your_turn")
    kind = action.get("type")
    if kind == "draw" or kind == "one":
        if len(action) != 1:
            raise IllegalAction("error.invalid_move")
        if kind == "one":
            if len(state.hands[seat]) != 2:
                raise IllegalAction("error.one_at_two_cards")
            if state.one[seat]:
                raise IllegalAction("error.one_already")
        return kind, -1, -1
    if kind != "play":
        raise IllegalAction("error.unknown_move")
    text = action.get("card")
    card = CODE.get(text) if type(text) is str else parse(text)
    if card is None:
        raise IllegalAction("error.no_such_card")
    wish = -1
    # the keys "type" and "card" are there: the key sets are equal when the sizes are
    if card >> 4 == WILD_COLOR:
        if len(action) != 3 or "color" not in action:
            raise IllegalAction("error.wish_needs_color")
        col = action["color"]
        if not isinstance(col, str) or col not in COLOR_CODE:
            raise IllegalAction("error.choose_color")
        wish = COLOR_CODE[col]
    elif len(action) != 2:
        raise IllegalAction("error.invalid_move")
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalAction("error.card_not_held")
    if not can_play(state, hand, card):
        raise IllegalAction(_why_not(state, hand, card))
    return kind, card, wish


def _why_not(state: State, hand: list[int], card: int) -> Msg:
    return why_not(
        card,
        state.discard[-1],
        state.color,
        state.pending,
        state.options["stacking"],
        any(c >> 4 == state.color for c in hand),
    )


def apply(state: State, seat: int, action: Action) -> list[Event]:
    if type(action) is dict and type(seat) is int and seat == state.turn and not state.over:
        # the checked fast paths of drawing and of laying a coloured card in the usual
        # spelling; anything else goes through ``validate_action`` (which refuses)
        kind = action.get("type")
        if kind == "draw" and len(action) == 1:
            drawn: list[Event] = []
            _draw_turn(state, seat, drawn)
            return drawn
        if kind == "play" and len(action) == 2:
            text = action.get("card")
            card = CODE.get(text, -1) if type(text) is str else -1
            hand = state.hands[seat]
            if (
                0 <= card < _WILDS
                and card in hand
                and (
                    # ``can_play`` of a coloured card without a stack: by colour, or by the top
                    # card's number or symbol (not a wild's)
                    (
                        card >> 4 == state.color
                        or card & 15
                        == (state.discard[-1] & 15 if state.discard[-1] < _WILDS else -1)
                    )
                    if not state.pending
                    else can_play(state, hand, card)
                )
            ):
                played: list[Event] = []
                _play(state, seat, card, -1, played)
                return played
    kind, card, wish = validate_action(state, seat, action)
    events: list[Event] = []
    if kind == "play":
        _play(state, seat, card, wish, events)
    elif kind == "draw":
        _draw_turn(state, seat, events)
    else:
        state.one[seat] = True
        events.append({"type": "one", "seat": seat})
    return events


def _draw(state: State, seat: int, count: int) -> int:
    """Draw up to ``count`` cards: the hand holds at most 22 (the rest is forfeited); an
    empty pile is refilled from the discards but the top card; with nothing left, stop."""
    hand = state.hands[seat]
    pile = state.pile
    drawn = 0
    for _ in range(count):
        if len(hand) >= HAND_LIMIT:
            break
        if not pile:
            if len(state.discard) <= 1:
                break
            pile.extend(state.discard[:-1])
            del state.discard[:-1]
            _shuffle(state, pile)
        insort(hand, pile.pop())
        drawn += 1
    if len(hand) != 1:
        state.one[seat] = False
    return drawn


def _draw_turn(state: State, seat: int, events: list[Event] | None) -> None:
    if state.pending:
        count = state.pending
        state.pending = 0
    else:
        count = 1
        state.missed[seat].append(state.color)
    hand = state.hands[seat]
    pile = state.pile
    if count == 1 and pile and len(hand) < HAND_LIMIT:
        # ``_draw`` of one card from a pile that has it
        insort(hand, pile.pop())
        if len(hand) != 1:
            state.one[seat] = False
        if events is not None:
            events.append({"type": "draw", "seat": seat, "count": 1, "wanted": 1})
        state.turn = (seat + state.direction) % state.players  # ``_next``
        return
    refills = state.shuffles
    drawn = _draw(state, seat, count)
    if events is not None:
        if state.shuffles != refills:
            events.append({"type": "reshuffle", "pile": len(state.pile) + drawn})
        events.append({"type": "draw", "seat": seat, "count": drawn, "wanted": count})
    state.turn = (seat + state.direction) % state.players  # ``_next``


def _play(
    state: State,
    seat: int,
    card: int,
    wish: int,
    events: list[Event] | None,
    deal: bool = True,
) -> None:
    """Lay ``card`` (already validated). ``deal=False`` (bot rollouts) stops after scoring
    a finished round with ``turn = -1`` instead of dealing the next one."""
    hand = state.hands[seat]
    hand.remove(card)
    state.discard.append(card)
    v = card & 15
    state.color = wish if wish >= 0 else card >> 4
    if events is not None:
        ev: Event = {"type": "play", "seat": seat, "card": NAME[card]}
        if wish >= 0:
            ev["color"] = COLORS[wish]
        events.append(ev)
    if len(hand) == 1 and not state.one[seat]:
        # forgot to press ONE before laying the second-to-last card
        refills = state.shuffles
        drawn = _draw(state, seat, 2)
        if events is not None:
            if state.shuffles != refills:
                events.append({"type": "reshuffle", "pile": len(state.pile) + drawn})
            events.append({"type": "penalty", "seat": seat, "count": drawn})
    n = state.players
    if v == SKIP or (v == REVERSE and n == 2):
        skipped = _next(state, seat)
        state.turn = _next(state, seat, 2)
        if events is not None:
            events.append({"type": "skip", "seat": skipped})
    elif v == REVERSE:
        state.direction = -state.direction
        state.turn = _next(state, seat)
        if events is not None:
            events.append({"type": "reverse", "direction": state.direction})
    else:
        if v == DRAW2:
            state.pending += 2
        elif card == W4:
            state.pending += 4
        state.turn = (seat + state.direction) % n  # ``_next``
    if not hand:
        _end_round(state, seat, events, deal)


def _end_round(state: State, winner: int, events: list[Event] | None, deal: bool = True) -> None:
    n = state.players
    if state.pending:
        # going out on a +2/+4: the next player still draws before the round is scored
        victim = state.turn
        count = state.pending
        state.pending = 0
        drawn = _draw(state, victim, count)
        if events is not None:
            events.append({"type": "draw", "seat": victim, "count": drawn, "wanted": count})
    hand_points = [sum(POINTS[c] for c in h) for h in state.hands]
    partners = state.options["partners"]
    each = state.options["scoring"] == SCORING_EACH
    winners = [s for s in range(n) if s % 2 == winner % 2] if partners else [winner]
    booked = [0] * n
    for s in range(n):
        if each:
            booked[s] = hand_points[s] + hand_points[(s + 2) % n] if partners else hand_points[s]
        elif s in winners:
            booked[s] = sum(hand_points[t] for t in range(n) if t not in winners)
    for s in range(n):
        state.scores[s] += booked[s]
    if partners:
        lb = [WINNER_POINTS if s in winners else PARTNER_LOSER_POINTS for s in range(n)]
    else:
        lb = [WINNER_POINTS if s in winners else LOSER_POINTS[n] for s in range(n)]
    state.round_winners.append(winners)
    state.round_points.append(lb)
    state.over = max(state.scores) >= state.options["target"]
    state.last_round = {
        "round": state.round,
        "winner": winner,
        "winners": winners,
        "hands": [card_names(h) for h in state.hands],
        "points": hand_points,
        "booked": booked,
        "scores": list(state.scores),
        "leaderboard": lb,
        "game_over": state.over,
    }
    if events is not None:
        events.append({"type": "round_end", **state.last_round})
    if state.over:
        state.turn = -1
        if events is not None:
            events.append({"type": "game_over"})
        return
    if not deal:
        state.turn = -1
        return
    state.dealer = (state.dealer + 1) % n
    _deal(state, None, events)


def result(state: State) -> Result | None:
    if not state.over:
        return None
    n = state.players
    scores = list(state.scores)
    low_wins = state.options["scoring"] == SCORING_EACH
    if low_wins:
        places = [1 + sum(1 for t in range(n) if scores[t] < scores[s]) for s in range(n)]
    else:
        places = [1 + sum(1 for t in range(n) if scores[t] > scores[s]) for s in range(n)]
    winners = [s for s in range(n) if places[s] == 1]
    leaderboard = [sum(r[s] for r in state.round_points) for s in range(n)]
    return Result(
        scores=scores,
        places=places,
        winners=winners,
        leaderboard=leaderboard,
        round_winners=[list(w) for w in state.round_winners],
        details={
            "rounds": state.round,
            "round_leaderboard": [list(r) for r in state.round_points],
            "partners": state.options["partners"],
            "scoring": state.options["scoring"],
        },
    )


def state_to_json(state: State) -> dict[str, Any]:
    return {
        "players": state.players,
        "options": dict(state.options),
        "seed": state.seed,
        "shuffles": state.shuffles,
        "round": state.round,
        "dealer": state.dealer,
        "turn": state.turn,
        "direction": state.direction,
        "hands": [card_names(h) for h in state.hands],
        "pile": card_names(state.pile),
        "discard": card_names(state.discard),
        "color": COLORS[state.color],
        "pending": state.pending,
        "one": list(state.one),
        "scores": list(state.scores),
        "missed": [[COLORS[c] for c in m] for m in state.missed],
        "round_winners": [list(w) for w in state.round_winners],
        "round_points": [list(r) for r in state.round_points],
        "last_round": state.last_round,
        "over": state.over,
    }


_card_code = CODE.__getitem__


def state_from_json(data: dict[str, Any]) -> State:
    def codes(cards: list[str]) -> list[int]:
        # the stored state holds only card names (a foreign one is a KeyError, not a None card)
        return list(map(_card_code, cards))

    return State(
        players=data["players"],
        options=dict(data["options"]),
        seed=data["seed"],
        shuffles=data["shuffles"],
        round=data["round"],
        dealer=data["dealer"],
        turn=data["turn"],
        direction=data["direction"],
        hands=[codes(h) for h in data["hands"]],
        pile=codes(data["pile"]),
        discard=codes(data["discard"]),
        color=COLOR_CODE[data["color"]],
        pending=data["pending"],
        one=list(data["one"]),
        scores=list(data["scores"]),
        missed=[[COLOR_CODE[c] for c in m] for m in data["missed"]],
        round_winners=[list(w) for w in data["round_winners"]],
        round_points=[list(r) for r in data["round_points"]],
        last_round=data["last_round"],
        over=data["over"],
    )


def clone_state(state: State) -> State:
    return State(
        players=state.players,
        options=state.options,  # never mutated after new_game
        seed=state.seed,
        shuffles=state.shuffles,
        round=state.round,
        dealer=state.dealer,
        turn=state.turn,
        direction=state.direction,
        hands=[h[:] for h in state.hands],
        pile=state.pile[:],
        discard=state.discard[:],
        color=state.color,
        pending=state.pending,
        one=state.one[:],
        scores=state.scores[:],
        missed=[m[:] for m in state.missed],
        round_winners=[w[:] for w in state.round_winners],
        round_points=[r[:] for r in state.round_points],
        last_round=state.last_round,  # replaced, never mutated
        over=state.over,
    )


def describe_action(action: Action) -> Msg:
    """The replay's line of an action, as a code: "zieht", "drückt ONE", "legt Rot 7", "legt
    Farbwunsch und wünscht Grün"; anything else as its fields (``move.raw``)."""
    kind = action.get("type")
    if kind == "draw":
        return Msg("move.draw")
    if kind == "one":
        return Msg("move.one")
    if kind == "play":
        card = parse(action.get("card"))
        name: Msg | str = spoken(card) if card is not None else str(action.get("card"))
        if "color" in action and action["color"] in COLOR_CODE:
            return msg("move.play_wish", card=name, color=color_name(COLOR_CODE[action["color"]]))
        return msg("move.play", card=name)
    return msg("move.raw", fields=", ".join(f"{k}={v}" for k, v in action.items()))


def teams(players: int, options: dict[str, Any]) -> list[list[int]] | None:
    """Partner mode (4 players): partners sit opposite each other."""
    if players == 4 and options.get("partners"):
        return [[0, 2], [1, 3]]
    return None


def why_not(
    card: int, top: int, color: int, pending: int, stacking: bool, holds_color: bool
) -> Msg:
    """The reason why ``card`` may not be laid on ``top`` now, as a code."""
    cname = color_name(color)
    if pending:
        if not stacking:
            return msg("error.draw_first", pending=pending)
        if top & 15 == DRAW2:
            return msg("error.only_draw2", pending=pending)
        if card == W4:
            return msg("error.wild4_holds_color", color=cname)
        return msg("error.only_wild4", pending=pending)
    if card == W4 and holds_color:
        return msg("error.wild4_holds_color", color=cname)
    if top >> 4 == WILD_COLOR:
        return msg("error.wanted_color", color=cname)
    return msg("error.wanted_color_or_value", color=cname, value=value_name(top))
