"""A person's running games (issue 25): listed for accounts and guests, never a finished one,
with whose turn it is; shown in the header's badge and on the home page."""

from __future__ import annotations

import pytest

from accounts.identity import Player
from accounts.models import Guest
from games import actions, queue
from games.actions import SeatSpec
from games.engines.base import get_engine
from games.models import Match
from games.running import running_badge, running_games
from lobby import services
from tests.games.test_platform import seats_for


def _start(game: str, people: list, bots) -> Match:
    with queue.capturing():
        return actions.start_match(game, seats_for(game, people, bots))


def _to_act(match: Match) -> frozenset[int]:
    engine = get_engine(match.game)
    match.refresh_from_db()
    return engine.actors(engine.from_json(match.state))


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["speedtroedel", "speedone", "speedbasar", "speedwerk"])
def test_the_running_games_of_a_person(alice, bots, game):
    match = _start(game, [alice], bots)
    [running] = running_games(Player(user=alice))
    assert running.match_id == match.pk and running.game.slug == game
    assert running.opponents == tuple(s.name for s in match.seats.all() if s.index != 0)
    assert running.your_turn == (0 in _to_act(match))
    assert running.url == f"/partie/{match.pk}/"
    assert running_badge(Player(user=alice)) == (1, running.your_turn)
    # finished or aborted matches are not listed
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    assert running_games(Player(user=alice)) == []
    assert running_badge(Player(user=alice)) == (0, False)


@pytest.mark.django_db
def test_guests_see_their_own_running_games_and_nobody_elses(alice, bob, bots):
    guest = Guest.objects.create(display_name="Gustav")
    mine = _start("speedone", [], bots)  # bots only, then the guest takes a seat
    with queue.capturing():
        match = actions.start_match(
            "speedone", [SeatSpec("Gustav", guest=guest), SeatSpec("Alice", user=alice)]
        )
    assert [r.match_id for r in running_games(Player(guest=guest))] == [match.pk]
    assert [r.match_id for r in running_games(Player(user=alice))] == [match.pk]
    assert running_games(Player(user=bob)) == []
    assert running_games(None) == [] and running_badge(None) == (0, False)
    assert mine.pk not in [r.match_id for r in running_games(Player(guest=guest))]


@pytest.mark.django_db
def test_a_seat_the_computer_plays_is_listed_as_such(alice, bots):
    match = _start("speedone", [alice], bots)
    actions.replace_with_bot(match.pk, 0, reason="gone")
    [running] = running_games(Player(user=alice))
    assert running.computer_plays and not running.your_turn


@pytest.mark.django_db
def test_the_header_badge_and_the_home_page_list_lead_back_to_the_game(client, alice, bots):
    client.force_login(alice)
    home = client.get("/").content.decode()
    assert 'id="nav-running"' not in home and 'id="laufend"' not in home
    with queue.capturing():
        match = services.start_solo(Player(user=alice), "speedone", 2, "leicht")
    home = client.get("/").content.decode()
    assert 'id="nav-running"' in home and "1 laufende Partie" in home
    assert f'href="/partie/{match.pk}/"' in home and "weiter" in home
    if 0 in _to_act(match):
        assert "du bist dran" in home and "Du bist dran" in home
    # the badge is on every page, e.g. a lobby
    assert 'id="nav-running"' in client.get("/spiele/speedwerk/").content.decode()


@pytest.mark.django_db
def test_a_lobby_lists_the_running_games_of_its_game_only(client, alice, bots):
    client.force_login(alice)
    with queue.capturing():
        match = services.start_solo(Player(user=alice), "speedbasar", 2, "leicht")
    basar = client.get("/spiele/speedbasar/").content.decode()
    assert 'id="laufend"' in basar and f'href="/partie/{match.pk}/"' in basar
    werk = client.get("/spiele/speedwerk/").content.decode()
    assert 'id="laufend"' not in werk and f'href="/partie/{match.pk}/"' not in werk


@pytest.mark.django_db
def test_meine_partien_has_a_running_section(client, alice, bots):
    client.force_login(alice)
    assert 'id="laufend"' not in client.get("/konto/profil/").content.decode()
    with queue.capturing():
        match = services.start_solo(Player(user=alice), "speedtroedel", 2, "leicht")
    page = client.get("/konto/profil/").content.decode()
    assert 'id="laufend"' in page and f'href="/partie/{match.pk}/"' in page
