"""The Händlerreise: Speedbasar's solo campaign, seven stations from Kairo to Samarkand.

Each station is a solo game with exactly one Extrascharf rule (the station's, in the route order
of the engine's ``EXTRASCHARF``) against stronger bots along the route. Its goal is place 1
(a shared first place counts, as for the engine's winners); in Basra and Samarkand also at least
one Gewürzkrug. A passed station opens the next one and can be replayed.

Progress is one ``JourneyStop`` per person and station (account xor guest, see
``lobby.progress``: a guest's progress belongs to the account that claims the guest on
registering). Solo games need an account or a guest, so a visitor without either has no progress.
A station match is of the kind ``journey`` (``kind.Station``) and marked by a ``JourneyMatch``;
this app's receiver of ``match_finished`` decides it inside the finishing transaction
(``record_result``), the kind puts the outcome on the end screen with „Weiter nach …“ or
„Nochmal versuchen“ (``end_note``) and hands ``achievement_context`` to the engine's Erfolge
(Weltreisender).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Count
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.identity import Player
from games.actions import ActionRejected
from games.models import Match, Seat
from games.rendering import EndNote
from games.speedbasar.engine.rules import EXTRASCHARF
from games.speedbasar.journey.models import JourneyMatch, JourneyStop
from games.speedbasar.texts import TEXTS
from lobby.progress import owned_by
from lobby.services import start_solo

GAME = "speedbasar"
#: ``Match.kind`` of a station's match (``kind.Station``)
KIND = "journey"
StrOrPromise = str | Promise


@dataclass(frozen=True)
class Station:
    number: int  # 1–7 along the route
    slug: str  # "kairo" … "samarkand" (the engine's achievement context uses it)
    city: StrOrPromise  # the city's name (lazy: said in the active language)
    rule: str  # the Extrascharf rule key
    rule_title: StrOrPromise
    briefing: StrOrPromise  # the rule in 1–3 sentences, shown before the first attempt
    bots: int
    strength: str  # "leicht" / "normal" / "stark"
    needs_krug: bool = False

    @property
    def goal(self) -> str:
        if self.needs_krug:
            return _("Platz 1 und mindestens ein Gewürzkrug")
        return _("Platz 1")

    @property
    def opponents(self) -> str:
        return _("%(n)d Computergegner, %(strength)s") % {"n": self.bots, "strength": self.strength}

    @property
    def options(self) -> dict[str, Any]:
        return {"extrascharf": "auswahl", "regeln": [self.rule]}


# per rule: the briefing, the bots (count, strength) and whether a Krug is part of the goal
_LEGS: dict[str, tuple[StrOrPromise, int, str, bool]] = {
    "gleicher_preis": (
        gettext_lazy(
            "Du darfst die letzte Zahl wiederholen: Nach Safran 5 geht also noch einmal Safran 5, "
            "nach einer 10 die 10 noch einmal oder 1 bis 3. So bleibst du öfter ehrlich."
        ),
        2,
        "leicht",
        False,
    ),
    "feilschen": (
        gettext_lazy(
            "Ein Zweifel an der Zahl scheitert, wenn die echte Zahl mindestens so hoch ist wie die "
            "angesagte: Safran 7 als „Safran 4“ ist sicher. Die Gewürzmühle verliert ihn trotzdem, "
            "die Waage übersteht ihn."
        ),
        3,
        "leicht",
        False,
    ),
    "enge_gasse": (
        gettext_lazy(
            "Nur der nächste Spieler darf anzweifeln. Glaubt er, geht es sofort weiter – alle "
            "anderen müssen schweigen."
        ),
        3,
        "normal",
        False,
    ),
    "zehnerzoll": (
        gettext_lazy(
            "Wer einen Zweifel um eine angesagte 10 verliert, zieht 4 Karten statt 2 – der erwischte "
            "Ansager genauso wie der Zweifler, der falsch lag."
        ),
        3,
        "normal",
        True,
    ),
    "reine_ware": (
        gettext_lazy(
            "Legt jemand seine letzte Karte, verlieren Joker jeden Zweifel. Mit Waage oder Mühle als "
            "letzter Karte wird es also gefährlich."
        ),
        4,
        "normal",
        False,
    ),
    "handschlag": (
        gettext_lazy(
            "Statt anzuzweifeln darfst du „Stimmt genau!“ rufen: Gewürz und Zahl stimmen beide (ein "
            "Joker stimmt nie genau). Hast du recht, bekommst du den Stapel, sonst ziehst du 2 Karten "
            "wie nach einem verlorenen Zweifel."
        ),
        3,
        "stark",
        False,
    ),
    "doppelladung": (
        gettext_lazy(
            "Du darfst zwei Karten unter einer Ansage legen. Ein Zweifel prüft beide: Nur wenn beide "
            "das Merkmal erfüllen, hält die Ansage."
        ),
        3,
        "stark",
        True,
    ),
}

STATIONS: tuple[Station, ...] = tuple(
    Station(i, slug, TEXTS[f"station.{slug}"], key, TEXTS[title], *_LEGS[key])  # type: ignore[arg-type]
    for i, (key, slug, title) in enumerate(EXTRASCHARF, 1)
)
BY_SLUG: dict[str, Station] = {s.slug: s for s in STATIONS}


def station(slug: str) -> Station | None:
    return BY_SLUG.get(slug)


def next_station(current: Station) -> Station | None:
    return STATIONS[current.number] if current.number < len(STATIONS) else None


# -- progress -------------------------------------------------------------------------------------
def stops(player: Player | None) -> dict[str, JourneyStop]:
    """The person's rows by station (a passed row wins over an unpassed one)."""
    if player is None:
        return {}
    out: dict[str, JourneyStop] = {}
    rows = JourneyStop.objects.filter(owned_by(player)).annotate(tries=Count("attempts"))
    for row in rows.order_by("started", "pk"):
        have = out.get(row.station)
        if have is None or (have.passed is None and row.passed is not None):
            out[row.station] = row
    return out


def passed_stations(player: Player | None) -> set[str]:
    return {slug for slug, row in stops(player).items() if row.passed is not None}


def is_open(passed: set[str], target: Station) -> bool:
    """The first station is always open; every other one once the one before it is passed."""
    return target.number == 1 or STATIONS[target.number - 2].slug in passed


def overview(player: Player | None) -> list[dict[str, Any]]:
    """Every station with its state for ``player``: "passed", "open" or "locked"."""
    rows = stops(player)
    passed = {slug for slug, row in rows.items() if row.passed is not None}
    out = []
    for s in STATIONS:
        row = rows.get(s.slug)
        if s.slug in passed:
            state = "passed"
        elif is_open(passed, s):
            state = "open"
        else:
            state = "locked"
        out.append(
            {
                "station": s,
                "state": state,
                "tried": row is not None and row.tries > 0,  # type: ignore[attr-defined]
                "before": STATIONS[s.number - 2] if s.number > 1 else None,
                "passed_on": row.passed if row is not None else None,
            }
        )
    return out


def current_station(player: Player | None) -> Station | None:
    """Where the journey goes on: the first open station not passed yet (``None``: finished)."""
    passed = passed_stations(player)
    return next((s for s in STATIONS if s.slug not in passed), None)


# -- playing --------------------------------------------------------------------------------------
def start_station(player: Player, slug: str) -> Match:
    """Start an attempt at a station (open or passed); a locked one is refused in German."""
    target = station(slug)
    if target is None:
        raise ActionRejected(_("Diese Station gibt es nicht."))
    with transaction.atomic():
        rows = stops(player)
        passed = {s for s, row in rows.items() if row.passed is not None}
        if not is_open(passed, target):
            before = STATIONS[target.number - 2]
            raise ActionRejected(
                _("%(city)s ist noch gesperrt: Schaffe zuerst %(before)s.")
                % {"city": target.city, "before": before.city}
            )
        row = rows.get(target.slug)
        if row is None:
            row, _created = JourneyStop.objects.get_or_create(
                user=player.user, guest=player.guest, station=target.slug
            )
        row = JourneyStop.objects.select_for_update().get(pk=row.pk)
        deck, seed = row.deck, row.seed
        if deck is not None or seed is not None:  # a stacked attempt is used once
            row.deck = row.seed = None
            row.save(update_fields=["deck", "seed"])
        match = start_solo(
            player,
            GAME,
            target.bots,
            target.strength,
            target.options,
            seed=seed,
            deck=deck,
            kind=KIND,
        )
        JourneyMatch.objects.create(match=match, stop=row)
    return match


def goal_reached(target: Station, index: int, result: dict[str, Any]) -> bool:
    """Place 1 (shared counts), and in Basra and Samarkand at least one Gewürzkrug."""
    if result["places"][index] != 1:
        return False
    if target.needs_krug:
        krugs = (result.get("details") or {}).get("krugs") or []
        return index < len(krugs) and krugs[index] >= 1
    return True


def _person(seats: list[Seat]) -> Seat | None:
    return next((s for s in seats if s.is_human), None)


def record_result(match: Match, seats: list[Seat]) -> bool | None:
    """Decide a finished station match (inside the finishing transaction). A station is passed
    only if the person reached the goal while playing themselves (not while the computer played
    for them at the end). Returns whether it was passed (``None``: no station match)."""
    mark = JourneyMatch.objects.select_related("stop").filter(match=match).first()
    if mark is None:
        return None
    target = BY_SLUG[mark.stop.station]
    person = _person(seats)
    passed = bool(
        person is not None
        and not person.bot_strength
        and match.result
        and goal_reached(target, person.index, match.result)
    )
    mark.passed = passed
    mark.save(update_fields=["passed"])
    if passed:  # the first success counts; a replay keeps the date
        JourneyStop.objects.filter(pk=mark.stop_id, passed__isnull=True).update(
            passed=timezone.now(), passed_match=match
        )
    return passed


def station_of(match: Match) -> tuple[Station, JourneyMatch] | None:
    mark = JourneyMatch.objects.select_related("stop").filter(match_id=match.pk).first()
    if mark is None:
        return None
    return BY_SLUG[mark.stop.station], mark


def achievement_context(match: Match, seat: Seat) -> dict[str, Any]:
    """What only the site knows for the engine's Erfolge: a station match of a person who
    played it to the end is ``{"mode": "reise", "station": slug}`` (Weltreisender in
    Samarkand); the engine itself checks the goal (won with a Krug)."""
    if match.game != GAME or seat.bot_strength or not seat.is_human:
        return {}
    found = station_of(match)
    if found is None:
        return {}
    return {"mode": "reise", "station": found[0].slug}


# -- the end screen -------------------------------------------------------------------------------
def _start_button(target: Station, label: str, element_id: str) -> SafeString:
    return format_html(
        '<button type="button" class="button small" id="{}" hx-post="{}">{}</button>',
        element_id,
        reverse("journey:station", args=[target.slug]),
        label,
    )


def end_note(match: Match, seat: Seat) -> str | EndNote | None:
    """The station's outcome on the end screen, with „Weiter nach …“ (and the next rule in a
    sentence, so it is explained before the first attempt) or „Nochmal versuchen“."""
    if match.status != Match.Status.FINISHED or not seat.is_human:
        return None
    found = station_of(match)
    if found is None or found[1].passed is None:
        return None
    target, mark = found
    overview_link = format_html(
        '<a href="{}" id="journey-map">{}</a>', reverse("journey:map"), _("Zur Reisekarte")
    )
    if not mark.passed:
        place = (match.result or {}).get("places", [0] * (seat.index + 1))[seat.index]
        if seat.bot_strength:
            why = _("Der Computer hat für dich zu Ende gespielt – das zählt nicht.")
        elif place == 1:
            why = _("Platz 1, aber ohne Gewürzkrug – hier brauchst du auch einen Krug.")
        else:
            why = _("Platz %(place)s – das Ziel ist %(goal)s.") % {
                "place": place,
                "goal": target.goal,
            }
        return EndNote(  # not a success: no ★ box
            format_html(
                '{} <span class="journey-detail">{}</span> {} · {}',
                _("Händlerreise: %(city)s nicht geschafft.") % {"city": target.city},
                why,
                _start_button(target, _("Nochmal versuchen"), "journey-retry"),
                overview_link,
            )
        )
    after = next_station(target)
    if after is None:
        return format_html(
            "{} {}",
            _("Händlerreise: Samarkand geschafft – du hast die ganze Reise vollendet!"),
            overview_link,
        )
    return format_html(
        '{} <span class="journey-detail">{}</span> {} · {}',
        _("Händlerreise: %(city)s geschafft!") % {"city": target.city},
        _("Nächste Station: %(city)s – %(rule)s. %(briefing)s Ziel: %(goal)s.")
        % {
            "city": after.city,
            "rule": after.rule_title,
            "briefing": after.briefing,
            "goal": after.goal,
        },
        _start_button(after, _("Weiter nach %(city)s") % {"city": after.city}, "journey-next"),
        overview_link,
    )
