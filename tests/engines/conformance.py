"""The conformance suite every engine passes (in the spirit of OpenSpiel's random_sim_test).

A game's test module calls ``check_random_games`` with its option sets; see
``tests/engines/test_<game>_conformance.py``. The checks:

* random legal play reaches the end; ``result`` is then set and consistent;
* replaying the move log rebuilds an identical state; JSON round-trips exactly;
* every legal action applies (on a clone) at sampled points;
* illegal and forged actions raise ``IllegalAction`` and leave the state untouched;
* the timeout action is legal;
* ``view(state, s)`` is JSON, never shows the seed, and a state re-dealt from that view
  (``sample_state``) gives the same view: the view depends on nothing the seat cannot know;
* bots choose the same action from both states (same view, different hidden cards);
* every view has the common keys (``seat``, ``players``, ``phase``, ``actors``, ``scores``,
  ``hand_counts``, ``over``) with the same meaning in every game;
* the timing/table protocol: ``phase_clock`` is ``None`` or a ``PhaseClock`` with seconds > 0,
  ``bot_earliest`` >= 0, ``teams`` partitions the seats or is ``None``;
* ``simultaneous_key`` is set exactly in phases with several actors (``None`` whenever fewer
  than 2 seats act at a phase start), new for every occurrence of such a phase, and unchanged
  while the phase lasts: after one seat acts, every other actor keeps its legal actions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from games.engines.base import Action, Engine, IllegalAction, PhaseClock, replay

FORGED: list[Any] = [
    {},
    {"type": None},
    {"type": "nonsense"},
    {"type": "play"},
    {"type": "play", "card": "XX"},
    {"type": "play", "card": 7},
    {"type": "play", "card": ["R7"]},
    "play",
    None,
    [],
]


@dataclass
class Stats:
    games: int = 0
    moves: int = 0
    view_checks: int = 0
    bot_checks: int = 0
    illegal_checks: int = 0
    simultaneous_checks: int = 0


def _dump(engine: Engine[Any], state: Any) -> str:
    return json.dumps(engine.to_json(state), sort_keys=True)


def check_random_games(
    engine: Engine[Any],
    players: int,
    options: dict[str, Any] | None,
    seeds: Iterable[int],
    *,
    check_every: int = 25,
    bot_strengths: tuple[str, ...] = ("leicht", "normal"),
    max_moves: int = 200_000,
    policy: Callable[[list[Action], random.Random], Action] | None = None,
) -> Stats:
    """Play one random game per seed and run every check; every ``check_every``-th move gets the
    expensive checks (views, re-dealing, bots, illegal actions, applying every legal action).

    ``policy`` picks among the legal actions (default: uniformly at random); a game whose uniform
    random play runs very long may pass a random policy that prefers some kinds of move, so that
    thousands of games fit into the test budget."""
    choose = policy or (lambda legal, rng: rng.choice(legal))
    stats = Stats()
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.new_game(players, options, seed)
        assert _dump(engine, engine.from_json(json.loads(_dump(engine, state)))) == _dump(
            engine, state
        )
        log: list[tuple[int, Action]] = []
        pool: list[Action] = []
        step = 0
        check_teams(engine, players, engine.validate_options(options, players))
        prev_key: str | None = None
        seen_keys: set[str] = set()
        while True:
            actors = sorted(engine.actors(state))
            if not actors:
                break
            assert step < max_moves, f"game with seed {seed} does not end"
            key = engine.simultaneous_key(state)
            if len(actors) >= 2:
                assert key is not None, "several seats act without a simultaneous_key"
            if key != prev_key and key is not None:
                assert len(actors) >= 2, f"simultaneous phase {key!r} starts with one actor"
                assert key not in seen_keys, f"simultaneous_key {key!r} occurs twice"
                seen_keys.add(key)
            prev_key = key
            if step % check_every == 0:
                _expensive_checks(
                    engine, state, players, actors, pool, rng, bot_strengths, seed, stats
                )
            seat = rng.choice(actors)
            legal = engine.legal_actions(state, seat)
            assert legal, f"seat {seat} is an actor without a legal action (seed {seed})"
            if len(pool) < 400:
                pool.extend(legal[:3])
            action = choose(legal, rng)
            engine.apply(state, seat, action)
            log.append((seat, json.loads(json.dumps(action))))
            step += 1
        stats.moves += step
        stats.games += 1
        result = engine.result(state)
        assert result is not None, "a finished game has a result"
        assert len(result.scores) == players and len(result.places) == players
        assert result.winners and all(result.places[w] == 1 for w in result.winners)
        assert sorted(result.winners) == [s for s in range(players) if result.places[s] == 1]
        assert len(result.leaderboard) == players
        json.dumps(result.to_json())
        rebuilt = replay(engine, players, options, seed, log)
        assert _dump(engine, rebuilt) == _dump(engine, state), "replay differs"
        for seat in [*range(players), None]:
            v = engine.view(state, seat)
            json.dumps(v)
            check_common_view(engine, state, v, seat, players)
    return stats


def _expensive_checks(
    engine: Engine[Any],
    state: Any,
    players: int,
    actors: list[int],
    pool: list[Action],
    rng: random.Random,
    bot_strengths: tuple[str, ...],
    seed: int,
    stats: Stats,
) -> None:
    before = _dump(engine, state)
    # JSON round trip
    assert _dump(engine, engine.from_json(json.loads(before))) == before, "JSON round trip differs"
    check_timing(engine, state, actors)
    if engine.simultaneous_key(state) is not None:
        check_simultaneous(engine, state)
        stats.simultaneous_checks += 1
    for seat in actors:
        legal = engine.legal_actions(state, seat)
        # every legal action applies, on a clone
        for action in legal:
            clone = engine.clone(state)
            engine.apply(clone, seat, action)
        assert _dump(engine, state) == before, "clone shares data with the state"
        # timeout action is legal
        assert engine.timeout_action(state, seat) in legal, "timeout action is not legal"
        # illegal actions: forged ones, ones legal elsewhere, any action by a non-actor
        candidates: list[Any] = list(FORGED) + [a for a in pool if a not in legal][:20]
        for bad in candidates:
            try:
                engine.apply(state, seat, bad)
            except IllegalAction as exc:
                assert exc.code, "an IllegalAction carries a code"
            else:
                raise AssertionError(f"illegal action {bad!r} was accepted (seed {seed})")
            assert _dump(engine, state) == before, f"rejected {bad!r} changed the state"
            stats.illegal_checks += 1
        # views leak nothing: re-deal the hidden cards from the view, the view stays the same
        view = engine.view(state, seat)
        check_common_view(engine, state, view, seat, players)
        text = json.dumps(view, sort_keys=True)
        if seed >= 10**9:  # a short seed like 7 occurs in any view by chance
            assert str(seed) not in text, "the seed leaked into a view"
        sample = engine.sample_state(view, random.Random(rng.random()))
        assert json.dumps(engine.view(sample, seat), sort_keys=True) == text, (
            "a state re-dealt from the view shows a different view: the view depends on "
            "something the seat cannot know, or sample_state is inconsistent"
        )
        assert engine.legal_actions(sample, seat) == legal
        stats.view_checks += 1
        # bots decide from the view only
        for strength in bot_strengths:
            bot = engine.bot(strength)
            a = bot.choose(view, legal, random.Random(7))
            b = bot.choose(
                engine.view(sample, seat), engine.legal_actions(sample, seat), random.Random(7)
            )
            assert a == b, f"{strength} bot chose differently on the same view"
            assert a in legal, f"{strength} bot chose an illegal action {a!r}"
            stats.bot_checks += 1
    for seat in range(players):
        if seat not in actors:
            for action in pool[:5]:
                try:
                    engine.apply(state, seat, action)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"seat {seat} acted out of turn (seed {seed})")
                assert _dump(engine, state) == before
    spectator = engine.view(state, None)
    json.dumps(spectator)
    check_common_view(engine, state, spectator, None, players)


def check_teams(engine: Engine[Any], players: int, options: dict[str, Any]) -> None:
    """``teams`` is ``None`` or a partition of the seats into teams of at least one seat."""
    teams = engine.teams(players, options)
    if teams is None:
        return
    assert isinstance(teams, list) and all(isinstance(t, list) and t for t in teams)
    seats = sorted(s for t in teams for s in t)
    assert seats == list(range(players)), f"teams {teams} do not partition the seats"


def check_timing(engine: Engine[Any], state: Any, actors: list[int]) -> None:
    """``phase_clock`` and ``bot_earliest`` give sane values with and without Bedenkzeit."""
    for solo in (False, True):
        for move_seconds in (None, 0, 30, 120):
            clock = engine.phase_clock(state, move_seconds, solo=solo)
            assert clock is None or isinstance(clock, PhaseClock), clock
            if clock is not None:
                assert clock.seconds > 0 and clock.grace >= 0, clock
        for seat in actors:
            earliest = engine.bot_earliest(state, seat, solo=solo)
            assert isinstance(earliest, int | float) and earliest >= 0, earliest


def _legal_keys(engine: Engine[Any], state: Any, seat: int) -> set[str]:
    return {json.dumps(a, sort_keys=True) for a in engine.legal_actions(state, seat)}


def check_simultaneous(engine: Engine[Any], state: Any) -> None:
    """In a simultaneous phase, whatever one seat does either keeps the phase (same key: every
    other actor is still an actor and keeps every legal action) or ends it (another key). Each
    seat has an action that keeps the phase while another seat still has to act."""
    key = engine.simultaneous_key(state)
    actors = sorted(engine.actors(state))
    legal = {s: _legal_keys(engine, state, s) for s in actors}
    for seat in actors:
        others = [s for s in actors if s != seat]
        kept = False
        for action in engine.legal_actions(state, seat):
            clone = engine.clone(state)
            engine.apply(clone, seat, action)
            after = engine.actors(clone)
            if engine.simultaneous_key(clone) == key:
                kept = True
                for s in others:
                    assert s in after, f"seat {s} lost its turn in phase {key!r}"
                    assert legal[s] <= _legal_keys(engine, clone, s), (
                        f"seat {s} lost a legal action in phase {key!r} after seat {seat} acted"
                    )
        if others:
            assert kept, f"every action of seat {seat} ends the simultaneous phase {key!r}"


COMMON_VIEW_KEYS = ("seat", "players", "phase", "actors", "scores", "hand_counts", "over")


def check_common_view(
    engine: Engine[Any], state: Any, view: dict[str, Any], seat: int | None, players: int
) -> None:
    """The keys every game's view has, with the same meaning (the site reads them without
    knowing the game)."""
    missing = [k for k in COMMON_VIEW_KEYS if k not in view]
    assert not missing, f"view lacks the common keys {missing}"
    assert view["seat"] == seat
    assert view["players"] == players and type(view["players"]) is int
    assert isinstance(view["phase"], str) and view["phase"]
    actors = sorted(engine.actors(state))
    assert view["actors"] == actors and all(type(s) is int for s in view["actors"])
    for key in ("scores", "hand_counts"):
        assert isinstance(view[key], list) and len(view[key]) == players, key
        assert all(type(x) is int for x in view[key]), key
    assert all(x >= 0 for x in view["hand_counts"])
    if seat is not None and isinstance(view.get("hand"), list) and view["hand"]:
        assert len(view["hand"]) == view["hand_counts"][seat]
    assert view["over"] is (not actors)


def check_rollout_action(
    engine: Engine[Any],
    players: int,
    options: dict[str, Any] | None,
    seeds: Iterable[int],
    knows: Callable[[Any, int], None],
) -> tuple[int, int]:
    """A game's ``bots.rollout_action`` (the analysis's rollouts read the seat's knowledge from
    the simulated state, not from its view) against the normal bot on the view: ``knows(state,
    seat)`` compares what every seat knows by both ways at every move of whole games, and the
    move is the normal bot's with the same chance. Returns how many knowledge comparisons and
    moves were checked."""
    fast = engine.bots.rollout_action
    bot = engine.bot("normal")
    compared = moves = 0
    for seed in seeds:
        state = engine.new_game(players, options, seed)
        rng = random.Random(seed)
        while engine.actors(state):
            for seat in range(players):
                knows(state, seat)
                compared += 1
            seat = min(engine.actors(state))
            legal = engine.legal_actions(state, seat)
            if len(legal) > 1:
                expected = bot.choose(engine.view(state, seat), legal, random.Random(moves))
                assert fast(state, seat, legal, random.Random(moves)) == expected
                moves += 1
            engine.apply(state, seat, rng.choice(legal))
    return compared, moves
