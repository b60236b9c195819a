"""Issue 41 item 4: today's deal cannot be read before playing it. Until the day is over, a
daily match – live or as a replay, its board poll and its spectator socket – is open only to its
own player and to people whose counted attempt of that day is over; the public profile links it
accordingly. Both ways, for all four daily games."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.urls import reverse

from accounts.identity import Player
from accounts.models import User
from games.models import Match
from games.registry import SLUGS
from leaderboards import daily
from tests.leaderboards.test_daily import DAY, on_day  # noqa: F401 (fixture)
from tests.sockets import board_at_least, cookie_for, frames_until, socket

REFUSED = "Ansehen kannst du sie erst, wenn du deinen gewerteten Versuch gespielt hast"


def person(name: str) -> User:
    return User.objects.create_user(name, password="kartenglück-42")


def end(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, finished=match.created)


def pages(client, match: Match) -> tuple[int, int, int]:
    """The status of the live page, the replay and the board poll."""
    page = reverse("games:match", args=[match.pk])
    board = reverse("games:board", args=[match.pk])
    return (
        client.get(page).status_code,
        client.get(page + "?zug=0").status_code,
        client.get(board).status_code,
    )


@pytest.mark.django_db
@pytest.mark.parametrize("game", SLUGS)
def test_todays_daily_match_is_open_only_to_its_player_and_to_those_done_today(
    client,
    bots,
    on_day,  # noqa: F811
    game,
):
    vera, bert, wilma = person("Vera"), person("Bert"), person("Wilma")
    mine, counted = daily.start_daily(Player(user=vera), game)
    assert counted
    # running: Bert, who has not played today, neither watches nor polls the board
    client.force_login(bert)
    page = client.get(reverse("games:match", args=[mine.pk]))
    assert page.status_code == 403 and REFUSED in page.content.decode()
    assert f'href="{reverse("leaderboards:daily")}" id="way-on"' in page.content.decode()
    assert client.get(reverse("games:board", args=[mine.pk])).status_code == 403
    # finished: no replay of it either – and no profile link to it
    end(mine)
    assert pages(client, mine) == (403, 403, 403)
    profile = client.get(reverse("leaderboards:player", args=["Vera"])).content.decode()
    assert f"/partie/{mine.pk}/?zug=0" not in profile and "ab morgen" in profile
    # Bert's own counted attempt still runs: still closed; over: open, and linked
    his, counted = daily.start_daily(Player(user=bert), game)
    assert counted
    assert pages(client, mine)[1] == 403
    end(his)
    assert pages(client, mine) == (200, 200, 200)
    profile = client.get(reverse("leaderboards:player", args=["Vera"])).content.decode()
    assert f"/partie/{mine.pk}/?zug=0" in profile
    # Vera always sees her own match
    client.force_login(vera)
    assert pages(client, mine) == (200, 200, 200)
    # the next day the deal is no secret: Wilma, who never played it, looks too
    client.force_login(wilma)
    assert pages(client, mine) == (403, 403, 403)
    on_day["day"] = DAY + timedelta(days=1)
    assert pages(client, mine) == (200, 200, 200)


@pytest.mark.django_db(transaction=True)
def test_the_spectator_socket_of_todays_daily_match_is_refused(bots, on_day):  # noqa: F811
    vera, bert = person("Vera"), person("Bert")
    mine, _counted = daily.start_daily(Player(user=vera), "speedone")

    async def refused(cookie: bytes) -> tuple[str, int | None]:
        comm = socket(f"/ws/partie/{mine.pk}/", cookie)
        assert (await comm.connect())[0]
        first = await comm.receive_output(timeout=5)
        closed = await comm.receive_output(timeout=5)
        await comm.disconnect()
        return first.get("text", ""), closed.get("code")

    async def watches(cookie: bytes) -> list[str]:
        comm = socket(f"/ws/partie/{mine.pk}/", cookie)
        assert (await comm.connect())[0]
        got = await frames_until(comm, board_at_least(0))
        await comm.disconnect()
        return got

    text, code = async_to_sync(refused)(cookie_for(bert))
    assert REFUSED in text and code == 4403
    on_day["day"] = DAY + timedelta(days=1)
    got = async_to_sync(watches)(cookie_for(bert))
    assert REFUSED not in "".join(got) and 'id="board"' in "".join(got)
