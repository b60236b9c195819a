"""Speedtrödel — trick-taking with deck-building on the flea market (3–5 players).

Card notation (actions, views, ``deck=``): colour cards are a suit letter plus the value —
``P`` Porzellan, ``S`` Spielzeug, ``B`` Bücher, ``M`` Messing, ``E`` Smaragd (trump): ``P7``,
``S11``, ``M18``, ``E5``; the Schnäppchenblicke are ``P0`` ``S0`` ``B0`` ``M0`` ``E0``. Special
cards: ``T`` Tauschrunde, ``F`` Fälschung (two, both ``F``), ``G`` Ganzer Posten, ``V``
Vordrängeln, ``H`` Heute gefragt, ``R`` Ramschtag.

Stacking (tests): ``new_game(players, options, seed, deck=[...])`` takes the start cards top
first, dealt in blocks of the round-1 hand size (seat 0 first), optionally followed by the
separator ``"|"`` and the attic top first (exactly those cards, in that order; without ``"|"``
the attic is built and tier-shuffled as usual). With a stacked deck seat 0 leads round 1.

Actions: ``{"type": "play", "card": "P7"}``, ``{"type": "pick", "card": "S12"}`` (Schnäppchenblick),
``{"type": "swap", "card": "B4"}`` (Tauschrunde, simultaneous), ``{"type": "ask", "colour": "E"}``
(Heute gefragt). ``preview(view, card)`` is the seed's "Vorschau".
"""

from games.speedtroedel.engine.bench import BENCH
from games.speedtroedel.engine.engine import SpeedtroedelEngine
from games.speedtroedel.engine.rules import State
from games.speedtroedel.engine.seat_view import preview

__all__ = ["BENCH", "SpeedtroedelEngine", "State", "preview"]
