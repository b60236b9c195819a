"""The move's hot path on PostgreSQL: one read and one conditional write per ordinary move, a lost
race decided again on a fresh read (and under the row lock when it keeps losing), and no
spectator publish while nobody watches.

These tests run outside a test transaction (``transaction=True``): the optimistic path is only
taken when no caller's transaction is open."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import actions, broadcast
from games.actions import ActionRejected, moves
from games.models import Match, Move
from leaderboards.models import LeaderboardEntry, LeaderboardTotal
from tests.capture import capture
from tests.games.test_consumers import connect, start
from tests.games.test_platform import _werk_pass_position
from tests.leaderboards.helpers import speedone_last_round
from tests.sockets import board_at_least, frames_until

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        "postgresql" not in connection.vendor, reason="the one-statement write is PostgreSQL's"
    ),
]


def test_an_ordinary_move_is_one_read_and_one_conditional_write(alice, bob):
    match = start(alice, bob)
    with CaptureQueriesContext(connection) as queries:
        actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    sql = [q["sql"] for q in queries.captured_queries]
    assert len(sql) == 2, sql
    assert sql[0].startswith("SELECT") and '"games_seat"' in sql[0] and "JOIN" in sql[0]
    assert sql[1].startswith("WITH up AS (UPDATE")
    match.refresh_from_db()
    assert match.version == 1
    assert list(match.moves.values_list("number", "seat", "action", "by")) == [
        (1, 0, {"type": "play", "card": "R1"}, "human")
    ]
    assert match.recent[-1]["v"] == 1


def inject_before_write(monkeypatch, other_move) -> list[int]:
    """Make another move commit after the next move read its snapshot and before it writes (the
    interleaving of two web processes). Returns the versions the injected move committed."""
    real_load = actions.load_match
    done: list[int] = []

    def load(match_id: int, **kwargs):
        snapshot = real_load(match_id, **kwargs)
        if not done:
            done.append(-1)
            done[0] = other_move().version
        return snapshot

    monkeypatch.setattr(moves, "load_match", load)
    return done


def test_a_second_click_that_lost_the_race_changes_nothing(alice, bob, monkeypatch):
    match = start(alice, bob)
    # the first click commits while the second one is being decided on the same version
    done = inject_before_write(
        monkeypatch,
        lambda: actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0),
    )
    with (
        CaptureQueriesContext(connection) as queries,
        pytest.raises(ActionRejected, match="schon weiter"),
    ):
        actions.play(match.pk, 0, {"type": "play", "card": "R2"}, version=0)
    assert done == [1]
    match.refresh_from_db()
    assert match.version == 1
    assert list(match.moves.values_list("action", flat=True)) == [{"type": "play", "card": "R1"}]
    # decided again on a fresh snapshot, not under the lock: its lost write, then one more read
    sql = [q["sql"].split()[0] for q in queries.captured_queries]
    assert sql[-2:] == ["WITH", "SELECT"], sql
    assert not any("FOR UPDATE" in q["sql"] for q in queries.captured_queries)


def test_a_move_that_keeps_losing_its_write_is_decided_under_the_lock(alice, bob, monkeypatch):
    """Every conditional write loses (as at a table where others keep moving first): after
    ``OPTIMISTIC_TRIES`` fresh decisions the locked path stores the move, once."""
    match = start(alice, bob)
    writes: list[int] = []

    def losing(*args, **kwargs) -> bool:
        writes.append(1)
        return False

    monkeypatch.setattr(moves, "_store_move", losing)
    with CaptureQueriesContext(connection) as queries:
        actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    assert len(writes) == moves.OPTIMISTIC_TRIES
    assert any("FOR UPDATE" in q["sql"] for q in queries.captured_queries)
    match.refresh_from_db()
    assert match.version == 1
    assert list(match.moves.values_list("number", "seat", "action")) == [
        (1, 0, {"type": "play", "card": "R1"})
    ]


def _round_to_end(alice, bob) -> Match:
    """A Speedone table where Alice's next card (R1) ends the round, the match going on."""
    match = start(alice, bob)
    speedone_last_round(match, hands=[["R1"], ["Y8", "Y9"]], scores=[0, 0], round_points=[])
    match.refresh_from_db()
    return match


def test_a_move_that_ends_a_round_books_it_in_the_same_transaction_without_the_lock(alice, bob):
    """The round's points are booked with the move (one transaction: the conditional write, then
    the booking) – not on the locked path, which read the match and its seats a second time."""
    match = _round_to_end(alice, bob)
    with CaptureQueriesContext(connection) as queries:
        actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=match.version)
    sql = [q["sql"] for q in queries.captured_queries if q["sql"] not in ("BEGIN", "COMMIT")]
    assert not any("FOR UPDATE" in q for q in sql), sql
    assert sql[1].startswith("WITH up AS (UPDATE"), sql
    assert len(sql) <= 9, sql  # read, write, the accounts, per person: entry (2), totals (1)
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING
    assert {e.user.username: e.points for e in LeaderboardEntry.objects.filter(match=match)} == {
        "Alice": 10,  # the round's winner; the other of two loses 4
        "Bob": -4,
    }
    totals = LeaderboardTotal.objects.filter(user=alice, game="speedone")
    assert sorted(totals.values_list("points", "games")) == [(10, 1), (10, 1)]  # month, all time


def test_a_round_ending_move_that_lost_the_race_books_nothing(alice, bob, monkeypatch):
    """Another move commits between the round-ending move's read and its write: the write finds
    the newer version and the booking is never made (decided again, the move is refused)."""
    match = _round_to_end(alice, bob)
    inject_before_write(
        monkeypatch,
        lambda: actions.play(match.pk, 0, {"type": "draw"}, version=match.version),
    )
    with pytest.raises(ActionRejected):
        actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=match.version)
    assert not LeaderboardEntry.objects.filter(match=match).exists()
    assert not LeaderboardTotal.objects.filter(user=alice).exists()
    match.refresh_from_db()
    assert list(match.moves.values_list("action", flat=True)) == [{"type": "draw"}]


def test_two_choices_in_one_simultaneous_phase_both_count_when_they_race(
    alice, bob, bots, monkeypatch
):
    match = _werk_pass_position(alice, bob, bots)
    assert match.phase_key
    done = inject_before_write(
        monkeypatch,
        lambda: actions.play(match.pk, 1, {"type": "pass", "card": "R3"}, version=6),
    )
    actions.play(match.pk, 0, {"type": "pass", "card": "R1"}, version=6)
    assert done == [7]
    match.refresh_from_db()
    assert match.version == 8
    assert sorted(match.moves.values_list("number", "seat")) == [(7, 1), (8, 0)]


def test_no_spectator_publish_while_nobody_watches(alice, bob):
    match = start(alice, bob)
    watch = broadcast.watch_group(match.pk)
    with capture() as cap:
        actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    assert [g for g, _ in cap.pushes] == [broadcast.players_group(match.pk)]
    assert set(cap.boards()) == {0, 1}
    actions.count_watcher(match.pk, +1)
    with capture() as cap:
        actions.play(match.pk, 1, {"type": "draw"}, version=1)
    assert watch in [g for g, _ in cap.pushes]
    actions.count_watcher(match.pk, -1)
    actions.count_watcher(match.pk, -1)  # a lost decrement never goes below zero
    assert Match.objects.get(pk=match.pk).watchers == 0


def test_a_spectator_socket_is_counted_while_open(alice, bob, settings):
    settings.SPECTATORS_ANONYMOUS = True
    match = start(alice, bob)

    async def scenario() -> int:
        s = connect(match.pk, None)
        assert (await s.connect())[0]
        await frames_until(s, board_at_least(0))
        from channels.db import database_sync_to_async

        watching = await database_sync_to_async(lambda: Match.objects.get(pk=match.pk).watchers)()
        await s.disconnect()
        return watching

    assert async_to_sync(scenario)() == 1
    assert Match.objects.get(pk=match.pk).watchers == 0
    assert not Move.objects.filter(match=match).exists()


def test_an_http_move_answers_with_the_board_it_pushed_in_five_statements(client, alice, bob):
    """The page's POST: session, user, the match with its seats, the move's own snapshot and its
    write – and the answer is the mover's pushed board (rendered once), not a third render."""
    match = start(alice, bob)
    client.force_login(alice)
    url = f"/partie/{match.pk}/zug/"
    with capture() as cap, CaptureQueriesContext(connection) as queries:
        response = client.post(
            url,
            {"action": '{"type": "play", "card": "R1"}', "version": "0"},
            HTTP_HX_REQUEST="true",
        )
    assert response.status_code == 200
    assert len(queries.captured_queries) == 5, [q["sql"][:80] for q in queries.captured_queries]
    pushed = cap.boards()[0]
    assert 'hx-swap-oob="true"' in pushed
    answer = response.content.decode()
    assert answer == pushed.replace('hx-swap-oob="true"', "")
    assert 'data-version="1"' in answer and "hx-swap-oob" not in answer


def test_the_seats_strip_and_ticker_built_in_python_escape_what_people_typed(alice, bob):
    from games.rendering import seats_html, ticker_html

    strip = seats_html(
        [
            {
                "index": 0,
                "name": "<b>Eve</b>",
                "guest": True,
                "bot": False,
                "strength": "",
                "left": False,
                "connected": False,
                "turn": True,
                "me": True,
                "partner": False,
                "dealer": True,
                "cards": 3,
                "score": 12,
                "stats": [{"label": "<i>", "value": "<u>", "title": '"x"', "cls": "bid"}],
            }
        ]
    )
    assert "<b>Eve</b>" not in strip and "&lt;b&gt;Eve&lt;/b&gt;" in strip
    assert "&lt;i&gt;" in strip and "&lt;u&gt;" in strip and 'title="&quot;x&quot;"' in strip
    for word in ("Gast", "offline", "Geber", "12 P.", ">3</span>", 'class="seat turn me"'):
        assert word in strip
    ticker = ticker_html([{"text": "<script>x</script> spielt", "by": "timeout"}])
    assert "<script>" not in ticker and "&lt;script&gt;" in ticker
    assert 'class="timeout"' in ticker and "Zeit abgelaufen" in ticker
    assert "Noch keine Züge." in ticker_html([])


def test_a_refused_move_comes_back_from_the_thread_without_its_frames(alice, bob):
    """The socket's move returns a refusal instead of raising it out of the thread hop, with no
    traceback: raised, its traceback held the move's frames (match, seats, the decoded state) and
    the awaiting coroutine's in a reference cycle per refused press, left to the garbage
    collector."""
    from games.consumers import MatchConsumer

    match = start(alice, bob)
    actions.play(match.pk, 0, {"type": "play", "card": "R1"}, version=0)
    consumer = MatchConsumer()
    consumer.match_id, consumer.seat_index = match.pk, 0
    refused = consumer._play({"type": "play", "card": "R2"}, 0)
    assert isinstance(refused, ActionRejected)
    assert refused.__traceback__ is None and refused.__context__ is None
    assert "schon weiter" in refused.message and refused.version == 1
    illegal = consumer._play({"type": "play", "card": "ZZ9"}, 1)  # the engine's IllegalAction
    assert isinstance(illegal, ActionRejected) and illegal.version == 1
    assert illegal.__traceback__ is None and illegal.__cause__ is None
