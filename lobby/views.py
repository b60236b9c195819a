from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect
from redis.exceptions import RedisError

from accounts.identity import Player, current_player
from accounts.models import User
from accounts.presence import online_users
from games import ratings, registry
from games.actions import ActionRejected
from games.definition import GameDef
from games.engines.base import get_engine
from games.kinds import kinds
from games.models import Match
from games.registry import BY_SLUG
from games.running import running_games
from lobby import chat, rematch, services
from lobby.acquaintances import invitable_by
from lobby.forms import changed_rules, option_fields, parse_options, parse_settings, whole_number
from lobby.listing import TableFilter, listed_tables, player_choices, table_filter, tempo_choices
from lobby.models import (
    BOT_TEMPO_CHOICES,
    FERN_MOVE_SECONDS,
    FERN_SECONDS_CHOICES,
    MOVE_SECONDS_CHOICES,
    SOLO_BOT_TEMPO,
    STRENGTH_CHOICES,
    Table,
)


def _game_or_404(slug: str) -> Any:
    game = BY_SLUG.get(slug)
    if game is None:
        raise Http404(_("Dieses Spiel gibt es nicht."))
    return game


def _live_or_404(slug: str) -> GameDef:
    """A game that can be played: unknown → 404, not live → the German "wird gebaut" page."""
    _game_or_404(slug)
    return registry.live_game(slug)


def require_player(request: HttpRequest) -> Player | HttpResponse:
    player = current_player(request)
    if player is None:
        messages.info(request, _("Bitte melde dich an, um zu spielen."))
        return redirect(f"{reverse('accounts:login')}?next={request.path}")
    return player


def back_to(request: HttpRequest, url: str) -> HttpResponse:
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def open_tables(game: str, flt: TableFilter | None = None) -> list[Table]:
    tables = Table.objects.filter(game=game, solo=False, status=Table.Status.OPEN)
    if flt is not None:
        tables = flt.apply(tables)
    return listed_tables(
        list(tables.prefetch_related("members__user", "members__guest").order_by("-created")[:50])
    )


def table_rows(game: str, tables: list[Table]) -> list[dict[str, Any]]:
    """What the lobby says about each open table: its people with their Wertung (the opener
    first; one query for all tables), the tempo, the stake and the rules that differ from the
    game's default."""
    engine = get_engine(game)
    members = {t.pk: sorted(t.members.all(), key=lambda m: not m.is_opener) for t in tables}
    shown = ratings.of_people(game, (m.user_id for ms in members.values() for m in ms))
    return [
        {
            "table": t,
            "members": [
                {"member": m, "rating": None if m.is_guest else shown.get(m.user_id)}
                for m in members[t.pk]
            ],
            "taken": len(members[t.pk]),
            "full": len(members[t.pk]) >= t.seats,
            "tempo": t.move_label or f"{t.move_seconds} s",
            "fern": t.move_seconds in FERN_MOVE_SECONDS,
            "rules": changed_rules(engine, t.options or {}),
        }
        for t in tables
    ]


def open_tables_context(game: str, flt: TableFilter | None = None) -> dict[str, Any]:
    return {
        "rows": table_rows(game, open_tables(game, flt)),
        "game": BY_SLUG[game],
        "filter": flt or TableFilter(),
    }


def render_open_tables(
    game: str, player: Player | None, oob: bool = False, flt: TableFilter | None = None
) -> str:
    return render_to_string(
        "lobby/_open_tables.html", {**open_tables_context(game, flt), "oob": oob}
    )


def room(request: HttpRequest, game: str) -> HttpResponse:
    info = _game_or_404(game)
    if not info.live:
        return render(request, "lobby/coming_soon.html", {"game": info})
    engine = get_engine(game)
    flt = table_filter(engine, request.GET)
    return render(
        request,
        "lobby/room.html",
        {
            **open_tables_context(game, flt),
            "player_choices": player_choices(engine),
            "tempo_filter_choices": tempo_choices(game),
            "engine": engine,
            "bot_counts": range(engine.min_players - 1, engine.max_players),
            "default_bots": max(2, engine.min_players - 1),
            "option_fields": option_fields(engine, {}, solo=True),
            "strengths": STRENGTH_CHOICES,
            "tempo_choices": BOT_TEMPO_CHOICES,
            "solo_tempo": SOLO_BOT_TEMPO,
            "player": current_player(request),
            "running": running_games(current_player(request), game),
            "panels": [p for k in kinds() if (p := k.lobby_panel(request, info))],
        },
    )


@require_POST
def solo(request: HttpRequest, game: str) -> HttpResponse:
    _live_or_404(game)
    player = require_player(request)
    if isinstance(player, HttpResponse):
        return player
    try:
        bots = int(request.POST.get("bots", "2"))
        # only the options the solo form offers: a table-only field (forged, or from a page of
        # before) is ignored, the game keeps its default
        options = parse_options(get_engine(game), request.POST, solo=True)
        match = services.start_solo(
            player,
            game,
            bots,
            request.POST.get("strength", "normal"),
            options,
            tempo=request.POST.get("tempo", SOLO_BOT_TEMPO),
        )
    except (ActionRejected, ValueError) as exc:
        messages.error(request, getattr(exc, "message", _("Ungültige Eingabe.")))
        return redirect("lobby:room", game=game)
    return redirect("games:match", match_id=match.pk)


@require_POST
def create_table(request: HttpRequest, game: str) -> HttpResponse:
    _live_or_404(game)
    player = require_player(request)
    if isinstance(player, HttpResponse):
        return player
    engine = get_engine(game)
    try:
        table = services.open_table(
            player, game, {"seats": engine.max_players, "fill_with_bots": True}
        )
    except ActionRejected as exc:
        messages.error(request, exc.message)
        return redirect("lobby:room", game=game)
    return redirect("lobby:table", table_id=table.pk)


def _teams(engine: Any, table: Table) -> list[list[int]] | None:
    try:
        return engine.teams(table.seats, table.options)
    except Exception:  # noqa: BLE001 - settings that do not fit yet: no partner choice
        return None


_ENDED = (Match.Status.FINISHED, Match.Status.ABORTED)


def table_context(table: Table, player: Player | None) -> dict[str, Any]:
    engine = get_engine(table.game)
    member = table.member_of(player)
    members = list(table.members.select_related("user", "guest"))
    shown = ratings.of_people(table.game, (m.user_id for m in members if not m.is_guest))
    match = table.matches.order_by("-created").first()
    gone = (
        rematch.left_out(match, members)
        if match is not None and not table.solo and match.status in _ENDED
        else []
    )
    return {
        "table": table,
        "game": BY_SLUG[table.game],
        "engine": engine,
        "member": member,
        "members": members,
        "member_ratings": {m.pk: shown.get(m.user_id) for m in members if not m.is_guest},
        "is_opener": bool(member and member.is_opener),
        "free_slots": range(max(0, table.seats - len(members))),
        "option_fields": option_fields(engine, table.options),
        "move_choices": MOVE_SECONDS_CHOICES
        + (FERN_SECONDS_CHOICES if BY_SLUG[table.game].turn_based and not table.solo else []),
        "move_label": table.move_label(),
        "tempo_label": dict(BOT_TEMPO_CHOICES).get(table.bot_tempo, ""),
        "strength_label": dict(STRENGTH_CHOICES).get(table.bot_strength, ""),
        "tempo_choices": BOT_TEMPO_CHOICES,
        "strength_choices": STRENGTH_CHOICES,
        "seat_choices": range(engine.min_players, engine.max_players + 1),
        "has_teams": bool(_teams(engine, table)),
        "match": match,
        "running": match if match and match.status == Match.Status.RUNNING else None,
        "all_ready": all(m.ready or m.is_opener for m in members),
        # who left the last match to the computer and so left the table (issue 41.19)
        "left_out": rematch.left_out_text(table, gone) if gone else "",
        "i_left": player is not None and any(s.belongs_to(player) for s in gone),
        "invite_path": reverse("lobby:invite", args=[table.token]),
        # „Wer ist online“ and invitations by name: registered people at the table only
        "can_invite": member is not None and player is not None and player.user is not None,
    }


def render_table_panel(table_id: int, player: Player | None, oob: bool = False) -> str:
    table = Table.objects.get(pk=table_id)
    ctx = table_context(table, player)
    ctx["oob"] = oob
    return render_to_string("lobby/_table_panel.html", ctx)


def table(request: HttpRequest, table_id: int) -> HttpResponse:
    t = get_object_or_404(Table, pk=table_id)
    registry.live_game(t.game)
    player = current_player(request)
    ctx = table_context(t, player)
    if ctx["running"] and ctx["member"] is not None:
        return redirect("games:match", match_id=ctx["running"].pk)
    return render(request, "lobby/table.html", ctx)


def invitation_note(next_url: str) -> str:
    """For the guest page reached from an invite link: who invites to which game (empty for any
    other link, or an invitation no longer open)."""
    try:
        found = resolve(urlsplit(next_url).path)
    except Resolver404:
        return ""
    if found.view_name != "lobby:invite":
        return ""
    t = Table.objects.filter(token=found.kwargs.get("token", "")).first()
    if t is None or t.status == Table.Status.CLOSED:
        return ""
    opener = t.opener
    taken = t.members.count()
    values = {
        "name": opener.name if opener else _("Jemand"),
        "game": BY_SLUG[t.game].name if t.game in BY_SLUG else t.game,
        "taken": taken,
        "seats": t.seats,
    }
    return (
        _(
            "%(name)s lädt dich zu %(game)s ein: an einen Tisch mit %(seats)s Plätzen, "
            "%(taken)s davon besetzt."
        )
        % values
    )


def invite(request: HttpRequest, token: str) -> HttpResponse:
    """The invite link: straight to the table, as a guest without an account if need be."""
    t = Table.objects.filter(token=token).first()
    if t is None or t.status == Table.Status.CLOSED:
        return render(
            request,
            "lobby/invite_expired.html",
            {
                "text": _(
                    "Diese Einladung ist abgelaufen oder ungültig. Frag nach einem neuen Link."
                )
            },
            status=410,
        )
    player = current_player(request)
    if player is None:
        return redirect(f"{reverse('accounts:guest')}?next={request.path}")
    try:
        services.join(t, player)
    except ActionRejected as exc:
        if t.member_of(player) is None:
            return render(request, "lobby/invite_expired.html", {"text": exc.message}, status=409)
    return redirect("lobby:table", table_id=t.pk)


@require_POST
def table_action(request: HttpRequest, table_id: int, op: str) -> HttpResponse:
    t = get_object_or_404(Table, pk=table_id)
    registry.live_game(t.game)
    player = require_player(request)
    if isinstance(player, HttpResponse):
        return player
    try:
        if op == "join":
            services.join(t, player)
        elif op == "leave":
            services.leave_table(t, player)
            return back_to(request, reverse("lobby:room", args=[t.game]))
        elif op == "ready":
            services.set_ready(t, player, request.POST.get("ready") == "1")
        elif op == "settings":
            chat_was = t.chat_enabled
            services.update_settings(t, player, parse_settings(get_engine(t.game), request.POST))
            t.refresh_from_db()
            if t.chat_enabled != chat_was:  # the chat's form on every open page of the table
                chat.push_state(t)
        elif op == "partner":
            raw = request.POST.get("partner") or ""
            services.choose_partner(t, player, whole_number(raw))
        elif op == "start":
            match = services.start(t, player)
            if not request.htmx:
                return redirect("games:match", match_id=match.pk)
            # the answer is the panel with the link into the match; table.js follows it once
        elif op == "invite":
            user_id = whole_number(request.POST.get("user"))
            if user_id is None:
                raise ActionRejected(_("Wen möchtest du einladen? Wähle jemanden aus der Liste."))
            services.invite(t, player, user_id)
            messages.success(request, _("Einladung verschickt."))
        else:
            raise Http404
    except ActionRejected as exc:
        if request.htmx:
            t.refresh_from_db()
            html = render_to_string(
                "lobby/_table_panel.html",
                {**table_context(t, player), "error": exc.message},
                request,
            )
            return HttpResponse(html)
        messages.error(request, exc.message)
    if request.htmx:
        t.refresh_from_db()
        return render(request, "lobby/_table_panel.html", table_context(t, player))
    return redirect("lobby:table", table_id=t.pk)


def online(request: HttpRequest, table_id: int) -> HttpResponse:
    """„Wer ist online“: only for registered people at the table (no names and ids for guests,
    anonymous visitors or anyone else), without those who would refuse the viewer's invitation."""
    t = get_object_or_404(Table, pk=table_id)
    player = current_player(request)
    if player is None or player.user is None or t.member_of(player) is None:
        return HttpResponse(status=204)
    present = {m.user_id for m in t.members.all() if m.user_id}
    try:
        candidates = [u for u in online_users() if int(u["id"]) not in present | {player.user.pk}]
    except RedisError:
        candidates = []
    invitable = invitable_by(player.user, [int(u["id"]) for u in candidates])
    invitable -= set(  # who hides their online status is not listed („Online-Status verbergen“)
        User.objects.filter(pk__in=invitable, hide_online=True).values_list("pk", flat=True)
    )
    users = [u for u in candidates if int(u["id"]) in invitable]
    return render(request, "lobby/_online.html", {"users": users, "table": t})
