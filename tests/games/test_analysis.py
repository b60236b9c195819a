"""Post-game analysis (issue 47): a planted blunder is marked, a forced move never, a move within
noise never; the analysis never runs on a running match, depends only on what the person could
see, is reproducible and stored once per match and rules version; the replay shows it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.conf import settings

from games import actions, analysis, queue
from games.engines import analysis as sim
from games.engines.base import Action, Engine, View, get_engine
from games.models import Match, MatchAnalysis
from tests.games.test_platform import seats_for, short_options


# -- the judgement itself, on a game whose values are known ------------------------------------
class Choice(Engine[dict[str, Any]]):
    """„Wahl“: seat 0 picks once and the game ends. ``safe`` brings 5 points, ``bad`` none,
    ``twin`` 5 ± 6 by a hidden coin (the same 5 on average), ``only`` is a forced choice."""

    slug = "wahl-test"
    name = "Wahl"
    min_players = 2
    max_players = 2
    analysis_thresholds = (1.0, 2.0, 4.0, 3.0)

    def new_game(self, players: int, options: Any, seed: int, deck: Any = None, **kw: Any) -> Any:
        return {"coin": seed % 2, "scores": [0, 0], "done": False, "forced": bool(deck)}

    def actors(self, state: dict[str, Any]) -> frozenset[int]:
        return frozenset() if state["done"] else frozenset({0})

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[Action]:
        if state["done"] or seat != 0:
            return []
        if state["forced"]:
            return [{"type": "pick", "what": "only"}]
        return [{"type": "pick", "what": w} for w in ("safe", "bad", "twin")]

    def apply(self, state: dict[str, Any], seat: int, action: Action) -> list[Any]:
        what = action["what"]
        gain = {"safe": 5, "bad": 0, "only": 1, "twin": 5 + (6 if state["coin"] else -6)}[what]
        state["scores"][0] += gain
        state["done"] = True
        return [{"type": "picked"}]

    def view(self, state: dict[str, Any], seat: int | None) -> View:
        return {
            "seat": seat,
            "players": 2,
            "phase": "over" if state["done"] else "pick",
            "actors": sorted(self.actors(state)),
            "scores": list(state["scores"]),
            "hand_counts": [0, 0],
            "over": state["done"],
            "forced": state["forced"],
        }

    def teams(self, players: int, options: dict[str, Any]) -> None:
        return None

    def clone(self, state: dict[str, Any]) -> dict[str, Any]:
        return {**state, "scores": list(state["scores"])}

    def sample_state(self, view: View, rng: random.Random) -> dict[str, Any]:
        return {
            "coin": rng.randrange(2),
            "scores": list(view["scores"]),
            "done": view["over"],
            "forced": view["forced"],
        }


def _judge(what: str, seed: int = 1, samples: int = 16) -> sim.Judgement | None:
    engine = Choice()
    state = engine.new_game(2, {}, 0)
    view = engine.view(state, 0)
    return sim.judge(
        engine, view, engine.legal_actions(state, 0), {"type": "pick", "what": what}, seed, samples
    )


def test_a_planted_blunder_is_marked_a_blunder():
    found = _judge("bad")
    assert found is not None
    assert found.mark == "blunder"
    assert found.loss == pytest.approx(5.0)
    assert found.best == {"type": "pick", "what": "safe"}
    assert not found.noise


def test_the_best_move_and_a_move_within_noise_are_never_marked():
    assert _judge("safe").mark == ""  # type: ignore[union-attr]
    for seed in range(40):
        found = _judge("twin", seed=seed)
        assert found is not None
        # the twin is as good as „safe“ on average: whatever the draws, never a mistake unless
        # the difference stands out of the noise (two standard errors)
        if found.mark:
            assert found.loss >= sim.NOISE_SE * found.se
        else:
            assert found.loss == 0.0 and found.best == found.chosen
    noisy = [_judge("twin", seed=s) for s in range(40)]
    assert sum(1 for j in noisy if j and j.noise) >= 36


class PenaltyChoice(Choice):
    """„Wahl“ counted as penalty points: fewer points win (as Speedone's default scoring)."""

    def low_scores_win(self, options: dict[str, Any]) -> bool:
        return True


def test_where_fewer_points_win_a_point_gained_is_a_point_lost():
    engine = PenaltyChoice()
    view = engine.view(engine.new_game(2, {}, 0), 0)
    legal = engine.legal_actions(engine.new_game(2, {}, 0), 0)
    found = sim.judge(engine, view, legal, {"type": "pick", "what": "safe"}, 1, 16)
    assert found is not None
    assert found.mark == "blunder" and found.loss == pytest.approx(5.0)
    assert found.best == {"type": "pick", "what": "bad"}  # no penalty point at all
    assert sim.judge(engine, view, legal, {"type": "pick", "what": "bad"}, 1, 16).mark == ""  # type: ignore[union-attr]
    # Speedone: „Jeder zählt seine Karten“ (the default) books penalty points, „Sieger kassiert“
    # the winner's gains
    speedone = get_engine("speedone")
    assert speedone.low_scores_win({"scoring": "each"}) is True
    assert speedone.low_scores_win({"scoring": "winner"}) is False
    assert speedone.low_scores_win(speedone.validate_options({}, 3)) is True
    assert not any(get_engine(g).low_scores_win({}) for g in ("speedtroedel", "speedwerk"))


def test_a_forced_move_is_never_judged():
    engine = Choice()
    state = engine.new_game(2, {}, 0, deck=["forced"])
    legal = engine.legal_actions(state, 0)
    assert len(legal) == 1
    assert sim.judge(engine, engine.view(state, 0), legal, legal[0], 1, 16) is None
    entry = analysis.judge_decision(engine, engine.view(state, 0), legal, legal[0], 1)
    assert entry == {"kind": "pick", "forced": True}


def test_the_same_seed_gives_the_same_judgement():
    assert _judge("twin", seed=7).to_json() == _judge("twin", seed=7).to_json()  # type: ignore[union-attr]


# -- whole matches -------------------------------------------------------------------------------
def _play(match: Match, person_move) -> Match:
    """Play ``match`` to its end: the bots their own moves, the person ``person_move(engine,
    state, legal)``."""
    engine = get_engine(match.game)
    bots = {s.index for s in match.seats.all() if s.bot_strength}
    for _ in range(5000):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.RUNNING:
            break
        state = engine.from_json(match.state)
        seat = min(engine.actors(state))
        with queue.capturing():
            if seat in bots:
                actions.run_bot(match.pk, match.version, seat)
            else:
                legal = engine.legal_actions(state, seat)
                actions.play(
                    match.pk, seat, person_move(engine, state, legal), version=match.version
                )
    return Match.objects.get(pk=match.pk)


def _normal(engine: Engine[Any], state: Any, legal: list[Action], rng: random.Random) -> Action:
    if len(legal) == 1:
        return legal[0]
    return engine.bot("normal").choose(engine.view(state, 0), legal, rng)


def _analysed(sent: list[queue.Sent]) -> list[int]:
    """The matches handed to the analysis queue among ``sent`` (each on that queue, never on
    live play's)."""
    found = [s for s in sent if s.task == analysis.ANALYSE_TASK]
    assert all(s.queue == settings.CELERY_ANALYSIS_QUEUE for s in found)
    assert all(s.queue is None for s in sent if s.task != analysis.ANALYSE_TASK)
    return [s.args[0] for s in found]


def _start(game: str, alice, bots, seed: int, options: dict[str, Any] | None = None) -> Match:
    options = short_options(game) if options is None else options
    with queue.capturing():
        match = actions.start_match(
            game, seats_for(game, [alice], bots), options, solo=True, seed=seed
        )
    # the computers' chance and the analysis's draws come from ``bot_seed`` (random per match):
    # fixed, so the whole test game and its analysis are the same on every run
    Match.objects.filter(pk=match.pk).update(bot_seed=seed)
    match.refresh_from_db()
    return match


@pytest.mark.django_db
def test_a_planted_blunder_in_a_speedwerk_game_is_marked_and_explained(
    alice, bots, django_capture_on_commit_callbacks, monkeypatch
):
    """Alice plays like the normal bot, except that she bids every trick on her first hand of
    seven or more cards (a whole game: a short one deals three cards at most, and a bid three
    tricks off costs about 48 points, a Fehler by Speedwerk's thresholds): the analysis marks
    that bid a Patzer and names the better bid."""
    # a smaller budget than the site's keeps the whole game's analysis quick; a bid four or more
    # tricks off stands out of the noise even so
    monkeypatch.setattr(type(get_engine("speedwerk")), "analysis_samples", 4)
    match = _start("speedwerk", alice, bots, seed=2, options={})
    rng = random.Random(2)
    planted: dict[str, Any] = {}
    engine = get_engine("speedwerk")

    def move(eng: Engine[Any], state: Any, legal: list[Action]) -> Action:
        bids = [a for a in legal if a["type"] == "bid"]
        if not planted and len(bids) >= 8:  # a hand of seven cards: bids 0–7
            planted["action"] = max(bids, key=lambda a: a["tricks"])
            planted["number"] = Match.objects.get(pk=match.pk).moves.count() + 1
            return planted["action"]
        return _normal(eng, state, legal, rng)

    with queue.capturing() as sent, django_capture_on_commit_callbacks(execute=True):
        match = _play(match, move)
    assert match.status == Match.Status.FINISHED and planted
    assert _analysed(sent) == [match.pk]  # the end queued the analysis once
    row = analysis.analyse(match.pk)
    assert row is not None
    entry = next(d for d in row.data["decisions"] if d["number"] == planted["number"])
    assert entry["chosen"] == planted["action"]
    assert entry["mark"] == "blunder", (entry["loss"], entry["se"], entry["candidates"])
    assert entry["best"]["tricks"] < planted["action"]["tricks"]
    assert entry["kind"] == "bidding"
    summary = row.data["summary"][0]
    assert (
        summary["marks"]["blunder"] >= 1 and summary["lost"]["bidding"] >= entry["loss"] - 0.01
    )  # rounded to 0.01
    assert summary["accuracy"] < 100
    words = analysis.decision_words("speedwerk", engine, entry)
    assert words["mark_text"] == "Patzer" and words["better"] and words["reason"]


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["speedtroedel", "speedone", "speedbasar", "speedwerk"])
def test_every_game_is_analysed_forced_moves_unmarked_and_reproducibly(
    alice, bots, game, monkeypatch
):
    # a smaller budget than the site's keeps the test quick; still the same for every decision
    monkeypatch.setattr(type(get_engine(game)), "analysis_samples", 4)
    match = _start(game, alice, bots, seed=3)
    rng = random.Random(3)
    match = _play(match, lambda eng, state, legal: rng.choice(legal))
    engine = get_engine(game)
    row = analysis.analyse(match.pk)
    assert row is not None and row.rules_version == match.rules_version
    decisions = row.data["decisions"]
    people = [m for m in match.moves.order_by("number") if m.by == "human"]
    assert len(decisions) == len(people) > 0
    # replay: forced moves carry no mark, judged ones within noise none either
    state = engine.new_game(match.players, match.options, match.seed, match.deck)
    by_number = {d["number"]: d for d in decisions}
    for number, m in enumerate(match.moves.order_by("number"), start=1):
        if number in by_number:
            d = by_number[number]
            legal = engine.legal_actions(state, m.seat)
            assert d["forced"] == (len(legal) == 1)
            if d["forced"]:
                assert "mark" not in d
            elif d["noise"]:
                assert d["mark"] == "" and d["loss"] == 0.0
            elif d["mark"]:
                assert d["loss"] >= sim.NOISE_SE * d["se"]
        engine.apply(state, m.seat, m.action)
    # idempotent: a second task finds the row; reproducible: a recomputation is equal
    assert analysis.analyse(match.pk).pk == row.pk  # type: ignore[union-attr]
    assert MatchAnalysis.objects.filter(match=match).count() == 1
    assert analysis.compute(match) == row.data


@pytest.mark.django_db
def test_the_analysis_never_runs_on_a_running_match(
    alice, bots, client, django_capture_on_commit_callbacks
):
    match = _start("speedtroedel", alice, bots, seed=4)
    rng = random.Random(4)
    engine = get_engine("speedtroedel")
    for _ in range(6):  # a few moves, the match still runs
        match = Match.objects.get(pk=match.pk)
        state = engine.from_json(match.state)
        seat = min(engine.actors(state))
        with queue.capturing() as sent, django_capture_on_commit_callbacks(execute=True):
            if seat == 0:
                actions.play(
                    match.pk, 0, rng.choice(engine.legal_actions(state, 0)), version=match.version
                )
            else:
                actions.run_bot(match.pk, match.version, seat)
        assert _analysed(sent) == []
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.RUNNING
    assert analysis.analyse(match.pk) is None
    assert not MatchAnalysis.objects.filter(match=match).exists()
    with pytest.raises(PermissionError):
        analysis.compute(match)
    with pytest.raises(PermissionError):
        analysis.why(match, 1)
    client.force_login(alice)
    page = client.get(f"/partie/{match.pk}/warum/?zug=1").content.decode()
    assert "nur eine beendete Partie" in page
    assert not MatchAnalysis.objects.filter(match=match).exists()


@pytest.mark.django_db
def test_an_all_bot_match_queues_no_analysis(bots, django_capture_on_commit_callbacks):
    from games.actions import SeatSpec

    specs = [SeatSpec(b.username, user=b, bot_strength="leicht") for b in bots[:3]]
    with queue.capturing() as sent, django_capture_on_commit_callbacks(execute=True):
        match = actions.start_match("speedwerk", specs, {"kurz": True}, solo=False, seed=9)
        for _ in range(3000):
            match = Match.objects.get(pk=match.pk)
            if match.status != Match.Status.RUNNING:
                break
            engine = get_engine("speedwerk")
            seat = min(engine.actors(engine.from_json(match.state)))
            actions.run_bot(match.pk, match.version, seat)
    assert match.status == Match.Status.FINISHED
    assert _analysed(sent) == []


@pytest.mark.parametrize("game", ["speedtroedel", "speedone", "speedbasar", "speedwerk"])
def test_a_decision_depends_only_on_what_the_person_saw(game):
    """The hidden cards re-dealt consistently with the person's view (what they could not see
    permuted): the same view, the same judgement – and the judgement of the true position."""
    engine = get_engine(game)
    opts = short_options(game)
    state = engine.new_game(3, opts, 11)
    rng = random.Random(11)
    bot = engine.bot("normal")
    judged = 0
    for step in range(400):
        actors = engine.actors(state)
        if not actors or judged >= 3:
            break
        seat = min(actors)
        legal = engine.legal_actions(state, seat)
        view = engine.view(state, seat)
        action = legal[0] if len(legal) == 1 else bot.choose(view, legal, rng)
        if seat == 0 and len(legal) > 1 and step % 3 == 0:
            other = engine.sample_state(view, random.Random(step))
            assert engine.view(other, 0) == view
            seed = 1000 + step
            mine = analysis.judge_decision(engine, view, legal, action, seed)
            theirs = analysis.judge_decision(
                engine, engine.view(other, 0), engine.legal_actions(other, 0), action, seed
            )
            assert mine == theirs
            judged += 1
        engine.apply(state, seat, action)
    assert judged == 3


@pytest.mark.django_db
def test_the_replay_shows_marks_summary_graph_and_why(alice, bots, client, monkeypatch):
    monkeypatch.setattr(type(get_engine("speedtroedel")), "analysis_samples", 6)
    match = _start("speedtroedel", alice, bots, seed=5)
    rng = random.Random(5)
    match = _play(match, lambda eng, state, legal: rng.choice(legal))
    client.force_login(alice)
    pending = client.get(f"/partie/{match.pk}/?zug=1").content.decode()
    assert "analysiert die Partie noch" in pending
    row = analysis.analyse(match.pk)
    assert row is not None
    marked = [d for d in row.data["decisions"] if d.get("mark")]
    judged = [d for d in row.data["decisions"] if not d["forced"]]
    assert judged
    page = client.get(f"/partie/{match.pk}/?zug={judged[0]['number']}").content.decode()
    assert 'id="analysis"' in page and "Genauigkeit" in page
    assert "<svg" in page and 'role="img"' in page and "<desc" in page
    assert 'id="why-button"' in page
    if marked:
        d = marked[0]
        page = client.get(f"/partie/{match.pk}/?zug={d['number']}").content.decode()
        assert str(analysis.MARKS[d["mark"]]) in page and "Besser" in page
    why = client.get(
        f"/partie/{match.pk}/warum/?zug={judged[0]['number']}", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "why-table" in why and "dein Zug" in why
    bot_move = next(
        n for n, m in enumerate(match.moves.order_by("number"), start=1) if m.by != "human"
    )
    why = client.get(f"/partie/{match.pk}/warum/?zug={bot_move}").content.decode()
    assert "keine Entscheidung eines Menschen" in why


def test_the_summary_line_counts_the_marks_in_the_readers_language():
    """„Genauigkeit 87 %, 1 Patzer, 2 Fehler“ – and in English the mark „Fehler“ is a mistake
    (its own gettext context: the site's „Fehler“ page title is an error)."""
    from django.utils import translation

    from games.analysis import summary_line

    row = {"accuracy": 87.2, "marks": {"mistake": 2, "blunder": 1, "inaccuracy": 0}}
    with translation.override("de"):
        assert summary_line(row) == "Genauigkeit 87 %, 1 Patzer, 2 Fehler"
    with translation.override("en"):
        assert summary_line(row) == "Accuracy 87 %, 1 blunder, 2 mistakes"
