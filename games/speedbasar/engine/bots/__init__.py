"""Bots of Speedbasar: leicht, normal, stark, and the advice (``explain``).

Bots see only the view and the legal actions. All of them decide doubts with the Händler-Instinkt
(``instinct.py``) except ``leicht``, which doubts rarely and at random.

* leicht: honest when it can (any fitting card), otherwise passes or lays something at random.
* normal: lowest honest claim (or one step above it; now and then a lower half-true claim that
  keeps the honest card); otherwise a modest half-true bluff or a pass; doubts the likelier lie
  when ``(2p - 1) * (pile + 2) + 10 * p * last_card`` says the pile is worth it. Its own chance
  (``rng``) decides between these near-equal moves, so the same deal is not the same game.
* stark: models each opponent's bluffing from the revealed outcomes, values cards by the distance
  to the Glut, weighs pile size and last cards, and scores every (card, claim) by its expected
  value: how suspicious the claim looks from the others' side (the instinct on public
  information), whether the card survives the likely doubt, what the pile is worth, and how many
  honest plays the remaining hand keeps for the next rounds on this pile (lookahead).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from games.engines.base import Action, Advice, Bot, View, msg, near_best
from games.speedbasar.engine import cards as C
from games.speedbasar.engine.bots.instinct import claim_probabilities, instinct, unknown_pool
from games.speedbasar.engine.rules import (
    KRUG_DRAW,
    PENALTY,
    allowed_claims,
    number_holds,
    spice_holds,
)


def _pile_size(view: View) -> int:
    return sum(e["count"] for e in view["pile"])


def _lay_card(action: Action) -> list[int]:
    return [C.CODE_TO_CARD[c] for c in action["cards"]]


def _claim(action: Action) -> tuple[int, int]:
    return C.SPICE_INDEX[action["spice"]], action["number"]


def _is_honest(action: Action) -> bool:
    s, v = _claim(action)
    return all(C.honest(c, s, v) for c in _lay_card(action))


def _find(legal: list[Action], kind: str, feature: str | None = None) -> Action | None:
    for a in legal:
        if a["type"] == kind and (feature is None or a.get("feature") == feature):
            return a
    return None


# -- leicht --------------------------------------------------------------------------------------
class LeichtBot:
    strength = "leicht"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if view["phase"] == "doubt":
            roll = rng.random()
            if roll < 0.1:
                pick = _find(legal, "doubt", rng.choice(("number", "spice")))
                if pick is not None:
                    return pick
            return _find(legal, "believe") or legal[0]
        singles = [a for a in legal if a["type"] == "lay" and len(a["cards"]) == 1]
        honest = [a for a in singles if _is_honest(a)]
        if honest:
            return rng.choice(honest)
        if singles and rng.random() < 0.5:
            return rng.choice(singles)
        return _find(legal, "pass") or legal[0]


# -- normal --------------------------------------------------------------------------------------
#: how many steps above its lowest honest claim normal may claim honestly, by chance
HONEST_SPREAD = 1
#: how often normal claims lower and half true instead of its lowest honest claim (0.2: two
#: attempts at the daily deal differ in 98.5 % of 200 pairs; normal against three leicht wins
#: about as often as before, docs/performance.md)
KEEP_HONEST = 0.2
#: how close (in ``doubt_gain``) to its threshold normal's doubt or belief is a matter of chance:
#: ties only – 1.0 made it doubt too seldom against players who lie a lot (65.6 % instead of 70.1 %
#: against three leicht)
DOUBT_SPREAD = 0.0


def _lowest_honest(legal: list[Action], rng: random.Random) -> Action | None:
    """An honest lay with one of the lowest claims (within ``HONEST_SPREAD`` of the lowest; two
    cards under one claim before one), by chance."""
    honest = [a for a in legal if a["type"] == "lay" and _is_honest(a)]
    if not honest:
        return None
    scored = [
        (-(a["number"] if a["number"] <= 10 else 99) + len(a["cards"]) / 2, a) for a in honest
    ]
    return near_best(scored, rng, HONEST_SPREAD)


def _half_true(view: View, action: Action) -> bool:
    s, v = _claim(action)
    card = _lay_card(action)[0]
    return C.fits_number(card, v) or C.fits_spice(card, s)


def doubt_gain(p: float, pile: int, last_card: bool) -> float:
    """The normal bot's doubt rule: what doubting a feature that is a lie with probability ``p``
    gains over believing (win or lose the pile plus two cards; on a last card the Krug is at
    stake). It doubts when this exceeds 1; the strong bot uses it to predict the others."""
    return (2 * p - 1) * (pile + 2) + 10 * p * (1 if last_card else 0)


class NormalBot:
    strength = "normal"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if view["phase"] == "doubt":
            return self.doubt(view, legal, rng)
        honest = _lowest_honest(legal, rng)
        singles = [a for a in legal if a["type"] == "lay" and len(a["cards"]) == 1]
        low = min((a["number"] for a in singles), default=0)
        halves = [a for a in singles if a["number"] <= low + HONEST_SPREAD and _half_true(view, a)]
        last = view["hand_counts"][view["seat"]] == 1
        if honest is not None:
            # now and then it keeps its honest card for later and claims lower, half true
            lower = [a for a in halves if a["number"] < honest["number"]]
            if lower and not last and rng.random() < KEEP_HONEST:
                return rng.choice(lower)
            return honest
        if halves and rng.random() < (0.25 if last else 0.55):
            return rng.choice(halves)
        return _find(legal, "pass") or legal[0]

    def doubt(self, view: View, legal: list[Action], rng: random.Random | None = None) -> Action:
        """Doubt the feature whose ``doubt_gain`` exceeds 1 the most, else believe; with ``rng``
        any of them within ``DOUBT_SPREAD`` of the best, by chance."""
        believe = _find(legal, "believe") or legal[0]
        ins = instinct(view)
        if ins is None:
            return believe
        pile, last = _pile_size(view), view["doubt_window"]["last_card"]
        scored = [(1.0, believe)]
        for feature in ("number", "spice"):
            doubt = _find(legal, "doubt", feature)
            if doubt is not None:
                scored.append((doubt_gain(ins[f"{feature}_lie"], pile, last), doubt))
        return near_best(scored, rng, DOUBT_SPREAD)


# -- stark ---------------------------------------------------------------------------------------
@dataclass
class Candidate:
    action: Action
    value: float
    suspicion: float  # likelier lie from the others' side
    doubt_chance: float
    honest: bool


def bluff_odds(view: View, seat: int) -> float:
    """How much more (or less) ``seat`` lies than the table, from the revealed outcomes (odds
    ratio with a prior of two honest and one lying claim per seat), clamped to [0.5, 2.5]."""
    lies = truths = all_lies = all_truths = 0
    for r in view["revealed"]:
        if r["seat"] == seat:
            lies += not r["honest"]
            truths += r["honest"]
        all_lies += not r["honest"]
        all_truths += r["honest"]
    own = (lies + 1) / (truths + 2)
    table = (all_lies + view["players"]) / (all_truths + 2 * view["players"])
    return min(2.5, max(0.5, own / table))


def card_cost(view: View) -> float:
    """What one more hand card costs: -1 at the end, plus a delay of the next Krug while the Glut
    is far away."""
    return 1.0 + 0.8 * min(1.0, view["noch"] / 30)


def krug_value(view: View, seat: int) -> float:
    """What a Krug is worth to ``seat`` (a second one wins the game)."""
    return 30.0 if view["krugs"][seat] >= 1 else 12.0


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


class StarkBot:
    strength = "stark"
    #: weight of squeezing a next seat that is down to its last card
    squeeze = 2.0
    #: how much a doubt must gain over believing
    doubt_margin = 0.3

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if view["phase"] == "doubt":
            return self.doubt(view, legal)
        options = self.rank(view, legal)
        best = max(o.value for o in options)
        top = [o for o in options if o.value >= best - 1e-9]
        return rng.choice(top).action

    # -- doubting --------------------------------------------------------------------------
    def doubt(self, view: View, legal: list[Action]) -> Action:
        believe = _find(legal, "believe") or legal[0]
        window = view["doubt_window"]
        claimant = window["claimant"]
        ins = instinct(view, bluff_odds=bluff_odds(view, claimant))
        if ins is None:
            return believe
        pile = _pile_size(view)
        cc = card_cost(view)
        k = krug_value(view, claimant) if window["last_card"] else 0.0
        best, best_gain = believe, self.doubt_margin
        for feature in ("number", "spice"):
            p = ins[f"{feature}_lie"]
            gain = p * (pile + cc + k) - (1 - p) * (2 * cc + 0.5 * pile)
            if gain > best_gain:
                best, best_gain = _find(legal, "doubt", feature) or believe, gain
        exact = _find(legal, "doubt", "exact")
        if exact is not None:
            h = ins["honest"]
            gain = h * pile - (1 - h) * (2 * cc + 0.5 * pile)
            if gain > best_gain:
                best = exact
        return best

    # -- laying ----------------------------------------------------------------------------
    def rank(self, view: View, legal: list[Action]) -> list[Candidate]:
        seat = view["seat"]
        rules = view["rules"]
        hand = [C.CODE_TO_CARD[h["card"]] for h in view["hand"]]
        n_hand = len(hand)
        cc = card_cost(view)
        pile = _pile_size(view)
        public = unknown_pool(view, public=True)
        earlier = [(e["seat"], C.SPICE_INDEX[e["spice"]], e["number"], ()) for e in view["pile"]]
        claims = allowed_claims(earlier, "gleicher_preis" in rules)
        doubters = 1 if "enge_gasse" in rules else view["players"] - 1
        feilschen = "feilschen" in rules
        nxt = (seat + 1) % view["players"]
        squeeze = self.squeeze if view["hand_counts"][nxt] == 1 else 0.0
        looks: dict[tuple[tuple[int, int], int], tuple[float, float]] = {}
        options: list[Candidate] = []
        for action in legal:
            if action["type"] == "pass":
                value = -cc
                if view["noch"] <= 1:
                    value -= 0.5  # passing ends the game with our hand as it is
                options.append(Candidate(action, value, 0.0, 0.0, True))
                continue
            laid = _lay_card(action)
            claim = _claim(action)
            last = len(laid) == n_hand
            key = (claim, len(laid))
            if key not in looks:
                probs = claim_probabilities(
                    public,
                    n_hand,
                    claims,
                    claim,
                    laid=len(laid),
                    feilschen=feilschen,
                    pure=False,
                )
                looks[key] = (probs["number_lie"], probs["spice_lie"])
            p_num, p_spi = looks[key]
            feature = "number" if p_num >= p_spi else "spice"
            p = max(p_num, p_spi)
            after = pile + len(laid)
            q = min(0.97, max(0.03, _sigmoid(2.0 * (doubt_gain(p, after, last) - 1.0))))
            d = 1 - (1 - q) ** doubters
            pure = last and "reine_ware" in rules
            if feature == "number":
                survive = all(number_holds(c, claim[1], feilschen, pure) for c in laid)
            else:
                survive = all(spice_holds(c, claim[0], pure) for c in laid)
            shed = cc * len(laid)
            k = krug_value(view, seat) - KRUG_DRAW * cc if last else 0.0
            quiet = shed + k  # nobody doubts: the card is gone, the pile stays open
            # doubted: survive -> the pile, the doubter draws; caught -> draw 2, open anew
            doubted = shed + after + cc + k if survive else shed - PENALTY * cc - 0.5 * after + 0.4
            value = (1 - d) * quiet + d * doubted
            value += self.plan(hand, laid, claim, view)
            if squeeze:
                # the next seat lays its last card on our claim: leave it few honest claims
                room = 3 if claim[1] == 10 else 10 - claim[1]
                value += squeeze * (1 - room / 9) * (1 - d)
            honest = all(C.honest(c, claim[0], claim[1]) for c in laid)
            options.append(Candidate(action, value, p, d, honest))
        return options

    @staticmethod
    def plan(hand: list[int], laid: list[int], claim: tuple[int, int], view: View) -> float:
        """Lookahead: honest plays the remaining hand keeps on this pile's spice in the coming
        rounds (the claim rises by about one step per player), and jokers kept for later."""
        rest = list(hand)
        for c in laid:
            rest.remove(c)
        spice, number = claim
        step = view["players"]
        future = 0.0
        for c in rest:
            if c >= 30:
                future += 0.15
                continue
            if c // 10 != spice:
                continue
            v = c % 10 + 1
            if v > number:
                # reachable if the claim has not climbed past it when our turn comes again
                future += 0.35 if v >= number + step else 0.2
            elif v <= 3:
                future += 0.1  # after a 10 the pile restarts at 1-3 in this spice
        # spending a joker while an exact card would do wastes a half-truth
        waste = 0.25 * sum(1 for c in laid if c >= 30)
        return future - waste


# -- factory and advice ------------------------------------------------------------------------------
#: ``engine.bot(strength)``; the strong bot reasons without a search, so the budget of
#: ``"stark:N"`` changes nothing
BOTS: dict[str, Callable[[int | None], Bot]] = {
    "leicht": lambda budget: LeichtBot(),
    "normal": lambda budget: NormalBot(),
    "stark": lambda budget: StarkBot(),
}


def _pct(p: float) -> int:
    """A probability in whole per cent (the catalogue writes the ``%``)."""
    return round(100 * p)


def explain(view: View, legal: list[Action]) -> Advice:
    """The strong bot's suggestion with a reason (a code); for a lay, how suspicious the claim
    looks to the others (the instinct from their side)."""
    bot = StarkBot()
    if not legal:
        return Advice(action={}, reason=msg("advice.nothing"))
    if view["phase"] == "doubt":
        action = bot.doubt(view, legal)
        ins = instinct(view, bluff_odds=bluff_odds(view, view["doubt_window"]["claimant"]))
        assert ins is not None
        odds = msg("advice.odds", number=_pct(ins["number_lie"]), spice=_pct(ins["spice_lie"]))
        if action["type"] == "believe":
            code = "advice.believe"
        elif action["feature"] == "exact":
            code = "advice.exact"
        elif action["feature"] == "number":
            code = "advice.doubt_number"
        else:
            code = "advice.doubt_spice"
        return Advice(action=action, reason=msg(code, odds=odds), candidates=[{"instinct": ins}])
    options = bot.rank(view, legal)
    options.sort(key=lambda o: -o.value)
    best = options[0]
    candidates = [
        {
            "action": o.action,
            "value": round(o.value, 2),
            "suspicion": round(o.suspicion, 3),
            "doubt_chance": round(o.doubt_chance, 3),
            "honest": o.honest,
        }
        for o in options[:5]
    ]
    if best.action["type"] == "pass":
        return Advice(action=best.action, reason=msg("advice.pass"), candidates=candidates)
    a = best.action
    laid = [C.describe(c) for c in _lay_card(a)]
    cards = laid[0] if len(laid) == 1 else msg("card.pair", first=laid[0], second=laid[1])
    if best.honest:
        kind = "advice.kind.honest"
    elif all(c >= C.WAAGE for c in _lay_card(a)):
        kind = "advice.kind.half"
    else:
        kind = "advice.kind.bluff"
    reason = msg(
        "advice.lay",
        cards=cards,
        claim=C.describe_claim(*_claim(a)),
        kind=msg(kind),
        suspicion=_pct(best.suspicion),
    )
    return Advice(action=a, reason=reason, candidates=candidates)
