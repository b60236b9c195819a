"""Händler-Instinkt: how likely the current claim's number and spice are lies.

The model (documented in ``docs/rules/speedbasar.md``, section "Händler-Instinkt"):

* From the asking seat's side every card it cannot see (not in its hand, not revealed, not laid by
  itself into the open pile) is equally likely to be anywhere. So the claimant's hand before the
  claim (``h`` cards: its hand count now plus the cards it laid) is a uniformly random ``h``-subset
  of that unknown pool. This part is exact multivariate hypergeometric counting.
* The claimant is modelled as "ehrlich zuerst": if its hand holds a card that fits an allowed
  claim exactly, it makes the lowest such claim (equal numbers on a new pile: each spice alike).
  Otherwise it bluffs: every allowed claim alike, with the card that survives the most doubts
  (one surviving both doubts, else a half-truth — number or spice alike if it has both —, else any).
* Bayes' rule on the observed claim gives the probability that a doubt of the number (or of the
  spice) would succeed, under the active Extrascharf rules (Feilschen, Reine Ware).

For one card the result is exact under this model (tests compare it with brute-force enumeration
of all hands on small decks). For two cards (Doppelladung) it is an approximation: the honest path
needs two exact copies, and a bluff's two cards are taken as independent half-truths.
``bluff_odds`` scales the odds of the bluff path (the strong bot's per-opponent bluff model).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb
from typing import Any

from games.speedbasar.engine import cards as C
from games.speedbasar.engine.rules import allowed_claims, number_holds, spice_holds


def unknown_pool(view: dict[str, Any], public: bool = False) -> list[int]:
    """Counts per card kind of the cards the seat cannot see. ``public=True``: as a spectator
    (or an opponent who does not know this seat's hand) sees it."""
    counts = [C.COPIES] * C.KINDS
    for r in view["revealed"]:
        for code in r["cards"]:
            counts[C.CODE_TO_CARD[code]] -= 1
    if not public and view.get("hand") is not None:
        for h in view["hand"]:
            counts[C.CODE_TO_CARD[h["card"]]] -= 1
        for e in view["pile"]:
            if e["seat"] == view["seat"]:
                for code in e["cards"]:
                    counts[C.CODE_TO_CARD[code]] -= 1
    return counts


class _Pool:
    """Zero/at-least-one probabilities for a random ``h``-subset of a multiset pool."""

    def __init__(self, counts: Sequence[int], h: int) -> None:
        self.counts = counts
        self.total = sum(counts)
        self.h = h
        self.denom = comb(self.total, h) if h <= self.total else 0

    def size(self, kinds: frozenset[int] | set[int]) -> int:
        return sum(self.counts[k] for k in kinds)

    def zero(self, m: int) -> float:
        """P(none of ``m`` specific cards is in the hand)."""
        if not self.denom:
            return 0.0
        return comb(self.total - m, self.h) / self.denom

    def pattern(self, zero_m: int, at_least: Sequence[int]) -> float:
        """P(none of ``zero_m`` cards, and at least one card of each disjoint group)."""
        total = 0.0
        for r in range(len(at_least) + 1):
            for sub in combinations(at_least, r):
                total += (-1) ** r * self.zero(zero_m + sum(sub))
        return total

    def exactly(self, zero_m: int, group: int, j: int) -> float:
        """P(none of ``zero_m`` cards and exactly ``j`` of the ``group`` cards)."""
        if not self.denom or j > self.h:
            return 0.0
        rest = self.total - zero_m - group
        return comb(group, j) * comb(rest, self.h - j) / self.denom


def claim_probabilities(
    counts: Sequence[int],
    h: int,
    claims: Sequence[tuple[int, int]],
    claim: tuple[int, int],
    *,
    laid: int = 1,
    feilschen: bool = False,
    pure: bool = False,
    bluff_odds: float = 1.0,
) -> dict[str, float]:
    """Probabilities for a claim ``(spice, number)`` made from ``claims`` (the allowed ones) by a
    claimant with ``h`` cards drawn from the pool ``counts``: ``number_lie`` and ``spice_lie``
    (a doubt of that feature would succeed), ``honest`` (the card is exactly as claimed)."""
    spice, number = claim
    pool = _Pool(counts, h)
    claims = list(claims)
    exact = {s * 10 + v - 1 for s, v in claims}
    target = spice * 10 + number - 1
    lower = {s * 10 + v - 1 for s, v in claims if v < number}
    ties = [s * 10 + v - 1 for s, v in claims if v == number and (s, v) != claim]
    m_lower = pool.size(lower)
    a = counts[target]
    # honest path: no exact card for a lower claim, the claimed card, ties shared uniformly
    honest = 0.0
    if laid == 1:
        for r in range(len(ties) + 1):
            for sub in combinations(ties, r):
                others = [t for t in ties if t not in sub]
                zero_m = m_lower + sum(counts[t] for t in others)
                groups = [a] + [counts[t] for t in sub]
                honest += pool.pattern(zero_m, groups) / (1 + r)
    else:
        honest = pool.zero(m_lower) - sum(pool.exactly(m_lower, a, j) for j in range(laid))
    # bluff path: no exact card for any allowed claim; every allowed claim alike
    m_exact = pool.size(exact)
    p_no_honest = pool.zero(m_exact)
    bluff = p_no_honest / len(claims) * bluff_odds
    if honest + bluff <= 0.0:
        return {"number_lie": 0.5, "spice_lie": 0.5, "honest": 0.0}
    w_bluff = bluff / (honest + bluff)
    num_true, spice_true = _bluff_truth(counts, h, exact, spice, number, feilschen, pure)
    if laid > 1:
        num_true, spice_true = num_true**laid, spice_true**laid
    return {
        "number_lie": w_bluff * (1.0 - num_true),
        "spice_lie": w_bluff * (1.0 - spice_true),
        "honest": 1.0 - w_bluff,
    }


def _bluff_truth(
    counts: Sequence[int],
    h: int,
    exact: set[int],
    spice: int,
    number: int,
    feilschen: bool,
    pure: bool,
) -> tuple[float, float]:
    """P(number doubt fails), P(spice doubt fails) for the card a bluffer lays (its hand holds no
    exact card of any allowed claim)."""
    rest = [0 if k in exact else counts[k] for k in range(C.KINDS)]
    both = num = spi = 0
    for k in range(C.KINDS):
        if not rest[k]:
            continue
        nf = number_holds(k, number, feilschen, pure)
        sf = spice_holds(k, spice, pure)
        if nf and sf:
            both += rest[k]
        elif nf:
            num += rest[k]
        elif sf:
            spi += rest[k]
    pool = _Pool(rest, h)
    if not pool.denom:
        return 0.0, 0.0
    p_both = 1.0 - pool.zero(both)
    only_num = pool.pattern(both + spi, [num])
    only_spi = pool.pattern(both + num, [spi])
    mixed = pool.pattern(both, [num, spi])
    return p_both + only_num + mixed / 2, p_both + only_spi + mixed / 2


def instinct(
    view: dict[str, Any], *, bluff_odds: float = 1.0, public: bool = False
) -> dict[str, Any] | None:
    """Händler-Instinkt for the current claim (top of the open pile) from ``view``'s seat:
    ``{"window", "claimant", "claim", "number_lie", "spice_lie", "honest"}``, or ``None`` if
    no claim lies open."""
    if not view["pile"]:
        return None
    top = view["pile"][-1]
    claimant = top["seat"]
    rules = view["rules"]
    earlier = [(e["seat"], C.SPICE_INDEX[e["spice"]], e["number"], ()) for e in view["pile"][:-1]]
    claims = allowed_claims(earlier, "gleicher_preis" in rules)
    claim = (C.SPICE_INDEX[top["spice"]], top["number"])
    laid = top["count"]
    # for the seat's own claim the question is how it looks to the others
    counts = unknown_pool(view, public=public or claimant == view["seat"])
    h = view["hand_counts"][claimant] + laid
    pure = (
        "reine_ware" in rules
        and view["doubt_window"] is not None
        and view["doubt_window"]["last_card"]
    )
    probs = claim_probabilities(
        counts,
        h,
        claims,
        claim,
        laid=laid,
        feilschen="feilschen" in rules,
        pure=pure,
        bluff_odds=bluff_odds,
    )
    return {
        "window": view["window"],
        "claimant": claimant,
        "claim": {"spice": top["spice"], "number": top["number"]},
        **{k: round(v, 4) for k, v in probs.items()},
    }
