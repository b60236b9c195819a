"""Speedbasar: the rules (state, actions, doubt window, scoring); no views, no bots.

The full rules in German are in ``docs/rules/speedbasar.md``; this module implements them.
Phases: ``turn`` (one seat lays a card with a claim or passes), ``doubt`` (a simultaneous phase:
every eligible seat may doubt or believe; the first doubt decides), ``over``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
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
from games.speedbasar.engine import cards as C

HAND_SIZE = 6
KRUG_DRAW = 6
PENALTY = 2
ZEHNERZOLL_PENALTY = 4

TURN, DOUBT, OVER = 0, 1, 2
PHASE_NAMES = ("turn", "doubt", "over")

#: the seven Extrascharf rules in Händlerreise route order: (key, station, title); the station
#: is the slug of its Händlerreise station (its name: the code ``station.<slug>``), the title a
#: code of the catalogue (``games/speedbasar/texts.py``)
EXTRASCHARF: tuple[tuple[str, str, str], ...] = tuple(
    (key, station, f"rule.{key}")
    for key, station in (
        ("gleicher_preis", "kairo"),
        ("feilschen", "damaskus"),
        ("enge_gasse", "bagdad"),
        ("zehnerzoll", "basra"),
        ("reine_ware", "isfahan"),
        ("handschlag", "buchara"),
        ("doppelladung", "samarkand"),
    )
)
RULE_KEYS = tuple(r[0] for r in EXTRASCHARF)
#: each Extrascharf rule in one line (the lobby's rule list and the board's rule notes): codes
EXTRASCHARF_TEXT: dict[str, str] = {key: f"rule.{key}.text" for key in RULE_KEYS}

FEATURES = ("number", "spice", "exact")
#: what a code looks like (``games.wording.CODE``; the engine sits below ``games.wording``)
CODE_LIKE = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+")
NEW_PILE_CLAIMS: tuple[tuple[int, int], ...] = tuple((s, v) for s in range(3) for v in (1, 2, 3))


class EventLog:
    """``state.log``: the game's public events so far, appended to by every move and read when
    the game is over (the achievements, ``result().details["log"]``). Between moves it stays JSON
    text: reading a state decodes none of the earlier events and writing it encodes only the
    new ones. (The decoded log was four fifths of a Speedbasar state's JSON – 10 KB in the middle
    of a game – and decoding, copying and encoding it again cost about 0.2 ms of every move.)"""

    __slots__ = ("_new", "_text")

    def __init__(self, events: Iterable[dict[str, Any]] = (), *, text: str = "[]") -> None:
        self._text = text  # a JSON array (compact) of the events before ``_new``
        self._new: list[dict[str, Any]] = list(events)

    def append(self, event: dict[str, Any]) -> None:
        self._new.append(event)

    def extend(self, events: Iterable[dict[str, Any]]) -> None:
        self._new.extend(events)

    def text(self) -> str:
        """All events as one compact JSON array (the state's JSON holds this string)."""
        if self._new:
            more = json.dumps(self._new, separators=(",", ":"))
            self._text = more if self._text == "[]" else f"{self._text[:-1]},{more[1:]}"
            self._new = []
        return self._text

    def events(self) -> list[dict[str, Any]]:
        """The events, decoded (new objects: changing them changes nothing here)."""
        events: list[dict[str, Any]] = json.loads(self.text())
        return events

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.events())

    def copy(self) -> EventLog:
        return EventLog(self._new, text=self._text)

    @classmethod
    def of_json(cls, data: str | list[dict[str, Any]]) -> EventLog:
        """From a state's JSON: the text, or the list that states stored before had."""
        if isinstance(data, str):
            return cls(text=data)
        return cls(dict(e) for e in data)


@dataclass(slots=True)
class BasarState:
    """The whole game. Cards are ints (see ``cards``); ``draw`` has its top card last."""

    n: int
    rules: tuple[str, ...]
    seconds: int
    hands: list[list[int]]  # sorted
    draw: list[int]  # above the Glut, top = last element
    below: list[int]  # under the Glut: never drawn
    pile: list[tuple[int, int, int, tuple[int, ...]]]  # (seat, spice, number, cards)
    points: list[list[int]]  # won cards, face down
    krugs: list[int]
    revealed: list[dict[str, Any]]  # public records of every resolved doubt
    turn: int  # seat to play; during the doubt window the claimant
    phase: int
    window: int  # id of the latest doubt window (increases with every claim)
    pending: list[int]  # seats that may still doubt or believe
    eligible: list[int]  # seats allowed to doubt in this window
    last_card: bool  # the claimant laid their last card
    reason: str  # why the game ended: "", "krug2", "krug3", "glut"
    krug_winner: int  # seat that won with a second Krug, else -1
    late: str  # code of the refusal of actions that arrive after the window closed
    log: EventLog  # public event log (drives achievements)
    shuffles: int  # number of ``shuffle_rng`` draws used so far

    def has(self, rule: str) -> bool:
        return rule in self.rules


# -- pure helpers --------------------------------------------------------------------------------
def allowed_claims(
    pile: Sequence[tuple[int, int, int, tuple[int, ...]]], gleicher_preis: bool
) -> list[tuple[int, int]]:
    """Claims allowed now: a new pile takes 1–3 in any spice; otherwise the spice stays and the
    number rises; after a 10 the same spice goes on with 1–3. Gleicher Preis also allows the
    last number again (after a 10: the 10 again)."""
    if not pile:
        return list(NEW_PILE_CLAIMS)
    _, s, v, _ = pile[-1]
    if v == 10:
        nums = [1, 2, 3, 10] if gleicher_preis else [1, 2, 3]
    else:
        nums = ([v] if gleicher_preis else []) + list(range(v + 1, 11))
    return [(s, w) for w in nums]


def number_holds(card: int, number: int, feilschen: bool, pure: bool) -> bool:
    """Does ``card`` survive a number doubt? Messingwaage yes (unless Reine Ware bites), Mühle no;
    with Feilschen a real number at least as high as the claim survives."""
    if card >= 30:
        return card == C.WAAGE and not pure
    real = card % 10 + 1
    return real >= number if feilschen else real == number


def spice_holds(card: int, spice: int, pure: bool) -> bool:
    """Does ``card`` survive a spice doubt? Gewürzmühle yes (unless Reine Ware bites), Waage no."""
    if card >= 30:
        return card == C.MUEHLE and not pure
    return card // 10 == spice


def claim_json(spice: int, number: int) -> dict[str, Any]:
    return {"spice": C.SPICES[spice], "number": number}


def score(state: BasarState, seat: int) -> int:
    """+1 per card in the points pile, +10 per Krug, -1 per card in hand."""
    return len(state.points[seat]) + 10 * state.krugs[seat] - len(state.hands[seat])


def resolve_rules(mode: str, chosen: Sequence[str], seed: int) -> tuple[tuple[str, ...], int]:
    """The active Extrascharf rules in route order, and the shuffles used to pick them."""
    if mode == "aus":
        return (), 0
    if mode == "zufall":
        picked = shuffle_rng(seed, 2).sample(range(len(RULE_KEYS)), 2)
        return tuple(RULE_KEYS[i] for i in sorted(picked)), 1
    return tuple(k for k in RULE_KEYS if k in chosen), 0


# -- the engine ----------------------------------------------------------------------------------


OPTIONS = (
    Option(
        key="extrascharf",
        label="option.extrascharf",
        default="aus",
        kind=str,
        choices=(
            ("aus", "option.extrascharf.aus"),
            ("zufall", "option.extrascharf.zufall"),
            ("auswahl", "option.extrascharf.auswahl"),
        ),
        help="option.extrascharf.help",
        choice_help=(
            ("aus", "option.extrascharf.aus.help"),
            ("zufall", "option.extrascharf.zufall.help"),
            ("auswahl", "option.extrascharf.auswahl.help"),
        ),
    ),
    Option(
        key="regeln",
        label="option.regeln",
        default=(),
        kind=list,
        choices=tuple((k, f"option.regeln.{k}") for k in RULE_KEYS),
        help="option.regeln.help",
        choice_help=tuple(EXTRASCHARF_TEXT.items()),
    ),
    Option(
        key="zweifel_sekunden",
        label="option.zweifel_sekunden",
        default=5,
        kind=int,
        choices=(
            (3, "option.zweifel_sekunden.3"),
            (5, "option.zweifel_sekunden.5"),
            (8, "option.zweifel_sekunden.8"),
        ),
        help="option.zweifel_sekunden.help",
        # alone against the computer the window waits without a clock (``phase_clock``)
        table_only=True,
    ),
)


# -- the game as functions (``Engine`` calls them by name) -------------------------------
def check_options(options: dict[str, Any], players: int) -> None:
    if options["extrascharf"] == "auswahl" and not options["regeln"]:
        raise InvalidOptions("error.rules_needed")
    if options["extrascharf"] != "auswahl" and options["regeln"]:
        raise InvalidOptions("error.rules_without_choice")


def new_game(
    players: int,
    opts: dict[str, Any],
    seed: int,
    deck: Sequence[str] | None = None,
) -> BasarState:
    """Deal 6 cards each (seat 0 gets the top six, then seat 1, …), put the Glut into the
    draw pile with 10–20 cards under it, and draw the first player by lot.

    A stacked ``deck`` gives the top cards (top first); the rest of the 96 follows shuffled.
    A ``G`` in it places the Glut there (it must lie below the dealt cards)."""
    rules, used = resolve_rules(opts["extrascharf"], opts["regeln"], seed)
    order, glut_at = deck_order(deck, seed)
    lot = shuffle_rng(seed, 1)
    start = lot.randrange(players)
    depth = lot.randint(10, 20)
    dealt = HAND_SIZE * players
    hands = [sorted(order[HAND_SIZE * s : HAND_SIZE * (s + 1)]) for s in range(players)]
    rest = order[dealt:]
    above = len(rest) - depth if glut_at is None else glut_at - dealt
    if not 1 <= above <= len(rest):
        raise ValueError("the Glut must lie below the dealt cards with cards above it")
    state = BasarState(
        n=players,
        rules=rules,
        seconds=opts["zweifel_sekunden"],
        hands=hands,
        draw=list(reversed(rest[:above])),
        below=rest[above:],
        pile=[],
        points=[[] for _ in range(players)],
        krugs=[0] * players,
        revealed=[],
        turn=start,
        phase=TURN,
        window=0,
        pending=[],
        eligible=[],
        last_card=False,
        reason="",
        krug_winner=-1,
        late="",
        log=EventLog(),
        shuffles=2 + used,
    )
    state.log.append({"type": "start", "players": players, "first": start, "rules": list(rules)})
    return state


def deck_order(deck: Sequence[str] | None, seed: int) -> tuple[list[int], int | None]:
    rng = shuffle_rng(seed, 0)
    if deck is None:
        order = list(_FULL_DECK)
        shuffle(rng, order)
        return order, None
    given: list[int] = []
    glut_at: int | None = None
    for text in deck:
        if text == C.GLUT:
            if glut_at is not None:
                raise ValueError("only one Glut")
            glut_at = len(given)
            continue
        card = C.parse(text)
        if card is None:
            raise ValueError(f"unknown card {text!r}")
        given.append(card)
    counts = [C.COPIES] * C.KINDS
    for card in given:
        counts[card] -= 1
        if counts[card] < 0:
            raise ValueError(f"too many copies of {C.code(card)}")
    rest = [c for c in range(C.KINDS) for _ in range(counts[c])]
    shuffle(rng, rest)
    return given + rest, glut_at


_FULL_DECK = tuple(C.full_deck())

#: ``frozenset((seat,))`` of every seat, shared (frozensets are immutable)
_ALONE = tuple(frozenset((s,)) for s in range(8))


def actors(state: BasarState) -> frozenset[int]:
    if state.phase == TURN:
        return _ALONE[state.turn]
    if state.phase == DOUBT:
        return frozenset(state.pending)
    return frozenset()


def simultaneous_key(state: BasarState) -> str | None:
    """The doubt window of claim number ``window`` (with Enge Gasse only one seat may
    doubt: a normal turn then)."""
    if state.phase == DOUBT and len(state.eligible) >= 2:
        return f"doubt:{state.window}"
    return None


def claims_now(state: BasarState) -> list[tuple[int, int]]:
    return allowed_claims(state.pile, state.has("gleicher_preis"))


#: the legal-move table: (cards laid, claims key) → the lay actions of that group for every
#: claim allowed then, built once (``_lay_actions``); ``legal_actions`` shares these dicts
_LAYS: dict[tuple[tuple[int, ...], tuple[int, int, bool]], tuple[Action, ...]] = {}
_PASS: Action = {"type": "pass"}


def _claims_key(state: BasarState) -> tuple[int, int, bool]:
    """What the allowed claims depend on: the top claim's spice and number (``-1, 0`` on a new
    pile) and Gleicher Preis."""
    pile = state.pile
    if not pile:
        return (-1, 0, False)
    top = pile[-1]
    return (top[1], top[2], "gleicher_preis" in state.rules)


def _lay_actions(group: tuple[int, ...], key: tuple[int, int, bool]) -> tuple[Action, ...]:
    spice, number, gleicher = key
    pile = [] if spice < 0 else [(0, spice, number, ())]
    codes = [C.CODES[c] for c in group]
    built = tuple(
        {"type": "lay", "cards": list(codes), "spice": C.SPICES[s], "number": v}
        for s, v in allowed_claims(pile, gleicher)
    )
    _LAYS[(group, key)] = built
    return built


def legal_actions(state: BasarState, seat: int) -> list[Action]:
    """Pass, every card (or pair, with Doppelladung) under every allowed claim; in a doubt
    window believe and the doubts. The lay actions come from a table and are shared between
    calls: read them, never change them."""
    if state.phase == TURN and seat == state.turn:
        out: list[Action] = [_PASS]
        hand = state.hands[seat]
        pile = state.pile
        if pile:
            top = pile[-1]
            key = (top[1], top[2], "gleicher_preis" in state.rules)
        else:
            key = (-1, 0, False)  # ``_claims_key``
        singles = _SINGLES.get(key) or _singles(key)
        prev = -1
        for c in hand:  # sorted: each kind once, in order
            if c != prev:
                out += singles[c]
                prev = c
        if "doppelladung" in state.rules:
            kinds = sorted(set(hand))
            groups: list[tuple[int, ...]] = []
            for i, a in enumerate(kinds):
                if hand.count(a) >= 2:
                    groups.append((a, a))
                for b in kinds[i + 1 :]:
                    groups.append((a, b))
            lays = _LAYS
            for g in groups:
                out += lays.get((g, key)) or _lay_actions(g, key)
        return out
    if state.phase == DOUBT and seat in state.pending:
        window = state.window
        table = _ANSWERS[1 if "handschlag" in state.rules else 0]
        if window < len(table):
            return list(table[window])
        return list(_answers(window, "handschlag" in state.rules))
    return []


#: claims key → the one-card lay actions of every card kind (``legal_actions``' table)
_SINGLES: dict[tuple[int, int, bool], list[tuple[Action, ...]]] = {}
#: without and with Handschlag: window → believe and the doubts of that window, shared between
#: calls (``_answers`` builds the table on to window 1000)
_ANSWERS: tuple[list[tuple[Action, ...]], list[tuple[Action, ...]]] = ([], [])


def _singles(key: tuple[int, int, bool]) -> list[tuple[Action, ...]]:
    row = [_lay_actions((c,), key) for c in range(C.KINDS)]
    _SINGLES[key] = row
    return row


def _answers(window: int, handschlag: bool) -> tuple[Action, ...]:
    """Believe and the doubts of ``window``, from the table (built on to here, up to window
    1000: windows run up, a table of the usual ones is enough)."""
    table = _ANSWERS[1 if handschlag else 0]
    while len(table) <= window and len(table) < 1000:
        table.append(_answer_row(len(table), handschlag))
    return table[window] if window < len(table) else _answer_row(window, handschlag)


def _answer_row(window: int, handschlag: bool) -> tuple[Action, ...]:
    out: list[Action] = [
        {"type": "believe", "window": window},
        {"type": "doubt", "feature": "number", "window": window},
        {"type": "doubt", "feature": "spice", "window": window},
    ]
    if handschlag:
        out.append({"type": "doubt", "feature": "exact", "window": window})
    return tuple(out)


def timeout_action(state: BasarState, seat: int) -> Action:
    """Believe in the doubt window, pass on a turn."""
    if state.phase == DOUBT:
        return {"type": "believe", "window": state.window}
    return {"type": "pass"}


def _fast_lay(state: BasarState, seat: int, action: Any) -> tuple[int, int, int] | None:
    """(card, spice, number) of a legal one-card lay, found without ``_check_lay``'s full
    checks; ``None`` for anything else (``apply``'s checks then decide, and refuse)."""
    if (
        state.phase != TURN
        or seat != state.turn
        or type(action) is not dict
        or len(action) != 4
        or action.get("type") != "lay"
    ):
        return None
    raw = action.get("cards")
    text = action.get("spice")
    number = action.get("number")
    if type(raw) is not list or len(raw) != 1 or type(text) is not str or type(number) is not int:
        return None
    first = raw[0]
    card = C.CODE_TO_CARD.get(first) if type(first) is str else None
    spice = C.SPICE_INDEX.get(text)
    if card is None or spice is None or card not in state.hands[seat]:
        return None
    pile = state.pile
    if not pile:
        allowed = 1 <= number <= 3
    else:
        top = pile[-1]
        v = top[2]
        gleicher = "gleicher_preis" in state.rules
        allowed = spice == top[1] and (
            (1 <= number <= 3 or (gleicher and number == 10))
            if v == 10
            else (v < number <= 10 or (gleicher and number == v))
        )
    return (card, spice, number) if allowed else None


def apply(state: BasarState, seat: int, action: Action) -> list[Event]:
    if state.phase == DOUBT and type(action) is dict and seat in state.pending:
        # the checked fast path of an answer in the window: a seat still pending answers the
        # current window with the exact keys (anything else: the full checks below refuse)
        kind = action.get("type")
        window = action.get("window")
        if type(window) is int and window == state.window:
            if kind == "believe" and len(action) == 2:
                events = _do_believe(state, seat)
                state.log.extend(events)
                return events
            if kind == "doubt" and len(action) == 3:
                feature = action.get("feature")
                if (
                    feature == "number"
                    or feature == "spice"
                    or (feature == "exact" and "handschlag" in state.rules)
                ):
                    events = _do_doubt(state, seat, feature)
                    state.log.extend(events)
                    return events
    else:
        lay = _fast_lay(state, seat, action)
        if lay is not None:
            events = _do_lay(state, seat, [lay[0]], lay[1], lay[2])
            state.log.extend(events)
            return events
    if state.phase == OVER:
        raise IllegalAction("error.game_over")
    if not isinstance(action, dict):
        raise IllegalAction("error.invalid_move")
    kind = action.get("type")
    if kind in ("believe", "doubt"):
        _check_doubt(state, seat, action)
        if kind == "believe":
            events = _do_believe(state, seat)
        else:
            events = _do_doubt(state, seat, action["feature"])
    elif kind in ("lay", "pass"):
        if state.phase == DOUBT:
            raise IllegalAction("error.doubt_first")
        if seat != state.turn:
            raise IllegalAction("error.not_your_turn")
        if kind == "pass":
            if len(action) != 1:
                raise IllegalAction("error.pass_extra")
            events = _do_pass(state, seat)
        else:
            cards, spice, number = _check_lay(state, seat, action)
            events = _do_lay(state, seat, cards, spice, number)
    else:
        raise IllegalAction("error.unknown_move")
    state.log.extend(events)
    return events


def _check_doubt(state: BasarState, seat: int, action: Action) -> None:
    kind = action["type"]
    window = action.get("window")
    if kind == "doubt":
        feature = action.get("feature")
        if feature not in FEATURES or (feature == "exact" and not state.has("handschlag")):
            raise IllegalAction(
                "error.doubt_feature_exact" if state.has("handschlag") else "error.doubt_feature"
            )
        if len(action) != 3:
            raise IllegalAction("error.doubt_extra")
    elif len(action) != 2:
        raise IllegalAction("error.believe_extra")
    if isinstance(window, bool) or not isinstance(window, int):
        raise IllegalAction("error.window_missing")
    if state.phase != DOUBT:
        if window == state.window and state.late:
            raise IllegalAction(state.late)
        raise IllegalAction("error.no_window")
    if window != state.window:
        raise IllegalAction("error.window_stale")
    claimant = state.pile[-1][0]
    if seat == claimant:
        raise IllegalAction("error.own_claim")
    if seat not in state.eligible:
        raise IllegalAction("error.enge_gasse")
    if seat not in state.pending:
        raise IllegalAction("error.already_believed")


def _check_lay(state: BasarState, seat: int, action: Action) -> tuple[list[int], int, int]:
    if set(action) != {"type", "cards", "spice", "number"}:
        raise IllegalAction("error.lay_fields")
    raw = action["cards"]
    double = state.has("doppelladung")
    if not isinstance(raw, list) or not 1 <= len(raw) <= (2 if double else 1):
        raise IllegalAction("error.lay_one_or_two" if double else "error.lay_one")
    cards: list[int] = []
    for text in raw:
        card = C.parse(text)
        if card is None:
            raise IllegalAction("error.no_such_card")
        cards.append(card)
    hand = state.hands[seat]
    for card in set(cards):
        if hand.count(card) < cards.count(card):
            raise IllegalAction("error.not_in_hand", card=C.describe(card))
    if len(cards) == 2 and cards[0] > cards[1]:
        raise IllegalAction("error.hand_order")
    spice = C.SPICE_INDEX.get(action["spice"]) if isinstance(action["spice"], str) else None
    number = action["number"]
    if spice is None:
        raise IllegalAction("error.spice")
    if isinstance(number, bool) or not isinstance(number, int):
        raise IllegalAction("error.number")
    claims = claims_now(state)
    if (spice, number) not in claims:
        raise IllegalAction(
            "error.claim_not_allowed",
            claim=C.describe_claim(spice, number) if 1 <= number <= 10 else number,
            allowed=[C.describe_claim(s, v) for s, v in claims],
        )
    return cards, spice, number


def _do_pass(state: BasarState, seat: int) -> list[Event]:
    events: list[Event] = [{"type": "pass", "seat": seat}]
    if _draw(state, seat, 1, events):
        return events
    state.turn = (seat + 1) % state.n
    return events


def _do_lay(state: BasarState, seat: int, cards: list[int], spice: int, number: int) -> list[Event]:
    hand = state.hands[seat]
    for card in cards:
        hand.remove(card)
    pile = state.pile
    pile.append((seat, spice, number, tuple(cards)))
    state.window += 1
    last_card = state.last_card = not hand
    n = state.n
    if "enge_gasse" in state.rules:
        state.eligible = [(seat + 1) % n]
        state.pending = [(seat + 1) % n]
    else:
        eligible, pending = _OTHERS[n][seat]
        state.eligible = eligible[:]
        state.pending = pending[:]
    state.phase = DOUBT
    state.late = ""
    on_pile = 0
    for entry in pile:
        on_pile += len(entry[3])
    return [
        {
            "type": "lay",
            "seat": seat,
            "count": len(cards),
            "claim": {"spice": C.SPICES[spice], "number": number},
            "pile": on_pile,
            "last_card": last_card,
            "window": state.window,
        }
    ]


#: players → seat → (the other seats from the next one on, the same sorted): who may doubt
_OTHERS: tuple[tuple[tuple[list[int], list[int]], ...], ...] = tuple(
    tuple(
        ([(seat + k) % n for k in range(1, n)], sorted((seat + k) % n for k in range(1, n)))
        for seat in range(n)
    )
    for n in range(9)
)


def _do_believe(state: BasarState, seat: int) -> list[Event]:
    state.pending.remove(seat)
    events: list[Event] = [{"type": "believe", "seat": seat, "window": state.window}]
    if state.pending:
        return events
    claimant = state.pile[-1][0]
    events.append({"type": "believed", "seat": claimant, "window": state.window})
    state.late = "error.late_believed"
    state.phase = TURN
    if state.last_card:
        if _krug(state, claimant, events):
            return events
        if _draw(state, claimant, KRUG_DRAW, events):
            return events
    state.turn = (claimant + 1) % state.n
    return events


def _do_doubt(state: BasarState, doubter: int, feature: str) -> list[Event]:
    claimant, spice, number, laid = state.pile[-1]
    rules = state.rules
    pure = state.last_card and "reine_ware" in rules
    honest = True
    for c in laid:
        if not (c < 30 and c // 10 == spice and c % 10 + 1 == number):
            honest = False
    if honest or feature == "exact":
        holds = honest  # an honest card holds against the number and the spice doubt too
    elif feature == "number":
        feilschen = "feilschen" in rules
        holds = True
        for c in laid:
            if not number_holds(c, number, feilschen, pure):
                holds = False
    else:
        holds = True
        for c in laid:
            if not spice_holds(c, spice, pure):
                holds = False
    pile_cards: list[int] = []
    for entry in state.pile:
        pile_cards += entry[3]
    if feature == "exact":
        winner, loser, opener, caught = (
            (doubter, -1, claimant, False) if holds else (claimant, doubter, doubter, False)
        )
    elif holds:
        winner, loser, opener, caught = claimant, doubter, doubter, False
    else:
        winner, loser, opener, caught = doubter, claimant, claimant, True
    window = state.window
    record = {
        "window": window,
        "seat": claimant,
        "doubter": doubter,
        "feature": feature,
        "claim": {"spice": C.SPICES[spice], "number": number},
        "cards": [C.CODES[c] for c in laid],
        "holds": holds,
        "honest": honest,
        "winner": winner,
        "pile": len(pile_cards),
        "last_card": state.last_card,
    }
    state.revealed.append(record)
    events: list[Event] = [
        {"type": "doubt", "seat": doubter, "feature": feature, "window": window},
        {"type": "reveal", **record},
    ]
    state.points[winner].extend(pile_cards)
    state.pile.clear()
    state.phase = TURN
    state.pending = []
    # no seat number in a message a person reads: the ticker names who doubted
    state.late = "error.late_doubted"
    krug = state.last_card and not caught
    if krug and _krug(state, claimant, events):
        return events
    if loser >= 0:
        penalty = ZEHNERZOLL_PENALTY if number == 10 and "zehnerzoll" in rules else PENALTY
        if _draw(state, loser, penalty, events):
            return events
    if krug and _draw(state, claimant, KRUG_DRAW, events):
        return events
    state.turn = opener
    return events


def _krug(state: BasarState, seat: int, events: list[Event]) -> bool:
    """Give a Krug; True if that ends the game (second Krug of one seat, or the third one)."""
    state.krugs[seat] += 1
    events.append({"type": "krug", "seat": seat, "krugs": state.krugs[seat]})
    if state.krugs[seat] >= 2:
        state.krug_winner = seat
        _finish(state, "krug2", events)
        return True
    if sum(state.krugs) >= 3:
        _finish(state, "krug3", events)
        return True
    return False


def _draw(state: BasarState, seat: int, count: int, events: list[Event]) -> bool:
    """Draw up to ``count`` cards; True if the Glut came to the top (the game ends)."""
    draw = state.draw
    on_draw = len(draw)
    take = count if count < on_draw else on_draw
    left = on_draw - take
    hand = state.hands[seat]
    hand += draw[left:]  # the top ``take`` cards (sorted below: their order does not matter)
    del draw[left:]
    hand.sort()
    events.append({"type": "draw", "seat": seat, "count": take, "noch": left})
    if not draw:
        _finish(state, "glut", events)
        return True
    return False


def _finish(state: BasarState, reason: str, events: list[Event]) -> None:
    state.phase = OVER
    state.reason = reason
    state.pending = []
    state.eligible = []
    events.append(
        {
            "type": "end",
            "reason": reason,
            "scores": [score(state, s) for s in range(state.n)],
            "hand_counts": [len(h) for h in state.hands],
            "krugs": list(state.krugs),
            "krug_winner": state.krug_winner,
        }
    )


def result(state: BasarState) -> Result | None:
    """Points: +1 per pile card, +10 per Krug, -1 per hand card. A second Krug wins outright;
    otherwise more points, then more Krüge, then fewer hand cards; still equal: shared place."""
    if state.phase != OVER:
        return None
    n = state.n
    scores = [score(state, s) for s in range(n)]

    def key(s: int) -> tuple[int, int, int, int]:
        first = 0 if s == state.krug_winner else 1
        return (first, -scores[s], -state.krugs[s], len(state.hands[s]))

    keys = [key(s) for s in range(n)]
    places = [1 + sum(1 for t in range(n) if keys[t] < keys[s]) for s in range(n)]
    winners = [s for s in range(n) if places[s] == 1]
    return Result(
        scores=scores,
        places=places,
        winners=winners,
        leaderboard=list(scores),
        details={
            "reason": state.reason,
            "krug_winner": state.krug_winner,
            "krugs": list(state.krugs),
            "point_piles": [len(p) for p in state.points],
            "hand_counts": [len(h) for h in state.hands],
            "log": state.log.events(),
        },
    )


def state_to_json(state: BasarState) -> dict[str, Any]:
    codes = C.CODES
    return {
        "n": state.n,
        "rules": list(state.rules),
        "seconds": state.seconds,
        "hands": [[codes[c] for c in h] for h in state.hands],
        "draw": [codes[c] for c in state.draw],
        "below": [codes[c] for c in state.below],
        "pile": [[o, s, v, [codes[c] for c in laid]] for o, s, v, laid in state.pile],
        "points": [[codes[c] for c in p] for p in state.points],
        "krugs": list(state.krugs),
        "revealed": [dict(r) for r in state.revealed],
        "turn": state.turn,
        "phase": state.phase,
        "window": state.window,
        "pending": list(state.pending),
        "eligible": list(state.eligible),
        "last_card": state.last_card,
        "reason": state.reason,
        "krug_winner": state.krug_winner,
        "late": state.late,
        "log": state.log.text(),
        "shuffles": state.shuffles,
    }


def state_from_json(data: dict[str, Any]) -> BasarState:
    get = C.CODE_TO_CARD.__getitem__
    return BasarState(
        n=data["n"],
        rules=tuple(data["rules"]),
        seconds=data["seconds"],
        hands=[[get(c) for c in h] for h in data["hands"]],
        draw=[get(c) for c in data["draw"]],
        below=[get(c) for c in data["below"]],
        pile=[(o, s, v, tuple(get(c) for c in laid)) for o, s, v, laid in data["pile"]],
        points=[[get(c) for c in p] for p in data["points"]],
        krugs=list(data["krugs"]),
        revealed=[dict(r) for r in data["revealed"]],
        turn=data["turn"],
        phase=data["phase"],
        window=data["window"],
        pending=list(data["pending"]),
        eligible=list(data["eligible"]),
        last_card=data["last_card"],
        reason=data["reason"],
        krug_winner=data["krug_winner"],
        late=_late_code(data["late"]),
        log=EventLog.of_json(data["log"]),
        shuffles=data["shuffles"],
    )


def clone_state(state: BasarState) -> BasarState:
    return BasarState(
        n=state.n,
        rules=state.rules,
        seconds=state.seconds,
        hands=[h[:] for h in state.hands],
        draw=state.draw[:],
        below=state.below[:],
        pile=state.pile[:],
        points=[p[:] for p in state.points],
        krugs=state.krugs[:],
        revealed=state.revealed[:],
        turn=state.turn,
        phase=state.phase,
        window=state.window,
        pending=state.pending[:],
        eligible=state.eligible[:],
        last_card=state.last_card,
        reason=state.reason,
        krug_winner=state.krug_winner,
        late=state.late,
        log=state.log.copy(),
        shuffles=state.shuffles,
    )


def _late_code(late: str) -> str:
    """The code of ``late``; states stored before the engine spoke in codes hold the words."""
    if not late or CODE_LIKE.fullmatch(late):
        return late
    return "error.late_believed" if "geglaubt" in late else "error.late_doubted"


def describe_action(action: Action) -> Msg:
    kind = action.get("type") if isinstance(action, dict) else None
    if kind == "pass":
        return msg("move.pass")
    if kind == "believe":
        return msg("move.believe")
    if kind == "doubt":
        feature = action.get("feature", "")
        return msg(f"move.doubt_{feature}" if feature in FEATURES else "move.doubt")
    if kind == "lay":
        count = len(action.get("cards", []))
        spice = C.SPICE_INDEX.get(action.get("spice", ""), 0)
        return msg("move.lay", count=count, claim=C.describe_claim(spice, action.get("number", 0)))
    return msg("move.unknown")
