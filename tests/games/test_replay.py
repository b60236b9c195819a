"""Replays (issue 25): every ended match at ``/partie/<id>/?zug=N`` shows the position after move
``N`` with every hand revealed – equal to ``engine.replay`` of the first ``N`` stored moves –,
the move list and step links; a running match's replay reveals nothing, by any URL or
parameter."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client

from games import actions, queue, registry
from games.engines.base import get_engine, replay
from games.models import Match
from tests.games.test_platform import hidden_cards, leaks, seats_for, short_options
from tests.games.test_player_texts import codes_in, texts

GAMES = ["speedtroedel", "speedone", "speedbasar", "speedwerk"]


def play_out(match: Match, rng: random.Random, *, moves: int = 5000, racing: bool = False) -> Match:
    """Play ``match`` with random legal moves for the people and the bots' own, up to ``moves``
    moves or its end (the first seat to act moves first). ``racing``: a live site's worker plays
    the bots' turns meanwhile, so a move it made first (a bot turn that finds another version, a
    refused move) is no failure: the next round reads the new state."""
    engine = get_engine(match.game)
    bots = {s.index for s in match.seats.all() if s.bot_strength}
    for _ in range(moves):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.RUNNING:
            break
        state = engine.from_json(match.state)
        seat = min(engine.actors(state))
        with queue.capturing():
            try:
                if seat not in bots:
                    legal = engine.legal_actions(state, seat)
                    actions.play(match.pk, seat, rng.choice(legal), version=match.version)
                else:
                    assert actions.run_bot(match.pk, match.version, seat) or racing
            except actions.ActionRejected:
                if not racing:
                    raise
    return Match.objects.get(pk=match.pk)


def ended_match(game: str, alice, bots, seed: int = 5) -> Match:
    """A finished solo match; ``seed`` fixes the deal too (a random deal sometimes ended a short
    Speedtrödel game before its Tauschrunde, and the test that looks for one failed)."""
    with queue.capturing():
        match = actions.start_match(
            game, seats_for(game, [alice], bots), short_options(game), solo=True, seed=seed
        )
    match = play_out(match, random.Random(seed))
    assert match.status == Match.Status.FINISHED
    return match


def moves_of(match: Match) -> list[tuple[int, dict]]:
    return [(m.seat, m.action) for m in match.moves.order_by("number")]


def hands_section(page: str) -> str:
    return page[page.index('id="replay-hands"') : page.index('class="side"')]


def shown_hands(page: str, players: int) -> list[str]:
    """The HTML of each seat's „Alle Hände“ row."""
    section = hands_section(page)
    rows = re.split(r'<div class="replay-hand[^"]*" data-seat="\d+">', section)[1:]
    assert len(rows) == players
    return rows


def interesting_positions(match: Match) -> dict[str, list[int]]:
    """Positions of the kinds the issue names: simultaneous choices (Tauschrunde, the doubt
    window, Speedwerk's Fließband), the blind round and round ends."""
    engine = get_engine(match.game)
    state = engine.new_game(match.players, match.options, match.seed, match.deck)
    found: dict[str, list[int]] = {"simultaneous": [], "blind": [], "round_end": []}
    for n, (seat, action) in enumerate(moves_of(match), start=1):
        events = engine.apply(state, seat, action)
        if engine.simultaneous_key(state):
            found["simultaneous"].append(n)
        if engine.view(state, 0).get("blind"):
            found["blind"].append(n)
        if engine.ends_round(events):
            found["round_end"].append(n)
    return found


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_replay_positions_equal_the_engine_replay_with_all_hands(client, alice, bots, game):
    match = ended_match(game, alice, bots)
    engine = get_engine(game)
    presenter = registry.presenter_of(game)
    moves = moves_of(match)
    total = len(moves)
    assert (
        engine.to_json(
            replay(engine, match.players, match.options, match.seed, moves, deck=match.deck)
        )
        == match.state
    )
    kinds = interesting_positions(match)
    expected_kinds = {
        "speedtroedel": "simultaneous",  # the Tauschrunde
        "speedbasar": "simultaneous",  # the doubt window
        "speedwerk": "blind",  # the blind round
        "speedone": "round_end",
    }
    assert kinds[expected_kinds[game]], f"{game}: no {expected_kinds[game]} position played"
    rng = random.Random(1)
    positions = {0, 1, total, *rng.sample(range(total + 1), 4)}
    for kind in kinds.values():
        positions.update(kind[:2] + kind[-1:])
    client.force_login(alice)
    blind_hands = 0
    for n in sorted(positions):
        r = client.get(f"/partie/{match.pk}/?zug={n}")
        assert r.status_code == 200, n
        page = r.content.decode()
        assert f"Zug {n} von {total}" in page
        state = replay(engine, match.players, match.options, match.seed, moves[:n], deck=match.deck)
        rows = shown_hands(page, match.players)
        for seat in range(match.players):
            # the true hand of every seat, from the replayed state itself
            truth = engine.view(state, seat)
            cards = [c["card"] if isinstance(c, dict) else c for c in truth.get("hand") or []]
            if not cards and truth.get("blind") and truth["hand_counts"][seat]:
                other = (seat + 1) % match.players
                cards = [engine.view(state, other)["blind_cards"][seat]]
                assert "sieht die eigene Karte nicht" in rows[seat]
                blind_hands += 1
            assert rows[seat].count('class="card') == len(cards) == truth["hand_counts"][seat]
            faces = "".join(str(presenter.card_html(c)) for c in cards)
            assert faces in rows[seat], (n, seat)
        # the move list marks the current move; the board shows the replayed scores
        current = re.search(r'<li[^>]*aria-current="step"[^>]*><a href="\?zug=(\d+)', page)
        assert current and int(current.group(1)) == n
        assert page.count('aria-current="step"') == 1
        for s in match.seats.all():
            score = engine.view(state, None)["scores"][s.index]
            assert re.search(rf'data-seat="{s.index}".*?>{score} P\.</span>', page, re.S)
        assert not codes_in(texts(page[page.index('id="replay"') :])), n
    assert blind_hands or game != "speedwerk", "a blind hand was shown"


@pytest.mark.django_db
def test_round_summaries_and_the_move_list_of_a_speedone_replay(client, alice, bots):
    match = ended_match("speedone", alice, bots)
    ends = interesting_positions(match)["round_end"]
    client.force_login(alice)
    r = client.get(f"/partie/{match.pk}/?zug={ends[0]}")
    page = r.content.decode()
    assert 'id="round-summary"' in page and "Runde 1 vorbei" in page
    assert 'id="replay-summary"' not in page  # open on top right after the round's end
    later = client.get(f"/partie/{match.pk}/?zug={ends[0] + 2}").content.decode()
    folded = later[later.index('id="replay-summary"') :]  # folded under the board later on
    assert "Runde 1 vorbei" in folded and 'id="round-summary"' in folded
    assert page.count('<li class="') >= match.moves.count()  # one line per move
    names = [s.name for s in match.seats.order_by("index")]
    first = match.moves.order_by("number").first()
    assert f"{names[first.seat]} " in page[page.index('id="replay-list"') :]
    # the step links: back, forward, start and end, each a plain link (works without script)
    for rel, target in (("replay-prev", ends[0] - 1), ("replay-next", ends[0] + 1)):
        assert re.search(rf'id="{rel}" href="\?zug={target}"', page)
    assert 'id="replay-first" href="?zug=0"' in page
    assert f'id="replay-last" href="?zug={match.moves.count()}"' in page
    assert f"/partie/{match.pk}/?zug={ends[0]}" in page  # the link to share


#: a bad ``zug`` and the note it brings (empty: no note)
BAD_MOVE_NUMBERS = [
    ("abc", "keine Zugnummer"),
    ("-3", "beginnen bei 0"),
    ("99999999", "nur"),
    ("1e3", "keine Zugnummer"),
    ("", ""),
    ("٣", "keine Zugnummer"),  # an Arabic-Indic digit is no move number here
]


@pytest.mark.django_db
def test_a_bad_move_number_shows_the_nearest_position_with_a_german_note(
    client, alice, bots, subtests
):
    match = ended_match("speedone", alice, bots)  # one whole game for all six (a subtest each)
    total = match.moves.count()
    client.force_login(alice)
    for raw, note in BAD_MOVE_NUMBERS:
        with subtests.test(raw=raw):
            r = client.get(f"/partie/{match.pk}/", {"zug": raw, "blatt": "x"})
            assert r.status_code == 200
            page = r.content.decode()
            shown = total if raw == "99999999" else 0
            assert f"Zug {shown} von {total}" in page
            if note:
                assert note in page
            else:
                assert 'id="replay-note"' not in page


@pytest.mark.django_db
def test_the_board_is_shown_from_the_chosen_seat_and_the_links_keep_the_choice(
    client, alice, bob, bots
):
    match = ended_match("speedbasar", alice, bots)
    client.force_login(bob)
    page = client.get(f"/partie/{match.pk}/?zug=3&blatt=1").content.decode()
    assert re.search(
        r'class="seat-link" aria-current="true">' + match.seats.get(index=1).name, page
    )
    assert 'href="?zug=4&amp;blatt=1"' in page
    assert 'class="replay-hand chosen" data-seat="1"' in page
    # nobody's own seat as a visitor without a seat: the first seat's board
    page = client.get(f"/partie/{match.pk}/?zug=3").content.decode()
    assert 'class="replay-hand chosen" data-seat="0"' in page


@pytest.mark.django_db
def test_the_link_to_this_move_keeps_the_chosen_seat(client, alice, bob, bots):
    """Issue 41.16: „Link zu diesem Zug“ dropped ``&blatt=``."""
    match = ended_match("speedbasar", alice, bots)
    client.force_login(bob)
    page = client.get(f"/partie/{match.pk}/?zug=3&blatt=1").content.decode()
    link = re.search(r'id="replay-link" type="text" readonly value="([^"]*)"', page)
    assert link and link.group(1) == f"http://testserver/partie/{match.pk}/?zug=3&amp;blatt=1"
    # the link opens the same position from the same seat
    shared = client.get(link.group(1).replace("&amp;", "&")).content.decode()
    assert 'class="replay-hand chosen" data-seat="1"' in shared
    page = client.get(f"/partie/{match.pk}/?zug=3").content.decode()
    assert f'value="http://testserver/partie/{match.pk}/?zug=3"' in page


@pytest.mark.django_db
def test_an_aborted_match_can_be_replayed(client, alice, bots):
    with queue.capturing():
        match = actions.start_match("speedwerk", seats_for("speedwerk", [alice], bots), solo=True)
    match = play_out(match, random.Random(2), moves=12)
    with queue.capturing():
        actions.abort_match(match.pk, "Test", by=None)
    client.force_login(alice)
    r = client.get(f"/partie/{match.pk}/?zug=12")
    assert r.status_code == 200 and "Zug 12 von 12" in r.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_no_hidden_card_of_a_running_match_is_reachable_by_any_url_or_parameter(
    alice, bob, bots, game
):
    """A running match: every replay URL answers with a redirect to the live page, for the
    person at the table, a spectator and an anonymous visitor, and no answer of any URL of the
    match names a card the asking seat may not see."""
    with queue.capturing():
        match = actions.start_match(
            game, seats_for(game, [alice], bots), short_options(game), solo=True
        )
    match = play_out(match, random.Random(4), moves=9)
    assert match.status == Match.Status.RUNNING
    engine = get_engine(game)
    presenter = registry.presenter_of(game)
    state = engine.from_json(match.state)
    queries = [
        "?zug=0",
        "?zug=1",
        "?zug=5",
        f"?zug={match.version}",
        "?zug=-1",
        "?zug=abc",
        "?zug=",
        "?blatt=1",
        "?zug=3&blatt=2",
        "?blatt=0&zug=99999",
        "?zug=1&zug=2",
        "?ZUG=1",
        "?v=0",
    ]
    people = {"alice": (alice, 0), "bob": (bob, None), "anonymous": (None, None)}
    for who, (user, seat) in people.items():
        client = Client()
        if user is not None:
            client.force_login(user)
        if seat is not None:
            hidden = hidden_cards(engine, state, seat)
        else:  # a spectator sees no hand at all
            hidden = {
                (c["card"] if isinstance(c, dict) else c)
                for s in range(match.players)
                for c in engine.view(state, s).get("hand") or []
            } - set(re.findall(r"'([^']+)'", repr(engine.view(state, None))))
        assert hidden, (who, "the test needs hidden cards")
        faces = {card: str(presenter.card_html(card)) for card in hidden}
        for query in queries:
            for path in (f"/partie/{match.pk}/", f"/partie/{match.pk}/brett/"):
                r = client.get(path + query)
                body = r.content.decode()
                if path.endswith(f"{match.pk}/") and re.search(r"(zug|blatt)=", query):
                    assert r.status_code in (302, 403), (who, query, r.status_code)
                    if r.status_code == 302:
                        assert r["Location"] == f"/partie/{match.pk}/"
                assert 'id="replay' not in body, (who, path, query)
                assert not leaks(body, hidden), (who, path, query)
                shown = [c for c, face in faces.items() if face in body]
                assert not shown, (who, path, query, shown)


@pytest.mark.django_db
def test_an_ended_match_page_links_its_replay_and_a_running_one_does_not(client, alice, bots):
    with queue.capturing():
        match = actions.start_match("speedone", seats_for("speedone", [alice], bots), solo=True)
    client.force_login(alice)
    page = client.get(f"/partie/{match.pk}/").content.decode()
    assert "Partie nachspielen" not in page and "zug=" not in page
    match = play_out(match, random.Random(5))
    page = client.get(f"/partie/{match.pk}/").content.decode()
    assert f'id="replay-start" href="/partie/{match.pk}/?zug=0"' in page or (
        f'href="/partie/{match.pk}/?zug=0" id="replay-start"' in page
    )
    assert 'href="?zug=0" id="replay-open">Partie nachspielen' in page
    assert client.get(f"/partie/{match.pk}/?zug=0").status_code == 200


@pytest.mark.django_db
def test_names_are_escaped_in_the_replay(client, alice, bots):
    from games.models import Seat

    match = ended_match("speedbasar", alice, bots)
    hostile = '<b id="x">Al"ice</b>'
    Seat.objects.filter(match=match, index=0).update(name=hostile)
    client.force_login(alice)
    page = client.get(f"/partie/{match.pk}/?zug=5").content.decode()
    assert hostile not in page and 'id="x"' not in page
    assert "&lt;b id=&quot;x&quot;&gt;Al&quot;ice&lt;/b&gt;" in page


@pytest.mark.django_db
def test_a_move_log_that_no_longer_replays_is_a_german_message_not_an_error(client, alice, bots):
    from games.models import Move

    match = ended_match("speedone", alice, bots)
    Move.objects.filter(match=match, number=2).update(action={"type": "teleport"})
    client.force_login(alice)
    r = client.get(f"/partie/{match.pk}/?zug=5")
    assert r.status_code == 200
    assert "Diese Partie lässt sich nicht nachspielen." in r.content.decode()


def test_an_event_line_that_only_restates_the_move_is_left_out():
    from games.replay import _restates

    assert _restates("Zora legt Messing 5.", "Zora spielt Messing 5.", "Zora")
    assert _restates("Rita legt Rot 7.", "Rita legt Rot 7.", "Rita")
    assert not _restates("Lotte spielt Rot 14.", "Lotte spielt die verdeckte Karte.", "Lotte")
    assert not _restates("Rita zieht 1 Karte.", "Rita zieht.", "Rita")
    assert not _restates("Ludwig fängt den Stich.", "Zora spielt Messing 5.", "Zora")
