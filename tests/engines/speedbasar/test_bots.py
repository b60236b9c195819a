"""Bots: honesty, decisions from the view only, doubting sense, advice, and strength."""

from __future__ import annotations

import random

import pytest

from bench.engines import play_bot_game
from games.registry import say

from .helpers import E, believe_all, game, lay


@pytest.mark.parametrize("strength", ["leicht", "normal", "stark"])
def test_bot_lays_an_honest_card_when_it_has_one(strength: str) -> None:
    state = game()
    view = E.view(state, 0)
    action = E.bot(strength).choose(view, E.legal_actions(state, 0), random.Random(3))
    assert action["type"] == "lay"
    card = action["cards"][0]
    assert card == f"{action['spice']}{action['number']}"


def test_normal_bot_makes_the_lowest_honest_claim() -> None:
    """R5 honestly (never R7, two steps higher); now and then, by its own chance, a lower claim
    that keeps the honest card (R5 or R7 laid as Rosenpfeffer 2 or 3, half true)."""
    state = game()
    lay(state, 0, "R1", "R1")
    believe_all(state)
    state.hands[1] = sorted(state.hands[1][:1] + [4, 6])  # K1 plus R5 and R7
    view, legal = E.view(state, 1), E.legal_actions(state, 1)
    honest = {"type": "lay", "cards": ["R5"], "spice": "R", "number": 5}
    picks = [E.bot("normal").choose(view, legal, random.Random(k)) for k in range(60)]
    assert sum(p == honest for p in picks) >= 30
    for p in picks:
        assert p == honest or (p["spice"] == "R" and p["number"] < 5 and p["cards"] != ["K1"])


@pytest.mark.parametrize("strength", ["normal", "stark"])
def test_bots_doubt_a_claim_that_cannot_be_true(strength: str) -> None:
    state = game(
        hands=[
            ["R2", "R2", "R2", "W", "W", "W"],
            ["K1", "K2", "K3", "K4", "K5", "K6"],
            ["S1", "S2", "S3", "S4", "S5", "S6"],
        ],
        start=1,
    )
    lay(state, 1, "K1", "R2")
    action = E.bot(strength).choose(E.view(state, 0), E.legal_actions(state, 0), random.Random(1))
    assert action == {"type": "doubt", "feature": "number", "window": state.window}


@pytest.mark.parametrize("strength", ["normal", "stark"])
def test_bots_believe_a_small_honest_looking_opening(strength: str) -> None:
    state = game()
    lay(state, 0, "R1", "R1")
    action = E.bot(strength).choose(E.view(state, 1), E.legal_actions(state, 1), random.Random(1))
    assert action["type"] == "believe"


@pytest.mark.parametrize("strength", ["leicht", "normal", "stark"])
def test_bots_decide_the_same_on_any_redeal_of_hidden_cards(strength: str) -> None:
    rng = random.Random(5)
    bot = E.bot(strength)
    for _ in range(15):
        state = E.new_game(5, {"extrascharf": "zufall"}, rng.getrandbits(63))
        for _ in range(rng.randrange(0, 40)):
            actors = sorted(E.actors(state))
            if not actors:
                break
            seat = rng.choice(actors)
            E.apply(state, seat, rng.choice(E.legal_actions(state, seat)))
        for seat in sorted(E.actors(state)):
            view = E.view(state, seat)
            a = bot.choose(view, E.legal_actions(state, seat), random.Random(2))
            for k in range(3):
                other = E.sample_state(view, random.Random(k))
                b = bot.choose(E.view(other, seat), E.legal_actions(other, seat), random.Random(2))
                assert a == b


def test_advice_names_card_claim_and_suspicion_in_german() -> None:
    state = game()
    advice = E.explain(E.view(state, 0), E.legal_actions(state, 0))
    assert advice.action["type"] == "lay"
    assert (
        say("speedbasar", advice.reason).startswith("Leg ")
        and "%" in say("speedbasar", advice.reason)
        and "wirkt" in say("speedbasar", advice.reason)
    )
    assert advice.candidates


def test_advice_in_the_doubt_window_quotes_the_instinct() -> None:
    state = game()
    lay(state, 0, "R6", "R3")
    advice = E.explain(E.view(state, 1), E.legal_actions(state, 1))
    assert "Zahl gelogen" in say("speedbasar", advice.reason) and advice.action["type"] in (
        "believe",
        "doubt",
    )


def test_advice_can_say_passen() -> None:
    state = game(
        hands=[
            ["K9", "K9", "K9", "K8", "K8", "K8"],
            ["K1", "K2", "K3", "K4", "K5", "K6"],
            ["S1", "S2", "S3", "S4", "S5", "S6"],
        ],
        start=1,
    )
    lay(state, 1, "K1", "S3")
    believe_all(state)
    lay(state, 2, "S4", "S4")
    believe_all(state)
    advice = E.explain(E.view(state, 0), E.legal_actions(state, 0))
    assert advice.action == {"type": "pass"} or "geflunkert" in say("speedbasar", advice.reason)
    if advice.action == {"type": "pass"}:
        assert "Passen" in say("speedbasar", advice.reason)


def _win_rate(hero: str, field: str, games: int, seed: int) -> float:
    rng = random.Random(seed)
    won = 0.0
    for g in range(games):
        strengths = [field] * 4
        strengths[g % 4] = hero
        winners = play_bot_game("speedbasar", 4, {}, strengths, rng.getrandbits(63))["winners"]
        if g % 4 in winners:
            won += 1 / len(winners)
    return won / games


def test_stark_beats_normal_in_a_seeded_sample() -> None:
    assert _win_rate("stark", "normal", 80, 21) > 0.35


def test_normal_beats_leicht_in_a_seeded_sample() -> None:
    assert _win_rate("normal", "leicht", 80, 22) > 0.35
