"""Schnellspiel's pool: pairing by rating and tempo, blocks, guests, cancel, expiry, bot fill,
open seeks, and a race of 50 presses on real PostgreSQL."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from accounts.identity import Player
from accounts.models import Block, Guest, User
from games.actions import ActionRejected
from games.kinds import kind_of
from games.models import Match
from leaderboards.models import Rating
from pairing import pool
from pairing.models import Seek

pytestmark = pytest.mark.django_db


def person(name: str) -> Player:
    return Player(user=User.objects.create_user(name, password="kartenglück-42"))


def rated(name: str, game: str, ordinal: float) -> Player:
    p = person(name)
    Rating.objects.create(user=p.user, game=game, mu=25, sigma=3, ordinal=ordinal, games=20)
    return p


def guest(name: str) -> Player:
    return Player(guest=Guest.objects.create(display_name=name))


def people_of(match: Match) -> set[str]:
    return set(match.seats.filter(is_human=True).values_list("name", flat=True))


def age(seek: Seek, seconds: float) -> None:
    """As if ``seek`` had been pressed ``seconds`` ago (its page still open)."""
    Seek.objects.filter(pk=seek.pk).update(
        created=timezone.now() - timedelta(seconds=seconds), seen=timezone.now()
    )


def test_two_people_in_a_two_player_game_start_at_once(bots):
    a = pool.press(person("Anna"), "speedone", 2, 60)
    assert a.status == Seek.Status.WAITING
    b = pool.press(person("Ben"), "speedone", 2, 60)
    a.refresh_from_db()
    assert a.status == b.status == Seek.Status.MATCHED
    assert a.match_id == b.match_id
    match = b.match
    assert people_of(match) == {"Anna", "Ben"}
    assert match.players == 2 and match.move_seconds == 60
    assert kind_of(match).name == "table"
    assert match.options == pool.get_engine("speedone").validate_options({}, 2)


def test_three_people_fill_a_three_player_table_and_tempo_keeps_pools_apart(bots):
    pool.press(person("Anna"), "speedwerk", 3, 60)
    other = pool.press(person("Ben"), "speedwerk", 3, 30)  # another Bedenkzeit: another pool
    second = pool.press(person("Carl"), "speedwerk", 3, 60)
    assert second.status == Seek.Status.WAITING
    third = pool.press(person("Dora"), "speedwerk", 0, 60)  # „egal“ fits a table of three
    assert third.status == Seek.Status.MATCHED
    assert people_of(third.match) == {"Anna", "Carl", "Dora"}
    other.refresh_from_db()
    assert other.status == Seek.Status.WAITING


def test_closest_ratings_first_and_the_range_widens_with_waiting(bots):
    high = rated("Hoch", "speedone", 20)  # 1900
    pool.press(high, "speedone", 2, 60)
    low = pool.press(rated("Tief", "speedone", 0), "speedone", 2, 60)  # 1500: 400 apart
    assert low.status == Seek.Status.WAITING
    near = pool.press(rated("Nah", "speedone", 19), "speedone", 2, 60)  # 1880: close to Hoch
    assert near.status == Seek.Status.MATCHED
    assert people_of(near.match) == {"Hoch", "Nah"}
    # a newcomer far away waits; after 30 s both ranges cover 400 points
    far = pool.press(rated("Fern", "speedone", -20), "speedone", 2, 60)  # 1100
    assert far.status == Seek.Status.WAITING
    age(low, 31)
    age(far, 31)
    assert len(pool.pair_pool("speedone", 60)) == 1
    low.refresh_from_db()
    assert low.status == Seek.Status.MATCHED and people_of(low.match) == {"Tief", "Fern"}


def test_a_blocked_pair_is_never_matched(bots):
    a, b = person("Anna"), person("Ben")
    Block.objects.create(blocker=b.user, blocked=a.user)
    first = pool.press(a, "speedone", 2, 60)
    second = pool.press(b, "speedone", 2, 60)
    for s in (first, second):
        age(s, 600)
    pool.pair_pool("speedone", 60)
    assert set(Seek.objects.values_list("status", flat=True)) == {Seek.Status.WAITING}
    assert not Match.objects.exists()
    # neither sees the other in the seek list, and accepting is refused
    assert pool.open_seeks("speedone", a) == []
    with pytest.raises(ActionRejected, match="nicht spielen"):
        pool.accept(a, second.pk)
    # a third person pairs with one of them
    third = pool.press(person("Carl"), "speedone", 2, 60)
    assert third.status == Seek.Status.MATCHED
    assert len(people_of(third.match) & {"Anna", "Ben"}) == 1


def test_guests_only_with_people_who_allow_guests(bots):
    picky = pool.press(person("Anna"), "speedone", 2, 60, allow_guests=False)
    g = guest("Gustav")
    gs = pool.press(g, "speedone", 2, 60)
    assert gs.status == Seek.Status.WAITING
    assert pool.open_seeks("speedone", g) == []
    first = pool.press(person("Ben"), "speedone", 2, 60)  # Anna waited longest: with her
    assert people_of(first.match) == {"Anna", "Ben"}
    open_minded = pool.press(person("Carl"), "speedone", 2, 60)
    assert people_of(open_minded.match) == {"Gustav", "Carl"}
    picky.refresh_from_db()
    assert "Gustav" not in people_of(picky.match)


def test_cancel_and_a_closed_page_leave_the_pool(bots):
    a = person("Anna")
    seek = pool.press(a, "speedone", 2, 60)
    assert pool.cancel(a, seek.pk) is None
    seek.refresh_from_db()
    assert seek.status == Seek.Status.CANCELLED
    assert pool.press(person("Ben"), "speedone", 2, 60).status == Seek.Status.WAITING
    # Ben's page closes: no heartbeat for EXPIRE_AFTER seconds, and he is gone
    Seek.objects.filter(status=Seek.Status.WAITING).update(
        seen=timezone.now() - timedelta(seconds=pool.EXPIRE_AFTER + 1)
    )
    assert pool.waiting_count("speedone") == 0
    carl = pool.press(person("Carl"), "speedone", 2, 60)
    assert carl.status == Seek.Status.WAITING
    assert Seek.objects.get(name="Ben").status == Seek.Status.EXPIRED
    assert not Match.objects.exists()


def test_cancel_after_the_pairing_leads_into_the_match(bots):
    a = person("Anna")
    seek = pool.press(a, "speedone", 2, 60)
    pool.press(person("Ben"), "speedone", 2, 60)
    match = pool.cancel(a, seek.pk)
    assert match is not None and "Anna" in people_of(match)


def test_alone_after_30_seconds_against_bots_of_ones_level_as_a_solo_game(bots):
    a = person("Anna")
    seek = pool.press(a, "speedwerk", 0, 90, fill_bots=True)
    assert seek.status == Seek.Status.WAITING
    age(seek, 29)
    assert pool.sweep() == []
    age(seek, 31)
    [paired] = pool.sweep()
    assert paired.bots == 2
    match = Match.objects.get(pk=paired.match_id)
    assert people_of(match) == {"Anna"} and match.players == 3
    assert kind_of(match).name == "solo"  # one person: not a table game
    assert set(match.seats.filter(is_human=False).values_list("bot_strength", flat=True)) == {
        "normal"
    }


def test_two_people_and_a_computer_make_a_table_game(bots):
    a = pool.press(person("Anna"), "speedwerk", 3, 60, fill_bots=True)
    pool.press(person("Ben"), "speedwerk", 3, 60)
    age(a, 31)
    [paired] = pool.sweep()
    match = Match.objects.get(pk=paired.match_id)
    assert people_of(match) == {"Anna", "Ben"} and paired.bots == 1
    assert kind_of(match).name == "table"


def test_bots_of_the_persons_level():
    assert pool.bot_strength_for("speedone", 1200) == "leicht"
    assert pool.bot_strength_for("speedone", 1500) == "normal"
    assert pool.bot_strength_for("speedone", 1800) == "stark"


def test_a_seek_is_accepted_from_the_list(bots):
    a = rated("Anna", "speedone", 30)  # 2100: far from a newcomer
    seek = pool.press(a, "speedone", 0, 60)
    b = person("Ben")
    [listed] = pool.open_seeks("speedone", b)
    assert listed.pk == seek.pk and listed.rating == 2100
    mine = pool.accept(b, seek.pk)
    assert mine.status == Seek.Status.MATCHED
    assert people_of(mine.match) == {"Anna", "Ben"}
    with pytest.raises(ActionRejected, match="schon vorbei"):
        pool.accept(person("Carl"), seek.pk)


def test_pressing_again_replaces_the_persons_seek(bots):
    a = person("Anna")
    first = pool.press(a, "speedone", 2, 60)
    second = pool.press(a, "speedwerk", 3, 30)
    first.refresh_from_db()
    assert first.status == Seek.Status.CANCELLED
    assert Seek.objects.filter(player_key=a.key, status=Seek.Status.WAITING).get() == second


def test_bad_choices_are_refused_in_german(bots):
    with pytest.raises(ActionRejected, match="spielt man zu 3 bis 6"):
        pool.press(person("Anna"), "speedwerk", 2, 60)
    with pytest.raises(ActionRejected, match="Bedenkzeit"):
        pool.press(person("Ben"), "speedwerk", 3, 45)
    assert not Seek.objects.exists()


def test_the_views_press_wait_and_cancel(client, bots):
    a = User.objects.create_user("Anna", password="kartenglück-42")
    client.force_login(a)
    url = reverse("pairing:press", args=["speedone"])
    answer = client.post(url, {"players": "2", "move_seconds": "60"}, HTTP_HX_REQUEST="true")
    html = answer.content.decode()
    assert "Suche Mitspieler für Speedone" in html and "Abbrechen" in html
    seek = Seek.objects.get(user=a)
    beat = client.post(reverse("pairing:wait", args=[seek.pk]), HTTP_HX_REQUEST="true")
    assert "1 Person sucht gerade dieses Spiel" in beat.content.decode()
    room = client.get(reverse("lobby:room", args=["speedone"])).content.decode()
    assert 'id="quick-wait"' in room  # a reload keeps the wait
    pool.press(person("Ben"), "speedone", 2, 60)
    beat = client.post(reverse("pairing:wait", args=[seek.pk]), HTTP_HX_REQUEST="true")
    assert beat.headers["HX-Redirect"] == reverse(
        "games:match", args=[Seek.objects.get(pk=seek.pk).match_id]
    )
    bad = client.post(url, {"players": "9", "move_seconds": "60"}, HTTP_HX_REQUEST="true")
    assert "Speedone spielt man zu 2 bis 4." in bad.content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_race_of_50_presses_puts_nobody_twice(bots):
    """50 threads (25 people, each pressing twice, in two games) on real PostgreSQL: every
    person is in at most one match, every match has distinct people."""
    assert connection.vendor == "postgresql"
    players = [person(f"Racer{i:02d}") for i in range(25)]
    games = ["speedone", "speedwerk"]
    start = threading.Barrier(50)
    errors: list[BaseException] = []

    def go(i: int) -> None:
        p = players[i % 25]
        try:
            start.wait()
            pool.press(p, games[(i // 25) % 2] if i % 3 else "speedone", 0, 60, fill_bots=True)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=go, args=(i,)) for i in range(50)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    # whoever still waits fills up with computers
    Seek.objects.filter(status=Seek.Status.WAITING).update(
        created=timezone.now() - timedelta(seconds=60), seen=timezone.now()
    )
    pool.sweep()
    seats = Match.objects.filter(seats__is_human=True).values_list("seats__user_id", flat=True)
    ids = list(seats)
    assert len(ids) == len(set(ids)), "a person sits in two matches"
    assert set(ids) == {p.user.pk for p in players}
    assert Seek.objects.filter(status=Seek.Status.WAITING).count() == 0
    for seek in Seek.objects.filter(status=Seek.Status.MATCHED):
        assert seek.match.seats.filter(user_id=seek.user_id).count() == 1


def test_a_visitor_without_account_is_offered_login_or_guest(client, bots):
    seek = pool.press(person("Anna"), "speedone", 2, 60)
    room = client.get(reverse("lobby:room", args=["speedone"])).content.decode()
    assert "Als Gast spielen" in room and 'id="quick-start"' not in room
    assert f'data-seek="{seek.pk}"' in room  # the seek is listed …
    assert "Mitspielen" not in room  # … without a button that would need a person


def test_the_seek_list_shows_rating_tempo_and_count(client, bots):
    pool.press(rated("Anna", "speedwerk", 5), "speedwerk", 4, 30)
    ben = User.objects.create_user("Ben", password="kartenglück-42")
    client.force_login(ben)
    html = client.get(reverse("pairing:seeks", args=["speedwerk"])).content.decode()
    assert "Anna" in html and "1600" in html and "4 Spieler" in html and "30 s" in html
    assert "Mitspielen" in html


def test_the_beat_task_fills_up_and_is_scheduled(settings, bots):
    from pairing import tasks

    assert any(
        job["task"] == "pairing.tasks.sweep" for job in settings.CELERY_BEAT_SCHEDULE.values()
    )
    seek = pool.press(person("Anna"), "speedone", 2, 0, fill_bots=True)
    assert tasks.sweep() == 0
    age(seek, 31)
    assert tasks.sweep() == 1
    seek.refresh_from_db()
    assert seek.status == Seek.Status.MATCHED and seek.match.move_seconds is None


def test_the_plan_of_a_crowded_pool_is_quick_and_seats_nobody_twice():
    import random
    import time

    rng = random.Random(3)
    now = timezone.now()
    seeks = [
        Seek(
            pk=i + 1,
            game="speedwerk",
            move_seconds=60,
            players=rng.choice([0, 3, 4, 5, 6]),
            player_key=f"u{i + 1}",
            user_id=i + 1,
            name=f"P{i}",
            rating=round(rng.gauss(1500, 200)),
            created=now - timedelta(seconds=rng.uniform(0, 20)),
        )
        for i in range(1000)
    ]
    t0 = time.perf_counter()
    groups = pool.plan(seeks, 3, 6, now, set())
    assert time.perf_counter() - t0 < 3
    seated = [s.pk for group, _size in groups for s in group]
    assert len(seated) == len(set(seated)) > 800
    for group, size in groups:
        assert len(group) == size and all(s.players in (0, size) for s in group)
        assert max(s.rating for s in group) - min(s.rating for s in group) <= 300


def test_ended_rows_are_forgotten_after_a_day(bots):
    a = person("Anna")
    old = pool.press(a, "speedone", 2, 60)
    pool.cancel(a, old.pk)
    waiting = pool.press(person("Ben"), "speedone", 2, 60)
    Seek.objects.filter(pk=old.pk).update(ended=timezone.now() - timedelta(days=1, seconds=1))
    pool.sweep()
    assert list(Seek.objects.values_list("pk", flat=True)) == [waiting.pk]
