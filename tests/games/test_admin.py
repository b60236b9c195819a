"""Staff in the admin: German headings and match names, aborting a running match with a reason
(stakes back, nothing booked, the players told), and the progress of the extra pages and the
Erfolge (view, reset)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts import wallet
from accounts.identity import Player
from accounts.models import User
from games import actions, queue
from games.models import Match
from games.speedbasar.journey.models import JourneyMatch, JourneyStop
from games.speedtroedel.school.models import LessonPassed
from leaderboards.models import Achievement, LeaderboardEntry, Rating
from lobby import services
from lobby.models import Table
from tests.capture import capture

pytestmark = pytest.mark.django_db

MATCHES = reverse("admin:games_match_changelist")
REASON = "Verbindungsfehler auf dem Server"


@pytest.fixture
def stake_match(alice, bob, bots) -> Match:
    """Alice and Bob (and a bot) at a Speedwerk table with 40 Taler stake each, running."""
    for u in (alice, bob):
        wallet.grant_start(u)
    table = services.open_table(Player(user=alice), "speedwerk", {"seats": 3, "stake": 40})
    services.join(table, Player(user=bob))
    services.set_ready(table, Player(user=bob), True)
    return services.start(table, Player(user=alice))


def test_the_admin_speaks_german_headings_and_game_titles(admin_client, stake_match):
    index = admin_client.get(reverse("admin:index")).content.decode()
    for heading in ("Konten", "Partien", "Tische", "Bestenlisten", "Händlerreise", "Händlerschule"):
        assert f">{heading}</a>" in index, heading
    for english in (">Accounts<", ">Games<", ">Lobby<", ">Journey<", ">School<"):
        assert english not in index
    page = admin_client.get(MATCHES).content.decode()
    assert f"Speedwerk, Partie {stake_match.pk}" in page
    assert f"speedwerk #{stake_match.pk}" not in page
    assert str(stake_match) == f"Speedwerk, Partie {stake_match.pk}"
    tables = admin_client.get(reverse("admin:lobby_table_changelist")).content.decode()
    assert '<td class="field-game_column">Speedwerk</td>' in tables


def test_staff_abort_a_running_match_with_a_reason(admin_client, stake_match, alice, bob, settings):
    match = stake_match
    assert wallet.balance(alice) == settings.STARTING_GRANT - 40
    old_version = match.version
    # the action asks for the reason first; nothing has changed yet
    form = admin_client.post(MATCHES, {"action": "abort_matches", "_selected_action": [match.pk]})
    assert form.status_code == 200
    html = form.content.decode()
    assert "Partie abbrechen" in html and f"Speedwerk, Partie {match.pk}" in html
    assert 'name="reason"' in html
    # without a reason: the form again, the match still runs
    again = admin_client.post(
        MATCHES,
        {"action": "abort_matches", "_selected_action": [match.pk], "apply": "1", "reason": " "},
    )
    assert again.status_code == 200 and "errorlist" in again.content.decode()
    assert Match.objects.get(pk=match.pk).status == Match.Status.RUNNING
    with capture() as sent:
        done = admin_client.post(
            MATCHES,
            {
                "action": "abort_matches",
                "_selected_action": [match.pk],
                "apply": "1",
                "reason": REASON,
            },
            follow=True,
        )
    assert "1 Partie abgebrochen" in done.content.decode()
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED and match.finished is not None
    assert match.deadline is None and match.version == old_version + 1
    assert match.result["aborted"]["reason"] == REASON
    # stakes back, nothing booked
    assert wallet.balance(alice) == wallet.balance(bob) == settings.STARTING_GRANT
    assert not LeaderboardEntry.objects.filter(match=match).exists()
    assert not Rating.objects.exists() and not Achievement.objects.exists()
    assert all(s.leaderboard_points is None and s.payout == 0 for s in match.seats.all())
    # the players read the reason on their board; no bot turn or timer is scheduled
    boards = sent.boards()
    humans = {s.index for s in match.seats.all() if s.is_human}
    bot = next(s.index for s in match.seats.all() if not s.is_human)
    assert set(boards) == humans and len(humans) == 2
    notice = f"Die Partie wurde von der Spielleitung abgebrochen: {REASON}"
    assert all(notice in html for html in boards.values())
    assert sent.tasks == []
    # timers and bot turns already queued for the old version do nothing now
    with queue.capturing() as later:
        assert actions.run_timeout(match.pk, old_version) is False
        assert actions.run_bot(match.pk, old_version, bot) is False
    assert later == []
    # the table is open again, and the match page shows the reason too
    assert Table.objects.get(pk=match.table_id).status == Table.Status.OPEN
    admin_client.force_login(alice)
    page = admin_client.get(reverse("games:match", args=[match.pk])).content.decode()
    assert notice in page
    # a second abort is refused in German and changes nothing
    with pytest.raises(actions.ActionRejected, match="läuft nicht mehr"):
        actions.abort_match(match.pk, "noch einmal", by=alice)
    assert wallet.balance(alice) == settings.STARTING_GRANT


def test_abort_refuses_an_empty_reason_and_a_finished_match(stake_match, alice):
    with pytest.raises(actions.ActionRejected, match="Grund"):
        actions.abort_match(stake_match.pk, "   ", by=alice)
    assert Match.objects.get(pk=stake_match.pk).status == Match.Status.RUNNING


def test_non_staff_cannot_open_the_admin_nor_abort(client, stake_match, alice, settings):
    client.force_login(alice)
    page = client.get(MATCHES)
    assert page.status_code == 302 and "/login/" in page["Location"]
    post = client.post(
        MATCHES,
        {
            "action": "abort_matches",
            "_selected_action": [stake_match.pk],
            "apply": "1",
            "reason": REASON,
        },
    )
    assert post.status_code == 302
    assert Match.objects.get(pk=stake_match.pk).status == Match.Status.RUNNING
    assert wallet.balance(alice) == settings.STARTING_GRANT - 40
    # staff with only the view permission see the matches but cannot abort
    viewer = User.objects.create_user("Vera", password="kartenglück-42", is_staff=True)
    from django.contrib.auth.models import Permission

    viewer.user_permissions.add(Permission.objects.get(codename="view_match"))
    client.force_login(viewer)
    page = client.get(MATCHES).content.decode()
    assert f"Speedwerk, Partie {stake_match.pk}" in page and "abort_matches" not in page
    client.post(
        MATCHES,
        {
            "action": "abort_matches",
            "_selected_action": [stake_match.pk],
            "apply": "1",
            "reason": REASON,
        },
    )
    assert Match.objects.get(pk=stake_match.pk).status == Match.Status.RUNNING


def test_staff_view_and_reset_journey_school_and_erfolge(admin_client, alice, stake_match):
    match = stake_match
    stop = JourneyStop.objects.create(user=alice, station="kairo")
    JourneyMatch.objects.create(match=match, stop=stop, passed=True)
    JourneyStop.objects.filter(pk=stop.pk).update(passed=match.created, passed_match=match)
    lesson = LessonPassed.objects.create(user=alice, game="speedtroedel", lesson="bedienen")
    earned = Achievement.objects.create(user=alice, game="speedbasar", key="weltreisender")

    stops_url = reverse("admin:journey_journeystop_changelist")
    page = admin_client.get(stops_url).content.decode()
    assert "Alice" in page and "1. Kairo" in page
    admin_client.post(stops_url, {"action": "reset_stops", "_selected_action": [stop.pk]})
    stop.refresh_from_db()
    assert stop.passed is None and stop.passed_match is None
    assert JourneyMatch.objects.filter(match=match).exists()  # the attempt stays on record

    lessons_url = reverse("admin:school_lessonpassed_changelist")
    page = admin_client.get(lessons_url).content.decode()
    assert "Alice" in page and "Bedienen" in page and "Speedtrödel" in page
    admin_client.post(lessons_url, {"action": "reset_lessons", "_selected_action": [lesson.pk]})
    assert not LessonPassed.objects.exists()

    erfolge_url = reverse("admin:leaderboards_achievement_changelist")
    page = admin_client.get(erfolge_url).content.decode()
    assert "Alice" in page and "Weltreisender" in page and "Speedbasar" in page
    admin_client.post(
        erfolge_url, {"action": "reset_achievements", "_selected_action": [earned.pk]}
    )
    assert not Achievement.objects.exists()


def test_an_aborted_daily_game_gets_no_rank_and_says_so(client, alice, bots):
    from leaderboards import daily

    match, counted = daily.start_daily(Player(user=alice), "speedone")
    assert counted
    actions.abort_match(match.pk, REASON, by=None)
    challenge = daily.challenge_of(match)
    assert all(r["user_id"] != alice.pk for r in daily.standings(challenge, limit=0))
    client.force_login(alice)
    page = client.get(reverse("accounts:profile")).content.decode()
    row = page.split('id="daily"')[1].split("</section>")[0]
    assert "abgebrochen" in row and "läuft noch" not in row


def test_an_aborted_match_shows_the_stakes_back_and_the_way_on(client, stake_match, alice):
    """Issue 41 item 8: the board of an aborted match is no dead end – it says the stake came
    back and offers the table, a new game and the start page."""
    match = actions.abort_match(stake_match.pk, REASON, by=alice)
    client.force_login(alice)
    page = client.get(reverse("games:match", args=[match.pk])).content.decode()
    assert 'id="aborted"' in page
    assert "Dein Einsatz von 40 Talern ist zurück auf deinem Konto." in page
    assert "Für die Bestenliste zählt die Partie nicht." in page
    table = reverse("lobby:table", args=[match.table_id])
    assert f'href="{table}" id="back-to-table"' in page
    assert f'href="{reverse("lobby:room", args=["speedwerk"])}" id="new-game"' in page
    assert 'id="to-home"' in page
