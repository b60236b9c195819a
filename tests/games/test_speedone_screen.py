"""Speedone's screen through the services (issue 24): the round summary shows each round's
leaderboard points („Nach jeder Runde gibt es Punkte …“), at the end every round's and their sum;
after the game no hand, no sort button and no ONE badge are left; the Karten-Info names seats;
„Sortieren“ is a group of radio buttons in the gear menu (issue 44)."""

from __future__ import annotations

import re

import pytest

from games import actions
from games.engines.base import get_engine
from games.models import Match
from games.speedone.engine.cards import parse
from tests.games.test_platform import seats_for, services_board

pytestmark = pytest.mark.django_db
ENGINE = get_engine("speedone")


def codes(cards: list[str]) -> list[int]:
    return sorted(parse(c) for c in cards)  # type: ignore[misc]


def match_about_to_go_out(alice, bots, *, scores: list[int]) -> Match:
    """Alice (seat 0, ONE pressed) holds only Rot 5 on Rot 2; the bots hold a few cards."""
    match = actions.start_match("speedone", seats_for("speedone", [alice], bots))
    state = ENGINE.from_json(match.state)
    hands = [["R5"], ["B2", "B9", "GS"], ["Y1", "W"]]
    everything = [c for h in hands for c in h] + ["R2"]
    pile = state.pile + state.discard + [c for h in state.hands for c in h]
    for c in codes(everything):
        pile.remove(c)
    state.hands = [codes(h) for h in hands]
    state.discard = codes(["R2"])
    state.pile = pile
    state.color = 0
    state.turn = 0
    state.direction = 1
    state.pending = 0
    state.one = [True, False, False]
    state.scores = list(scores)
    Match.objects.filter(pk=match.pk).update(state=ENGINE.to_json(state))
    return Match.objects.get(pk=match.pk)


def summary(html: str) -> str:
    start = html.index('id="round-summary"')
    return html[start : html.index("</section>", start)]


def test_the_round_summary_shows_the_rounds_leaderboard_points(alice, bots):
    match = match_about_to_go_out(alice, bots, scores=[0, 0, 0])
    match = actions.play(match.pk, 0, {"type": "play", "card": "R5"}, version=match.version)
    assert match.status == Match.Status.RUNNING  # round 2 is dealt
    html = services_board(match, 0)
    table = summary(html)
    assert "Besten\u00adliste (Runde)" in table  # with a soft hyphen (phones)
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)[1:]
    # Alice won the round: +10 (booked at once); the bots count for nobody: no promise (issue 41)
    assert rows[0].rstrip().endswith('<td class="num">+10</td>'), rows[0]
    assert all(r.rstrip().endswith('<td class="num">–</td>') for r in rows[1:]), rows
    # round 2 is running: the hand and its tools are there
    assert 'class="hand-tools"' in html and 'class="hand"' in html


def test_the_end_shows_every_rounds_points_and_leaves_no_hand_sort_or_one(alice, bots):
    match = match_about_to_go_out(alice, bots, scores=[0, 180, 0])
    state = ENGINE.from_json(match.state)
    state.round_points = [[-5, 10, -5]]  # round 1 went to the first bot
    state.round_winners = [[1]]
    state.round = 2
    Match.objects.filter(pk=match.pk).update(state=ENGINE.to_json(state))
    match = Match.objects.get(pk=match.pk)
    # before the last card: Alice's ONE badge is on the seats strip, the hand is there
    before = services_board(match, 0)
    assert 'class="badge one"' in before and 'class="hand-tools"' in before
    match = actions.play(match.pk, 0, {"type": "play", "card": "R5"}, version=match.version)
    # Alice goes out; the first bot holds 2 + 9 + 20 = 31 and reaches 211: the game is over
    assert match.status == Match.Status.FINISHED
    html = services_board(match, 0)
    assert 'id="game-over"' in html
    assert (
        'class="hand-tools"' not in html and "data-hand" not in html and 'class="hand' not in html
    )
    assert 'class="badge one"' not in html and ">ONE<" not in html
    table = summary(html)
    assert '<th class="num">Besten\u00adliste</th>' in table
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)[1:]
    assert rows[0].rstrip().endswith('<td class="num">−5 · +10 = +5</td>'), rows[0]
    assert rows[1].rstrip().endswith('<td class="num">–</td>'), rows[1]  # a bot: nothing
    # the booked leaderboard total is the rounds' sum
    assert ENGINE.result(ENGINE.from_json(match.state)).leaderboard == [5, 5, -10]


def test_the_board_names_seats_not_places(alice, bots):
    match = match_about_to_go_out(alice, bots, scores=[0, 0, 0])
    state = ENGINE.from_json(match.state)
    state.hands[0] = codes(["RS", "R5"])
    state.one = [False, False, False]
    Match.objects.filter(pk=match.pk).update(state=ENGINE.to_json(state))
    match = Match.objects.get(pk=match.pk)
    names = [s.name for s in match.seats.order_by("index")]
    html = services_board(match, 0)
    assert f"{names[1]} setzt aus, dann ist {names[2]} dran." in html
    assert "Platz 2" not in html and "Platz 3" not in html


def test_a_guests_game_promises_no_leaderboard_points_in_the_round_summary(alice, bots):
    """Issue 41: with a guest at the table the game counts for nobody – the round summary has no
    leaderboard column at all (it used to show „+10“ that the end took back)."""
    from accounts.models import Guest

    guest = Guest.objects.create(display_name="Gustav")
    match = match_about_to_go_out(alice, bots, scores=[0, 0, 0])
    match.seats.filter(index=1).update(user=None, guest=guest, is_human=True, bot_strength="")
    match = actions.play(match.pk, 0, {"type": "play", "card": "R5"}, version=match.version)
    table = summary(services_board(match, 0))
    assert "Besten\u00adliste" not in table and "+10" not in table


def test_a_seat_the_computer_plays_for_its_person_is_promised_nothing(alice, bob, bots):
    match = match_about_to_go_out(alice, bots, scores=[0, 0, 0])
    # Bob's seat: he left, the computer plays it – its rounds are not booked to him
    match.seats.filter(index=1).update(user=bob, is_human=True, bot_strength="normal")
    match = actions.play(match.pk, 0, {"type": "play", "card": "R5"}, version=match.version)
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", summary(services_board(match, 0)), re.S)[1:]
    assert rows[0].rstrip().endswith('<td class="num">+10</td>'), rows[0]
    assert rows[1].rstrip().endswith('<td class="num">–</td>'), rows[1]


def hand_order(html: str) -> list[str]:
    hand = html[html.index('<ul class="hand"') :]
    return re.findall(r'data-card="([^"]+)"', hand[: hand.index("</ul>")])


def test_sortieren_is_a_radio_group_in_the_gear_menu_and_sets_the_chosen_sorting(
    client, alice, bots
):
    # Alice holds two number cards of Rot, Rot's Aussetzen and two more numbers: the sortings
    # differ (RS beside R9, or after all numbers). Dealt to her (a stacked deck: with a random
    # deal another seat or the open card may hold one of them), then her hand is cut to these
    held = ["R1", "R9", "RS", "Y0", "B3"]
    match = actions.start_match(
        "speedone", seats_for("speedone", [alice], bots), deck=[*held, "G2", "G3"]
    )
    state = ENGINE.from_json(match.state)
    pile = state.pile + state.hands[0]
    mine = codes(held)
    for c in mine:
        pile.remove(c)
    state.hands[0], state.pile = mine, pile
    Match.objects.filter(pk=match.pk).update(state=ENGINE.to_json(state))
    client.force_login(alice)
    page = client.get(f"/partie/{match.pk}/").content.decode()
    # not in the hand's tools any more, but in the gear menu: a fieldset named by its legend
    assert 'id="sort"' not in page
    menu = page[page.index('id="frame-prefs"') : page.index("</details>")]
    group = re.search(r'<fieldset[^>]*id="sort-choice"[^>]*>.*?</fieldset>', menu, re.S).group(0)
    assert "<legend>Sortieren</legend>" in group
    radios = re.findall(r'<label class="pref-radio"><input ([^>]*)> <span>([^<]*)</span>', group)
    assert [text for _, text in radios] == [
        "Farben, Sonderkarten bei der höchsten",
        "Zahlen, dann Sonderkarten",
    ]
    url = f"/partie/{match.pk}/sortieren/"
    assert all(f'hx-post="{url}"' in a and 'type="radio"' in a for a, _ in radios)
    assert ["checked" in a.split() for a, _ in radios] == [True, False]
    first = hand_order(page)
    assert first == ["R1", "R9", "RS", "Y0", "B3"]
    # choosing the second: the board comes back with the hand in that order …
    answer = client.post(url, {"sort": "2"}, headers={"HX-Request": "true"}).content.decode()
    assert match.seats.get(index=0).prefs["sort"] == 2
    second = hand_order(answer)
    assert second == ["R1", "R9", "Y0", "B3", "RS"]
    # … choosing it again keeps it (a choice, not a cycle), and the page shows it checked
    client.post(url, {"sort": "2"}, headers={"HX-Request": "true"})
    assert match.seats.get(index=0).prefs["sort"] == 2
    page = client.get(f"/partie/{match.pk}/").content.decode()
    # every switch counts up the board's data-prefs: the page drops a push rendered before it
    # (static/js/match.js, tests/browser/test_look_live.py)
    revisions = [
        int(re.search(r'<div id="board"[^>]*data-prefs="(\d+)"', b).group(1))
        for b in (answer, page)
    ]
    assert revisions[1] == revisions[0] + 1
    assert re.search(r'<input type="radio" name="sort" value="2" id="sort-2" checked', page)
    assert hand_order(page) == second
    client.post(url, {"sort": "1"}, headers={"HX-Request": "true"})
    assert match.seats.get(index=0).prefs["sort"] == 1
    assert hand_order(client.get(f"/partie/{match.pk}/").content.decode()) == first
