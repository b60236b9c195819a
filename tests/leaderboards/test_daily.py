"""Daily challenges: one deal per game and Berlin day, counted once, seeds committed in advance."""

from __future__ import annotations

import hashlib
from datetime import date, timedelta

import pytest
from django.conf import settings
from django.urls import reverse

from accounts.identity import Player
from accounts.models import Guest, User
from games.actions import ActionRejected
from games.engines.base import get_engine
from games.models import Match
from games.registry import SLUGS
from leaderboards import daily
from leaderboards.models import DailyAttempt, DailyChallenge, LeaderboardEntry
from leaderboards.tasks import create_daily_challenges
from tests.leaderboards.helpers import finish_with, result_of

DAY = date(2026, 11, 30)


@pytest.fixture
def on_day(monkeypatch):
    """Pin "today" (Berlin) for the daily module and its views."""
    current = {"day": DAY}
    monkeypatch.setattr(daily, "today", lambda moment=None: current["day"])
    return current


def hand_of(match: Match, seat: int = 0) -> list[str]:
    return list(match.state["hands"][seat])


@pytest.mark.django_db
def test_two_players_get_the_same_deal_on_the_same_day(alice, bob, bots, on_day):
    m1, counted1 = daily.start_daily(Player(user=alice), "speedone")
    m2, counted2 = daily.start_daily(Player(user=bob), "speedone")
    assert counted1 and counted2
    assert m1.seed == m2.seed and m1.options == m2.options and m1.players == m2.players == 4
    # both sit on seat 0 against the same three normal bots, with the same cards
    for m, who in ((m1, "Alice"), (m2, "Bob")):
        seats = list(m.seats.order_by("index"))
        assert seats[0].name == who and seats[0].is_human
        assert [s.bot_strength for s in seats[1:]] == ["normal"] * 3
    assert hand_of(m1) == hand_of(m2)
    assert m1.state == m2.state


@pytest.mark.django_db
def test_the_next_day_deals_differently(on_day):
    today = daily.ensure_challenge("speedone")
    on_day["day"] = DAY + timedelta(days=1)
    tomorrow = daily.ensure_challenge("speedone")
    assert tomorrow.day == DAY + timedelta(days=1)
    assert tomorrow.seed != today.seed and tomorrow.seed_hash != today.seed_hash
    engine = get_engine("speedone")
    a = engine.to_json(engine.new_game(4, today.options, today.seed))
    b = engine.to_json(engine.new_game(4, tomorrow.options, tomorrow.seed))
    assert a["hands"] != b["hands"]
    # and per game: the four games of a day have four different seeds
    assert len({daily.daily_seed(g, DAY) for g in SLUGS}) == 4


def test_the_seed_is_the_hmac_of_game_and_date_cut_to_63_bits():
    import hmac

    key = f"daily:{settings.DAILY_SECRET or settings.SECRET_KEY}".encode()
    digest = hmac.new(key, b"speedone:2026-11-30", hashlib.sha256).digest()
    seed = daily.daily_seed("speedone", DAY)
    assert seed == int.from_bytes(digest[:8], "big") >> 1
    assert 0 <= seed < 2**63


def test_the_tagesbasar_draws_its_extra_rule_from_the_engines_seven():
    from games.speedbasar.engine.rules import RULE_KEYS

    drawn = [daily.daily_options("speedbasar", seed) for seed in range(400)]
    picked = {rule for o in drawn for rule in o.get("regeln", [])}
    assert picked == set(RULE_KEYS)  # every Extrascharf rule comes up, and only those
    assert all(len(o.get("regeln", [])) <= 1 for o in drawn)
    assert any(o["extrascharf"] == "aus" for o in drawn)  # some days have none


@pytest.mark.django_db
def test_only_the_first_game_of_the_day_counts(alice, bots, on_day, client):
    first, counted = daily.start_daily(Player(user=alice), "speedone")
    second, again = daily.start_daily(Player(user=alice), "speedone")
    assert counted and not again
    assert second.seed == first.seed
    attempt = DailyAttempt.objects.get()
    assert attempt.match_id == first.pk and attempt.user == alice
    # the practice game books no leaderboard points (the deal is known); the counted one does
    finish_with(second, result_of([1, 2, 3, 4], [0, 30, 40, 50], [10, -6, -6, -6]))
    assert not LeaderboardEntry.objects.exists()
    assert set(second.seats.values_list("leaderboard_points", flat=True)) == {None}
    finish_with(first, result_of([2, 1, 3, 4], [12, 0, 40, 50], [4, 20, -6, -6]))
    assert list(LeaderboardEntry.objects.values_list("user__username", "points")) == [("Alice", 4)]
    rows = daily.standings(attempt.challenge)
    assert [(r["rank"], r["name"], r["place"], r["score"]) for r in rows] == [(1, "Alice", 2, 12)]
    client.force_login(alice)
    page = client.get(reverse("leaderboards:daily")).content.decode()
    assert "Dein gewerteter Versuch ist gespielt" in page and "Tagesblatt üben" in page


@pytest.mark.django_db
def test_the_start_button_counts_then_practises(alice, bots, on_day, client):
    client.force_login(alice)
    url = reverse("leaderboards:daily_start", args=["speedone"])
    page = client.get(reverse("leaderboards:daily")).content.decode()
    assert "Tagesblatt starten" in page
    r1 = client.post(url, follow=True)
    assert "zählt für die Tagesliste" in r1.content.decode()
    r2 = client.post(url, follow=True)
    assert "Übungspartie" in r2.content.decode()
    assert DailyAttempt.objects.count() == 1
    assert Match.objects.filter(solo=True).count() == 2
    counted = DailyAttempt.objects.get().match_id
    assert Match.objects.filter(solo=True).exclude(pk=counted).get().pk > counted


GUESTS_REFUSED = (
    "Das Tagesspiel gibt es für angemeldete Spieler – registriere dich, um mitzuspielen"
)
PASSWORD = "kartenglück-42"


def _register(client, name: str = "Gustav") -> None:
    client.post(
        reverse("accounts:register"),
        {"username": name, "password1": PASSWORD, "password2": PASSWORD},
    )


@pytest.mark.django_db
def test_a_guest_cannot_start_the_daily_game(client, bots, on_day):
    """A guest's practice game would show the deal before the counted attempt of the account the
    guest registers next (threat: the daily deal seen before the counted attempt)."""
    client.post(reverse("accounts:guest"), {"display_name": "Gustav"})
    page = client.get(reverse("leaderboards:daily")).content.decode()
    assert GUESTS_REFUSED in page
    assert "Tagesblatt üben" not in page and "Tagesblatt starten" not in page
    r = client.post(reverse("leaderboards:daily_start", args=["speedone"]), follow=True)
    assert r.redirect_chain[-1][0] == reverse("leaderboards:daily")
    assert GUESTS_REFUSED in r.content.decode()
    assert not Match.objects.exists() and not DailyAttempt.objects.exists()
    with pytest.raises(ActionRejected, match="angemeldete Spieler"):
        daily.start_daily(Player(guest=Guest.objects.get()), "speedone")
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_a_guests_game_of_the_deal_is_the_attempt_of_the_account_they_register(
    client, bots, on_day
):
    """A guest who played the day's deal (a game from before guests were refused) and registers
    from the same browser has used the account's attempt: that game is the counted one, and the
    next start is practice – never a second counted attempt with the deal already known."""
    from lobby.services import start_solo

    client.post(reverse("accounts:guest"), {"display_name": "Gustav"})
    guest = Guest.objects.get()
    challenge = daily.ensure_challenge("speedone")
    other = daily.ensure_challenge("speedwerk")
    seen = start_solo(
        Player(guest=guest),
        "speedone",
        challenge.players - 1,
        challenge.bot_strength,
        dict(challenge.options),
        seed=challenge.seed,
    )
    _register(client)
    gustav = User.objects.get(username="Gustav")
    attempt = DailyAttempt.objects.get(user=gustav)
    assert attempt.challenge == challenge and attempt.match_id == seen.pk
    assert daily.counts_for_leaderboard(seen)
    r = client.post(reverse("leaderboards:daily_start", args=["speedone"]), follow=True)
    page = r.content.decode()
    assert "Übungspartie" in page and "zählt für die Tagesliste" not in page
    practice = Match.objects.latest("pk")
    assert practice.seed == challenge.seed and practice.pk > seen.pk
    assert DailyAttempt.objects.filter(challenge=challenge).count() == 1
    # a deal the guest never saw is still the account's to play, counted
    assert daily.attempt_of(other, gustav) is None
    _match, counted = daily.start_daily(Player(user=gustav), "speedwerk")
    assert counted
    page = client.get(reverse("leaderboards:daily")).content.decode()
    assert "Dein gewerteter Versuch ist gespielt" in page


@pytest.mark.django_db
def test_a_guest_who_never_saw_the_deal_registers_with_the_attempt_free(client, bots, on_day):
    from lobby.services import start_solo

    client.post(reverse("accounts:guest"), {"display_name": "Gustav"})
    guest = Guest.objects.get()
    start_solo(Player(guest=guest), "speedone", 3, "normal")
    _register(client)
    assert not DailyAttempt.objects.exists()
    r = client.post(reverse("leaderboards:daily_start", args=["speedone"]), follow=True)
    assert "zählt für die Tagesliste" in r.content.decode()


@pytest.mark.django_db(transaction=True)
def test_no_practice_game_starts_before_the_counted_one(alice, bots, on_day, monkeypatch):
    """Two starts at once (a double click, two tabs): the second may only become practice once the
    counted game exists – a practice game created before the counted one would show the deal
    first. The first start is held after creating its match until the second has finished."""
    import threading

    from django.db import connection

    from lobby import services

    daily.ensure_challenge("speedone")
    real = services.start_solo
    created, second_done = threading.Event(), threading.Event()
    held: list[bool] = []

    def start_solo(*args, **kwargs):
        match = real(*args, **kwargs)
        if threading.current_thread().name == "first" and not held:
            held.append(True)
            created.set()
            second_done.wait(3)  # (a start that locks the person waits for this one)
        return match

    monkeypatch.setattr(services, "start_solo", start_solo)
    results: dict[str, tuple[int, bool]] = {}

    def run(name: str) -> None:
        try:
            match, counted = daily.start_daily(Player(user=alice), "speedone")
            results[name] = (match.pk, counted)
        finally:
            if name == "second":
                second_done.set()
            connection.close()

    first = threading.Thread(target=run, args=("first",), name="first")
    first.start()
    assert created.wait(10)
    second = threading.Thread(target=run, args=("second",), name="second")
    second.start()
    second.join(20)
    first.join(20)
    assert len(results) == 2 and sorted(c for _pk, c in results.values()) == [False, True]
    counted_pk = next(pk for pk, c in results.values() if c)
    attempt = DailyAttempt.objects.get()
    assert attempt.match_id == counted_pk
    practice = [m for m in Match.objects.filter(solo=True) if m.pk != counted_pk]
    # every practice game on the deal was created after the counted one
    assert practice and all(m.pk > counted_pk for m in practice)
    assert Match.objects.filter(solo=True).count() == 2


@pytest.mark.django_db
def test_is_daily_tells_daily_deals_from_other_solo_games(alice, bots, on_day):
    from lobby.services import start_solo

    ordinary = start_solo(Player(user=alice), "speedone", 3, "normal")
    match, _ = daily.start_daily(Player(user=alice), "speedone")
    assert daily.is_daily(match) and not daily.is_daily(ordinary)


@pytest.mark.django_db
def test_the_hash_shown_before_is_the_hash_of_the_seed_revealed_after(client, on_day):
    page = client.get(reverse("leaderboards:daily")).content.decode()
    shown = DailyChallenge.objects.get(game="speedwerk", day=DAY)
    section = page.split('id="daily-speedwerk"')[1]
    today_hash = section.split('data-hash="today">')[1].split("<")[0]
    assert today_hash == shown.seed_hash
    assert str(shown.seed) not in page  # not revealed on its own day

    on_day["day"] = DAY + timedelta(days=1)
    page = client.get(reverse("leaderboards:daily")).content.decode()
    section = page.split('id="daily-speedwerk"')[1]
    revealed = int(section.split('data-seed="yesterday">')[1].split("<")[0])
    assert hashlib.sha256(str(revealed).encode()).hexdigest() == today_hash
    assert revealed == shown.seed
    # and the revealed seed replays the deal with the public engine API
    engine = get_engine("speedwerk")
    state = engine.new_game(shown.players, shown.options, revealed)
    assert engine.to_json(state) == engine.to_json(
        engine.new_game(4, daily.daily_options("speedwerk", revealed), revealed)
    )


@pytest.mark.django_db
def test_the_sweep_creates_a_missing_challenge_once(on_day):
    assert create_daily_challenges() == 4
    assert create_daily_challenges() == 0
    DailyChallenge.objects.filter(game="speedbasar").delete()
    assert create_daily_challenges() == 1
    assert DailyChallenge.objects.filter(day=DAY).count() == 4
    on_day["day"] = DAY + timedelta(days=1)
    assert create_daily_challenges() == 4


def test_beat_runs_the_task_at_berlin_midnight_and_as_a_sweep():
    schedule = settings.CELERY_BEAT_SCHEDULE
    tasks = {k: v for k, v in schedule.items() if v["task"].startswith("leaderboards.")}
    assert settings.CELERY_TIMEZONE == "Europe/Berlin"
    crons = [v["schedule"] for v in tasks.values() if not isinstance(v["schedule"], float)]
    assert crons and crons[0].hour == {0} and crons[0].minute == {0}
    assert any(isinstance(v["schedule"], float) and v["schedule"] <= 300 for v in tasks.values())


def test_the_day_is_the_berlin_calendar_day():
    from datetime import UTC, datetime

    real_today = daily.today
    assert real_today(datetime(2026, 11, 30, 23, 30, tzinfo=UTC)) == date(2026, 12, 1)
    assert real_today(datetime(2026, 6, 30, 21, 59, tzinfo=UTC)) == date(2026, 6, 30)
    assert real_today(datetime(2026, 6, 30, 22, 0, tzinfo=UTC)) == date(2026, 7, 1)


def _bot_moves(match: Match, steps: int) -> list[tuple[int, str]]:
    """Play ``steps`` moves of ``match``: the person on seat 0 always plays the first legal move,
    the bots play through the worker's own path (``actions.run_bot``). Returns the bots' moves."""
    import json

    from games import actions

    engine = get_engine(match.game)
    for _ in range(steps):
        match.refresh_from_db()
        if match.status != Match.Status.RUNNING:
            break
        state = engine.from_json(match.state)
        seat = sorted(engine.actors(state))[0]
        if seat == 0:
            actions.play(match.pk, 0, engine.legal_actions(state, 0)[0], version=match.version)
        else:
            assert actions.run_bot(match.pk, match.version, seat)
    return [
        (m.seat, json.dumps(m.action, sort_keys=True))
        for m in match.moves.filter(by="bot").order_by("number")
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("game", SLUGS)
def test_the_same_deal_with_the_same_moves_meets_bots_with_their_own_chance(
    alice, bob, bots, on_day, game
):
    """Daily fairness: everybody gets the same deal, but the bots decide by each attempt's own
    seed – a second account cannot rehearse the first one's game move for move. The seed is
    stored with the match, so one match replays: the same seed gives the same game."""
    m1, _ = daily.start_daily(Player(user=alice), game)
    m2, _ = daily.start_daily(Player(user=bob), game)
    practice, counted = daily.start_daily(Player(user=alice), game)
    assert not counted
    # the same deal for both accounts and the practice attempt
    assert m1.state == m2.state == practice.state and m1.seed == m2.seed == practice.seed
    # each attempt gets its own bot seed, the practice attempt too
    assert len({m1.bot_seed, m2.bot_seed, practice.bot_seed}) == 3
    # two fixed seeds, so the test is the same every run (two fresh ones play Speedwerk's short
    # daily game identically now and then: few of its moves leave the bots a choice)
    Match.objects.filter(pk=m1.pk).update(bot_seed=1)
    Match.objects.filter(pk=m2.pk).update(bot_seed=2)
    m1.refresh_from_db()
    deal = m1.state
    steps = 150
    first, second = _bot_moves(m1, steps), _bot_moves(m2, steps)
    assert first != second, "two attempts with the same human moves played the same game"

    # a third attempt with the first one's stored bot seed replays the first game exactly
    m3, counted = daily.start_daily(Player(user=alice), game)
    assert not counted and m3.state == deal
    Match.objects.filter(pk=m3.pk).update(bot_seed=m1.bot_seed)
    assert _bot_moves(m3, steps) == first
