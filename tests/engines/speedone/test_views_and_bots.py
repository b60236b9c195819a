"""Speedone views leak nothing; bots decide from the view only and play sensibly."""

from __future__ import annotations

import json
import random

import pytest

from games.speedone.engine.bots import StarkBot
from games.speedone.texts import TEXTS
from games.wording import say
from tests.engines.speedone.helpers import ENGINE, SEED, draw, play, table


def _play_some(state, moves: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        if not ENGINE.actors(state):
            return
        seat = state.turn
        ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))


def test_view_shows_own_hand_and_only_counts_of_the_others():
    state = ENGINE.new_game(4, {}, SEED)
    _play_some(state, 30)
    view = ENGINE.view(state, 1)
    assert view["hand"] == ENGINE.to_json(state)["hands"][1]
    assert [s["cards"] for s in view["seats"]] == [len(h) for h in state.hands]
    for key, value in view.items():
        if key in ("hand", "discard", "last_round", "top"):
            continue
        text = json.dumps(value)
        for other in (0, 2, 3):
            other_hand = ENGINE.to_json(state)["hands"][other]
            assert text != json.dumps(other_hand)
    assert "pile" not in view and view["draw_pile"] == len(state.pile)


def test_another_seats_hand_never_changes_the_view():
    state = ENGINE.new_game(3, {"stacking": True}, SEED)
    _play_some(state, 50, seed=3)
    view = json.dumps(ENGINE.view(state, 0), sort_keys=True)
    for k in range(20):
        sample = ENGINE.sample_state(ENGINE.view(state, 0), random.Random(k))
        assert json.dumps(ENGINE.view(sample, 0), sort_keys=True) == view
        assert sample.hands[0] == state.hands[0]


def test_spectator_view_has_no_hand():
    state = ENGINE.new_game(2, {}, SEED)
    view = ENGINE.view(state, None)
    assert view["hand"] is None and view["seat"] is None
    json.dumps(view)


def test_view_carries_everything_the_table_needs():
    state = table([["R1", "B5"], ["B2", "B3"], ["G1"]], "R2", options={"stacking": True})
    view = ENGINE.view(state, 0)
    for key in (
        "seat",
        "players",
        "options",
        "round",
        "dealer",
        "turn",
        "direction",
        "top",
        "color",
        "pending",
        "draw_pile",
        "hand",
        "seats",
        "scores",
        "last_round",
        "over",
    ):
        assert key in view
    assert view["seats"][2] == {"seat": 2, "cards": 1, "one": False, "score": 0, "missed": []}


def test_round_end_events_reveal_hands_only_after_the_round():
    state = table([["R1"], ["B2", "GS"]], "R2")
    events = play(state, 0, "R1")
    end = next(e for e in events if e["type"] == "round_end")
    assert end["hands"][1] == ["GS", "B2"]
    assert all("hands" not in e for e in events if e["type"] != "round_end")


def test_draw_events_do_not_show_the_drawn_card():
    state = table([["B1", "B5"], ["B2"]], "R2", pile=["Y7"])
    events = draw(state, 0)
    assert "Y7" not in json.dumps(events)


# -- bots -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("strength", ["leicht", "normal", "stark"])
def test_bot_choice_depends_on_the_view_only(strength):
    bot = ENGINE.bot(strength)
    for seed in range(6):
        state = ENGINE.new_game(4, {"stacking": seed % 2 == 0}, SEED + seed)
        _play_some(state, 20 + seed, seed=seed)
        if not ENGINE.actors(state):
            continue
        seat = state.turn
        view = ENGINE.view(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        choice = bot.choose(view, legal, random.Random(11))
        assert choice in legal
        for k in range(3):
            other = ENGINE.sample_state(view, random.Random(100 + k))
            again = bot.choose(
                ENGINE.view(other, seat), ENGINE.legal_actions(other, seat), random.Random(11)
            )
            assert again == choice


def test_normal_bot_presses_one_before_its_second_to_last_card():
    state = table([["R1", "B5"], ["B2", "B3"]], "R2")
    bot = ENGINE.bot("normal")
    action = bot.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), random.Random(1))
    assert action == {"type": "one"}


def test_stark_bot_presses_one_before_its_second_to_last_card():
    state = table([["R1", "B5"], ["B2", "B3"]], "R2")
    bot = ENGINE.bot("stark")
    action = bot.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), random.Random(1))
    assert action == {"type": "one"}


def test_leicht_bot_sometimes_forgets_one():
    state = table([["R1", "B5"], ["B2", "B3"]], "R2")
    bot = ENGINE.bot("leicht")
    view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
    choices = {json.dumps(bot.choose(view, legal, random.Random(k))) for k in range(60)}
    assert json.dumps({"type": "one"}) in choices
    assert json.dumps({"type": "play", "card": "R1"}) in choices


def test_normal_bot_dumps_the_high_card_first():
    state = table([["R1", "R9", "B5"], ["B2", "B3", "B4", "B7"]], "R2")
    action = ENGINE.bot("normal").choose(
        ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), random.Random(1)
    )
    assert action == {"type": "play", "card": "R9"}


def test_normal_bot_attacks_a_next_player_low_on_cards():
    state = table([["R+2", "R9", "B5"], ["B2"], ["G1", "G2", "G3"]], "R2")
    action = ENGINE.bot("normal").choose(
        ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), random.Random(1)
    )
    assert action == {"type": "play", "card": "R+2"}


def test_normal_bot_keeps_wilds_and_wishes_its_main_colour():
    keep = table([["W", "R9", "B5"], ["B2", "B3", "B4"]], "R2")
    action = ENGINE.bot("normal").choose(
        ENGINE.view(keep, 0), ENGINE.legal_actions(keep, 0), random.Random(1)
    )
    assert action == {"type": "play", "card": "R9"}
    need = table([["W", "B9", "B5", "G1"], ["B2", "B3", "B4"]], "R2")
    action = ENGINE.bot("normal").choose(
        ENGINE.view(need, 0), ENGINE.legal_actions(need, 0), random.Random(1)
    )
    assert action == {"type": "play", "card": "W", "color": "B"}


def test_stark_bot_ends_the_round_when_it_can():
    state = table([["R1"], ["B2", "B3"], ["G5", "G6"]], "R2")
    view = ENGINE.view(state, 0)
    state.one[0] = True
    view = ENGINE.view(state, 0)
    action = StarkBot().choose(view, ENGINE.legal_actions(state, 0), random.Random(1))
    assert action == {"type": "play", "card": "R1"}


def test_explain_gives_a_legal_action_and_a_german_reason():
    state = table([["R+2", "R9", "B5"], ["B2"], ["G1", "G2", "G3"]], "R2", fill=True)
    legal = ENGINE.legal_actions(state, 0)
    advice = ENGINE.explain(ENGINE.view(state, 0), legal)
    assert advice.action in legal
    reason = say(advice.reason, TEXTS)
    assert reason.startswith("Spiel ") or reason.startswith("Gib "), reason
    json.dumps(advice.reason.to_json())
    assert all(say(c["text"], TEXTS).startswith(("legt", "zieht")) for c in advice.candidates)


def test_bots_finish_a_full_game():
    bots = [ENGINE.bot(s) for s in ("leicht", "normal", "stark", "normal")]
    state = ENGINE.new_game(4, {"partners": True, "stacking": True}, SEED)
    rng = random.Random(5)
    steps = 0
    while ENGINE.actors(state):
        seat = state.turn
        action = bots[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng)
        ENGINE.apply(state, seat, action)
        steps += 1
        assert steps < 20_000
    assert ENGINE.result(state) is not None


def test_stark_bot_stops_the_next_player_about_to_go_out():
    state = table(
        [["R+2", "R9", "B5", "B6"], ["B2"], ["G1", "G2", "G3"], ["Y1", "Y2", "Y3"]],
        "R2",
        fill=True,
    )
    state.one[1] = True
    action = ENGINE.bot("stark").choose(
        ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), random.Random(1)
    )
    assert action == {"type": "play", "card": "R+2"}
