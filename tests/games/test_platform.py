"""The game-agnostic platform: registry, frame, action convention, phase clocks, simultaneous
choices, follow-ups after commit – run for every live game."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.bots import bots_of
from bench import client
from games import actions, registry
from games.actions import ActionRejected, SeatSpec
from games.engines.base import get_engine
from games.models import Match, Seat
from lobby.models import Table
from tests.capture import capture

LIVE = [g.slug for g in registry.GAMES if g.live]
#: short options per game, so that whole games stay quick
SHORT = {"speedwerk": {"kurz": True}, "speedtroedel": {"partie_kurz": True}}


def short_options(slug: str) -> dict:
    engine = get_engine(slug)
    keys = {o.key for o in engine.options_schema}
    return {k: v for k, v in SHORT.get(slug, {}).items() if k in keys}


def seats_for(slug: str, people: list, bots) -> list[SeatSpec]:
    """The people first, then bots (``leicht``) up to the game's minimum (at least 3 seats when
    the game allows it, so a bot always plays)."""
    engine = get_engine(slug)
    specs = [SeatSpec(u.username, user=u) for u in people]
    n = max(engine.min_players, min(3, engine.max_players))
    for bot in bots_of("leicht")[: n - len(specs)]:
        specs.append(SeatSpec(bot.username, user=bot, bot_strength="leicht"))
    return specs


def hidden_cards(engine, state, seat: int) -> set[str]:
    """Cards in the other seats' hands that ``seat``'s own view does not show."""
    view_text = repr(engine.view(state, seat))
    out = set()
    for other in range(len(engine.view(state, None)["scores"])):
        if other == seat:
            continue
        for entry in engine.view(state, other).get("hand") or []:
            # a hand entry is a card, or a dict naming it (Speedbasar: card, mark, claims)
            card = entry["card"] if isinstance(entry, dict) else entry
            if f"'{card}'" not in view_text:
                out.add(card)
    return out


def leaks(fragment: str, cards: set[str]) -> set[str]:
    shown = set(re.findall(r'data-card="([^"]+)"', fragment))
    shown |= set(re.findall(r"&quot;card&quot;:&quot;([^&]+)&quot;", fragment))
    return shown & cards


def test_the_registry_is_derived_from_the_engines():
    assert [g.slug for g in registry.GAMES] == [
        "speedtroedel",
        "speedone",
        "speedbasar",
        "speedwerk",
    ]
    for g in registry.GAMES:
        engine = get_engine(g.slug)
        assert (g.name, g.min_players, g.max_players) == (
            engine.name,
            engine.min_players,
            engine.max_players,
        )
    assert set(LIVE) == {"speedtroedel", "speedone", "speedbasar", "speedwerk"}


@pytest.fixture
def without_screen(monkeypatch):
    """A game whose table screen is not (or no longer) there: its presenter is unregistered."""
    import dataclasses

    basar = registry.BY_SLUG["speedbasar"]
    monkeypatch.setitem(registry.BY_SLUG, "speedbasar", dataclasses.replace(basar, presenter=None))
    return "speedbasar"


def test_a_presenter_lookup_fails_loudly_for_a_game_without_screen(without_screen):
    assert not registry.BY_SLUG[without_screen].live
    with pytest.raises(KeyError):
        registry.presenter_of(without_screen)
    with pytest.raises(registry.NotLive):
        registry.live_game(without_screen)


@pytest.mark.django_db
def test_a_game_without_screen_is_refused_with_a_german_page(client, alice, without_screen):
    slug = without_screen
    client.force_login(alice)
    lobby = client.get(f"/spiele/{slug}/")
    assert lobby.status_code == 200 and "wird gerade gebaut" in lobby.content.decode()
    for url in (f"/spiele/{slug}/solo/", f"/spiele/{slug}/tisch/"):
        response = client.post(url, {"bots": "2", "strength": "normal"})
        assert response.status_code == 404, url
        assert "wird gerade gebaut" in response.content.decode()
    assert not Match.objects.exists() and not Table.objects.exists()


@pytest.mark.django_db
def test_a_match_of_a_game_without_screen_shows_the_german_page(
    client, alice, bots, without_screen
):
    match = actions.start_match(without_screen, seats_for(without_screen, [alice], bots))
    client.force_login(alice)
    for url in (f"/partie/{match.pk}/", f"/partie/{match.pk}/brett/"):
        response = client.get(url)
        assert response.status_code == 404 and "wird gerade gebaut" in response.content.decode()


@pytest.mark.django_db
def test_invalid_options_at_start_are_a_german_rejection(alice, bots):
    with pytest.raises(ActionRejected, match="Unbekannte Einstellung"):
        actions.start_match("speedwerk", seats_for("speedwerk", [alice], bots), {"turbo": True})


@pytest.mark.django_db
@pytest.mark.parametrize("raw", [None, -1, "abc", "²", "1.5", True, [], {"v": 0}, "9" * 30])
def test_a_move_without_a_valid_version_is_refused(alice, bots, raw):
    match = actions.start_match("speedone", seats_for("speedone", [alice], bots))
    with pytest.raises(ActionRejected, match="gültigen Spielstand"):
        actions.play(match.pk, 0, {"type": "draw"}, version=actions.parse_version(raw))
    assert Match.objects.get(pk=match.pk).version == 0


@pytest.mark.django_db
@pytest.mark.parametrize("slug", LIVE)
def test_a_whole_game_through_the_services(slug, alice, bots):
    """Alice plays whatever her board offers (the generic client), the bots decide from their
    views; every push carries only Alice's own cards; the end books places and points for the
    person only. (Inside the test's transaction: every move takes the locked path.)"""
    _whole_game(slug, alice, bots)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("slug", LIVE)
def test_a_whole_game_through_the_optimistic_path(slug, alice, bots):
    """The same outside a transaction, as the server runs it: on PostgreSQL ordinary moves take
    the one-read-one-write path and the last one the locked path."""
    _whole_game(slug, alice, bots)


def _whole_game(slug: str, alice, bots) -> None:
    engine = get_engine(slug)
    match = actions.start_match(
        slug, seats_for(slug, [alice], bots), short_options(slug), bot_delay=0.5
    )
    rng = random.Random(7)
    seen_ticker = False
    for _ in range(5000):
        match.refresh_from_db()
        if match.status != Match.Status.RUNNING:
            break
        state = engine.from_json(match.state)
        actors = sorted(engine.actors(state))
        if 0 in actors:
            board = services_board(match, 0)
            action = client.choose(board, rng)
            assert action is not None, "Alice is to act but her board offers no control"
            with capture() as cap:
                actions.play(match.pk, 0, action, version=match.version)
        else:
            with capture() as cap:
                assert actions.run_bot(match.pk, match.version, actors[0])
        pushed = cap.boards()
        assert set(pushed) == {0}, "only the person gets a board"
        match.refresh_from_db()
        after = engine.from_json(match.state)
        for fragment in pushed.values():
            assert client.board_version(fragment) == match.version
            assert not leaks(fragment, hidden_cards(engine, after, 0))
            seen_ticker |= 'class="ticker-list"' in fragment
        for task in cap.tasks:
            if task.queue is None:  # live play's tasks (bot turn, timer) name the version
                assert task.args[:2] == (match.pk, match.version)
            else:  # the finished match's analysis, on its own queue (issue 47)
                assert task.args == (match.pk,) and match.status == Match.Status.FINISHED
    assert match.status == Match.Status.FINISHED
    assert seen_ticker
    seats = list(match.seats.order_by("index"))
    assert seats[0].leaderboard_points is not None and seats[0].place is not None
    assert all(s.leaderboard_points is None for s in seats[1:]), "bots get no leaderboard points"
    html = services_board(match, 0)
    places = [int(p) for p in re.findall(r"<tr[^>]*><td>(\d+)\.</td>", html)]
    assert places == sorted(places) and len(places) == len(seats)


def services_board(match: Match, index: int) -> str:
    from games.rendering import render_board

    match = Match.objects.prefetch_related("seats").get(pk=match.pk)
    seat = next(s for s in match.seats.all() if s.index == index)
    return render_board(match, seat)


@pytest.mark.django_db
def test_play_pushes_each_person_their_board_and_schedules_the_bot_after_commit(alice, bots):
    match = actions.start_match("speedwerk", seats_for("speedwerk", [alice], bots), bot_delay=0.7)
    engine = get_engine("speedwerk")
    state = engine.from_json(match.state)
    # round 1: seat 1 is the dealer's left neighbour (dealer = seat 0) and bids first
    assert sorted(engine.actors(state)) == [1]
    with capture() as cap:
        assert actions.run_bot(match.pk, 0, 1)
    assert list(cap.boards()) == [0]
    assert [(t.task, t.args) for t in cap.tasks] == [("games.tasks.bot_turn", (match.pk, 1, 2))]
    assert cap.tasks[0].countdown >= 0.7


@pytest.mark.django_db
def test_the_phase_clock_arms_the_deadline_for_people_only(alice, bots):
    before = timezone.now()
    match = actions.start_match("speedone", seats_for("speedone", [alice], bots), move_seconds=30)
    state = get_engine("speedone").from_json(match.state)
    if 0 in get_engine("speedone").actors(state):
        assert match.deadline is not None
        assert before + timedelta(seconds=29) < match.deadline < before + timedelta(seconds=40)
    else:
        assert match.deadline is None


def _werk_pass_position(alice, bob, bots) -> Match:
    """Round 2 of a three-seat Speedwerk game, cards stacked so that the first trick holds a
    Fließband: after it everyone passes a card at the same time."""
    engine = get_engine("speedwerk")
    seats = [
        SeatSpec("Alice", user=alice),
        SeatSpec("Bob", user=bob),
        SeatSpec(bots_of("leicht")[0].username, user=bots_of("leicht")[0], bot_strength="leicht"),
    ]
    options = {"specials": ["fliessband"]}
    match = actions.start_match("speedwerk", seats, options)
    # round 2: dealer seat 1, seat 2 bids and leads first
    state = engine.new_game(
        3, options, match.seed, ["FB", "R1", "R2", "R3", "R4", "R5", "G1"], first_round=2
    )
    for seat, action in [
        (2, {"type": "bid", "tricks": 1}),
        (0, {"type": "bid", "tricks": 0}),
        (1, {"type": "bid", "tricks": 0}),
        (2, {"type": "play", "card": "R4"}),
        (0, {"type": "play", "card": "FB", "color": "R"}),
        (1, {"type": "play", "card": "R2"}),
    ]:
        engine.apply(state, seat, action)
    assert sorted(engine.actors(state)) == [0, 1, 2]
    Match.objects.filter(pk=match.pk).update(
        state=engine.to_json(state),
        version=6,
        phase_key=engine.simultaneous_key(state),
        phase_since=6,
    )
    return Match.objects.get(pk=match.pk)


@pytest.mark.django_db
def test_in_a_simultaneous_phase_a_choice_is_not_stale_because_another_seat_chose(alice, bob, bots):
    match = _werk_pass_position(alice, bob, bots)
    assert match.phase_key
    actions.play(match.pk, 0, {"type": "pass", "card": "R1"}, version=6)
    # Bob's page still shows version 6: his valid choice counts
    actions.play(match.pk, 1, {"type": "pass", "card": "R3"}, version=6)
    match.refresh_from_db()
    assert match.version == 8
    # a second click of Alice's changes nothing
    with pytest.raises(ActionRejected, match="schon gewählt"):
        actions.play(match.pk, 0, {"type": "pass", "card": "R1"}, version=6)
    # a version from before the phase is stale
    with pytest.raises(ActionRejected, match="schon weiter"):
        actions.play(match.pk, 2, {"type": "pass", "card": "R5"}, version=5, by="bot")
    assert Match.objects.get(pk=match.pk).version == 8


@pytest.mark.django_db
def test_the_simultaneous_phase_keeps_its_deadline(alice, bob, bots):
    match = _werk_pass_position(alice, bob, bots)
    Match.objects.filter(pk=match.pk).update(move_seconds=60)
    deadline = timezone.now() + timedelta(seconds=42)
    Match.objects.filter(pk=match.pk).update(deadline=deadline)
    actions.play(match.pk, 0, {"type": "pass", "card": "R1"}, version=6)
    assert Match.objects.get(pk=match.pk).deadline == deadline


@pytest.mark.django_db
def test_the_ticker_names_what_the_others_did_without_hidden_cards(alice, bob, bots):
    match = _werk_pass_position(alice, bob, bots)
    actions.play(match.pk, 1, {"type": "pass", "card": "R3"}, version=6)
    match.refresh_from_db()
    html = services_board(match, 0)
    ticker = html[html.index('id="ticker"') :]
    assert "Bob" in ticker
    assert "Rot 3" not in ticker and "R3" not in ticker


@pytest.mark.django_db
def test_after_a_round_end_the_next_deal_waits_for_the_summary(alice, bots):
    match = actions.start_match("speedwerk", seats_for("speedwerk", [alice], bots), bot_delay=0.5)
    engine = get_engine("speedwerk")
    rng = random.Random(3)
    for _ in range(20):
        match.refresh_from_db()
        state = engine.from_json(match.state)
        if engine.view(state, 0)["round"] == 2:
            break
        actor = sorted(engine.actors(state))[0]
        legal = engine.legal_actions(state, actor)
        with capture() as cap:
            by = "human" if actor == 0 else "bot"
            actions.play(match.pk, actor, rng.choice(legal), version=match.version, by=by)
    last = cap.tasks
    assert engine.view(state, 0)["round"] == 2
    assert any(t.countdown >= actions.ROUND_PAUSE for t in last)
    html = services_board(match, 0)
    assert 'id="round-summary"' in html and "Runde 1 gewertet" in html


@pytest.mark.django_db
def test_seats_show_people_bots_and_guests(alice, bots):
    match = actions.start_match("speedwerk", seats_for("speedwerk", [alice], bots))
    Seat.objects.filter(match=match, index=0).update(disconnected_at=timezone.now())
    html = services_board(match, 0)
    assert html.count("Computer leicht") == 2
    assert "offline" in html


def test_the_leak_check_finds_a_hidden_card_in_any_form():
    hidden = {"R7", "DK"}
    assert leaks('<span data-card="R7">', hidden) == {"R7"}
    assert leaks(
        'data-action="{&quot;card&quot;:&quot;DK&quot;,&quot;type&quot;:&quot;play&quot;}"', hidden
    ) == {"DK"}
    assert not leaks('<span data-card="R8">', hidden)


@pytest.mark.django_db
def test_when_the_time_runs_out_the_server_plays_the_engines_timeout_action(alice, bots):
    engine = get_engine("speedwerk")
    match = actions.start_match(
        "speedwerk",
        seats_for("speedwerk", [alice], bots),
        short_options("speedwerk"),
        move_seconds=30,
    )
    for _ in range(10):  # the bots bid until it is Alice's turn
        match.refresh_from_db()
        actors = sorted(engine.actors(engine.from_json(match.state)))
        if actors == [0]:
            break
        actions.run_bot(match.pk, match.version, actors[0])
    assert actors == [0] and match.deadline is not None
    assert not actions.run_timeout(match.pk, match.version), "not before the deadline"
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert actions.run_timeout(match.pk, match.version)
    move = match.moves.order_by("-number").first()
    assert (move.seat, move.by, move.action["type"]) == (0, "timeout", "bid")


@pytest.mark.django_db
def test_rat_answers_in_solo_games_and_never_in_a_daily_game(client, alice, bots):
    from accounts.identity import Player
    from leaderboards import daily
    from lobby.services import start_solo

    client.force_login(alice)
    solo = start_solo(Player(user=alice), "speedwerk", 2, "leicht", {"kurz": True})
    engine = get_engine("speedwerk")
    for _ in range(5):  # the bots bid until it is Alice's turn
        solo.refresh_from_db()
        actors = sorted(engine.actors(engine.from_json(solo.state)))
        if actors == [0]:
            break
        actions.run_bot(solo.pk, solo.version, actors[0])
    answer = client.post(f"/partie/{solo.pk}/rat/").content.decode()
    assert "data-advised" in answer and "advice-text" in answer
    assert 'id="advice"' in client.get(f"/partie/{solo.pk}/").content.decode()

    match, counted = daily.start_daily(Player(user=alice), "speedwerk")
    assert counted and match.solo
    answer = client.post(f"/partie/{match.pk}/rat/").content.decode()
    assert "Im Tagesspiel gibt es keinen Rat." in answer and "data-advised" not in answer
    # the button is there and says why (no advice URL answers with a tip)
    page = client.get(f"/partie/{match.pk}/").content.decode()
    assert 'class="button small advice-button refused"' in page
    assert 'title="Im Tagesspiel gibt es keinen Rat."' in page


@pytest.mark.django_db
def test_a_returning_person_takes_the_seat_back_from_the_computer(client, alice, bots):
    match = actions.start_match("speedone", seats_for("speedone", [alice], bots))
    engine = get_engine("speedone")
    actions.replace_with_bot(match.pk, 0, reason="gone")
    client.force_login(alice)
    page = client.get(f"/partie/{match.pk}/").content.decode()
    assert "Der Computer spielt gerade für dich." in page and "Ich bin wieder da" in page
    assert "data-action" not in page, "no controls while the computer plays the seat"
    match.refresh_from_db()
    if 0 in engine.actors(engine.from_json(match.state)):
        with pytest.raises(ActionRejected, match="wieder da"):
            actions.play(match.pk, 0, {"type": "draw"}, version=match.version)
    with capture() as cap:
        client.post(f"/partie/{match.pk}/zurueck/", HTTP_HX_REQUEST="true")
    seat = Seat.objects.get(match=match, index=0)
    # a lost connection is not leaving: no trace, and everyone sees a person there again
    assert seat.bot_strength == "" and seat.left_at is None and seat.left_time is None
    assert not seat.label()["left"]
    match.refresh_from_db()
    assert all(t.args[1] == match.version for t in cap.tasks)
    page = client.get(f"/partie/{match.pk}/").content.decode()
    assert "Ich bin wieder da" not in page and "Computer spielt weiter" not in page
    # a bot task from before the return does nothing
    assert not actions.run_bot(match.pk, match.version - 1, 0)


@pytest.mark.django_db
def test_a_person_not_seen_for_the_leave_grace_goes_to_a_bot_however_the_socket_died(
    alice, bots, settings
):
    """A crashed handler or a killed server never runs ``disconnect()``: presence expires."""
    match = actions.start_match("speedone", seats_for("speedone", [alice], bots))
    actions.set_connected(match.pk, 0, True)
    Seat.objects.filter(match=match, index=0).update(
        last_seen=timezone.now() - timedelta(seconds=actions.LEAVE_GRACE + 1)
    )
    assert Seat.objects.get(match=match, index=0).disconnected_at is None
    with capture():
        assert actions.sweep()["left"] == 1
    assert Seat.objects.get(match=match, index=0).bot_strength


@pytest.mark.django_db
def test_the_board_poll_answers_204_when_current_and_repairs_a_lost_push(client, alice, bots):
    match = actions.start_match("speedone", seats_for("speedone", [alice], bots))
    client.force_login(alice)
    Seat.objects.filter(match=match, index=0).update(last_seen=timezone.now() - timedelta(60))
    assert client.get(f"/partie/{match.pk}/brett/?v=0").status_code == 204
    assert Seat.objects.get(match=match, index=0).last_seen > timezone.now() - timedelta(seconds=5)
    Match.objects.filter(pk=match.pk).update(version=3)  # pushes the page never got
    behind = client.get(f"/partie/{match.pk}/brett/?v=0")
    assert behind.status_code == 200 and client_version(behind) == 3


def client_version(response) -> int | None:
    return client.board_version(response.content.decode())


@pytest.mark.django_db
def test_a_new_personal_best_is_celebrated_on_the_end_screen(alice, bots):
    from accounts.identity import Player
    from lobby.services import start_solo

    def finish(score: int) -> Match:
        match = start_solo(Player(user=alice), "speedwerk", 2, "leicht", {"kurz": True})
        Seat.objects.filter(match=match).update(score=0, place=2)
        Seat.objects.filter(match=match, index=0).update(score=score, place=1)
        Match.objects.filter(pk=match.pk).update(
            status=Match.Status.FINISHED, finished=timezone.now(), result={"places": [1, 2, 2]}
        )
        return Match.objects.get(pk=match.pk)

    first = finish(40)
    assert "Neuer Bestwert gegen leicht zu 3: 40 Punkte – dein erster." in services_board(first, 0)
    worse = finish(10)
    assert "Neuer Bestwert" not in services_board(worse, 0)
    better = finish(70)
    assert "Neuer Bestwert gegen leicht zu 3: 70 Punkte (bisher 40)." in services_board(better, 0)
