"""Views: what a seat may know, no leaks, re-dealing from a view, the preview."""

from __future__ import annotations

import json
import random

from games.speedtroedel.engine import preview
from games.speedtroedel.engine.cards import code, start_cards
from tests.engines.speedtroedel.helpers import ENGINE, game, play, said, trick


def test_view_never_contains_another_seats_hand():
    st = ENGINE.new_game(4, None, 777)
    for seat in range(4):
        text = json.dumps(ENGINE.view(st, seat))
        for other in range(4):
            if other != seat:
                for c in st.hands[other]:
                    assert f'"{code(c)}"' not in text


def test_spectator_view_has_no_private_fields():
    v = ENGINE.view(ENGINE.new_game(3, None, 7), None)
    assert v["seat"] is None
    for key in ("hand", "box", "counter", "missing_next", "swap", "swap_choice"):
        assert key not in v


def test_view_shows_own_box_sorted_never_its_order():
    st = game([["P5"], ["P6"], ["P7"]], boxes=[["M6", "B3", "S4"], [], []])
    assert ENGINE.view(st, 0)["box"] == ["S4", "B3", "M6"]
    assert ENGINE.view(st, 1)["box_counts"] == [3, 0, 0]


def test_attic_top_card_only_with_dachboden_offen():
    st = ENGINE.new_game(3, None, 8)
    assert ENGINE.view(st, 0)["attic"]["top"] is None
    st = ENGINE.new_game(3, {"dachboden_offen": True}, 8)
    assert ENGINE.view(st, 0)["attic"]["top"] == code(st.attic[0])


def test_view_keeps_the_rounds_tricks_with_who_got_what():
    st = game([["P5", "S1"], ["P0", "S2"], ["P9", "S3"]])
    trick(st, "P5", "P0", "P9")
    ENGINE.apply(st, 1, {"type": "pick", "card": "P9"})
    v = ENGINE.view(st, 0)
    assert v["tricks"] == [
        {
            "leader": 0,
            "plays": [[0, "P5"], [1, "P0"], [2, "P9"]],
            "winner": 2,
            "taken": [[2, "P5"], [2, "P0"], [1, "P9"]],
            "gefragt": None,
            "ramsch": False,
        }
    ]
    assert v["last_trick"] == v["tricks"][0]
    assert v["counter_counts"] == [0, 1, 2]


def test_swap_choice_of_others_stays_hidden_until_all_chose():
    st = game([["T", "S1", "B1"], ["P6", "S2", "B2"], ["P7", "S3", "B3"]])
    trick(st, "T", "P6", "P7")
    ENGINE.apply(st, 1, {"type": "swap", "card": "S2"})
    assert ENGINE.view(st, 1)["swap_choice"] == "S2"
    assert ENGINE.view(st, 0)["swap_choice"] is None
    assert ENGINE.view(st, 0)["swap_ready"] == [1]


def stacked(*hands: list[str]):
    """A real 3-player game (consistent card set) whose hands start with these cards; the rest
    of each hand is filled with the unused start cards."""
    start = [code(c) for c in start_cards(3)]
    rest = [k for k in start if all(k not in h for h in hands)]
    deck = []
    for h in list(hands) + [[]] * (3 - len(hands)):
        deck += h + rest[: 10 - len(h)]
        rest = rest[10 - len(h) :]
    return ENGINE.new_game(3, None, 31337, deck=deck)


def test_sample_state_reproduces_the_view_and_respects_voids():
    st = stacked(
        ["P4", "P5", "P6", "P7", "P8", "P9", "P10", "S4", "S5", "S6"],
        ["S7", "S8", "S9", "S10", "B3", "B4", "B5", "B6", "B7", "B8"],
    )
    play(st, 0, "P4")
    play(st, 1, "B3")  # seat 1 shows it has no Porzellan
    view = ENGINE.view(st, 2)
    assert view["voids"][1] == ["P"]
    for seed in range(30):
        sample = ENGINE.sample_state(view, random.Random(seed))
        assert ENGINE.view(sample, 2) == view
        assert all(c >= 100 or c // 20 != 0 for c in sample.hands[1])
        assert not any(c >= 80 for h in sample.hands for c in h)  # attic cards stay up there


def test_sample_state_keeps_the_passed_card_with_the_left_neighbour():
    rng = random.Random(5)
    checked = 0
    for seed in range(200):
        st = ENGINE.new_game(4, None, seed)
        while ENGINE.actors(st) and checked < 5:
            log = st.swap_log[0]
            if log is not None and log[0] in st.hands[1] and log[0] not in (101, 102):
                view = ENGINE.view(st, 0)
                sample = ENGINE.sample_state(view, random.Random(seed))
                assert ENGINE.view(sample, 0) == view
                assert log[0] in sample.hands[1]
                checked += 1
                break
            seat = rng.choice(sorted(ENGINE.actors(st)))
            ENGINE.apply(st, seat, rng.choice(ENGINE.legal_actions(st, seat)))
        if checked >= 5:
            break
    assert checked == 5


def test_preview_says_whether_the_card_would_lead_the_trick():
    st = game([["P5", "S1"], ["P9", "P4", "E2"], ["P7", "S3"]])
    play(st, 0, "P5")
    v = ENGINE.view(st, 1)
    assert preview(v, "P9")["leads"] is True
    p = preview(v, "P4")
    assert p["leads"] is False and p["ahead"] == 0 and "Platz 1 bleibt vorn" in said(p["text"])
    p = preview(v, "E2")
    assert p["legal"] is False


def test_preview_follows_ramschtag():
    st = game([["P5", "B4", "S9"], ["R", "B2", "S8"], ["P7", "B9", "S7"]])
    trick(st, "P5", "R", "P7")
    play(st, 2, "B9")
    assert preview(ENGINE.view(st, 0), "B4")["leads"] is True
