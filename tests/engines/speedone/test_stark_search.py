"""The strong bot's machinery: the lean rollout simulator, the replay of the round from a view
and the re-deal that respects what the replay tells."""

from __future__ import annotations

import random

from games.speedone.engine.bots import _unknown, normal_choice, sample_hands
from games.speedone.engine.bots.infer import reconstruct, slot_plan
from games.speedone.engine.bots.sim import play_out
from tests.engines.speedone.helpers import ENGINE, SEED

NORMAL = ENGINE.bot("normal")


def _normal_game(seed: int, moves: int, options: dict) -> object:
    state = ENGINE.new_game(4, options, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = state.turn
        ENGINE.apply(
            state,
            seat,
            NORMAL.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng),
        )
        if state.over:
            break
    return state


def test_simulator_plays_the_round_out_like_the_engine_with_normal_bots():
    same = total = 0
    for k in range(40):
        options = {"stacking": k % 2 == 1, "partners": k % 3 == 0}
        state = _normal_game(SEED + k, 5 + k, options)
        if state.over:
            continue
        copy = ENGINE.clone(state)
        winner = play_out(
            [h[:] for h in copy.hands],
            copy.pile[:],
            copy.discard[:-1],
            copy.discard[-1],
            copy.color,
            copy.direction,
            copy.turn,
            copy.pending,
            options["stacking"],
            options["partners"],
            random.Random(1),
        )
        rnd = state.round
        while state.round == rnd and not state.over:
            seat = state.turn
            # normal's rule itself: the bot breaks its ties by its own chance, the simulator
            # (like the rule) keeps the first of equally good cards
            action = normal_choice(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat))
            ENGINE.apply(state, seat, action)
        total += 1
        same += winner == state.last_round["winner"]
    # only a reshuffle of the discards (shuffled differently) may change the course
    assert total >= 30 and same >= total - 2


def test_replay_finds_the_round_and_the_true_hands_fit_the_redeal_plan():
    fits = slots = 0
    for k in range(30):
        state = _normal_game(SEED + 100 + k, 10 + k, {"stacking": k % 2 == 0})
        if state.over:
            continue
        view = ENGINE.view(state, state.turn)
        assert reconstruct(view) is not None
        plan = slot_plan(view)
        assert plan is not None and plan[state.turn] == []
        for seat, groups in enumerate(plan):
            hand = list(state.hands[seat])
            assert sum(count for _, count in groups) == len(hand) or seat == state.turn
            for banned, count in groups:
                for _ in range(count):
                    card = next((c for c in hand if c not in banned), None)
                    slots += 1
                    fits += card is not None
                    hand.remove(card if card is not None else hand[0])
    assert slots > 100 and fits >= 0.98 * slots


def test_redeal_keeps_the_view_and_the_card_counts():
    state = _normal_game(SEED + 7, 25, {})
    view = ENGINE.view(state, state.turn)
    plan = slot_plan(view)
    unknown = _unknown(view)
    for k in range(10):
        for p in (plan, None):
            hands, pile = sample_hands(view, random.Random(k), unknown, p)
            assert [len(h) for h in hands] == [s["cards"] for s in view["seats"]]
            assert len(pile) == view["draw_pile"]
            assert sorted(
                pile + sum((h for s, h in enumerate(hands) if s != view["seat"]), [])
            ) == sorted(unknown)
