"""Views: what each seat may know, the hand marks, the doubt window entry for the site."""

from __future__ import annotations

import json
import random

from games.speedbasar.engine import cards as C

from .helpers import E, believe_all, doubt, game, lay

HANDS = [
    ["R1", "R2", "R3", "R4", "W", "M"],
    ["K1", "K2", "K3", "K4", "K5", "K6"],
    ["S7", "S8", "S9", "S10", "K7", "K8"],
]


def quoted(code: str) -> str:
    return json.dumps(code)


def test_another_seats_hand_never_appears_in_a_view() -> None:
    state = game(hands=HANDS)
    for seat in range(3):
        text = json.dumps(E.view(state, seat))
        for other in range(3):
            if other != seat:
                for code in HANDS[other]:
                    assert quoted(code) not in text


def test_views_after_random_play_never_show_hidden_cards() -> None:
    rng = random.Random(4)
    for g in range(20):
        state = E.new_game(4, {"extrascharf": "zufall"}, rng.getrandbits(63))
        for _ in range(rng.randrange(1, 60)):
            actors = sorted(E.actors(state))
            if not actors:
                break
            seat = rng.choice(actors)
            E.apply(state, seat, rng.choice(E.legal_actions(state, seat)))
        for seat in range(4):
            view = E.view(state, seat)
            visible = [h["card"] for h in view["hand"]]
            visible += [c for r in view["revealed"] for c in r["cards"]]
            visible += [c for e in view["pile"] if e["seat"] == seat for c in e["cards"]]
            text = json.dumps(view)
            for code in C.CODES:
                if quoted(code) in text:
                    assert code in visible, (g, seat, code)


def test_own_laid_card_is_shown_to_its_owner_only() -> None:
    state = game(hands=HANDS)
    lay(state, 0, "R4", "K2")
    assert E.view(state, 0)["pile"][0]["cards"] == ["R4"]
    assert "cards" not in E.view(state, 1)["pile"][0]
    assert "cards" not in E.view(state, None)["pile"][0]


def test_spectator_view_has_no_hand_and_no_seat() -> None:
    view = E.view(game(hands=HANDS), None)
    assert view["hand"] is None and view["seat"] is None


def test_hand_marks_passt_for_honest_cards_and_halb_for_jokers() -> None:
    view = E.view(game(hands=HANDS), 0)
    marks = {h["card"]: h["mark"] for h in view["hand"]}
    assert marks == {
        "R1": "passt",
        "R2": "passt",
        "R3": "passt",
        "R4": "",
        "W": "halb",
        "M": "halb",
    }
    r1 = next(h for h in view["hand"] if h["card"] == "R1")
    assert r1["claims"] == [{"spice": "R", "number": 1}]


def test_marks_follow_the_allowed_claims() -> None:
    state = game(hands=HANDS)
    lay(state, 0, "R1", "K3")
    believe_all(state)
    marks = {h["card"]: h["mark"] for h in E.view(state, 1)["hand"]}
    assert marks == {"K1": "", "K2": "", "K3": "", "K4": "passt", "K5": "passt", "K6": "passt"}


def test_doubt_window_entry_changes_with_each_claim() -> None:
    state = game(hands=HANDS)
    assert E.view(state, 1)["doubt_window"] is None
    lay(state, 0, "R1", "R1")
    first = E.view(state, 1)["doubt_window"]
    assert first["claimant"] == 0 and first["pending"] == [1, 2] and first["seconds"] == 5
    assert first["claim"] == {"spice": "R", "number": 1} and first["count"] == 1
    believe_all(state)
    lay(state, 1, "K4", "R4")
    second = E.view(state, 2)["doubt_window"]
    assert second["id"] == first["id"] + 1


def test_view_shows_counts_krugs_points_and_noch() -> None:
    state = game(hands=HANDS, draw=["S1", "S2", "S3"])
    lay(state, 0, "R4", "R1")
    doubt(state, 1, "number")
    view = E.view(state, 2)
    assert view["hand_counts"] == [7, 6, 6]
    assert view["point_piles"] == [0, 1, 0]
    assert view["points"] == [-7, 1 - 6, -6]
    assert view["krugs"] == [0, 0, 0]
    assert view["noch"] == 1
    assert view["revealed"][0]["cards"] == ["R4"] and view["revealed"][0]["holds"] is False


def test_view_is_json_and_sample_state_rebuilds_it() -> None:
    state = game(hands=HANDS)
    lay(state, 0, "W", "R2")
    view = E.view(state, 0)
    sample = E.sample_state(view, random.Random(1))
    assert json.dumps(E.view(sample, 0), sort_keys=True) == json.dumps(view, sort_keys=True)
    assert sample.pile[0][3] == (C.WAAGE,)
