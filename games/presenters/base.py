"""What a game supplies to the shared match frame: its presenter.

A presenter turns one seat's engine view into the context of the game's board (``board_html``). It
sees only ``engine.view(state, seat)``, the seat's legal actions and public seat names, never the
state: whatever reaches the board has passed the engine's view filter.

The frame (``games.rendering.frame_html``) draws what every game has – seats, turn line and
countdown, messages, the move ticker, the round summary, the game-over table, leaving – from the
common view keys and from these optional keys of ``present``'s answer:

``seat_stats``     per seat a list of ``(label, value)`` pairs shown under the seat's name
``seat_info``      per seat a Karten-Info (``Markup`` of a ``.card-info``): hover, focus, long press
``turn_text``      replaces the generic "… ist am Zug" line (e.g. a simultaneous phase)
``round_summary``  ``{"title", "columns", "rows": [{"cells", "winner"}]}`` after a round end
``status``         a short line above the board ("Runde 3 von 15")
``announce``       extra text for screen readers (the frame announces turns and moves itself)

Text is escaped wherever it lands (``games.html``); a value that is HTML must be ``Markup``.
"""

from __future__ import annotations

import html
import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.templatetags.static import static

from games.engines.base import Action, Event, View
from games.html import Markup, esc, h


@dataclass(frozen=True)
class Frame:
    """The public facts of the match a presenter may use besides the view."""

    names: list[str]
    urls: dict[str, str]
    prefs: dict[str, Any] = field(default_factory=dict)
    #: whether the seat may ask for advice (solo, not a daily game)
    advice: bool = False
    #: per seat, whether the leaderboard books its points (a registered person playing their own
    #: seat in a match that counts: no guest at the table, a day's deal only in the counted
    #: attempt); a screen promises leaderboard points only to these (``games.rendering``)
    booked: tuple[bool, ...] = ()


class Presenter(ABC):
    slug: str = ""

    @abstractmethod
    def present(self, view: View, legal: list[Action], frame: Frame) -> dict[str, Any]:
        """The context of the seat's board (and the frame's optional keys, see above)."""

    @abstractmethod
    def board_html(self, ctx: dict[str, Any]) -> Markup:
        """The game's own part of the frame, from ``present``'s context plus the frame's keys
        (``view``, ``urls``, ``me``, ``match``, ``my_turn`` …), built with ``games.html`` (text
        escaped unless marked as markup). It is rendered for every seat on every move."""

    def settings_html(self, ctx: dict[str, Any]) -> Markup:
        """The game's own switches in the gear menu of the match page (after „Bewegung“ and „Ton
        bei deinem Zug“), from ``present``'s context: rendered with the page, outside the pushed
        board, so the board tells their state (``data-prefs-on``, static/js/match.js)."""
        return Markup("")

    def describe(self, event: Event, names: list[str]) -> str | None:
        """One line of the move ticker for a public event (``None``: not worth a line). The frame
        passes placeholders as ``names`` and puts each seat's name (a registered person's as the
        link to their profile) in their place afterwards (``games.rendering.event_lines``): use a
        name only as text in the line, never look into it."""
        return None

    def card_html(self, card: str) -> Markup | None:
        """The small face of one card (its code in the game's notation), for the replay's
        „Alle Hände“ (``games.replay``); ``None``: the game shows no faces there."""
        return None


def action_json(action: Action) -> str:
    """The ``data-action`` attribute value of a control (compact, sorted keys: equal actions give
    equal strings, so the page can find the control the Rat advises)."""
    return json.dumps(action, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def word_table(words: Callable[[], dict[str, str]]) -> Callable[[str | None], dict[str, Markup]]:
    """A screen's fixed words (``words`` calls ``gettext``), escaped once per language (as
    ``Markup``, so ``games.html`` takes them as they are): the decorated function takes the
    active language (``get_language()``) and returns the table."""

    @lru_cache(maxsize=8)
    def table(language: str | None) -> dict[str, Markup]:
        return {k: Markup(esc(v)) for k, v in words().items()}

    return table


@lru_cache(maxsize=512)
def sprite_use(sprite: str, symbol: str, cls: str = "", hidden: bool = True) -> Markup:
    """One picture of a game's SVG sprite (``<slug>/cards.svg``, a static file the browser
    caches): a small inline ``<svg>`` that references the sprite's ``<symbol id=...>`` by ``<use>``,
    so a pushed board carries a reference, not the drawing. The URL goes through ``static()`` (the
    hashed name of a deployment). Pictures are decoration: the card's name is its label, so the
    picture is ``aria-hidden`` – unless ``hidden=False`` because it sits in a card face with
    ``role="img"`` (its children are presentational). Without ``cls`` the ``<svg>`` has no class
    (a board holds many: the game's css finds them by place)."""
    attrs = (f' class="{esc(cls)}"' if cls else "") + (' aria-hidden="true"' if hidden else "")
    return Markup(f'<svg{attrs}><use href="{esc(static(sprite))}#{esc(symbol)}"/></svg>')


#: ``info_window``'s picture "the card beside the window" (a hand card, the open card of a pile):
#: the markup leaves it empty (``data-of-card``) and ``static/js/cards.js`` copies that card's
#: face into it – a board holds one per hand card, and the same face twice made every push
#: about 200 bytes per card larger
THE_CARD = Markup("<!-- the card -->")
_OF_CARD = Markup('<span class="info-pic" data-of-card></span>')  # aria-hidden once it is filled


def info_window(picture: Markup | str, body: Markup) -> Markup:
    """A Karten-Info window (``.card-info``: hover, focus, long press; ``static/js/match.js``):
    ``body`` its words (a ``<strong>`` title, a ``<span>`` per line), ``picture`` what it is about
    beside them – ``THE_CARD`` for the card itself at a card's size, a pile's back, a seat's hand
    as backs – or "" for none. The picture is decoration (the words say it all): a hidden card
    never shows its face there, the caller passes a back; ``THE_CARD`` copies a face the page
    already shows."""
    if not picture:
        return h('<div class="card-info" role="tooltip">{}</div>', body)
    if picture == THE_CARD:
        return h(
            '<div class="card-info with-pic" role="tooltip">{}<span class="info-text">{}</span>'
            "</div>",
            _OF_CARD,
            body,
        )
    return h(
        '<div class="card-info with-pic" role="tooltip"><span class="info-pic" '
        'aria-hidden="true">{}</span><span class="info-text">{}</span></div>',
        picture,
        body,
    )


@lru_cache(maxsize=64)
def ui_icon(symbol: str) -> Markup:
    """One of the site's small icons (``static/icons/ui.svg``: star, star-open, check, turn-cw,
    turn-ccw, prev, next, arrow-up, arrow-left, arrow-right) instead of a font glyph such as ★ or
    ✓, which depends on the device's fonts. Decoration (``aria-hidden``): the text beside it
    says what it means. As ``templates/_icon.html``; site.css sizes it to the text (``.icon-ui``)."""
    return Markup(
        '<svg class="icon-ui" width="16" height="16" aria-hidden="true" focusable="false">'
        f'<use href="{esc(static("icons/ui.svg"))}#{esc(symbol)}"/></svg>'
    )


# -- the accessible name of a control that shows a card face (issue 44) ----------------------------

_TAG = re.compile(r"<[^>]+>")


def _words(text: str) -> list[str]:
    """The words as axe-core's label-in-name check splits them (a soft hyphen splits too)."""
    return re.findall(r"\w+", text.lower())


def named_like_face(name: str, face: str) -> str:
    """The accessible name of a button that shows a card ``face``: the name must contain the
    face's visible words in their order (WCAG 2.5.3, axe's label-content-name-mismatch; a speech
    user says what they see). ``name`` when it does („Rot 7“ on a face showing 7); the face's
    words as they are drawn when they are the name's in another order or hyphenated („9 Rosen­
    pfeffer“ for „Rosenpfeffer 9“, soft hyphen kept); else the face's words, then the name
    („Wunsch – Farbwunsch“)."""
    shown = " ".join(html.unescape(_TAG.sub(" ", face)).split())
    seen, named = _words(shown), _words(name)
    if not seen or any(named[i : i + len(seen)] == seen for i in range(len(named))):
        return name
    if sorted(_words(shown.replace("\xad", ""))) == sorted(_words(name)):
        return shown
    return f"{shown} – {name}"
