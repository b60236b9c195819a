from __future__ import annotations

import random
from typing import Any

import pytest

from bench.engines import play_bot_game
from games.speedwerk.engine import bots
from games.speedwerk.engine.bots import NormalBot, StarkBot
from games.speedwerk.engine.rules import ALL_SPECIALS
from games.speedwerk.engine.seat_view import public_state, public_state_of, sample_state
from games.speedwerk.texts import TEXTS
from games.wording import say
from tests.engines.conformance import check_rollout_action
from tests.engines.speedwerk.helpers import E, bid_all, deal, play


def _states(players: int, seed: int, every: int):
    st = E.new_game(players, {"specials": ALL_SPECIALS}, seed, first_round=2)
    rng = random.Random(seed)
    i = 0
    while E.actors(st) and st.round_no < 6:
        seat = rng.choice(sorted(E.actors(st)))
        if i % every == 0:
            yield st, seat
        E.apply(st, seat, rng.choice(E.legal_actions(st, seat)))
        i += 1


def test_stark_bot_decides_from_the_view_only() -> None:
    bot = StarkBot(budget=300)
    checked = 0
    for st, seat in _states(4, 5, 5):
        view = E.view(st, seat)
        legal = E.legal_actions(st, seat)
        sample = E.sample_state(view, random.Random(checked))
        a = bot.choose(view, legal, random.Random(1))
        b = bot.choose(E.view(sample, seat), E.legal_actions(sample, seat), random.Random(1))
        assert a == b and a in legal
        checked += 1
    assert checked > 10


def test_normal_bot_beats_random_play() -> None:
    margin = 0
    for g in range(8):
        hero = g % 4
        strengths = ["leicht"] * 4
        strengths[hero] = "normal"
        res = play_bot_game("speedwerk", 4, {"specials": ALL_SPECIALS}, strengths, 100 + g)
        margin += res["scores"][hero] - max(s for i, s in enumerate(res["scores"]) if i != hero)
    assert margin > 0


def test_every_bot_plays_legal_actions_through_a_game() -> None:
    res = play_bot_game(
        "speedwerk",
        6,
        {"specials": ALL_SPECIALS},
        ["leicht", "normal", "stark:100", "leicht", "normal", "stark:100"],
        4,
    )
    assert len(res["scores"]) == 6


def test_strength_with_budget_builds_a_stark_bot() -> None:
    bot = E.bot("stark:500")
    assert isinstance(bot, StarkBot) and bot.budget == 500
    with pytest.raises(ValueError):
        E.bot("meister")


def test_timeout_under_the_bid_plays_the_highest_card() -> None:
    st = deal([["R12", "R4"], ["B1", "B2"], ["R10", "G2"]], "Y1")
    bid_all(st, [1, 0, 0])
    play(st, "R10")
    assert E.timeout_action(st, 0) == {"type": "play", "card": "R12"}


def test_timeout_at_the_bid_plays_the_lowest_card_that_cannot_win() -> None:
    st = deal([["R12", "R4"], ["B1", "B2"], ["R10", "G2"]], "Y1")
    bid_all(st, [0, 0, 0])
    play(st, "R10")
    assert E.timeout_action(st, 0) == {"type": "play", "card": "R4"}


def test_timeout_bid_is_the_normal_bots_estimate() -> None:
    st = E.new_game(4, {"specials": ALL_SPECIALS}, 21, first_round=6)
    while st.phase == 0:
        E.apply(st, st.turn, E.timeout_action(st, st.turn))
    seat = st.turn
    legal = E.legal_actions(st, seat)
    # the normal bot rounds its estimate up or down by chance, the timeout to the nearest bid
    bids = {
        NormalBot().choose(E.view(st, seat), legal, random.Random(k))["tricks"] for k in range(40)
    }
    assert E.timeout_action(st, seat)["tricks"] in bids and max(bids) - min(bids) <= 1


def test_timeout_keeps_the_hand_on_a_schrottsammlerin_swap() -> None:
    st = deal(
        [["R10", "B5", "B6"], ["SS", "B2", "G3"], ["R12", "G5", "G6"]], "Y1", ("schrottsammlerin",)
    )
    bid_all(st)
    play(st, "R10")
    play(st, "SS")
    play(st, "R12")
    assert E.timeout_action(st, 1) == {"type": "keep"}


def test_advice_for_a_bid_names_the_expected_tricks() -> None:
    st = E.new_game(4, None, 8, first_round=4)
    seat = st.turn
    advice = E.explain(E.view(st, seat), E.legal_actions(st, seat))
    assert advice.action in E.legal_actions(st, seat)
    reason = say(advice.reason, TEXTS)
    assert "Stiche wert, gerundet" in reason
    assert f"Ansage {advice.action['tricks']}" in reason


def test_advice_for_a_card_gives_a_reason_and_candidates() -> None:
    st = E.new_game(4, None, 8, first_round=3)
    bid_all(st, [1, 1, 0, 0])
    seat = st.turn
    advice = E.explain(E.view(st, seat), E.legal_actions(st, seat))
    assert advice.action in E.legal_actions(st, seat)
    assert advice.reason and advice.candidates


def test_advice_with_a_single_option_says_so() -> None:
    st = E.new_game(3, None, 8)
    bid_all(st)
    seat = st.turn
    advice = E.explain(E.view(st, seat), E.legal_actions(st, seat))
    assert advice.action == {"type": "play_blind"}
    assert "nur diese eine" in say(advice.reason, TEXTS)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_normal_bot_decides_on_the_public_state_as_on_any_re_deal(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The normal bot decides on ``public_state`` (no re-deal, no round history): with the same
    chance, its choice is the one it makes on a state whose hidden cards are re-dealt – every
    phase, the Schrottsammlerin's swap and the blind round included."""
    bot = NormalBot()
    checked = 0
    for seed in range(4):
        st = E.new_game(players, {"specials": ALL_SPECIALS}, seed)
        rng = random.Random(seed)
        while E.actors(st):
            seat = min(E.actors(st))
            legal = E.legal_actions(st, seat)
            if len(legal) > 1:
                view = E.view(st, seat)
                public = bot.choose(view, legal, random.Random(checked))
                assert public in legal
                for k in range(2):
                    with monkeypatch.context() as m:
                        m.setattr(
                            bots,
                            "public_state",
                            lambda v, k=k: sample_state(v, random.Random(-1 - k)),
                        )
                        assert bot.choose(view, legal, random.Random(checked)) == public
                checked += 1
            E.apply(st, seat, rng.choice(legal))
    assert checked > 300


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_rollouts_read_the_public_state_from_the_state_as_the_view_shows_it(
    players: int,
) -> None:
    """The analysis's rollouts ask ``bots.rollout_action``, which reads the seat's public state
    from the full state (``public_state_of``) instead of building the view and a state from it:
    for every seat at every move of whole games (every phase, the blind round, passing, the
    Schrottsammlerin's swap) it is the state ``public_state`` rebuilds from the seat's view, and
    the move is the normal bot's with the same chance."""

    def knows(state: Any, seat: int) -> None:
        assert public_state_of(state, seat) == public_state(E.view(state, seat))

    compared, moves = check_rollout_action(E, players, {"specials": ALL_SPECIALS}, range(3), knows)
    assert compared > 500 and moves > 200
