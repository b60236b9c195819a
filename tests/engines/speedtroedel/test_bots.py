"""Bots: legal and honest choices, every kind of decision, advice, a small seeded strength check."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench.engines import play_bot_game
from games.speedtroedel.engine import bots
from games.speedtroedel.engine.bots import NormalBot, StrongBot
from tests.engines.conformance import check_rollout_action
from tests.engines.speedtroedel.helpers import ENGINE, game, said, trick


def first_state(predicate, players=4, seeds=range(300)):
    """The first state of random games (seeded) that satisfies ``predicate``."""
    rng = random.Random(11)
    for seed in seeds:
        st = ENGINE.new_game(players, None, 10**12 + seed)
        while ENGINE.actors(st):
            if predicate(st):
                return st
            seat = rng.choice(sorted(ENGINE.actors(st)))
            ENGINE.apply(st, seat, rng.choice(ENGINE.legal_actions(st, seat)))
    raise AssertionError("no such state")


def decide(bot, st, seat, rng_seed=3):
    view = ENGINE.view(st, seat)
    legal = ENGINE.legal_actions(st, seat)
    return bot.choose(view, legal, random.Random(rng_seed)), legal


def test_normal_bot_dumps_a_faelschung_on_a_lost_trick():
    st = game([["P9", "S1"], ["P5", "F"], ["P2", "S3"]])
    trick(st, "P9")
    action, _ = decide(NormalBot(), st, 1)
    assert action == {"type": "play", "card": "F"}


def test_normal_bot_leads_the_highest_smaragd_still_in_play():
    st = game([["E16", "P4", "S5"], ["P5", "S6", "B2"], ["P6", "S7", "B3"]])
    st.attic = []  # nothing hidden up there: E16 is surely the top trump
    action, _ = decide(NormalBot(), st, 0)
    assert action == {"type": "play", "card": "E16"}


def test_normal_bot_plays_ganzer_posten_last_on_a_lost_trick():
    st = game([["P9", "S1"], ["P10", "S2"], ["G", "P2"]])
    trick(st, "P9", "P10")
    action, _ = decide(NormalBot(), st, 2)
    assert action == {"type": "play", "card": "G"}


def test_strong_bot_compares_cards_by_rollouts():
    st = first_state(lambda s: s.phase == 0 and len(ENGINE.legal_actions(s, s.turn)) >= 3)
    action, ranked = StrongBot(30).evaluate(
        ENGINE.view(st, st.turn), ENGINE.legal_actions(st, st.turn), random.Random(1)
    )
    assert action in ENGINE.legal_actions(st, st.turn)
    assert len(ranked) >= 2 and ranked[0][0] == action


def test_strong_bot_chooses_the_tauschrunde_card_by_rollouts():
    st = first_state(lambda s: s.phase == 2 and len(s.hands[0]) >= 2)
    action, ranked = StrongBot(30).evaluate(
        ENGINE.view(st, 0), ENGINE.legal_actions(st, 0), random.Random(1)
    )
    assert action["type"] == "swap" and len(ranked) >= 2


def test_strong_bot_chooses_the_heute_gefragt_colour_by_rollouts():
    st = first_state(lambda s: s.phase == 3)
    action, ranked = StrongBot(30).evaluate(
        ENGINE.view(st, st.turn), ENGINE.legal_actions(st, st.turn), random.Random(1)
    )
    assert action["type"] == "ask" and len(ranked) == 5


def test_strong_bot_picks_the_most_valuable_card():
    st = game([["P5", "S1"], ["P0", "S2"], ["P9", "S3"], ["E7", "S4"]])
    trick(st, "P5", "P0", "P9", "E7")
    action, _ = decide(StrongBot(10), st, 1)
    assert action == {"type": "pick", "card": "E7"}


def test_strong_bot_gives_the_same_answer_for_the_same_view():
    st = first_state(lambda s: s.phase == 0 and len(ENGINE.legal_actions(s, s.turn)) >= 3)
    view = ENGINE.view(st, st.turn)
    other = ENGINE.sample_state(view, random.Random(99))
    a, _ = decide(StrongBot(20), st, st.turn)
    b, _ = decide(StrongBot(20), other, st.turn)
    assert a == b


def test_explain_gives_the_strong_choice_with_a_german_reason():
    st = first_state(lambda s: s.phase == 0 and len(ENGINE.legal_actions(s, s.turn)) >= 3)
    legal = ENGINE.legal_actions(st, st.turn)
    advice = ENGINE.explain(ENGINE.view(st, st.turn), legal)
    assert advice.action in legal
    reason = said(advice.reason)
    assert "Punkte" in reason or "genauso" in reason
    assert advice.to_json()["candidates"] or "genauso" in reason


def test_explain_for_a_forced_move():
    st = game([["P5", "S1"], ["P6", "S2"], ["P7", "S3"]])
    trick(st, "P5")
    advice = ENGINE.explain(ENGINE.view(st, 1), ENGINE.legal_actions(st, 1))
    assert advice.action == {"type": "play", "card": "P6"}
    assert "einzige" in said(advice.reason)


def test_normal_beats_leicht_in_a_seeded_sample():
    """Seeded, so deterministic: 40 games, normal in rotating seats against three leicht."""
    won = 0.0
    for g in range(40):
        strengths = ["leicht"] * 4
        hero = g % 4
        strengths[hero] = "normal"
        result = play_bot_game("speedtroedel", 4, {}, strengths, 5_000_000_000_000 + g)
        if hero in result["winners"]:
            won += 1 / len(result["winners"])
    assert won / 40 > 0.3  # parity is 0.25


def test_rollouts_play_the_other_seats_like_the_normal_bot():
    """The strong bot's model of a normal seat (built from a full state) makes the normal bot's
    choice from that seat's view; only after a hidden Tauschrunde pass may they differ."""
    from games.speedtroedel.engine import bots

    rng = random.Random(5)
    same = total = 0
    for _ in range(12):
        st = ENGINE.new_game(4, None, rng.getrandbits(63))
        while ENGINE.actors(st):
            seat = rng.choice(sorted(ENGINE.actors(st)))
            legal = ENGINE.legal_actions(st, seat)
            if st.phase == 0 and len(legal) > 1:
                info = bots._info(ENGINE.view(st, seat))
                a = bots.normal_play(info, [bots._card_of(x) for x in legal])
                b = bots._normal_sim_play(st, seat, bots._static_outs(st))
                total += 1
                same += a == b or (a in bots.FAKES and b in bots.FAKES)
            ENGINE.apply(st, seat, rng.choice(legal))
    assert total > 500 and same / total > 0.99


def test_strong_bot_values_the_last_round_by_winning():
    st = first_state(lambda s: s.phase == 0 and s.rnd == len(s.sizes) - 1 and s.tcards == [])
    view = ENGINE.view(st, st.turn)
    action, ranked = StrongBot(40).evaluate(
        view, ENGINE.legal_actions(st, st.turn), random.Random(1)
    )
    assert action in ENGINE.legal_actions(st, st.turn)
    advice = ENGINE.explain(view, ENGINE.legal_actions(st, st.turn))
    reason = said(advice.reason)
    assert "Sieg" in reason or "genauso" in reason or "einzige" in reason


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {}),
        (4, {"faelschung_ohne_strafe": True, "dachboden_offen": True}),
        (5, {"ohne_sonderkarten": True}),
    ],
)
def test_the_rollouts_read_what_the_view_shows_from_the_state(
    players: int, options: dict[str, bool]
) -> None:
    """The analysis's rollouts ask ``bots.rollout_action``, which reads the seat's knowledge from
    the full state (``_info_of``) instead of building the view and reading it back: for every
    seat at every move of whole games it is ``_info`` of the seat's view (the two Fälschungen
    read as the notation shows them), and the move is the normal bot's with the same chance."""

    def knows(state: Any, seat: int) -> None:
        assert bots._info_of(state, seat) == bots._info(ENGINE.view(state, seat))

    compared, moves = check_rollout_action(ENGINE, players, options, range(2), knows)
    assert compared > 300 and moves > 100
