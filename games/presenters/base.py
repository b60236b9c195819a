"""What a game supplies to the shared match frame: its presenter.

A presenter turns one seat's engine view into the context of the game's board (``board_html``). It
sees only ``engine.view(state, seat)``, the seat's legal actions and public seat names, never the
state: whatever reaches a template has passed the engine's view filter.

The frame (``games.rendering.frame_html``) draws what every game has – seats, turn line and
countdown, messages, the move ticker, the round summary, the game-over table, leaving – from the
common view keys and from these optional keys of ``present``'s answer:

``seat_stats``     per seat a list of ``(label, value)`` pairs shown under the seat's name
``seat_info``      per seat a Karten-Info (HTML of a ``.card-info``): hover, focus, long press
``turn_text``      replaces the generic "… ist am Zug" line (e.g. a simultaneous phase)
``round_summary``  ``{"title", "columns", "rows": [{"cells", "winner"}]}`` after a round end
``status``         a short line above the board ("Runde 3 von 15")
``announce``       extra text for screen readers (the frame announces turns and moves itself)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.template.loader import render_to_string
from django.utils.html import escape

from games.engines.base import Action, Event, View


@dataclass(frozen=True)
class Frame:
    """The public facts of the match a presenter may use besides the view."""

    names: list[str]
    urls: dict[str, str]
    prefs: dict[str, Any] = field(default_factory=dict)
    #: whether the seat may ask for advice (solo, not a daily game)
    advice: bool = False


class Presenter:
    slug: str = ""
    board_template: str = ""

    def present(self, view: View, legal: list[Action], frame: Frame) -> dict[str, Any]:
        raise NotImplementedError

    def board_html(self, ctx: dict[str, Any]) -> str:
        """The game's own part of the frame, from ``present``'s context plus the frame's keys
        (``view``, ``urls``, ``me``, ``match``, ``my_turn`` …): by default the template
        ``board_template``."""
        return render_to_string(self.board_template, ctx)

    def describe(self, event: Event, names: list[str]) -> str | None:
        """One line of the move ticker for a public event (``None``: not worth a line)."""
        return None


def action_json(action: Action) -> str:
    """The ``data-action`` attribute value of a control (compact, sorted keys: equal actions give
    equal strings, so the page can find the control the Rat advises)."""
    return json.dumps(action, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def word_table(words: Callable[[], dict[str, str]]) -> Callable[[str | None], dict[str, str]]:
    """A screen's fixed words (``words`` calls ``gettext``), escaped once per language: the
    decorated function takes the active language (``get_language()``) and returns the table."""

    @lru_cache(maxsize=8)
    def table(language: str | None) -> dict[str, str]:
        return {k: escape(v) for k, v in words().items()}

    return table
