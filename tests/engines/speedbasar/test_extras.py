"""Marktbuch grid and achievements (detected on a finished game's public event log)."""

from __future__ import annotations

import json
import random

from games.speedbasar.engine import cards as C
from games.speedbasar.engine.extras import ACHIEVEMENTS, achievements, marktbuch, winners_of

from .helpers import E, believe_all, doubt, game, lay, pass_


def test_marktbuch_has_three_dots_for_every_card_kind() -> None:
    book = marktbuch(E.view(game(), 0))
    assert len(book["spices"]) == 3
    assert all(len(row["numbers"]) == 10 for row in book["spices"])
    assert all(len(x["dots"]) == 3 for row in book["spices"] for x in row["numbers"])
    assert [j["card"] for j in book["jokers"]] == ["W", "M"]
    assert book["unknown"] == 96 - 6


def test_marktbuch_marks_own_hand_revealed_and_own_laid_cards() -> None:
    state = game()
    lay(state, 0, "R5", "R1")
    doubt(state, 1, "number")  # R5 is revealed
    lay(state, 0, "R1", "R1")
    book = marktbuch(E.view(state, 0))
    r = {x["number"]: x["dots"] for x in book["spices"][0]["numbers"]}
    assert r[5] == ["aufgedeckt", "unbekannt", "unbekannt"]
    assert r[2] == ["hand", "unbekannt", "unbekannt"]
    assert r[1] == ["gelegt", "unbekannt", "unbekannt"]
    other = marktbuch(E.view(state, 2))
    assert {x["number"]: x["dots"] for x in other["spices"][0]["numbers"]}[1] == ["unbekannt"] * 3


def test_there_are_at_least_ten_achievements_with_german_texts() -> None:
    assert len(ACHIEVEMENTS) >= 10
    from games.speedbasar.texts import ACHIEVEMENTS as WORDS

    assert list(WORDS) == list(ACHIEVEMENTS)
    assert all(title and str(text).endswith(".") for title, text in WORDS.values())


def _finish_by_glut(state) -> None:
    while E.actors(state):
        seat = min(E.actors(state))
        if state.phase == 1:
            believe_all(state)
        else:
            pass_(state, seat)


def test_krug_and_unbeirrbar_and_zehnerfalle_from_a_played_game() -> None:
    state = game(draw=["S9", "S8", "S7", "S10", "K10", "K9", "K8", "K7", "R10", "R9"])
    state.hands[0] = [C.parse("R1")]
    lay(state, 0, "R1", "R1")
    doubt(state, 1, "number")  # fails: Krug for seat 0 anyway
    lay(state, 1, "K1", "K1")
    believe_all(state)
    lay(state, 2, "S1", "K10")
    doubt(state, 0, "number")  # caught lie on a 10
    _finish_by_glut(state)
    log = list(state.log)
    assert log == E.result(state).details["log"]
    mine = achievements(log, 0)
    assert "erster_krug" in mine and "unbeirrbar" in mine and "zehnerfalle" in mine
    assert "erster_krug" not in achievements(log, 1)


def _log(reveals: list[dict], end: dict, krugs: list[dict] | None = None) -> list[dict]:
    return [{"type": "start"}, *(krugs or []), *({"type": "reveal", **r} for r in reveals), end]


def _reveal(**kw) -> dict:
    base = {
        "seat": 1,
        "doubter": 0,
        "feature": "number",
        "claim": {"spice": "R", "number": 4},
        "cards": ["R9"],
        "holds": False,
        "honest": False,
        "winner": 0,
        "pile": 3,
        "last_card": False,
    }
    base.update(kw)
    return base


END_0 = {
    "type": "end",
    "reason": "glut",
    "scores": [5, 1, 0],
    "hand_counts": [0, 3, 4],
    "krugs": [0, 0, 0],
    "krug_winner": -1,
}


def test_five_right_doubts_in_a_row_give_scharfes_auge() -> None:
    log = _log([_reveal() for _ in range(5)], END_0)
    assert "scharfes_auge" in achievements(log, 0)
    broken = _log(
        [_reveal(), _reveal(), _reveal(holds=True, winner=1), _reveal(), _reveal()], END_0
    )
    assert "scharfes_auge" not in achievements(broken, 0)


def test_winning_with_an_empty_hand_after_the_glut() -> None:
    got = achievements(_log([], END_0), 0)
    assert "leere_haende" in got and "glutlaeufer" in got


def test_grosser_fang_and_stimmt_genau() -> None:
    log = _log([_reveal(pile=12), _reveal(feature="exact", holds=True, honest=True)], END_0)
    got = achievements(log, 0)
    assert "grosser_fang" in got and "stimmt_genau" in got


def test_halbe_wahrheit_and_ehrliche_haut_for_the_claimant() -> None:
    end = dict(END_0, scores=[0, 9, 0])
    log = _log([_reveal(cards=["W"], holds=True, winner=1)], end)
    got = achievements(log, 1)
    assert "halbe_wahrheit" in got and "ehrliche_haut" in got


def test_two_kruege_win() -> None:
    end = dict(END_0, reason="krug2", krug_winner=2)
    log = _log([], end, [{"type": "krug", "seat": 2}, {"type": "krug", "seat": 2}])
    assert {"erster_krug", "zwei_kruege"} <= set(achievements(log, 2))
    assert winners_of(end) == [2]


def test_context_achievements_need_the_site_context() -> None:
    krug = [{"type": "krug", "seat": 0}]
    log = _log([], END_0, krug)
    assert "tagessieger" in achievements(log, 0, {"mode": "tagesbasar"})
    assert "weltreisender" in achievements(log, 0, {"mode": "reise", "station": "samarkand"})
    assert not {"tagessieger", "weltreisender"} & set(achievements(log, 0))


def test_unfinished_game_earns_nothing() -> None:
    assert achievements([{"type": "start"}], 0) == []


def test_winners_from_the_log_match_the_result() -> None:
    rng = random.Random(9)
    for _ in range(30):
        state = E.new_game(4, None, rng.getrandbits(63))
        while E.actors(state):
            seat = rng.choice(sorted(E.actors(state)))
            E.apply(state, seat, rng.choice(E.legal_actions(state, seat)))
        result = E.result(state)
        end = result.details["log"][-1]
        assert winners_of(end) == result.winners


def test_the_event_log_is_stored_as_text_and_grows_by_the_new_events_only() -> None:
    state = game()
    lay(state, 0, "R5", "R1")
    doubt(state, 1, "number")
    data = json.loads(json.dumps(E.to_json(state)))  # as the database gives it back
    assert isinstance(data["log"], str)  # one string: loading it decodes no event
    stored = json.loads(data["log"])
    assert [e["type"] for e in stored][:2] == ["start", "lay"]
    again = E.from_json(data)
    lay(again, 0, "R1", "R1")
    grown = E.to_json(again)["log"]
    assert grown.startswith(data["log"][:-1] + ",")  # the old text kept, the new events after it
    assert json.loads(grown)[: len(stored)] == stored
    assert json.loads(grown)[len(stored)]["type"] == "lay"
    assert list(again.log) == json.loads(grown)


def test_a_state_stored_with_the_log_as_a_list_still_loads() -> None:
    """States written before the log was kept as text (a running match across the update)."""
    state = game()
    lay(state, 0, "R5", "R1")
    data = E.to_json(state)
    events = json.loads(data["log"])
    older = {**data, "log": events}
    loaded = E.from_json(older)
    assert list(loaded.log) == events
    believe_all(loaded)
    assert [e["type"] for e in loaded.log][: len(events)] == [e["type"] for e in events]
    assert E.to_json(loaded)["log"] == json.dumps(list(loaded.log), separators=(",", ":"))
