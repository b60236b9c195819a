"""The engine protocol every game implements.

Engines are pure Python: no Django, no I/O, no clock. A game is fully determined by
``(players, options, seed, deck)`` plus the list of ``(seat, action)`` pairs applied to it, so
replaying the move log rebuilds the state exactly (see ``replay``).

Conventions shared by all four games:

* **State** is engine-private plain data (usually a dataclass). ``apply`` mutates it in place,
  but only after the action was fully validated: an ``IllegalAction`` leaves it untouched.
  ``to_json`` / ``from_json`` round-trip it exactly; ``clone`` gives an independent copy.
* **Actions** are small JSON-able dicts with a ``"type"`` key, e.g. ``{"type": "play", "card": "R7"}``.
  ``legal_actions(state, seat)`` lists every legal action of that seat *exactly* (equality of dicts),
  so ``action in legal_actions(...)`` is always a valid legality check. The list is the
  caller's, but the dicts in it may be shared between calls (engines keep legal-move tables of
  prebuilt actions): read them, copy one before changing it.
* **Events** returned by ``apply`` are public: they never contain a card hidden from any seat.
  Private information reaches a seat only through ``view(state, seat)``.
* **Views** are JSON-able dicts holding exactly what a seat may know (its information state),
  public history included, so a bot or the UI needs nothing else. ``view(state, None)`` is the
  spectator's view. The view of seat ``s`` never contains a card hidden from ``s``.
* **Randomness**: the seed comes from ``secrets`` on the site (``new_seed``). Engines draw every
  shuffle from ``shuffle_rng(seed, n)`` so that no RNG state has to be stored.
* **Bots** see a view and the legal actions, never the state: ``bot(strength).choose(view, legal,
  rng)``. ``sample_state(view, rng)`` builds a full state consistent with a view (determinization),
  used by the strong bots and by the conformance suite to prove views and bots leak nothing.
  Each game lists its bots in ``bots.BOTS``; ``"stark:N"`` gives the strong bot a search budget.
  A bot draws every chance from ``rng`` – its pick among moves it values nearly as much as the
  best (``near_best``) and ties (``in_random_order``) too – so the same view with another ``rng``
  may give another move: the site seeds it per match (``bot_rng``), so two games of the same deal
  differ, and one match replays.
* **Timing and tables**: engines have no clock, but they tell the site how long a phase may wait
  (``phase_clock``), which phases are simultaneous (``simultaneous_key``), when bots may decide
  (``bot_earliest``) and who plays together (``teams``).
* **Views** share the common keys ``seat``, ``players``, ``phase``, ``actors``, ``scores``,
  ``hand_counts`` and ``over``, so the site can read them without knowing the game.
* **Packages**: every game's ``engine/`` package has the same shape: ``rules.py`` (the game,
  timeout move included; never imports bots or views), ``seat_view.py`` (views and re-dealing),
  ``bots`` (a module, or a package holding the bots' helpers) and ``__init__.py``, which declares
  the ``Engine`` subclass (the game's facts and its three modules; ``Engine`` calls them by
  name) and the game's ``BENCH``.
* **Rules versions**: ``Engine.rules_version`` names the rules a game plays today; a match stores
  the version it started under (``Match.rules_version``). A change that would make a stored move
  log replay differently bumps the version and keeps the older ``rules`` module reachable in
  ``rules_by_version``; ``at_version(v)`` (and ``get_engine(slug, v)``) gives the engine of that
  version, so old replays and matches still running play by the rules they started with.
"""

from __future__ import annotations

import copy
import hashlib
import random
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Generic, Protocol, TypeVar

Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]

S = TypeVar("S")
T = TypeVar("T")


@dataclass(frozen=True, eq=True)
class Msg:
    """A text for a player, said in a code with arguments: engines speak in codes, the words live
    outside the engine (the game's catalogue ``games/<slug>/texts.py`` and the common one in
    ``games.wording``, through gettext), so a second language is a translation file.

    ``params`` are plain values (numbers, names, card codes) or ``Msg`` themselves (a card's name,
    an option's label), which the catalogue says first. Codes are dotted lower-case words
    (``"error.not_your_turn"``, ``"advice.one_first"``); the engine never builds a sentence."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "params": {k: v.to_json() if isinstance(v, Msg) else v for k, v in self.params.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        params = {
            k: cls.from_json(v) if isinstance(v, dict) and "code" in v else v
            for k, v in (data.get("params") or {}).items()
        }
        return cls(str(data["code"]), params)


def msg(code: str, **params: Any) -> Msg:
    """``Msg(code, params)`` written as a call: ``msg("error.no_card", card="R7")``."""
    return Msg(code, params)


class _Refusal(Exception):
    """An engine's refusal as a code with arguments (``msg``, a Msg; ``code``, its code)."""

    def __init__(self, code: str | Msg, **params: Any) -> None:
        self.msg = code if isinstance(code, Msg) else Msg(code, params)
        super().__init__(self.msg.code)

    @property
    def code(self) -> str:
        return self.msg.code


class IllegalAction(_Refusal):
    """An action that is not legal now, as a code with arguments (``msg``); the site says it in
    the player's language (``games.wording.say``)."""


class InvalidOptions(_Refusal, ValueError):
    """Table options that do not fit the game, as a code with arguments (``msg``)."""


class UnknownRulesVersion(LookupError):
    """A match asks for a rules version its engine does not know (not kept, or from a newer
    deployment)."""


@dataclass(frozen=True)
class Option:
    """One table setting of a game.

    ``choices`` lists ``(value, label code)`` pairs; without choices, ``kind`` is checked.
    For ``kind=list`` every element must be one of ``choices`` (a multi-select, e.g. special cards).
    ``help`` is the code of one line saying what the option does; ``choice_help`` does the same for
    choices that name a rule (``(value, code)`` pairs, e.g. each Extrascharf rule). ``label``,
    the choices' labels and the help lines are codes of the game's catalogue (``Msg``). ``table_only``
    marks an option that changes nothing alone against the computer (Speedbasar's doubt window has
    no clock there): the solo form leaves it out and a solo game keeps its default.
    """

    key: str
    label: str
    default: Any
    kind: type = bool
    choices: tuple[tuple[Any, str], ...] | None = None
    help: str = ""
    choice_help: tuple[tuple[Any, str], ...] = ()
    table_only: bool = False

    def validate(self, value: Any) -> Any:
        allowed = None if self.choices is None else [c[0] for c in self.choices]
        if self.kind is list:
            if not isinstance(value, list | tuple):
                raise InvalidOptions("options.choice_expected", option=Msg(self.label))
            if allowed is not None:
                for v in value:
                    if v not in allowed:
                        raise InvalidOptions("options.not_allowed", value=v, option=Msg(self.label))
            if len(set(value)) != len(value):
                raise InvalidOptions("options.duplicate", option=Msg(self.label))
            return list(value)
        # bool is a subclass of int: keep them apart so that ``True`` is no valid target score.
        if self.kind is bool and not isinstance(value, bool):
            raise InvalidOptions("options.on_or_off", option=Msg(self.label))
        if self.kind is not bool and (isinstance(value, bool) or not isinstance(value, self.kind)):
            raise InvalidOptions("options.invalid_value", option=Msg(self.label))
        if allowed is not None and value not in allowed:
            raise InvalidOptions("options.not_allowed", value=value, option=Msg(self.label))
        return value


@dataclass
class Result:
    """The outcome of a finished game.

    ``places[s]`` is seat ``s``'s place (1 = best; tied seats share a place, the next place is
    skipped as in sports). ``winners`` are the seats on place 1. ``leaderboard[s]`` is what the game
    books for the monthly/all-time leaderboard. ``round_winners`` lists the winning seats of each
    round for games whose tournaments count rounds (Speedone).
    """

    scores: list[int]
    places: list[int]
    winners: list[int]
    leaderboard: list[int]
    round_winners: list[list[int]] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": self.scores,
            "places": self.places,
            "winners": self.winners,
            "leaderboard": self.leaderboard,
            "round_winners": self.round_winners,
            "details": self.details,
        }


@dataclass(frozen=True)
class PhaseClock:
    """How long the current phase waits for people: ``seconds`` on the visible clock, then
    ``grace`` seconds more (shown to the players as a grace period) before the timeout action
    is played for the seats still to act."""

    seconds: float
    grace: float = 0.0


class Bot(Protocol):
    strength: str

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action: ...


#: builds a bot; the argument is the search budget of ``"stark:N"`` (``None``: the site's default)
BotFactory = Callable[[int | None], Bot]


def parse_strength(strength: str) -> tuple[str, int | None]:
    """Split a bot strength: ``"stark"`` → ``("stark", None)``, ``"stark:1500"`` →
    ``("stark", 1500)`` (a search budget, e.g. for benchmarks). ``ValueError`` otherwise."""
    name, sep, budget = strength.partition(":") if isinstance(strength, str) else ("", "", "")
    if not name or (sep and not (budget.isdigit() and int(budget) > 0)):
        raise ValueError(f"unknown bot strength: {strength!r}")
    return name, int(budget) if sep else None


@dataclass
class Advice:
    """What the strong bot would do, with a short reason a player understands (a ``Msg``: the
    game's catalogue words it)."""

    action: Action
    reason: Msg
    candidates: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "reason": self.reason.to_json(),
            "candidates": [
                {k: v.to_json() if isinstance(v, Msg) else v for k, v in c.items()}
                for c in self.candidates
            ],
        }


class Engine(Generic[S]):
    """Base class of the game engines: a game declares its facts as class attributes and names
    its three modules; every method below calls them by a fixed naming convention, so a game
    overrides only the hooks that are really its own (``phase_clock``, ``bot_earliest``, …).

    * ``rules`` (the game; never imports ``bots`` or ``seat_view``): ``new_game(players,
      options, seed, deck, **setup)``, ``actors``, ``legal_actions``, ``apply``,
      ``timeout_action``, ``result``, ``describe_action``, ``state_to_json``,
      ``state_from_json``, ``clone_state``, ``check_options(options, players)``; optionally
      ``simultaneous_key(state)`` and ``teams(players, options)``.
    * ``seat_view``: ``build_view(state, seat)`` and ``sample_state(view, rng)``.
    * ``bots`` (a module or a package): ``BOTS`` (strength → factory) and
      ``explain(view, legal)``.
    """

    slug: str
    name: str
    min_players: int
    max_players: int
    options_schema: tuple[Option, ...] = ()
    #: the unit a bot tournament counts: "game" (games won) or "round" (rounds won, Speedone)
    tournament_unit: str = "game"
    #: documented card notation, shown in docs and used by ``deck=``
    card_notation: str = ""
    #: event types that end a round (the site pauses before the next deal, so people can read
    #: the round summary)
    round_end_events: frozenset[str] = frozenset()
    #: the game's modules (see the class docstring)
    rules: ModuleType
    seat_view: ModuleType
    bots: ModuleType
    #: the version of the rules the game plays today (stored on every match it starts): bump it
    #: when a change to ``rules`` would make a stored move log replay differently
    rules_version: int = 1
    #: the older versions still reachable, version → that version's ``rules`` module (kept as
    #: e.g. ``rules_v1.py`` next to ``rules.py``): replays and running matches of that version
    #: use it. A change beyond ``rules`` (the state's shape as ``seat_view`` or the bots read
    #: it) overrides ``at_version`` instead.
    rules_by_version: Mapping[int, ModuleType] = {}
    #: post-game analysis (``games.engines.analysis``, docs/analysis.md): the expected loss in
    #: the game's points from which a decision is an „Ungenauigkeit“, a „Fehler“, a „Patzer“,
    #: and the loss that costs an accuracy of 1 − 1/e
    analysis_thresholds: tuple[float, float, float, float] = (1.0, 2.0, 4.0, 3.0)
    #: re-deals per judged decision (the same for every decision of the game)
    analysis_samples: int = 16
    #: a judged move's rollout ends with the round; a game without rounds ends it after this
    #: many moves (``None``: at the game's end)
    analysis_horizon: int | None = None

    def at_version(self, version: int) -> Engine[S]:
        """The engine playing by the rules of ``version`` (``self`` for today's rules; one
        cached copy per older version, its ``rules`` module swapped). ``UnknownRulesVersion``
        when that version is not kept."""
        if version == self.rules_version:
            return self
        cache: dict[int, Engine[S]] = self.__dict__.setdefault("_at_version", {})
        engine = cache.get(version)
        if engine is None:
            module = self.rules_by_version.get(version)
            if module is None:
                raise UnknownRulesVersion(f"{self.slug}: rules version {version} is not kept")
            engine = copy.copy(self)
            engine.__dict__.pop("_at_version", None)
            engine.rules = module
            engine.rules_version = version
            engine.rules_by_version = {}
            engine.bind_rules()
            cache[version] = engine
        return engine

    #: the methods ``bind_rules`` may replace by the ``rules`` module's function of that name
    _BOUND = ("actors", "legal_actions", "apply")

    def bind_rules(self) -> None:
        """Call the ``rules`` module's ``actors``, ``legal_actions`` and ``apply`` directly
        (instance attributes in place of this class's one-line forwarding methods, which a
        random-play move calls three times), unless the engine's class overrides one of them.
        ``register``, ``add_engine`` and ``at_version`` call it after choosing ``rules``."""
        for name in self._BOUND:
            fn = getattr(self.rules, name, None)
            if fn is not None and getattr(type(self), name) is getattr(Engine, name):
                setattr(self, name, fn)

    # -- options -----------------------------------------------------------------------------
    def validate_options(self, options: dict[str, Any] | None, players: int) -> dict[str, Any]:
        """Fill defaults, reject unknown keys and invalid values (German ``InvalidOptions``)."""
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions(
                "options.players",
                game=self.name,
                low=self.min_players,
                high=self.max_players,
                players=players,
            )
        options = dict(options or {})
        known = {o.key: o for o in self.options_schema}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InvalidOptions("options.unknown", keys=", ".join(unknown))
        clean = {key: opt.validate(options.get(key, opt.default)) for key, opt in known.items()}
        self.check_options(clean, players)
        return clean

    def check_options(self, options: dict[str, Any], players: int) -> None:
        """Cross-checks between options (``rules.check_options``; raise ``InvalidOptions``)."""
        check = getattr(self.rules, "check_options", None)
        if check is not None:
            check(options, players)

    # -- the game ----------------------------------------------------------------------------
    def new_game(
        self,
        players: int,
        options: dict[str, Any] | None,
        seed: int,
        deck: Sequence[str] | None = None,
        **setup: Any,
    ) -> S:
        """Start a game. ``deck`` stacks the cards (top first, in ``card_notation``) for tests;
        ``setup`` passes further test set-ups of ``rules.new_game`` (e.g. the round to start
        with)."""
        opts = self.validate_options(options, players)
        state: S = self.rules.new_game(players, opts, seed, deck, **setup)
        return state

    def actors(self, state: S) -> frozenset[int]:
        """Seats that may act now: one on a normal turn, several in a simultaneous phase,
        none once the game is over."""
        actors: frozenset[int] = self.rules.actors(state)
        return actors

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (empty when the seat may not act)."""
        legal: list[Action] = self.rules.legal_actions(state, seat)
        return legal

    def apply(self, state: S, seat: int, action: Action) -> list[Event]:
        """Apply a legal action and return public events. Raise ``IllegalAction`` (German) and
        leave ``state`` untouched otherwise."""
        events: list[Event] = self.rules.apply(state, seat, action)
        return events

    def view(self, state: S, seat: int | None) -> View:
        """Exactly what ``seat`` may know (``None``: a spectator). JSON-able."""
        view: View = self.seat_view.build_view(state, seat)
        return view

    def timeout_action(self, state: S, seat: int) -> Action:
        """What the computer plays for ``seat`` when its time runs out (must be legal)."""
        action: Action = self.rules.timeout_action(state, seat)
        return action

    def result(self, state: S) -> Result | None:
        """The outcome once the game is over, else ``None``."""
        result: Result | None = self.rules.result(state)
        return result

    def to_json(self, state: S) -> dict[str, Any]:
        data: dict[str, Any] = self.rules.state_to_json(state)
        return data

    def from_json(self, data: dict[str, Any]) -> S:
        state: S = self.rules.state_from_json(data)
        return state

    def clone(self, state: S) -> S:
        """An independent copy."""
        copy: S = self.rules.clone_state(state)
        return copy

    def is_over(self, state: S) -> bool:
        return not self.actors(state)

    def describe_action(self, action: Action) -> str:
        """A short German description of an action for logs and the game record."""
        text: str = self.rules.describe_action(action)
        return text

    # -- timing and table structure (read by the site's services) ----------------------------
    def phase_clock(self, state: S, move_seconds: int | None, *, solo: bool) -> PhaseClock | None:
        """How long the current phase may wait for people, given the table's Bedenkzeit
        ``move_seconds`` (``None`` or 0: "ohne Uhr"). ``None``: wait without a clock.
        ``solo``: one person against bots. Default: the Bedenkzeit, without grace."""
        return PhaseClock(float(move_seconds)) if move_seconds else None

    def ends_round(self, events: Sequence[Event]) -> bool:
        """Whether the events of one move end a round (see ``round_end_events``)."""
        ends = self.round_end_events
        return bool(ends) and any(e.get("type") in ends for e in events)

    def simultaneous_key(self, state: S) -> str | None:
        """A string naming the current simultaneous phase (several seats act in the same phase,
        and a seat's valid action must not be refused because another seat acted first), or
        ``None`` on a normal one-seat turn. The key stays the same while the phase lasts and
        differs between two occurrences of such a phase (it carries a round/trick/claim
        counter), so the site may accept a stale client version while the key is unchanged and
        the seat is still among ``actors``. ``rules.simultaneous_key``; without it: never."""
        fn = getattr(self.rules, "simultaneous_key", None)
        key: str | None = None if fn is None else fn(state)
        return key

    def bot_earliest(self, state: S, seat: int, *, solo: bool) -> float:
        """Seconds after the current phase started before a bot in ``seat`` may decide at the
        earliest (so that people see the buttons first). Default: at once."""
        return 0.0

    def low_scores_win(self, options: dict[str, Any]) -> bool:
        """Whether fewer points are better with these options (a penalty count, e.g. Speedone's
        „Jeder zählt seine Karten“); the analysis then counts a point as a loss. Default: more
        points are better."""
        return False

    def teams(self, players: int, options: dict[str, Any]) -> list[list[int]] | None:
        """The partner seats of a game with these options (``rules.teams``), or ``None`` when
        everyone plays alone (the default)."""
        fn = getattr(self.rules, "teams", None)
        teams: list[list[int]] | None = None if fn is None else fn(players, options)
        return teams

    # -- bots --------------------------------------------------------------------------------
    def bot(self, strength: str) -> Bot:
        """A bot of strength ``leicht``, ``normal`` or ``stark``; ``"stark:N"`` gives the strong
        bot a search budget of ``N`` (what ``N`` counts is the game's: rollouts, simulated card
        plays, …). ``ValueError`` for an unknown strength."""
        name, budget = parse_strength(strength)
        factories: Mapping[str, BotFactory] = self.bots.BOTS
        factory = factories.get(name)
        if factory is None:
            raise ValueError(f"unknown bot strength: {strength!r}")
        return factory(budget)

    def explain(self, view: View, legal: list[Action]) -> Advice:
        """The strong bot's suggestion for the seat of ``view``, with a German reason."""
        advice: Advice = self.bots.explain(view, legal)
        return advice

    def decision_kind(self, view: View, action: Action) -> str:
        """What kind of decision ``action`` is, for the analysis's points lost by kind
        (``games.analysis.KINDS`` words them: ``leading``, ``following``, ``bidding``,
        ``doubting``, …). Default: the action's type."""
        return str(action.get("type", ""))

    def sample_state(self, view: View, rng: random.Random) -> S:
        """A full state whose ``view(state, view['seat'])`` equals ``view``, with the hidden cards
        dealt at random consistently with everything the view reveals."""
        state: S = self.seat_view.sample_state(view, rng)
        return state


# -- randomness ------------------------------------------------------------------------------
def new_seed() -> int:
    """A fresh, unguessable 63-bit game seed."""
    return secrets.randbits(63)


def bot_rng(bot_seed: int, version: int, seat: int) -> random.Random:
    """The RNG of the bot on ``seat`` deciding at ``version`` of a match whose bots got
    ``bot_seed`` (stored with the match): another match of the same deal gets other chances, the
    same decision of the same match the same ones (a repeated bot task plays the same move)."""
    digest = hashlib.blake2b(f"bot:{bot_seed}:{version}:{seat}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def in_random_order(actions: Sequence[Action], rng: random.Random) -> list[Action]:
    """``actions`` in an order drawn from ``rng``: a bot that keeps the first of equally good
    moves breaks its ties by its own chance instead of always the same way."""
    out = list(actions)
    rng.shuffle(out)
    return out


def near_best(scored: Sequence[tuple[float, T]], rng: random.Random | None, margin: float) -> T:
    """A bot's pick among options it values ``(value, option)``: any whose value is within
    ``margin`` of the best, drawn from ``rng`` with even chances, so a bot whose rule of thumb
    scores moves does not play the same game on the same deal with another ``rng``. Without
    ``rng`` (a model of the bot inside another bot's search): the first of the best."""
    top = max(value for value, _option in scored)
    if rng is None:
        return next(option for value, option in scored if value == top)
    near = [option for value, option in scored if value >= top - margin]
    return near[0] if len(near) == 1 else rng.choice(near)


def shuffle_rng(seed: int, n: int) -> random.Random:
    """The RNG for the ``n``-th shuffle of the game with ``seed`` (stateless, reproducible)."""
    digest = hashlib.blake2b(f"{seed}:{n}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


#: ``n.bit_length()`` of the draw bounds of a shuffle of up to 128 cards
_BITS = tuple(n.bit_length() for n in range(129))


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``, the same order from the same numbers: CPython's ``Random.shuffle``
    with its ``_randbelow`` (``_randbelow_with_getrandbits``) inlined, one call per card fewer.
    ``rng`` is a plain ``random.Random`` (``shuffle_rng``)."""
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(x) - 1, 0, -1):
        k = bits[i + 1] if i < 128 else (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


# -- registry --------------------------------------------------------------------------------
#: slug → the engine instance, in registration order (``games/engines/__init__.py`` imports the
#: engine package of every game in ``games.catalog``, which registers itself)
_ENGINES: dict[str, Engine[Any]] = {}


def register(slug: str) -> Callable[[type[Engine[Any]]], type[Engine[Any]]]:
    """Class decorator: make an engine available through ``get_engine(slug)``."""

    def deco(cls: type[Engine[Any]]) -> type[Engine[Any]]:
        if getattr(cls, "slug", slug) != slug:
            raise ValueError(f"{cls.__name__}.slug is {cls.slug!r}, registered as {slug!r}")
        if slug in _ENGINES:
            raise ValueError(f"an engine is already registered as {slug!r}")
        engine = cls()
        engine.bind_rules()
        _ENGINES[slug] = engine
        return cls

    return deco


def add_engine(engine: Engine[Any]) -> None:
    """Make an engine instance available through ``get_engine`` (``games.registry``)."""
    if engine.slug in _ENGINES:
        raise ValueError(f"an engine is already registered as {engine.slug!r}")
    engine.bind_rules()
    _ENGINES[engine.slug] = engine


def remove_engine(slug: str) -> None:
    _ENGINES.pop(slug, None)


def engines() -> list[Engine[Any]]:
    """Every game's engine, in registration order (the order of ``games.catalog``)."""
    return list(_ENGINES.values())


def get_engine(slug: str, rules_version: int | None = None) -> Engine[Any]:
    """The engine of a game slug, playing by the rules of ``rules_version`` (a match's
    ``rules_version``; today's rules without); ``KeyError`` for an unknown slug,
    ``UnknownRulesVersion`` for a version the game does not keep."""
    try:
        engine = _ENGINES[slug]
    except KeyError:
        raise KeyError(f"unknown game: {slug}") from None
    return engine if rules_version is None else engine.at_version(rules_version)


def replay(
    engine: Engine[S],
    players: int,
    options: dict[str, Any] | None,
    seed: int,
    moves: Iterable[tuple[int, Action]],
    deck: Sequence[str] | None = None,
    rules_version: int | None = None,
) -> S:
    """Rebuild a state from its start parameters and move log, by the rules of
    ``rules_version`` (the match's; today's without)."""
    if rules_version is not None:
        engine = engine.at_version(rules_version)
    state = engine.new_game(players, options, seed, deck)
    for seat, action in moves:
        engine.apply(state, seat, action)
    return state
