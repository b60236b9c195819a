"""„Hoch“, a two-card toy game that exists only in tests: the proof that a fifth game is one
package (``rules``, ``seat_view``, ``bots``, a presenter and its ``GameDef``) and nothing else.
It is registered with ``games.registry.registered(GAME)`` for the duration of a test."""

from __future__ import annotations

import dataclasses
from typing import Any

from games.definition import GameDef
from games.engines.base import Action, Engine, Event, View
from games.html import Html, Markup
from games.presenters.base import Frame, Presenter, action_json
from tests.games.toy import bots, rules, rules_v2, seat_view

SLUG = "hoch"


class HochEngine(Engine[rules.State]):
    slug = SLUG
    name = "Hoch"
    min_players = 2
    max_players = 2
    card_notation = "Karten 1–9"
    rules = rules
    seat_view = seat_view
    bots = bots


class HochPresenter(Presenter):
    slug = SLUG

    def present(self, view: View, legal: list[Action], frame: Frame) -> dict[str, Any]:
        return {"legal": legal, "played": view["played"]}

    def board_html(self, ctx: dict[str, Any]) -> Markup:
        out = Html()
        out(
            '<div class="hoch-board"><p class="hoch-played">{}</p>',
            " ".join(c or "–" for c in ctx["played"]),
        )
        for action in ctx["legal"]:
            out(
                '<button class="card-button" data-action="{}">{}</button>',
                action_json(action),
                action["card"],
            )
        out("</div>")
        return out.markup()

    def describe(self, event: Event, names: list[str]) -> str | None:
        return f"{names[event['seat']]} spielt {event['card']}."


def winner_takes_seven(result: dict[str, Any], seat: int) -> int:
    """The toy's own points rule: 7 for the winner, nothing for the other."""
    return 7 if seat in result["winners"] else 0


GAME = GameDef(
    slug=SLUG,
    engine=HochEngine(),
    presenter=HochPresenter(),
    tagline="Zwei Karten, eine zählt",
    description="Wer die höhere Karte legt, gewinnt.",
    key_help="1–2 Karte spielen",
    points=winner_takes_seven,
)


class HochEngineV2(HochEngine):
    """„Hoch“ after a rules change (``rules_v2``: seat 1 leads, the lower card wins), keeping
    the first rules reachable for the matches recorded under them."""

    rules = rules_v2
    rules_version = 2
    rules_by_version = {1: HochEngine.rules}


#: the toy after its rules change, registered instead of ``GAME`` (as a deployment would)
GAME_V2 = dataclasses.replace(GAME, engine=HochEngineV2())
