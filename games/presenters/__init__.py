"""The presenter protocol every game's presenter implements (``games/<slug>/presenter.py``);
``games.registry`` knows which game has one."""

from __future__ import annotations

from games.presenters.base import Frame, Presenter, action_json

__all__ = ["Frame", "Presenter", "action_json"]
