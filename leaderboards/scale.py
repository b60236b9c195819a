"""The Wertung as players read it: OpenSkill's ordinal (μ − 3σ) on a scale that starts at 1500,
and whether it is still „vorläufig“."""

from __future__ import annotations

#: the displayed Wertung: ``SHOWN_START + SHOWN_SCALE · ordinal``, so a newcomer starts at 1500
#: (as on lichess) and one game moves it by a few dozen points instead of reading −1,8
SHOWN_START = 1500
SHOWN_SCALE = 20
#: a rating this uncertain (about the first ten games) is shown as „vorläufig“
PROVISIONAL_SIGMA = 6.5


def shown(ordinal: float) -> int:
    """The Wertung a person reads for an OpenSkill ordinal (μ − 3σ)."""
    return round(SHOWN_START + SHOWN_SCALE * ordinal)


def provisional(sigma: float) -> bool:
    """Whether a rating is still too uncertain to mean much („vorläufig“)."""
    return sigma > PROVISIONAL_SIGMA
