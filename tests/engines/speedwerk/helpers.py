"""Stacked-deck helpers for the Speedwerk scenario tests."""

from __future__ import annotations

from typing import Any

from games.engines.base import get_engine
from games.speedwerk.engine.rules import P_BID, P_TRUMP, WerkState

E = get_engine("speedwerk")


def deal(
    hands: list[list[str]],
    trump_card: str | None,
    specials: tuple[str, ...] = (),
    seed: int = 1,
) -> WerkState:
    """A game in round ``len(hands[0])`` with these hands (seat 0 first) and trump card."""
    deck = [c for h in hands for c in h] + ([trump_card] if trump_card else [])
    return E.new_game(
        len(hands), {"specials": list(specials)}, seed, deck=deck, first_round=len(hands[0])
    )


def bid_all(st: WerkState, bids: list[int] | None = None, trump: str | None = None) -> None:
    """Choose the trump colour if asked, then bid in turn (``bids[seat]``, default 0)."""
    if st.phase == P_TRUMP:
        E.apply(st, st.turn, {"type": "trump", "color": trump or "R"})
    while st.phase == P_BID:
        seat = st.turn
        E.apply(st, seat, {"type": "bid", "tricks": (bids or [0] * st.players)[seat]})


def play(st: WerkState, card: str, **extra: Any) -> list[dict[str, Any]]:
    """The seat on turn plays ``card`` (with ``color=`` / ``declare=`` if needed)."""
    return E.apply(st, st.turn, {"type": "play", "card": card, **extra})


def start(
    hands: list[list[str]],
    trump_card: str | None,
    specials: tuple[str, ...] = (),
    bids: list[int] | None = None,
    trump: str | None = None,
) -> WerkState:
    st = deal(hands, trump_card, specials)
    bid_all(st, bids, trump)
    return st
