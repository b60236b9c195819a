"""The explicit registry of table screens: one presenter per live game.

A game is live exactly when it has an entry here (see ``games.registry``). Imports are direct,
so a broken presenter fails at start-up instead of rendering an empty board.
"""

from __future__ import annotations

from games.presenters.base import Frame, Presenter, action_json
from games.presenters.speedbasar import SpeedbasarPresenter
from games.presenters.speedone import SpeedonePresenter
from games.presenters.speedtroedel import SpeedtroedelPresenter
from games.presenters.speedwerk import SpeedwerkPresenter

PRESENTERS: dict[str, Presenter] = {
    p.slug: p
    for p in (
        SpeedtroedelPresenter(),
        SpeedonePresenter(),
        SpeedbasarPresenter(),
        SpeedwerkPresenter(),
    )
}

__all__ = ["PRESENTERS", "Frame", "Presenter", "action_json"]
