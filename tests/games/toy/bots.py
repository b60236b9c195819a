"""Every strength of „Hoch“ plays its highest card."""

from __future__ import annotations

import random

from games.engines.base import Action, Advice, View


class Highest:
    strength = "leicht"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        return max(legal, key=lambda a: int(a["card"]))


BOTS = {s: (lambda budget: Highest()) for s in ("leicht", "normal", "stark")}


def explain(view: View, legal: list[Action]) -> Advice:
    return Advice(Highest().choose(view, legal, random.Random()), "Spiel deine höchste Karte.")
