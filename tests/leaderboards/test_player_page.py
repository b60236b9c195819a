"""The public profile /spieler/<name>/ (issue 27): ratings with their graph, ranks, recent
matches with their replay links, Erfolge, member since – and nothing private; names on the
leaderboards link to it; guests, bots and unknown names get the German 404 page."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from django.urls import reverse

from accounts import wallet
from accounts.models import User
from games.actions import SeatSpec
from leaderboards.models import ALL_TIME, Achievement, LeaderboardTotal, RatingPoint
from tests.leaderboards.helpers import finish_with, result_of, start

pytestmark = pytest.mark.django_db


def _play(a: User, b: User, c: User, game: str, places: list[int]):
    match = start(game, [SeatSpec(u.username, user=u) for u in (a, b, c)])
    return finish_with(match, result_of(places, [30, 20, 10], [30, 20, 10]))


@pytest.fixture
def trio(alice, bob) -> tuple[User, User, User]:
    carl = User.objects.create_user("Carl Ölmüller", password="kartenglück-42")
    return alice, bob, carl


def test_the_profile_shows_graph_ranks_matches_and_erfolge_but_nothing_private(trio, client):
    alice, bob, carl = trio
    alice.email = "alice@example.org"
    alice.save(update_fields=["email"])
    wallet.grant_start(alice)
    first = _play(alice, bob, carl, "speedwerk", [1, 2, 3])
    last = _play(alice, bob, carl, "speedwerk", [2, 1, 3])
    _play(alice, bob, carl, "speedone", [1, 3, 2])
    Achievement.objects.create(user=alice, game="speedwerk", key="x", match=first)
    # one history point per rated match and person, none for the others
    assert RatingPoint.objects.filter(user=alice, game="speedwerk").count() == 2
    assert RatingPoint.objects.filter(user=alice, game="speedone").count() == 1

    page = client.get(reverse("leaderboards:player", args=["alice"]))  # any case
    assert page.status_code == 200
    html = page.content.decode()
    assert "<h1>Alice</h1>" in html and "Mitglied seit" in html
    assert "alice@example.org" not in html and "Taler" not in html
    # the graph: an inline SVG with a title, a description, one line per game, a hidden table
    graph = html.split('id="graph"', 1)[1].split("</section>", 1)[0]
    svg = re.search(r"<svg .*?</svg>", graph, re.S).group(0)
    assert 'role="img"' in svg and "<title" in svg and "<desc" in svg
    assert svg.count("<polyline") == 2
    assert '<table class="sr-only">' in graph.split("</svg>", 1)[1]
    # ranks: Alice won one and came second once in Speedwerk, Bob the other way round, Carl
    # was last twice: Alice and Bob share the first place in the month and in all time
    points = LeaderboardTotal.objects.get(user=alice, game="speedwerk", period=ALL_TIME).points
    werk = html.split('id="ratings"', 1)[1].split(">Speedwerk</a>", 1)[1].split("</tr>", 1)[0]
    assert werk.count("1. Platz") == 2 and werk.count(f"{points} Punkte") == 2
    # recent matches link to the replay of the finished board
    assert f"/partie/{last.pk}/?zug=0" in html and f"/partie/{first.pk}/?zug=0" in html
    assert "Erfolge" in html


def test_special_names_are_url_encoded_and_others_get_a_german_404(trio, client, bots):
    alice, bob, carl = trio
    url = reverse("leaderboards:player", args=[carl.username])
    assert url == "/spieler/" + quote("Carl Ölmüller") + "/"
    assert client.get(url).status_code == 200
    for name in ("Niemand", bots[0].username):
        r = client.get(reverse("leaderboards:player", args=[name]))
        assert r.status_code == 404
        assert "Spieler nicht gefunden" in r.content.decode()


def test_names_on_the_leaderboards_link_to_the_profiles(trio, client):
    alice, bob, carl = trio
    _play(alice, bob, carl, "speedwerk", [1, 2, 3])
    html = client.get(reverse("leaderboards:game", args=["speedwerk"])).content.decode()
    for person in trio:
        link = f'href="{reverse("leaderboards:player", args=[person.username])}"'
        assert link in html


def test_the_buttons_follow_the_relation(trio, client):
    from accounts import social

    alice, bob, _carl = trio
    client.force_login(alice)
    url = reverse("leaderboards:player", args=["Bob"])
    assert "Als Freund hinzufügen" in client.get(url).content.decode()
    social.request_friend(alice, bob)
    assert "wartet auf Antwort" in client.get(url).content.decode()
    social.accept_friend(bob, alice)
    assert "Ihr seid befreundet." in client.get(url).content.decode()
    own = client.get(reverse("leaderboards:player", args=["Alice"])).content.decode()
    assert "Als Freund hinzufügen" not in own and "Meine Freunde" in own


def test_the_match_board_links_registered_seats_only():
    from games.rendering import seats_html

    def seat(index: int, name: str, guest: bool = False, bot: bool = False) -> dict:
        return {
            "index": index,
            "name": name,
            "guest": guest,
            "bot": bot,
            "strength": "normal" if bot else "",
            "left": False,
            "connected": True,
            "score": 0,
            "cards": 5,
            "turn": False,
            "me": index == 0,
            "partner": False,
            "dealer": False,
            "stats": [],
        }

    html = str(
        seats_html(
            [seat(0, "Carl Ölmüller"), seat(1, "Gustav", guest=True), seat(2, "Kalle", bot=True)]
        )
    )
    assert 'href="/spieler/Carl%20%C3%96lm%C3%BCller/"' in html
    assert html.count("/spieler/") == 1  # no profile for the guest and the bot


def test_a_newcomer_reads_a_friendly_provisional_rating_and_distinct_axis_labels(trio, client):
    """#41.22: after one lost game the rating read −1,8 and the graph's axis repeated labels; now
    everyone starts at 1500, an early rating says „vorläufig“, and no two ticks read the same."""
    alice, bob, carl = trio
    _play(alice, bob, carl, "speedwerk", [1, 2, 3])  # Carl is last in his first game
    html = client.get(reverse("leaderboards:player", args=[carl.username])).content.decode()
    werk = html.split('id="ratings"', 1)[1].split(">Speedwerk</a>", 1)[1].split("</tr>", 1)[0]
    cell = werk.split('<td class="num">', 1)[1].split("</td>", 1)[0]
    shown = int(re.match(r"\d+", cell).group(0))
    assert 1300 < shown < 1500 and "vorläufig" in cell
    svg = html.split('id="graph"', 1)[1].split("</svg>", 1)[0]
    ticks = re.findall(r'dominant-baseline="middle">([^<]*)</text>', svg)
    assert len(ticks) >= 3 and len(set(ticks)) == len(ticks)
    assert all(t.isdigit() and 1000 < int(t) < 2000 for t in ticks)
    table = client.get(reverse("leaderboards:game", args=["speedwerk"])).content.decode()
    rating = table.split('id="rating"', 1)[1].split("</section>", 1)[0]
    assert "μ" not in rating and rating.count("vorläufig") >= 3
    assert str(shown) in rating
