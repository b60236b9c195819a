"""Tables: open, join, get ready, start, rematch, invite. Views and consumers only call these."""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings as site
from django.db import transaction
from django.dispatch import Signal
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from redis.exceptions import RedisError

from accounts.bots import bots_of
from accounts.identity import Player
from accounts.language import language_of
from accounts.models import Guest, User
from accounts.ratelimit import count_hit
from games import registry
from games.actions import ActionRejected, SeatSpec, start_match
from games.engines.base import InvalidOptions, get_engine
from games.kinds import FERN
from games.models import Match, Seat
from games.registry import say
from lobby.acquaintances import invitable_by
from lobby.models import BOT_TEMPO_SECONDS, SOLO_BOT_TEMPO, Member, Table

log = logging.getLogger("speedgames.lobby")


def _notify(group: str, message: dict[str, Any]) -> None:
    """Publish to a lobby, table or person's group. Redis out of reach loses only the push (the
    change is committed; the pages catch up on their next update)."""
    layer = get_channel_layer()
    if layer is not None:
        try:
            async_to_sync(layer.group_send)(group, message)
        except Exception as exc:  # noqa: BLE001 - Redis down or unreachable
            log.warning("push to %s not sent: %s", group, exc)


def announce(table: Table) -> None:
    """After commit: the table's page and the game's lobby list re-render."""
    table_id, game = table.pk, table.game

    def go() -> None:
        _notify(f"table-{table_id}", {"type": "table.update"})
        _notify(f"lobby-{game}", {"type": "lobby.update"})

    transaction.on_commit(go)


def open_table(player: Player, game: str, settings: dict[str, Any]) -> Table:
    with transaction.atomic():
        table = Table(game=game)
        apply_settings(table, settings, player)
        table.save()
        Member.objects.create(table=table, user=player.user, guest=player.guest, is_opener=True)
        log.info("table open table=%s game=%s", table.pk, game)
        announce(table)
    return table


def apply_settings(table: Table, settings: dict[str, Any], player: Player) -> None:
    """Validate and store the opener's settings (German ``ActionRejected`` on bad values)."""
    engine = get_engine(table.game)
    seats = settings.get("seats", table.seats or engine.max_players)
    if not isinstance(seats, int) or not engine.min_players <= seats <= engine.max_players:
        raise ActionRejected(
            _("%(game)s spielt man zu %(lo)d bis %(hi)d.")
            % {"game": engine.name, "lo": engine.min_players, "hi": engine.max_players}
        )
    try:
        options = engine.validate_options(settings.get("options", table.options), seats)
    except InvalidOptions as exc:
        raise ActionRejected(say(table.game, exc.msg)) from exc
    stake = settings.get("stake", table.stake)
    if not isinstance(stake, int) or stake < 0 or stake > 100_000:
        raise ActionRejected(_("Der Einsatz muss eine ganze Zahl von 0 bis 100000 sein."))
    if stake and player.is_guest:
        raise ActionRejected(_("Gäste können keinen Tisch mit Einsatz eröffnen."))
    if stake and table.pk and table.members.filter(guest__isnull=False).exists():
        raise ActionRejected(_("Mit Gästen am Tisch geht nur ein Spiel ohne Einsatz."))
    table.seats = seats
    table.options = options
    table.stake = stake
    table.move_seconds = settings.get("move_seconds", table.move_seconds)
    table.bot_tempo = settings.get("bot_tempo", table.bot_tempo)
    table.bot_strength = settings.get("bot_strength", table.bot_strength)
    table.fill_with_bots = settings.get("fill_with_bots", table.fill_with_bots)
    table.chat_enabled = bool(settings.get("chat_enabled", table.chat_enabled))
    table.updated = timezone.now()
    if table.move_seconds not in (0, 30, 60, 90, 120) and not table.fern:
        raise ActionRejected(_("Diese Bedenkzeit gibt es nicht."))
    if table.fern and table.solo:
        raise ActionRejected(_("Eine Fernpartie spielt man mit anderen Menschen, nicht allein."))
    if table.fern and not registry.get(table.game).turn_based:
        raise ActionRejected(str(registry.get(table.game).turn_based_refusal))
    if table.bot_tempo not in BOT_TEMPO_SECONDS:
        raise ActionRejected(_("Dieses Tempo gibt es nicht."))
    if table.bot_strength not in ("leicht", "normal", "stark"):
        raise ActionRejected(_("Diese Stärke gibt es nicht."))


def update_settings(table: Table, player: Player, settings: dict[str, Any]) -> None:
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        member = table.member_of(player)
        if member is None or not member.is_opener:
            raise ActionRejected(_("Nur wer den Tisch eröffnet hat, stellt die Regeln ein."))
        if table.status != Table.Status.OPEN:
            raise ActionRejected(_("Während der Partie lassen sich die Regeln nicht ändern."))
        if settings.get("seats", table.seats) < table.members.count():
            raise ActionRejected(_("Es sitzen schon mehr Leute am Tisch."))
        apply_settings(table, settings, player)
        table.save()
        table.members.filter(is_opener=False).update(ready=False)
        announce(table)


def join(table: Table, player: Player) -> Member:
    """Sit down at an open table (idempotent for who already sits there)."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        member = table.member_of(player)
        if member is not None:
            return member
        if table.status == Table.Status.CLOSED:
            raise ActionRejected(_("Dieser Tisch ist geschlossen – die Einladung ist abgelaufen."))
        if table.solo:
            raise ActionRejected(_("An einer Solo-Partie kann niemand dazukommen."))
        if table.stake and player.is_guest:
            raise ActionRejected(
                _(
                    "An diesem Tisch wird um Taler gespielt – Gäste können nur an Tischen ohne "
                    "Einsatz mitspielen. Registriere dich, um dabei zu sein."
                )
            )
        if table.members.count() >= table.seats:
            raise ActionRejected(_("Der Tisch ist voll."))
        member = Member.objects.create(table=table, user=player.user, guest=player.guest)
        table.updated = timezone.now()
        table.save(update_fields=["updated"])
        log.info("table join table=%s player=%s", table.pk, player.key)
        announce(table)
        return member


def leave_table(table: Table, player: Player) -> None:
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        member = table.member_of(player)
        if member is None:
            return
        remove_member(table, member)


def remove_member(table: Table, member: Member) -> None:
    """Take a person from the table (its row locked by the caller): the next person becomes the
    opener, an empty table closes."""
    was_opener, member_id = member.is_opener, member.pk
    member.delete()
    rest = list(table.members.order_by("joined", "id"))
    if not rest:
        table.status = Table.Status.CLOSED
    elif was_opener:
        rest[0].is_opener = True
        rest[0].save(update_fields=["is_opener"])
    if table.partner_id == member_id:
        table.partner = None
    table.updated = timezone.now()
    table.save()
    announce(table)


def set_ready(table: Table, player: Player, ready: bool) -> None:
    member = table.member_of(player)
    if member is None:
        raise ActionRejected(_("Du sitzt nicht an diesem Tisch."))
    Member.objects.filter(pk=member.pk).update(ready=ready)
    with transaction.atomic():
        announce(table)


def choose_partner(table: Table, player: Player, member_id: int | None) -> None:
    member = table.member_of(player)
    if member is None or not member.is_opener:
        raise ActionRejected(_("Nur wer den Tisch eröffnet hat, wählt den Partner."))
    partner = (
        table.members.filter(pk=member_id).exclude(pk=member.pk).first() if member_id else None
    )
    if member_id and partner is None:
        raise ActionRejected(_("Diesen Mitspieler gibt es an diesem Tisch nicht."))
    table.partner = partner
    table.save(update_fields=["partner"])
    with transaction.atomic():
        announce(table)


def seat_order(
    people: list[tuple[str, Any]],
    partners: tuple[str, str] | None = None,
    teams: list[list[int]] | None = None,
) -> list[tuple[str, Any]]:
    """Seats are given alphabetically (seed rule). With a wished partner pair in a team game
    (``teams`` from the engine, e.g. seats 0+2 and 1+3), the pair takes the seats of one team –
    the team of the alphabetically first person if that is one of the pair – and everyone else
    fills the other seats alphabetically."""
    ordered = sorted(people, key=lambda p: (p[0].casefold(), p[0]))
    if partners is None or not teams:
        return ordered
    pair = [p for p in ordered if p[0] in partners]
    team = next((t for t in teams if len(t) == 2), None)
    if len(pair) != 2 or team is None:
        return ordered
    rest = iter(p for p in ordered if p[0] not in partners)
    if ordered[0] not in pair:  # the first person keeps seat 0: the pair takes a team without it
        team = next((t for t in teams if len(t) == 2 and 0 not in t), team)
    pair_seats = iter(pair)
    return [next(pair_seats) if i in team else next(rest) for i in range(len(ordered))]


def start(table: Table, player: Player, seed: int | None = None, kind: str = "") -> Match:
    """The opener starts: everyone must be ready; free seats get bots (or stay empty)."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        member = table.member_of(player)
        if member is None or not member.is_opener:
            raise ActionRejected(_("Nur wer den Tisch eröffnet hat, startet die Partie."))
        if table.status != Table.Status.OPEN:
            raise ActionRejected(_("Die Partie läuft schon."))
        members = list(table.members.select_related("user", "guest"))
        waiting = [m.name for m in members if not m.is_opener and not m.ready]
        if waiting:
            raise ActionRejected(
                _("Noch nicht bereit: %(names)s.") % {"names": ", ".join(sorted(waiting))}
            )
        return launch(table, members, seed, kind)


def launch(
    table: Table,
    members: list[Member],
    seed: int | None = None,
    kind: str = "",
    prefs: dict[int, dict[str, Any]] | None = None,
) -> Match:
    """Start the table's next match with these people (inside the caller's transaction, the
    table row locked): free seats get bots (or stay empty), seats are given alphabetically.
    ``kind``: the match's kind (``games.kinds``; default a plain solo game or a table, a
    Fernpartie at a table with a time per move of hours or days). ``prefs``: a member's seat
    preferences from the start, by user id (a tournament's berserk)."""
    prefs = prefs or {}
    engine = get_engine(table.game)
    if not kind and table.fern:
        kind = FERN.name
        check_fern_limit(members)
    people: list[tuple[str, SeatSpec]] = [
        (
            m.name,
            SeatSpec(name=m.name, user=m.user, guest=m.guest, prefs=prefs.get(m.user_id or 0, {})),
        )
        for m in members
    ]
    free = table.seats - len(people)
    if free and table.fill_with_bots:
        taken = {p[0].casefold() for p in people}
        bots = [b for b in bots_of(table.bot_strength) if b.username.casefold() not in taken]
        for bot in bots[:free]:
            people.append(
                (
                    bot.username,
                    SeatSpec(name=bot.username, user=bot, bot_strength=table.bot_strength),
                )
            )
    if len(people) < engine.min_players:
        raise ActionRejected(
            _("Zu wenige Spieler: %(game)s braucht mindestens %(n)d.")
            % {"game": engine.name, "n": engine.min_players}
        )
    partners = None
    options = dict(table.options)
    try:
        teams = engine.teams(len(people), options)
    except InvalidOptions as exc:
        raise ActionRejected(say(table.game, exc.msg)) from exc
    opener = next((m for m in members if m.is_opener), None)
    if teams and table.partner_id and opener is not None:
        partners = (opener.name, table.partner.name)  # type: ignore[union-attr]
    ordered = seat_order(people, partners, teams)
    if seed is not None:  # a daily deal: the person sits on seat 0, so every player gets it
        ordered.sort(key=lambda p: bool(p[1].bot_strength))
    match = start_match(
        table.game,
        [spec for _name, spec in ordered],
        options,
        table=table,
        move_seconds=table.move_seconds or None,
        bot_delay=BOT_TEMPO_SECONDS[table.bot_tempo],
        stake=table.stake,
        solo=table.solo,
        deck=table.deck,
        seed=seed,
        kind=kind,
    )
    table.status = Table.Status.PLAYING
    table.deck = None
    table.updated = timezone.now()
    table.save(update_fields=["status", "deck", "updated"])
    table.members.update(ready=False)
    log.info("table start table=%s match=%s", table.pk, match.pk)
    announce(table)
    return match


def start_solo(
    player: Player,
    game: str,
    bots: int,
    strength: str,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    deck: list[str] | None = None,
    tempo: str = SOLO_BOT_TEMPO,
    kind: str = "",
) -> Match:
    """Solo against the computer: a private table that starts at once (no stake). ``tempo``:
    how soon the computers move (``BOT_TEMPO_SECONDS``). ``deck``: stacked cards (tests and
    staff only, like ``Table.deck``). ``kind``: the match's kind (``games.kinds``; default a
    plain solo game – the daily game and the Händlerreise pass theirs)."""
    engine = get_engine(game)
    if not isinstance(bots, int) or not engine.min_players <= bots + 1 <= engine.max_players:
        raise ActionRejected(
            _("Wähle %(lo)d bis %(hi)d Computergegner.")
            % {"lo": engine.min_players - 1, "hi": engine.max_players - 1}
        )
    for opt in engine.options_schema:
        if opt.table_only and (options or {}).get(opt.key, opt.default) != opt.default:
            raise ActionRejected(
                _("„%(option)s“ gibt es nur am Tisch mit anderen Menschen, nicht allein.")
                % {"option": say(engine.slug, opt.label)}
            )
    with transaction.atomic():
        check_solo_limit(player)
        table = Table(
            game=game, solo=True, seats=bots + 1, bot_strength=strength, stake=0, deck=deck
        )
        apply_settings(
            table,
            {
                "seats": bots + 1,
                "options": options or {},
                "stake": 0,
                "move_seconds": 0,
                "bot_strength": strength,
                "bot_tempo": tempo,
            },
            player,
        )
        table.save()
        Member.objects.create(table=table, user=player.user, guest=player.guest, is_opener=True)
        return start(table, player, seed=seed, kind=kind)


def check_solo_limit(player: Player) -> None:
    """At most ``MAX_RUNNING_SOLO`` running solo games per person (a game left to the computer
    runs, and counts, until it ends). The person's row is locked first, so two starts at once
    cannot both pass the count."""
    limit = int(getattr(site, "MAX_RUNNING_SOLO", 3))
    if player.user is not None:
        User.objects.select_for_update().filter(pk=player.user.pk).first()
        mine = {"seats__user": player.user}
    elif player.guest is not None:
        Guest.objects.select_for_update().filter(pk=player.guest.pk).first()
        mine = {"seats__guest": player.guest}
    else:
        return
    running = (
        Match.objects.filter(solo=True, status=Match.Status.RUNNING, seats__is_human=True, **mine)
        .distinct()
        .count()
    )
    if running >= limit:
        raise ActionRejected(
            ngettext(
                "Du hast schon %(n)d laufende Solo-Partie – mehr als %(n)d gleichzeitig geht nicht. "
                "Spiele sie zu Ende (eine verlassene Partie spielt der Computer zu Ende) und "
                "starte dann die nächste.",
                "Du hast schon %(n)d laufende Solo-Partien – mehr als %(n)d gleichzeitig gehen "
                "nicht. Spiele eine davon zu Ende (eine verlassene Partie spielt der Computer zu "
                "Ende) und starte dann die nächste.",
                limit,
            )
            % {"n": limit}
        )


def left_to_computer(member: Member, seats: list[Seat]) -> Seat | None:
    """The person's seat of a match that ended with the computer playing for them (they pressed
    „Partie verlassen“ or were gone too long and did not come back), or ``None``."""
    return next(
        (s for s in seats if s.is_human and s.bot_strength and s.belongs_to(member.player)), None
    )


def drop_leavers(table: Table, seats: list[Seat]) -> list[Member]:
    """Who left the table's match to the computer has left the table too (issue 41.19): the
    table lists only the people who are really in, so „Nochmal – gleicher Tisch“ takes exactly
    them (``remove_member``: a new opener, an empty table closes). Inside the caller's
    transaction, the table row locked. Returns the removed members."""
    gone = [m for m in table.members.select_related("user", "guest") if left_to_computer(m, seats)]
    for member in gone:
        remove_member(table, member)
    return gone


def check_fern_limit(members: list[Member]) -> None:
    """At most ``MAX_RUNNING_FERN`` running Fernpartien per person (the solo limit does not apply
    to them: a Fernpartie waits for its people by design)."""
    limit = int(getattr(site, "MAX_RUNNING_FERN", 30))
    for member in members:
        mine = {"seats__user": member.user} if member.user else {"seats__guest": member.guest}
        running = (
            Match.objects.filter(kind=FERN.name, status=Match.Status.RUNNING, **mine)
            .distinct()
            .count()
        )
        if running >= limit:
            raise ActionRejected(
                _("%(name)s hat schon %(n)d laufende Fernpartien – mehr gehen nicht gleichzeitig.")
                % {"name": member.name, "n": running}
            )


def match_finished(match: Match) -> None:
    """Called inside the finishing transaction: the table is open again for a rematch, without
    the people who left the match to the computer (``drop_leavers``)."""
    table = Table.objects.select_for_update().get(pk=match.table_id)
    if not table.solo:
        drop_leavers(table, list(match.seats.all()))
        if not table.members.exists():  # everybody left: nobody to play on
            table.status = Table.Status.CLOSED
            table.updated = timezone.now()
            table.save(update_fields=["status", "updated"])
            announce(table)
            return
    table.status = Table.Status.CLOSED if table.solo else Table.Status.OPEN
    table.updated = timezone.now()
    table.save(update_fields=["status", "updated"])
    announce(table)


def _not_delivered() -> ActionRejected:
    """What a sender learns when the recipient does not get the toast (refuses strangers, or got
    too many invitations this minute): the same words for both, nothing about their settings."""
    return ActionRejected(
        _(
            "Diese Einladung kann gerade nicht zugestellt werden. "
            "Schick stattdessen den Einladungslink."
        )
    )


#: sent by ``invite`` when an invitation by name went out (its toast sent):
#: ``invited.send(sender=Table, table=table, sender_name=..., recipient=user)`` – the alerts app
#: (a layer above) mails and pushes it to a person who is not on the site
invited = Signal()


def invite_limit_keys(sender_id: int, recipient_id: int) -> tuple[str, str]:
    """The cache counters of invitations by name: per sender and per recipient."""
    return f"invite:from:{sender_id}", f"invite:to:{recipient_id}"


def invite(table: Table, sender: Player, user_id: int) -> None:
    """Tell an online user about this table; their open page shows it at once.

    Only registered people at the table invite by name. Limits per minute (Redis counters):
    ``INVITES_PER_SENDER_PER_MINUTE`` attempts per sender, ``INVITES_PER_RECIPIENT_PER_MINUTE``
    delivered toasts per recipient; a recipient with ``invites_known_only`` gets them only from
    acquaintances (``lobby.acquaintances``). Without Redis no invitation goes out (fail closed)."""
    if table.member_of(sender) is None:
        raise ActionRejected(_("Nur wer am Tisch sitzt, kann einladen."))
    if sender.user is None:
        raise ActionRejected(
            _(
                "Einladungen an Namen verschicken nur angemeldete Spieler. Schick den Einladungslink."
            )
        )
    recipient = User.objects.filter(pk=user_id, is_active=True, is_bot=False).first()
    if recipient is None or recipient.pk == sender.user.pk:
        raise ActionRejected(_("Diese Person kannst du nicht einladen."))
    from_key, to_key = invite_limit_keys(sender.user.pk, recipient.pk)
    try:
        sent = count_hit(from_key, 60)
        limit = int(site.INVITES_PER_SENDER_PER_MINUTE)
        if sent > limit:
            raise ActionRejected(
                ngettext(
                    "Du hast gerade schon %(n)d Einladung verschickt – warte eine Minute, "
                    "bevor du die nächste verschickst.",
                    "Du hast gerade schon %(n)d Einladungen verschickt – warte eine Minute, "
                    "bevor du die nächste verschickst.",
                    limit,
                )
                % {"n": limit}
            )
        if recipient.pk not in invitable_by(sender.user, [recipient.pk]):
            raise _not_delivered()
        if count_hit(to_key, 60) > int(site.INVITES_PER_RECIPIENT_PER_MINUTE):
            raise _not_delivered()
        invitation = {
            "table": table.pk,
            "game": get_engine(table.game).name,
            "sender": sender.name,
            "token": table.token,
        }
        # rendered here, in the recipient's language (issue 46), so that every page's socket
        # (the match socket too) only sends it on and no lower app needs the lobby's template
        with translation.override(language_of(recipient)):
            html = render_to_string("lobby/_invite_toast.html", invitation)
        _notify(f"user-u{recipient.pk}", {"type": "notify.invite", **invitation, "html": html})
    except (RedisError, OSError) as exc:
        log.warning("invitation not sent, redis: %s", exc)
        raise ActionRejected(
            _(
                "Einladungen gehen gerade nicht raus. Schick den Einladungslink oder versuch es "
                "gleich noch einmal."
            )
        ) from exc
    invited.send(sender=Table, table=table, sender_name=sender.name, recipient=recipient)
