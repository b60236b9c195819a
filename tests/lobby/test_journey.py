"""The Händlerreise: seven Speedbasar stations from Kairo to Samarkand, each a solo game with its
Extrascharf rule. Real games on stacked decks, played through ``games.actions.play`` (the bots'
moves too, scripted), so the goal is decided by the real finishing transaction."""

from __future__ import annotations

from collections import Counter

import pytest

from accounts import identity
from accounts.identity import Player
from accounts.models import Guest, User
from games import actions
from games.actions import ActionRejected
from games.engines.base import get_engine, shuffle_rng
from games.models import Match
from games.presenters.base import ui_icon
from games.rendering import render_board
from games.speedbasar.engine import cards as C
from games.speedbasar.journey import stations as journey
from games.speedbasar.journey.models import JourneyMatch, JourneyStop
from leaderboards.models import Achievement

ENGINE = get_engine("speedbasar")
ROUTE = ["kairo", "damaskus", "bagdad", "basra", "isfahan", "buchara", "samarkand"]
MAP = "/spiele/speedbasar/reise/"


def person_first_seed(players: int) -> int:
    """A seed whose lot lets seat 0 (the person, who sits there in a seeded game) begin."""
    return next(s for s in range(1, 500) if shuffle_rng(s, 1).randrange(players) == 0)


def stacked_deck(players: int, above: int) -> list[str]:
    """The person gets Rosenpfeffer 1–6, the bots only Kardamom and Safran from 4 up (no
    jokers): they can never claim a Rosenpfeffer pile honestly. ``above`` cards lie over the
    Glut."""
    pool = Counter({code: C.COPIES for code in C.CODES})
    mine = [f"R{v}" for v in range(1, 7)]
    theirs = [f"{s}{v}" for v in range(4, 11) for s in "KS" for _ in range(3)]
    bots = theirs[: 6 * (players - 1)]
    pool.subtract(mine + bots)
    rest = [code for code in C.CODES if code[0] != "R" for _ in range(pool[code])]
    return mine + bots + rest[:above] + ["G"]


def stack(player: Player, slug: str, *, krug: bool) -> None:
    """Stack the next attempt at ``slug``: with ``krug`` the person can lay all six cards while
    the bots pass (5 rounds of draws), then the Krug's draw reaches the Glut; without, the first
    draw ends the game."""
    target = journey.station(slug)
    assert target is not None
    players = target.bots + 1
    above = 5 * (players - 1) + 3 if krug else 1
    row = journey.stops(player).get(slug) or JourneyStop.objects.create(
        user=player.user, guest=player.guest, station=slug
    )
    row.deck = stacked_deck(players, above)
    row.seed = person_first_seed(players)
    row.save()


def play_script(match: Match, *, person_lays: int, computer: bool = False) -> Match:
    """The person lays Rosenpfeffer 1, 2, … honestly (``person_lays`` cards, then passes); the
    bots believe every claim and pass on their turns. Every move goes through
    ``actions.play`` (seat 0's as the computer's with ``computer``)."""
    laid = 0
    for _ in range(200):
        match.refresh_from_db()
        if match.status != Match.Status.RUNNING:
            return match
        state = ENGINE.from_json(match.state)
        seat = min(ENGINE.actors(state))
        legal = ENGINE.legal_actions(state, seat)
        if seat == 0 and legal[0]["type"] == "pass":
            if laid < person_lays:
                laid += 1
                card = f"R{laid}"
                action = {"type": "lay", "cards": [card], "spice": "R", "number": laid}
            else:
                action = {"type": "pass"}
            by = "bot" if computer else "human"
        else:
            action = next(a for a in legal if a["type"] in ("believe", "pass"))
            by = "bot"
        actions.play(match.pk, seat, action, version=match.version, by=by)
    raise AssertionError("the game did not end")


def win(player: Player, slug: str, *, krug: bool = True) -> Match:
    stack(player, slug, krug=krug)
    match = journey.start_station(player, slug)
    return play_script(match, person_lays=6 if krug else 1)


def lose(player: Player, slug: str) -> Match:
    stack(player, slug, krug=False)
    match = journey.start_station(player, slug)
    return play_script(match, person_lays=0)  # passes at once: 7 cards, last place


def states(player: Player | None) -> dict[str, str]:
    return {e["station"].slug: e["state"] for e in journey.overview(player)}


# -- the route ------------------------------------------------------------------------------------
def test_seven_stations_in_the_route_order_each_with_its_rule_and_stronger_bots():
    assert [s.slug for s in journey.STATIONS] == ROUTE
    assert [s.rule for s in journey.STATIONS] == [
        "gleicher_preis",
        "feilschen",
        "enge_gasse",
        "zehnerzoll",
        "reine_ware",
        "handschlag",
        "doppelladung",
    ]
    assert [s.slug for s in journey.STATIONS if s.needs_krug] == ["basra", "samarkand"]
    power = {"leicht": 0, "normal": 1, "stark": 2}
    strength = [(power[s.strength], s.bots) for s in journey.STATIONS]
    assert strength[0] == (0, 2) and strength[-1][0] == 2
    assert all(a[0] <= b[0] for a, b in zip(strength, strength[1:], strict=False))
    assert len(set(strength)) >= 5  # it gets harder along the way, not once
    for s in journey.STATIONS:
        assert s.options == {"extrascharf": "auswahl", "regeln": [s.rule]}
        assert 1 <= s.briefing.count(". ") + 1 <= 3, s.briefing  # 1–3 sentences
        ENGINE.validate_options(s.options, s.bots + 1)


# -- goals ----------------------------------------------------------------------------------------
@pytest.mark.django_db
def test_place_one_passes_kairo_and_opens_damaskus_only(alice_player, bots):
    assert states(alice_player) == {s: "open" if s == "kairo" else "locked" for s in ROUTE}
    match = win(alice_player, "kairo", krug=False)
    seat = match.seats.get(index=0)
    assert seat.place == 1 and match.result["details"]["krugs"][0] == 0
    assert JourneyMatch.objects.get(match=match).passed is True
    row = JourneyStop.objects.get(user=alice_player.user, station="kairo")
    assert row.passed is not None and row.passed_match_id == match.pk
    assert row.deck is None and row.seed is None  # the stacked attempt was used up
    now = states(alice_player)
    assert now["kairo"] == "passed" and now["damaskus"] == "open"
    assert all(now[s] == "locked" for s in ROUTE[2:])
    # the match really played Kairo's rule alone, with Kairo's bots
    assert match.options["regeln"] == ["gleicher_preis"] and match.solo
    bots_at_table = [s for s in match.seats.all() if s.bot_strength]
    assert [s.bot_strength for s in bots_at_table] == ["leicht", "leicht"]


@pytest.mark.django_db
def test_a_loss_does_not_open_the_next_station(alice_player, bots):
    match = lose(alice_player, "kairo")
    assert match.seats.get(index=0).place == 3
    assert JourneyMatch.objects.get(match=match).passed is False
    assert states(alice_player)["damaskus"] == "locked"
    assert JourneyStop.objects.get(user=alice_player.user, station="kairo").passed is None
    with pytest.raises(ActionRejected, match="Damaskus ist noch gesperrt: Schaffe zuerst Kairo"):
        journey.start_station(alice_player, "damaskus")
    # the end screen offers another try, not the next station
    board = render_board(match, match.seats.get(index=0))
    assert "Kairo nicht geschafft" in board and 'id="journey-retry"' in board
    # not a success: a plain note, not the star box of a win
    assert '<p class="end-note">Händlerreise: Kairo nicht geschafft.' in board
    assert '<p class="celebrate">' not in board
    assert 'hx-post="/spiele/speedbasar/reise/kairo/"' in board
    assert "journey-next" not in board


@pytest.mark.django_db
def test_basra_needs_a_krug_besides_place_one(alice_player, bots):
    for slug in ROUTE[:3]:
        win(alice_player, slug)
    match = win(alice_player, "basra", krug=False)
    assert match.seats.get(index=0).place == 1
    assert match.result["details"]["krugs"][0] == 0
    assert JourneyMatch.objects.get(match=match).passed is False
    assert states(alice_player)["basra"] == "open" and states(alice_player)["isfahan"] == "locked"
    board = render_board(match, match.seats.get(index=0))
    assert "Platz 1, aber ohne Gewürzkrug" in board
    match = win(alice_player, "basra", krug=True)
    assert match.result["details"]["krugs"][0] == 1 and match.seats.get(index=0).place == 1
    assert states(alice_player)["basra"] == "passed" and states(alice_player)["isfahan"] == "open"


@pytest.mark.django_db
def test_the_computer_finishing_for_the_person_does_not_count(alice_player, bots):
    stack(alice_player, "kairo", krug=False)
    match = journey.start_station(alice_player, "kairo")
    actions.replace_with_bot(match.pk, 0)  # „Partie verlassen“: the computer plays on
    match = play_script(match, person_lays=1, computer=True)
    assert match.seats.get(index=0).place == 1
    assert JourneyMatch.objects.get(match=match).passed is False
    assert states(alice_player)["damaskus"] == "locked"


# -- order, replay ---------------------------------------------------------------------------------
@pytest.mark.django_db
def test_stations_open_one_after_the_other_and_passed_ones_can_be_replayed(alice_player, bots):
    for i, slug in enumerate(ROUTE[:3]):
        for later in ROUTE[i + 1 :]:
            with pytest.raises(ActionRejected, match="gesperrt"):
                journey.start_station(alice_player, later)
        win(alice_player, slug)
    assert states(alice_player) == {
        "kairo": "passed",
        "damaskus": "passed",
        "bagdad": "passed",
        "basra": "open",
        "isfahan": "locked",
        "buchara": "locked",
        "samarkand": "locked",
    }
    first = JourneyStop.objects.get(user=alice_player.user, station="kairo")
    # a replay of a passed station: allowed, a loss there takes nothing away
    replay = lose(alice_player, "kairo")
    assert JourneyMatch.objects.get(match=replay).passed is False
    again = JourneyStop.objects.get(user=alice_player.user, station="kairo")
    assert again.passed == first.passed and again.passed_match_id == first.passed_match_id
    assert states(alice_player)["damaskus"] == "passed"
    # a replay won: the first success keeps its date, the end screen leads on to Damaskus
    replay = win(alice_player, "kairo", krug=False)
    assert JourneyMatch.objects.get(match=replay).passed is True
    assert JourneyStop.objects.get(pk=first.pk).passed == first.passed
    board = render_board(replay, replay.seats.get(index=0))
    assert "Kairo geschafft" in board and "Weiter nach Damaskus" in board
    assert f'<p class="celebrate">{ui_icon("star")} Händlerreise: Kairo geschafft!' in board
    assert "Feilschen" in board  # the next rule, explained before its first attempt
    assert JourneyStop.objects.filter(user=alice_player.user).count() == 3
    assert JourneyMatch.objects.filter(stop__user=alice_player.user).count() == 5
    with pytest.raises(ActionRejected, match="gibt es nicht"):
        journey.start_station(alice_player, "timbuktu")


# -- guests ----------------------------------------------------------------------------------------
@pytest.mark.django_db
def test_a_guest_keeps_the_progress_and_takes_it_into_the_new_account(client, bots):
    gustav = Guest.objects.create(display_name="Gustav")
    guest = Player(guest=gustav)
    win(guest, "kairo", krug=False)
    assert states(guest)["damaskus"] == "open"
    session = client.session
    session[identity.GUEST_SESSION_KEY] = gustav.pk
    session.save()
    page = client.get(MAP).content.decode()
    assert "Geschafft: 1 von 7" in page and "Registriere dich" in page
    # registering for real (the view claims the guest)
    answer = client.post(
        "/konto/registrieren/",
        {
            "username": "Gustavo",
            "password1": "kartenglück-42",
            "password2": "kartenglück-42",
            "next": MAP,
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    user = User.objects.get(username="Gustavo")
    account = Player(user=user)
    assert states(account)["kairo"] == "passed" and states(account)["damaskus"] == "open"
    page = client.get(MAP).content.decode()
    assert "Geschafft: 1 von 7" in page
    assert 'id="station-damaskus" data-state="open"' in page
    # the account plays on from there; a replay of Kairo finds the guest's row
    match = win(account, "damaskus", krug=False)
    assert match.seats.get(index=0).user_id == user.pk
    assert states(account)["bagdad"] == "open"
    lose(account, "kairo")
    assert JourneyStop.objects.filter(station="kairo").count() == 1


@pytest.mark.django_db
def test_without_account_or_guest_the_map_shows_the_start_and_asks_to_sign_in(client, bots):
    page = client.get(MAP).content.decode()
    assert "Geschafft: 0 von 7" in page and "Als Gast spielen" in page
    for slug in ROUTE:
        assert f'id="station-{slug}"' in page
    answer = client.post(MAP + "kairo/")
    assert answer.status_code == 302 and "/konto/anmelden/" in answer["Location"]
    assert not Match.objects.exists()
    assert client.get(MAP + "timbuktu/").status_code == 404
    station = client.get(MAP + "kairo/").content.decode()
    assert "Gleicher Preis" in station and "Du darfst die letzte Zahl wiederholen" in station


# -- views -----------------------------------------------------------------------------------------
@pytest.mark.django_db
def test_the_station_page_explains_the_rule_and_starts_an_attempt(client, alice, bots):
    client.force_login(alice)
    page = client.get(MAP + "kairo/").content.decode()
    assert 'id="station-briefing"' in page and "Losreisen nach Kairo" in page
    assert "Platz 1" in page and "2 Computergegner, leicht" in page
    locked = client.get(MAP + "basra/").content.decode()
    assert 'data-state="locked"' in locked and "station-start" not in locked
    assert "Platz 1 und mindestens ein Gewürzkrug" in locked
    refused = client.post(MAP + "damaskus/", follow=True).content.decode()
    assert "Damaskus ist noch gesperrt" in refused
    answer = client.post(MAP + "kairo/")
    match = Match.objects.get()
    assert answer["Location"] == f"/partie/{match.pk}/"
    assert JourneyMatch.objects.get(match=match).stop.station == "kairo"
    # through htmx (the end screen's buttons): a client redirect
    answer = client.post(MAP + "kairo/", HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and answer["HX-Redirect"].startswith("/partie/")
    assert "Nochmal versuchen" in client.get(MAP + "kairo/").content.decode()
    # the entries: the Basartor and the site navigation
    room = client.get("/spiele/speedbasar/").content.decode()
    assert 'id="journey-link"' in room and 'id="nav-journey"' in room
    assert 'id="journey-link"' not in client.get("/spiele/speedone/").content.decode()


# -- the Erfolg -------------------------------------------------------------------------------------
@pytest.mark.django_db
def test_weltreisender_is_earned_when_samarkand_is_passed(alice_player, bots):
    alice = alice_player.user
    for slug in ROUTE[:-1]:
        win(alice_player, slug)
        assert not Achievement.objects.filter(user=alice, key="weltreisender").exists(), slug
    # Samarkand won without a Krug: not passed, no Erfolg
    match = win(alice_player, "samarkand", krug=False)
    assert match.seats.get(index=0).place == 1
    assert states(alice_player)["samarkand"] == "open"
    assert not Achievement.objects.filter(user=alice, key="weltreisender").exists()
    match = win(alice_player, "samarkand", krug=True)
    assert states(alice_player)["samarkand"] == "passed"
    earned = Achievement.objects.get(user=alice, key="weltreisender")
    assert earned.match_id == match.pk
    board = render_board(match, match.seats.get(index=0))
    assert "Samarkand geschafft" in board and "Weltreisender" in board
    assert journey.current_station(alice_player) is None


@pytest.mark.django_db
def test_a_guest_who_passed_samarkand_is_weltreisender_once_registered(client, bots):
    gustav = Guest.objects.create(display_name="Gustav")
    guest = Player(guest=gustav)
    for slug in ROUTE[:-1]:
        win(guest, slug)
    samarkand = win(guest, "samarkand", krug=True)
    assert states(guest)["samarkand"] == "passed"
    assert not Achievement.objects.exists()  # a guest earns none while a guest
    session = client.session
    session[identity.GUEST_SESSION_KEY] = gustav.pk
    session.save()
    answer = client.post(
        "/konto/registrieren/",
        {"username": "Gustavo", "password1": "kartenglück-42", "password2": "kartenglück-42"},
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    user = User.objects.get(username="Gustavo")
    earned = Achievement.objects.get(user=user, key="weltreisender")
    assert earned.match_id == samarkand.pk
    page = client.get("/konto/profil/").content.decode()
    assert f"<strong>{ui_icon('star')} Weltreisender</strong>" in page
    # registering never books twice: a second claim of the same guest adds nothing
    from leaderboards.achievements import book_claimed

    assert book_claimed(gustav, user) == []


@pytest.mark.django_db
def test_the_same_game_outside_the_journey_earns_no_weltreisender(bob, bots):
    from lobby.services import start_solo

    samarkand = journey.station("samarkand")
    assert samarkand is not None
    players = samarkand.bots + 1
    match = start_solo(
        Player(user=bob),
        "speedbasar",
        samarkand.bots,
        samarkand.strength,
        samarkand.options,
        seed=person_first_seed(players),
        deck=stacked_deck(players, 5 * (players - 1) + 3),
    )
    match = play_script(match, person_lays=6)
    assert match.seats.get(index=0).place == 1 and match.result["details"]["krugs"][0] == 1
    keys = set(Achievement.objects.filter(user=bob).values_list("key", flat=True))
    assert "erster_krug" in keys and "weltreisender" not in keys
    assert not JourneyMatch.objects.exists()
