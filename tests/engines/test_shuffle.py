"""``base.shuffle`` draws what ``random.Random.shuffle`` draws: the same order and the same RNG
state afterwards, for the decks the games shuffle (the engines' deals depend on it)."""

from __future__ import annotations

import pytest

from games.engines.base import shuffle, shuffle_rng


@pytest.mark.parametrize("n", [0, 1, 2, 3, 17, 32, 52, 69, 108, 128, 129, 200])
def test_same_order_as_random_shuffle(n: int) -> None:
    for seed in range(60):
        ours, theirs = list(range(n)), list(range(n))
        a, b = shuffle_rng(seed, n), shuffle_rng(seed, n)
        shuffle(a, ours)
        b.shuffle(theirs)
        assert ours == theirs
        assert a.getstate() == b.getstate()
