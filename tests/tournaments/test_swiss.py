"""Swiss tournaments: fixed rounds, tables of similar scores that have not met, byes filled with
computers that score nothing, the Buchholz tie-break (docs/tournaments.md)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from games.actions import ActionRejected
from tests.tournaments.helpers import entries, finish_in_order, people_at, person, step, tournament
from tournaments import plans, services
from tournaments.models import GamePoints, Tournament

pytestmark = pytest.mark.django_db

STRENGTH = ["S3", "S1", "S5", "S2", "S7", "S4", "S6"]


def pairs(tables: list[list[str]]) -> set[frozenset[str]]:
    return {frozenset(p) for table in tables for p in combinations(table, 2)}


def test_swiss_with_byes_three_rounds_and_tie_breaks(bots):
    t = tournament("swiss", size=3, rounds=3)
    for i in range(1, 8):  # S1 1800 … S7 1200
        services.join(t, person(f"S{i}", "speedwerk", 1900 - 100 * i))
    rounds: list[list[list[str]]] = []
    for number in range(1, 4):
        matches = step(t)
        t.refresh_from_db()
        assert t.round == number
        # 7 people at tables of 3: tables of 3, 2 and 2 people, a computer in each bye seat
        assert sorted(m.seats.filter(is_human=True).count() for m in matches) == [2, 2, 3]
        assert all(m.seats.count() == 3 for m in matches)
        assert step(t) == []  # the round is still being played: no next one
        tables = [people_at(m) for m in matches]
        rounds.append(tables)
        for match in matches:
            finish_in_order(match, STRENGTH)
    assert rounds[0] == [["S1", "S2", "S3"], ["S4", "S5"], ["S6", "S7"]]
    assert not pairs(rounds[0]) & pairs(rounds[1])  # round 2: nobody meets again
    # computers score nothing and have no entry; people beat them for points like anyone
    assert GamePoints.objects.filter(entry__user__is_bot=True).count() == 0
    assert GamePoints.objects.count() == 21

    step(t)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    final = services.standings(t)
    assert [e.rank for e in final] == list(range(1, 8))
    # the tie-break, recomputed from the booked games: points, Buchholz, average place
    score = {e.pk: e.score for e in final}
    at: dict[int, list[int]] = {}
    for gp in GamePoints.objects.all():
        at.setdefault(gp.game_id, []).append(gp.entry_id)
    buchholz: Counter[int] = Counter()
    for table in at.values():
        for e in table:
            buchholz[e] += sum(score[o] for o in table if o != e)
    assert {e.pk: e.buchholz for e in final} == {pk: buchholz[pk] for pk in score}
    keys = [(-e.score, -e.buchholz, e.place_sum / e.games, -e.rating) for e in final]
    assert keys == sorted(keys)
    assert final[0].user.username == "S3"  # the strongest won every game


def test_a_running_swiss_tournament_takes_no_new_people(bots):
    t = tournament("swiss", size=3, rounds=2)
    for name in ("A", "B", "C"):
        services.join(t, person(name, "speedwerk", 1500))
    step(t)
    with pytest.raises(ActionRejected, match="Schweizer System läuft schon"):
        services.join(t, person("Late", "speedwerk", 1500))
    assert "Late" not in entries(t)


def test_a_swiss_tournament_without_two_people_ends_without_games(bots):
    t = tournament("swiss", size=3, rounds=2)
    services.join(t, person("Solo", "speedwerk", 1500))
    assert step(t) == []
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED


class E:
    def __init__(self, pk: int, score: int = 0) -> None:
        self.pk = self.user_id = pk
        self.score, self.rating = score, 1500 - pk


def test_the_swiss_plan_prefers_people_who_have_not_met_and_never_seats_a_blocked_pair():
    assert plans.table_sizes(9, 4) == [3, 3, 3]
    assert plans.table_sizes(10, 4) == [4, 3, 3]
    assert plans.table_sizes(6, 6) == [6]
    people = [E(i) for i in range(1, 7)]
    met = Counter({(1, 2): 1, (2, 1): 1, (1, 3): 1, (3, 1): 1})
    tables = plans.swiss(people, 3, met, set())
    assert [[e.pk for e in t] for t in tables] == [[1, 4, 5], [2, 3, 6]]
    blocks = {(1, 4), (4, 1)}
    tables = plans.swiss(people, 3, Counter(), blocks)
    assert all(not {1, 4} <= {e.pk for e in t} for t in tables)
    assert sorted(e.pk for t in tables for e in t) == [1, 2, 3, 4, 5, 6]


def test_a_bye_table_played_to_its_end_move_by_move_books_the_people_and_not_the_computer(bots):
    import random

    from tests.games.test_replay import play_out

    t = tournament("swiss", game="speedbasar", size=4, rounds=1)
    for name in ("Ada", "Bea", "Cid"):
        services.join(t, person(name, "speedbasar", 1500))
    (match,) = step(t)
    assert match.seats.filter(is_human=False).count() == 1  # the bye: a computer
    match = play_out(match, random.Random(7))  # people's random legal moves, the bot's own
    assert match.status == "finished"
    seats = list(match.seats.all())
    got = {gp.entry.user.username: gp for gp in GamePoints.objects.select_related("entry__user")}
    assert set(got) == {"Ada", "Bea", "Cid"}
    for seat in seats:
        if seat.is_human:
            behind = sum(1 for o in seats if o.place > seat.place)
            assert (got[seat.name].place, got[seat.name].points) == (seat.place, behind)
    step(t)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
