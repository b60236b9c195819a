"""Starting a match: the seats, the first state and the stakes (all or nothing)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from accounts import wallet
from accounts.language import language_of
from accounts.models import Guest, User
from games.actions.common import ActionRejected, schedule
from games.engines.base import InvalidOptions, get_engine, new_seed
from games.kinds import SOLO, TABLE
from games.models import Match, Seat
from games.registry import say

log = logging.getLogger("speedgames.games")


@dataclass(frozen=True)
class SeatSpec:
    """Who sits on a seat at the start: a person (user or guest) or a bot of a strength."""

    name: str
    user: User | None = None
    guest: Guest | None = None
    bot_strength: str = ""
    #: the seat's preferences from the start (``Seat.prefs``: a tournament's berserk,
    #: ``games.clock.HALF_CLOCK``)
    prefs: dict[str, Any] = field(default_factory=dict)

    @property
    def is_human(self) -> bool:
        return not self.bot_strength


def start_match(
    game: str,
    seats: list[SeatSpec],
    options: dict[str, Any] | None = None,
    *,
    table: Any = None,
    move_seconds: int | None = None,
    bot_delay: float = 1.0,
    stake: int = 0,
    solo: bool = False,
    seed: int | None = None,
    deck: list[str] | None = None,
    kind: str = "",
) -> Match:
    """Create a running match; collect stakes from the registered humans (all or nothing).
    ``kind``: the match's kind (``games.kinds``); default a plain solo game or a table."""
    engine = get_engine(game)
    try:
        options = engine.validate_options(options, len(seats))
        seed = new_seed() if seed is None else seed
        state = engine.new_game(len(seats), options, seed, deck)
    except InvalidOptions as exc:
        raise ActionRejected(say(game, exc.msg)) from exc
    with transaction.atomic():
        match = Match.objects.create(
            game=game,
            table=table,
            players=len(seats),
            options=options,
            seed=seed,
            deck=deck,
            rules_version=engine.rules_version,
            state=engine.to_json(state),
            move_seconds=move_seconds or None,
            bot_delay=bot_delay,
            stake=stake,
            solo=solo,
            kind=kind or (SOLO.name if solo else TABLE.name),
            phase_key=engine.simultaneous_key(state) or "",
            bot_seats=any(spec.bot_strength for spec in seats),
        )
        for index, spec in enumerate(seats):
            seat = Seat.objects.create(
                match=match,
                index=index,
                user=spec.user,
                guest=spec.guest,
                name=spec.name,
                bot_strength=spec.bot_strength,
                is_human=spec.is_human,
                prefs=dict(spec.prefs),
                language=language_of(spec.user, spec.guest) if spec.is_human else "",
            )
            if stake and spec.is_human:
                if spec.user is None:
                    raise ActionRejected(_("Gäste spielen nur an Tischen ohne Einsatz."))
                try:
                    wallet.hold(spec.user, stake, ref=f"match:{match.pk}")
                except wallet.InsufficientFunds as exc:
                    raise ActionRejected(
                        _("%(name)s hat nicht genug Taler für den Einsatz.") % {"name": spec.name}
                    ) from exc
                seat.stake_paid = stake
                seat.save(update_fields=["stake_paid"])
        schedule(match, engine, state, phase_changed=True)
        match.save(update_fields=["deadline", "timer_due", "clock_left"])
        log.info("match start match=%s game=%s players=%s", match.pk, game, len(seats))
    return match
