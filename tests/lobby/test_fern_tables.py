"""The table option „Fernpartie“ (issue 43): a time per move of 12 hours, a day or three days
makes the table's matches turn-based (kind ``fern``), Speedbasar is left out and its lobby says
why, and up to 30 Fernpartien per person run at once – the solo limit does not apply."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.identity import Player
from accounts.models import User
from games.actions import ActionRejected
from games.models import Match
from lobby import services

pytestmark = pytest.mark.django_db
DAY = 24 * 3600


@pytest.fixture
def people(bots):
    return {n: User.objects.create_user(n, password="kartenglück-42") for n in ("Zora", "Bob")}


def p(user) -> Player:
    return Player(user=user)


def _fern_match(people, game: str = "speedone", seconds: int = DAY) -> Match:
    zora, bob = p(people["Zora"]), p(people["Bob"])
    table = services.open_table(zora, game, {"seats": 2, "move_seconds": seconds})
    services.join(table, bob)
    services.set_ready(table, bob, True)
    return services.start(table, zora)


@pytest.mark.parametrize("seconds", [12 * 3600, DAY, 3 * DAY])
def test_a_fern_time_per_move_starts_a_fernpartie(people, seconds):
    match = _fern_match(people, seconds=seconds)
    assert match.kind == "fern" and match.move_seconds == seconds and not match.solo
    assert match.deadline is not None and match.timer_due is None


def test_a_live_time_per_move_still_starts_a_table(people):
    assert _fern_match(people, seconds=90).kind == "table"


def test_speedbasar_is_no_fernpartie_and_its_lobby_says_so(client, people):
    with pytest.raises(ActionRejected, match="Speedbasar gibt es nicht als Fernpartie"):
        services.open_table(p(people["Zora"]), "speedbasar", {"seats": 3, "move_seconds": DAY})
    client.force_login(people["Bob"])
    page = client.get(reverse("lobby:room", args=["speedbasar"])).content.decode()
    assert "Speedbasar gibt es nicht als Fernpartie" in page
    page = client.get(reverse("lobby:room", args=["speedtroedel"])).content.decode()
    assert "Fernpartie" in page and "nicht als Fernpartie" not in page


def test_the_table_offers_the_fern_times_and_names_them(client, people):
    table = services.open_table(p(people["Zora"]), "speedwerk", {"seats": 3})
    client.force_login(people["Zora"])
    page = client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    assert f'value="{3 * DAY}"' in page and "Fernpartie: 3 Tage pro Zug" in page
    services.update_settings(table, p(people["Zora"]), {"move_seconds": 3 * DAY})
    page = client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    assert "Fernpartie: 3 Tage pro Zug" in page
    basar = services.open_table(p(people["Bob"]), "speedbasar", {"seats": 3})
    client.force_login(people["Bob"])
    page = client.get(reverse("lobby:table", args=[basar.pk])).content.decode()
    assert "Fernpartie" not in page


def test_many_fernpartien_run_at_once_up_to_the_limit(people, settings):
    settings.MAX_RUNNING_SOLO = 1
    settings.MAX_RUNNING_FERN = 4
    services.start_solo(p(people["Bob"]), "speedone", 1, "normal")  # the solo limit is reached
    for _ in range(4):  # … and does not count for Fernpartien
        _fern_match(people)
    with pytest.raises(ActionRejected, match="schon 4 laufende Fernpartien"):
        _fern_match(people)
    assert Match.objects.filter(kind="fern").count() == 4
