"""„Nochmal – gleicher Tisch“: the next match of a table with the same people and settings, from
the end screen of its last match, without everyone pressing „Bereit“ again. A solo game's end
screen has „Nochmal“ (issue 25): the same game against the same computers with the same rules, a
new deal – the next match of the same solo table (``MAX_RUNNING_SOLO`` holds; a daily game or a
campaign station has its own way on: its kind says so, ``MatchKind.again``).

Any person still at the table presses it; the others are taken along (their end screens follow
into the new match, the table page does so already). Who left the table, or left the finished
match to the computer, is not taken along: the table's „freie Plätze mit Computer füllen“ decides
whether a bot takes the seat or it stays free. The button names the finished match, so a double
click or two people pressing at once start exactly one match (the table row is locked, the
second request finds the newer match and follows it).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from accounts.identity import Player, current_player
from games.actions import ActionRejected
from games.broadcast import broadcast_match
from games.engines.base import get_engine
from games.kinds import kind_of
from games.models import Match, Seat
from games.rendering import EndNote
from lobby import services
from lobby.models import Member, Table


def again_allowed(match: Match) -> bool:
    """Whether „Nochmal“ may repeat this finished match: its kind's answer
    (``MatchKind.again``: not a daily game's deal, not a Händlerreise station)."""
    return kind_of(match).again


def latest_match(table: Table) -> Match | None:
    return table.matches.order_by("-created", "-id").first()


def rematch(table: Table, player: Player, after: int) -> Match:
    """Start the table's next match after match ``after`` with the people still at the table.
    Idempotent: if a newer match of the table exists, that one is returned."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        member = table.member_of(player)
        if member is None:
            raise ActionRejected(_("Du sitzt nicht mehr an diesem Tisch."))
        latest = latest_match(table)
        if latest is None or not table.matches.filter(pk=after).exists():
            raise ActionRejected(_("Diese Partie gibt es an diesem Tisch nicht."))
        if latest.pk != after:
            return latest  # a double click, or someone else was quicker: follow that match
        # a finished solo game closes its table; a table's match opens it again
        done = Table.Status.CLOSED if table.solo else Table.Status.OPEN
        if latest.status != Match.Status.FINISHED or table.status != done:
            raise ActionRejected(_("Die Partie läuft noch."))
        if table.solo:
            if not again_allowed(latest):
                raise ActionRejected(
                    _("Diese Partie startest du nicht noch einmal – „Neue Partie“ führt weiter.")
                )
            services.check_solo_limit(player)
        seats = list(latest.seats.all())
        members = list(table.members.select_related("user", "guest"))
        # who left the match to the computer has left the table (``services.drop_leavers`` at
        # the match's end; here for a table whose match ended before it did so)
        gone = [m for m in members if m.pk != member.pk and services.left_to_computer(m, seats)]
        for m in gone:
            services.remove_member(table, m)
        if gone:
            members = list(table.members.select_related("user", "guest"))
        match = services.launch(table, members)
        old_id = latest.pk
        transaction.on_commit(lambda: _show_follow(old_id))
    return match


def _show_follow(match_id: int) -> None:
    """After commit: the finished match's end screens re-render, now following the new match."""
    match = Match.objects.get(pk=match_id)
    seats = list(match.seats.all())
    broadcast_match(
        match, seats, get_engine(match.game, match.rules_version).from_json(match.state)
    )


# -- the end screen --------------------------------------------------------------------------------
def end_note(match: Match, seat: Seat) -> EndNote | None:
    """On a table match's end screen, for a person still at the table: the button – the screen's
    one way on (issue 41.18) –, saying who is not coming along; once the next match runs, a
    follower that takes the page into it (``hx-trigger="load"``). For a person who left the
    match to the computer: that they are no longer at the table (issue 41.19)."""
    if not match.table_id or not seat.is_human or match.status != Match.Status.FINISHED:
        return None
    if match.solo:
        return _solo_again_note(match)
    table = match.table
    members = list(table.members.all())
    member = next((m for m in members if _is_seat_person(m, seat)), None)
    if member is None:
        return _left_note(table, seat)
    if table.status == Table.Status.CLOSED:
        return None
    latest = latest_match(table)
    if latest is not None and latest.pk != match.pk:
        if (
            latest.status != Match.Status.RUNNING
            or not latest.seats.filter(**_person_filter(member)).exists()
        ):
            return None
        return EndNote(
            format_html(
                '<span id="rematch-follow" hx-get="{}" hx-trigger="load">{} '
                '<a class="button small" href="{}">{}</a></span>',
                reverse("lobby:rematch_follow", args=[table.pk, match.pk]),
                _("Die nächste Partie am Tisch läuft."),
                reverse("games:match", args=[latest.pk]),
                _("Zur neuen Partie"),
            ),
            way_on=True,
        )
    if table.status != Table.Status.OPEN:
        return None
    explanation = _("Gleiche Leute, gleiche Regeln, neue Karten – niemand muss „Bereit“ drücken.")
    gone = left_out(match, members)
    if gone:
        explanation = _("Gleiche Regeln, neue Karten – niemand muss „Bereit“ drücken.")
    note = _again_button("rematch", match, _("Nochmal – gleicher Tisch"), explanation)
    who = ""
    if gone:
        who = format_html('<br><span class="left-out">{}</span>', left_out_text(table, gone))
    rules = ""
    if member.is_opener:  # other rules first: the table's page has the settings
        rules = format_html(
            '<br><a href="{}" id="table-settings">{}</a>',
            reverse("lobby:table", args=[table.pk]),
            _("Andere Regeln? Erst zum Tisch"),
        )
    return EndNote(format_html("{}{}{}", note.text, who, rules), way_on=True)


def left_out(match: Match, members: list[Member]) -> list[Seat]:
    """The people of ``match`` whose seat ended with the computer playing for them and who are no
    longer at its table (``services.drop_leavers``): „Nochmal“ does not take them along."""
    return [
        s
        for s in match.seats.all()
        if s.is_human and s.bot_strength and not any(_is_seat_person(m, s) for m in members)
    ]


def left_out_text(table: Table, gone: list[Seat]) -> str:
    """Who is not coming along and why, and what happens to their seat."""
    names = ", ".join(s.name for s in gone)
    if any(s.left_at for s in gone):
        said = ngettext(
            "%(names)s hat die Partie verlassen und sitzt nicht mehr am Tisch.",
            "%(names)s haben die Partie verlassen und sitzen nicht mehr am Tisch.",
            len(gone),
        )
    else:
        said = ngettext(
            "%(names)s war nicht mehr da und sitzt nicht mehr am Tisch.",
            "%(names)s waren nicht mehr da und sitzen nicht mehr am Tisch.",
            len(gone),
        )
    seat = (
        _("Den freien Platz übernimmt der Computer.")
        if table.fill_with_bots
        else _("Der Platz bleibt frei.")
    )
    return f"{said % {'names': names}} {seat}"


def _left_note(table: Table, seat: Seat) -> EndNote | None:
    """The end screen of a person who left the match to the computer: they are no longer at the
    table, „Nochmal“ plays on without them; the way back is the table's „dazusetzen“."""
    if not seat.bot_strength:
        return None
    if seat.left_at:
        said = _("Du hast die Partie verlassen – der Computer hat für dich zu Ende gespielt.")
    else:
        said = _("Du warst nicht mehr da – der Computer hat für dich zu Ende gespielt.")
    rest = _("Am Tisch sitzt du nicht mehr: „Nochmal“ spielen die anderen ohne dich.")
    if table.status != Table.Status.OPEN:
        return EndNote(format_html('<span id="left-table">{} {}</span>', said, rest))
    return EndNote(
        format_html(
            '<span id="left-table">{} {}</span> <a class="button" id="rejoin-table" href="{}">{}'
            "</a>",
            said,
            rest,
            reverse("lobby:table", args=[table.pk]),
            _("Wieder an den Tisch"),
        ),
        way_on=True,
    )


def _solo_again_note(match: Match) -> EndNote | None:
    """„Nochmal“ on a solo game's end screen (while it is the solo table's latest match)."""
    if not again_allowed(match) or latest_match(match.table) != match:
        return None
    return _again_button(
        "solo-again",
        match,
        _("Nochmal"),
        _("Gleiches Spiel gegen dieselben Computer mit denselben Regeln, neu gemischt."),
    )


def _again_button(button_id: str, match: Match, label: str, explanation: str) -> EndNote:
    """The end screen's button that starts the next match of the match's table (``rematch``)."""
    return EndNote(
        format_html(
            '<button type="button" class="button" id="{}" hx-post="{}" '
            'hx-swap="outerHTML" hx-disabled-elt="this">{}</button> <span class="muted">{}</span>',
            button_id,
            reverse("lobby:rematch", args=[match.table_id, match.pk]),
            label,
            explanation,
        )
    )


def _is_seat_person(member: Member, seat: Seat) -> bool:
    if seat.user_id is not None:
        return member.user_id == seat.user_id
    return seat.guest_id is not None and member.guest_id == seat.guest_id


def _person_filter(member: Member) -> dict[str, Any]:
    return {"user_id": member.user_id} if member.user_id else {"guest_id": member.guest_id}


# -- views ---------------------------------------------------------------------------------------
@require_POST
def rematch_view(request: HttpRequest, table_id: int, match_id: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    player = current_player(request)
    if player is None:
        return redirect(reverse("accounts:login"))
    try:
        match = rematch(table, player, match_id)
    except ActionRejected as exc:
        if request.htmx:
            return HttpResponse(format_html('<span class="error">{}</span>', exc.message))
        return redirect("lobby:table", table_id=table.pk)
    url = reverse("games:match", args=[match.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def follow_view(request: HttpRequest, table_id: int, match_id: int) -> HttpResponse:
    """The end screen of match ``match_id`` asks where the table went on: into the newer match
    if the asking person sits in it (htmx: a client redirect), else nothing (204)."""
    table = get_object_or_404(Table, pk=table_id)
    player = current_player(request)
    latest = latest_match(table)
    if (
        player is None
        or latest is None
        or latest.pk == match_id
        or latest.status != Match.Status.RUNNING
        or latest.seat_of(player) is None
    ):
        return HttpResponse(status=204)
    return HttpResponseClientRedirect(reverse("games:match", args=[latest.pk]))
