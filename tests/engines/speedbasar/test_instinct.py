"""Händler-Instinkt: the counting formula against brute-force enumeration of every hand on
small decks, and the instinct of a real view."""

from __future__ import annotations

from itertools import combinations

import pytest

from games.speedbasar.engine import cards as C
from games.speedbasar.engine.bots.instinct import claim_probabilities, instinct, unknown_pool
from games.speedbasar.engine.rules import NEW_PILE_CLAIMS, number_holds, spice_holds

from .helpers import E, believe_all, game, lay


def brute_force(counts, h, claims, claim, feilschen=False, pure=False) -> dict[str, float]:
    """Play the "ehrlich zuerst" claimant on every possible hand and apply Bayes' rule."""
    deck = [k for k in range(C.KINDS) for _ in range(counts[k])]
    spice, number = claim
    weight = num_false = spice_false = honest = 0.0
    for idx in combinations(range(len(deck)), h):
        hand = [deck[i] for i in idx]
        options = [c for c in claims if any(C.honest(x, *c) for x in hand)]
        if options:
            low = min(v for _, v in options)
            ties = [c for c in options if c[1] == low]
            if claim in ties:
                weight += 1 / len(ties)
                honest += 1 / len(ties)
            continue
        w = 1 / len(claims)
        weight += w
        nf = [x for x in hand if number_holds(x, number, feilschen, pure)]
        sf = [x for x in hand if spice_holds(x, spice, pure)]
        both = [x for x in nf if x in sf]
        if both:
            continue
        if nf and sf:
            num_false += w / 2
            spice_false += w / 2
        elif nf:
            spice_false += w
        elif sf:
            num_false += w
        else:
            num_false += w
            spice_false += w
    return {
        "number_lie": num_false / weight,
        "spice_lie": spice_false / weight,
        "honest": honest / weight,
    }


def pool(**copies: int) -> list[int]:
    counts = [0] * C.KINDS
    for code, k in copies.items():
        counts[C.parse(code)] = k
    return counts


SMALL = pool(R1=1, R2=2, R3=1, K1=1, K2=1, S3=1, R5=1, R9=1, K7=1, W=1, M=1)
AFTER_R1 = [(0, v) for v in range(2, 11)]


@pytest.mark.parametrize(
    ("claims", "claim", "h"),
    [
        (NEW_PILE_CLAIMS, (0, 2), 3),
        (NEW_PILE_CLAIMS, (1, 1), 3),
        (NEW_PILE_CLAIMS, (2, 3), 2),
        (NEW_PILE_CLAIMS, (2, 1), 4),
        (AFTER_R1, (0, 2), 3),
        (AFTER_R1, (0, 5), 3),
        (AFTER_R1, (0, 9), 2),
        (AFTER_R1, (0, 10), 4),
        ([(0, 1), (0, 2), (0, 3)], (0, 3), 3),
        ([(0, 1), (0, 2), (0, 3), (0, 10)], (0, 10), 3),
    ],
)
@pytest.mark.parametrize(("feilschen", "pure"), [(False, False), (True, False), (False, True)])
def test_claim_probabilities_match_brute_force(claims, claim, h, feilschen, pure) -> None:
    exact = claim_probabilities(SMALL, h, claims, claim, feilschen=feilschen, pure=pure)
    brute = brute_force(SMALL, h, claims, claim, feilschen=feilschen, pure=pure)
    for key in ("number_lie", "spice_lie", "honest"):
        assert exact[key] == pytest.approx(brute[key], abs=1e-9), key


def test_brute_force_on_a_second_small_deck() -> None:
    counts = pool(K3=2, K4=1, K6=2, S6=1, R6=1, W=2, M=1, S1=1)
    claims = [(1, v) for v in range(4, 11)]
    for claim in claims:
        exact = claim_probabilities(counts, 3, claims, claim)
        brute = brute_force(counts, 3, claims, claim)
        assert exact["number_lie"] == pytest.approx(brute["number_lie"], abs=1e-9)
        assert exact["spice_lie"] == pytest.approx(brute["spice_lie"], abs=1e-9)


def test_a_big_jump_looks_more_like_a_number_lie_than_a_small_step() -> None:
    full = [3] * C.KINDS
    claims = [(1, v) for v in range(4, 11)]
    small = claim_probabilities(full, 6, claims, (1, 4))
    big = claim_probabilities(full, 6, claims, (1, 9))
    assert big["number_lie"] > small["number_lie"]
    assert big["spice_lie"] < big["number_lie"]


def test_claim_of_a_card_nobody_can_hold_is_a_sure_number_lie() -> None:
    # seat 0 holds two R2 and all three Waagen, the third R2 is revealed
    state = game(
        hands=[
            ["R2", "R2", "W", "W", "W", "R6"],
            ["K1", "K2", "K3", "K4", "K5", "K6"],
            ["S1", "S2", "S3", "S4", "S5", "S6"],
        ],
        start=1,
    )
    state.revealed.append({"seat": 2, "cards": ["R2"], "honest": True})
    lay(state, 1, "K1", "R2")
    ins = instinct(E.view(state, 0))
    assert ins is not None and ins["number_lie"] == 1.0 and ins["honest"] == 0.0


def test_instinct_uses_the_seat_knowledge_not_the_truth() -> None:
    state = game(start=0)
    lay(state, 0, "R1", "R1")
    a = instinct(E.view(state, 1))
    state.pile[-1] = (0, 0, 1, (C.parse("R6"),))  # the card itself is hidden from seat 1
    b = instinct(E.view(state, 1))
    assert a == b and a is not None and 0 < a["number_lie"] < 1


def test_unknown_pool_excludes_hand_revealed_and_own_pile_cards() -> None:
    state = game()
    lay(state, 0, "R1", "R1")
    believe_all(state)
    counts = unknown_pool(E.view(state, 0))
    assert sum(counts) == 96 - 6
    assert counts[C.parse("R1")] == 2
    assert sum(unknown_pool(E.view(state, 0), public=True)) == 96


def test_instinct_is_none_without_an_open_claim() -> None:
    assert instinct(E.view(game(), 0)) is None


def test_double_claim_is_an_approximation_but_a_probability() -> None:
    full = [3] * C.KINDS
    probs = claim_probabilities(full, 8, NEW_PILE_CLAIMS, (0, 2), laid=2)
    assert all(0.0 <= p <= 1.0 for p in probs.values())
