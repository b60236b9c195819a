"""Post-game analysis (issue 47): every decision of every person in a finished match, judged by
simulation from that person's own view at that moment (``games.engines.analysis``), stored once
per match and rules version (``MatchAnalysis``) and shown on the replay.

* ``analyse(match_id)`` – the Celery task's work (``games.tasks.analyse_match``, queue
  ``settings.CELERY_ANALYSIS_QUEUE``, its own low-priority worker, so live moves never wait):
  replays the stored moves, judges each person's move (``Move.By.HUMAN``; bots', timeouts' and
  the computer's moves for somebody who left are not the person's decisions) with the game's
  budget (``Engine.analysis_samples`` re-deals per decision, the same for every decision) and a
  seed per match and move, so the analysis is reproducible. Only a finished match is analysed;
  a second call finds the stored row (unique on match and rules version) and does nothing.
* ``queue_analysis`` – the ``match_finished`` receiver: after the commit, hand the match to the
  analysis queue (only when a person played in it).
* ``replay_marks`` / ``summary_rows`` / ``graph`` / ``why`` – what the replay shows, in words.

The marks (thresholds per game, the accuracy) are documented in ``docs/analysis.md``.
"""

from __future__ import annotations

import hashlib
import logging
import time
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, npgettext, pgettext_lazy

from games import queue, registry
from games.engines import analysis as sim
from games.engines.base import Action, Engine, Msg, get_engine
from games.models import Match, MatchAnalysis, Move, Seat
from games.replay import engine_of

log = logging.getLogger("speedgames.analysis")

ANALYSE_TASK = "games.tasks.analyse_match"

#: the marks, worst last
MARKS = {
    "inaccuracy": gettext_lazy("Ungenauigkeit"),
    "mistake": pgettext_lazy("analysis mark", "Fehler"),
    "blunder": gettext_lazy("Patzer"),
}

#: „2 Fehler“: each mark's count in words (literal ngettext calls, so makemessages finds them)
MARK_COUNTS = {
    "inaccuracy": lambda n: ngettext("%(n)s Ungenauigkeit", "%(n)s Ungenauigkeiten", n),
    "mistake": lambda n: npgettext("analysis mark", "%(n)s Fehler", "%(n)s Fehler", n),
    "blunder": lambda n: ngettext("%(n)s Patzer", "%(n)s Patzer", n),
}
#: the kinds of decision (``Engine.decision_kind``) in words
KINDS = {
    "leading": gettext_lazy("Ausspielen"),
    "following": gettext_lazy("Zugeben"),
    "picking": gettext_lazy("Schnäppchenblick"),
    "swapping": gettext_lazy("Tauschen"),
    "asking": gettext_lazy("Heute gefragt"),
    "bidding": gettext_lazy("Bieten"),
    "trump": gettext_lazy("Trumpfwahl"),
    "passing_on": gettext_lazy("Weitergeben"),
    "laying": gettext_lazy("Karte legen"),
    "wishing": gettext_lazy("Farbwunsch"),
    "drawing": gettext_lazy("Ziehen"),
    "one": gettext_lazy("ONE rufen"),
    "claiming": gettext_lazy("Ansagen"),
    "passing": gettext_lazy("Passen"),
    "doubting": gettext_lazy("Zweifeln"),
}


def kind_words(kind: str) -> str:
    return str(KINDS.get(kind, _("Sonstiges")))


def decision_seed(match: Match, number: int) -> int:
    """The seed of the analysis of move ``number``: from the match's ``bot_seed`` (never its deal
    seed) and the move, so the same match gives the same analysis."""
    digest = hashlib.blake2b(f"analysis:{match.bot_seed}:{number}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def _msg_json(message: Msg | str) -> Any:
    return message.to_json() if isinstance(message, Msg) else str(message)


def judge_decision(
    engine: Engine[Any], view: dict[str, Any], legal: list[Action], action: Action, seed: int
) -> dict[str, Any]:
    """One decision from ``view`` alone: forced, or the judgement (chosen and best move, their
    expected points, the loss and its standard error, the mark) and – for a mark – the strong
    bot's reason when it names the same better move."""
    kind = engine.decision_kind(view, action)
    if len(legal) <= 1:
        return {"kind": kind, "forced": True}
    extra = sim.strong_pick(engine, view, legal, seed)
    judgement = sim.judge(
        engine, view, legal, action, seed, engine.analysis_samples, sim.thresholds_of(engine), extra
    )
    assert judgement is not None
    out: dict[str, Any] = {"kind": kind, "forced": False, **judgement.to_json()}
    out["reason"] = None
    if judgement.mark:
        try:
            tip = engine.explain(view, legal)
        except Exception:  # a bot's bug costs the reason, never the analysis
            log.exception("analysis: explain failed game=%s", engine.slug)
        else:
            if tip.action == judgement.best:
                out["reason"] = tip.reason.to_json()
    return out


def compute(match: Match) -> dict[str, Any]:
    """The analysis of a finished match (see the module's docstring): decisions and summary."""
    if match.status != Match.Status.FINISHED:
        raise PermissionError("only a finished match is analysed")
    engine = get_engine(match.game, match.rules_version)
    seats = list(match.seats.order_by("index"))
    persons = {s.index for s in seats if s.is_human}
    moves = list(match.moves.order_by("number").values_list("seat", "action", "by"))
    state = engine.new_game(match.players, match.options, match.seed, match.deck)
    decisions: list[dict[str, Any]] = []
    for number, (seat, action, by) in enumerate(moves, start=1):
        if by == Move.By.HUMAN and seat in persons:
            view = engine.view(state, seat)
            legal = engine.legal_actions(state, seat)
            entry = judge_decision(engine, view, legal, action, decision_seed(match, number))
            sign = sim.points_sign(engine, view)
            scores = [sign * float(x) for x in view["scores"]]
            others = [x for i, x in enumerate(scores) if i != seat]
            standing = scores[seat] - (sum(others) / len(others) if others else 0.0)
            entry.update(
                number=number,
                seat=seat,
                standing=round(standing + float(entry.get("chosen_value", 0.0)), 2),
            )
            decisions.append(entry)
        engine.apply(state, seat, action)
    return {
        "game": match.game,
        "rules_version": match.rules_version,
        "samples": engine.analysis_samples,
        "thresholds": list(engine.analysis_thresholds),
        "moves": len(moves),
        "decisions": decisions,
        "summary": summarise(engine, decisions, seats),
    }


def summarise(
    engine: Engine[Any], decisions: list[dict[str, Any]], seats: list[Seat]
) -> list[dict[str, Any]]:
    """Per person: accuracy, judged and forced decisions, the marks, points lost by kind."""
    scale = sim.thresholds_of(engine).scale
    out = []
    for seat in seats:
        if not seat.is_human:
            continue
        mine = [d for d in decisions if d["seat"] == seat.index]
        judged = [d for d in mine if not d["forced"]]
        lost: dict[str, float] = {}
        for d in judged:
            if d["loss"] > 0:
                lost[d["kind"]] = round(lost.get(d["kind"], 0.0) + d["loss"], 2)
        out.append(
            {
                "seat": seat.index,
                "accuracy": round(sim.accuracy([d["loss"] for d in judged], scale), 1),
                "judged": len(judged),
                "forced": len(mine) - len(judged),
                "marks": {m: sum(1 for d in judged if d["mark"] == m) for m in MARKS},
                "lost": dict(sorted(lost.items(), key=lambda kv: -kv[1])),
                "lost_total": round(sum(lost.values()), 2),
            }
        )
    return out


def stored(match: Match) -> MatchAnalysis | None:
    return MatchAnalysis.objects.filter(match=match, rules_version=match.rules_version).first()


def analyse(match_id: int) -> MatchAnalysis | None:
    """The analysis task's work: compute and store once (``None`` for a match that is not
    finished or not found); a stored analysis is returned as it is."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.FINISHED:
        log.info("analysis skipped match=%s (not finished)", match_id)
        return None
    found = stored(match)
    if found is not None:
        return found
    started = time.process_time()
    data = compute(match)
    seconds = time.process_time() - started
    try:
        with transaction.atomic():
            row = MatchAnalysis.objects.create(
                match=match, rules_version=match.rules_version, data=data, seconds=seconds
            )
    except IntegrityError:  # a second worker stored it meanwhile
        return stored(match)
    log.info("analysis match=%s game=%s cpu=%.1fs", match.pk, match.game, seconds)
    return row


# -- the queue ----------------------------------------------------------------------------------
def send(match_id: int) -> None:
    """Hand the match to the analysis queue (``games.queue.capturing()`` records it instead)."""
    queue.send(ANALYSE_TASK, (match_id,), queue=settings.CELERY_ANALYSIS_QUEUE)


def queue_analysis(sender: Any, match: Match, seats: list[Seat], **kwargs: Any) -> None:
    """``match_finished``: after the commit, queue the analysis of a match a person played."""
    if not any(s.is_human for s in seats):
        return
    match_id = match.pk

    def go() -> None:
        try:
            send(match_id)
        except Exception:  # the broker down: the game's end must not fail for its analysis
            log.exception("analysis not queued match=%s", match_id)

    transaction.on_commit(go)


# -- what the replay shows ----------------------------------------------------------------------
def say_action(game: str, engine: Engine[Any], action: Action) -> str:
    return registry.say(game, engine.describe_action(action))


def _points(x: float) -> str:
    return f"{x:.1f}".replace(".", ",")


def decision_words(game: str, engine: Engine[Any], d: dict[str, Any]) -> dict[str, Any]:
    """One judged decision for the page: the mark, the better move and why, the noise note."""
    if d["forced"]:
        return {"number": d["number"], "seat": d["seat"], "forced": True, "mark": ""}
    better = reason = ""
    if d["mark"]:
        better = say_action(game, engine, d["best"])
        reason = (
            registry.say(game, Msg.from_json(d["reason"]))
            if d.get("reason")
            else _("Im Schnitt %(points)s Punkte mehr als dein Zug.")
            % {"points": _points(d["loss"])}
        )
    return {
        "number": d["number"],
        "seat": d["seat"],
        "forced": False,
        "mark": d["mark"],
        "mark_text": str(MARKS[d["mark"]]) if d["mark"] else "",
        "noise": d["noise"],
        "kind": kind_words(d["kind"]),
        "loss": _points(d["loss"]),
        "better": better,
        "reason": reason,
    }


def summary_line(row: dict[str, Any]) -> str:
    """„Genauigkeit 87 %, 2 Fehler“ (the marks that occurred, worst first)."""
    parts = [_("Genauigkeit %(n)s %%") % {"n": round(row["accuracy"])}]
    for mark in ("blunder", "mistake", "inaccuracy"):
        n = row["marks"].get(mark, 0)
        if n:
            parts.append(MARK_COUNTS[mark](n) % {"n": n})
    return ", ".join(parts)


def summary_rows(data: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    return [
        {
            "seat": row["seat"],
            "name": names[row["seat"]] if row["seat"] < len(names) else "?",
            "line": summary_line(row),
            "accuracy": round(row["accuracy"]),
            "judged": row["judged"],
            "forced": row["forced"],
            "lost": [(kind_words(k), _points(v)) for k, v in row["lost"].items()],
        }
        for row in data.get("summary", [])
    ]


def marks_by_number(game: str, engine: Engine[Any], data: dict[str, Any]) -> dict[int, Any]:
    return {d["number"]: decision_words(game, engine, d) for d in data.get("decisions", [])}


#: the graph's size in SVG units
GRAPH_W, GRAPH_H, GRAPH_PAD = 320, 120, 8


def graph(data: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    """The running expected standing of every person (own points minus the others' mean, plus
    what the chosen move was expected to bring) as SVG polylines, with a text alternative."""
    decisions = [d for d in data.get("decisions", []) if "standing" in d]
    if len(decisions) < 2:
        return None
    total = max(1, int(data.get("moves") or decisions[-1]["number"]))
    values = [d["standing"] for d in decisions]
    low, high = min([*values, 0.0]), max([*values, 0.0])
    span = (high - low) or 1.0

    def x(n: int) -> float:
        return round(GRAPH_PAD + (GRAPH_W - 2 * GRAPH_PAD) * n / total, 1)

    def y(v: float) -> float:
        return round(GRAPH_PAD + (GRAPH_H - 2 * GRAPH_PAD) * (high - v) / span, 1)

    lines = []
    texts = []
    for i, seat in enumerate(sorted({d["seat"] for d in decisions})):
        mine = [d for d in decisions if d["seat"] == seat]
        name = names[seat] if seat < len(names) else "?"
        points = " ".join(f"{x(d['number'])},{y(d['standing'])}" for d in mine)
        marks = [
            {"x": x(d["number"]), "y": y(d["standing"]), "mark": d["mark"]}
            for d in mine
            if d.get("mark")
        ]
        lines.append({"points": points, "n": i % 4, "name": name, "marks": marks})
        texts.append(
            _("%(name)s: von %(start)s auf %(end)s Punkte gegenüber den anderen")
            % {
                "name": name,
                "start": _points(mine[0]["standing"]),
                "end": _points(mine[-1]["standing"]),
            }
        )
    return {
        "w": GRAPH_W,
        "h": GRAPH_H,
        "zero": y(0.0),
        "lines": lines,
        "text": "; ".join(texts) + ".",
    }


def why(match: Match, number: int) -> dict[str, Any] | None:
    """„Warum?“ for move ``number``: the compared moves with their expected points, read from
    the stored analysis, else computed for that one decision (the same seed: the same answer).
    ``None`` when the move is no person's decision."""
    if match.status != Match.Status.FINISHED:
        raise PermissionError("only a finished match is analysed")
    engine = engine_of(match)
    row = stored(match)
    entry = None
    if row is not None:
        entry = next((d for d in row.data.get("decisions", []) if d["number"] == number), None)
    if entry is None:
        moves = list(match.moves.order_by("number").values_list("seat", "action", "by"))
        if not 1 <= number <= len(moves):
            return None
        seat, action, by = moves[number - 1]
        person = match.seats.filter(index=seat, is_human=True).exists()
        if by != Move.By.HUMAN or not person:
            return None
        state = engine.new_game(match.players, match.options, match.seed, match.deck)
        for s, a, _by in moves[: number - 1]:
            engine.apply(state, s, a)
        view = engine.view(state, seat)
        legal = engine.legal_actions(state, seat)
        entry = judge_decision(engine, view, legal, action, decision_seed(match, number))
        entry.update(number=number, seat=seat)
    if entry["forced"]:
        return {"forced": True, "rows": []}
    chosen = entry["chosen"]
    best_value = max(c["value"] for c in entry["candidates"])
    rows = [
        {
            "move": say_action(match.game, engine, c["action"]),
            "value": _points(c["value"]),
            "behind": _points(best_value - c["value"]),
            "chosen": c["action"] == chosen,
        }
        for c in entry["candidates"]
    ]
    return {
        "forced": False,
        "rows": rows,
        "noise": entry["noise"],
        "se": _points(entry["se"]),
        "samples": entry.get("samples", 0),
        "words": decision_words(match.game, engine, entry),
    }


def replay_context(match: Match, seats: list[Seat], position: int) -> dict[str, Any]:
    """The analysis part of the replay page: its state (``done``, ``pending`` – queued or
    running –, ``none`` – nobody to judge, or an aborted match), the marks by move number, the
    current move's mark, the summary per person and the graph."""
    if match.status != Match.Status.FINISHED or not any(s.is_human for s in seats):
        return {"analysis_state": "none"}
    row = stored(match)
    if row is None:
        return {"analysis_state": "pending"}
    engine = get_engine(match.game, match.rules_version)
    names = [s.name for s in seats]
    marks = marks_by_number(match.game, engine, row.data)
    return {
        "analysis_state": "done",
        "marks": marks,
        "current_mark": marks.get(position),
        "analysis_summary": summary_rows(row.data, names),
        "analysis_graph": graph(row.data, names),
    }


# -- accuracy elsewhere: the profile's trend, the daily list ------------------------------------
def accuracies(pairs: list[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """The stored accuracy of each (match, seat) that has one (one query)."""
    if not pairs:
        return {}
    wanted = set(pairs)
    out: dict[tuple[int, int], float] = {}
    rows = MatchAnalysis.objects.filter(match_id__in={m for m, _s in pairs}).values_list(
        "match_id", "data"
    )
    for match_id, data in rows:
        for row in (data or {}).get("summary", []):
            key = (match_id, row["seat"])
            if key in wanted and row.get("judged"):
                out[key] = float(row["accuracy"])
    return out


#: the profile's trend: the newest analysed games per game
TREND_GAMES = 20
SPARK_W, SPARK_H = 160, 36


def accuracy_trend(seats: list[Seat]) -> list[dict[str, Any]]:
    """Per game: the person's accuracy in their newest analysed finished games (oldest first),
    as a small SVG line with its text alternative."""
    found = accuracies([(s.match_id, s.index) for s in seats])
    by_game: dict[str, list[float]] = {}
    for s in sorted(seats, key=lambda s: s.match.finished or s.match.created):
        value = found.get((s.match_id, s.index))
        if value is not None:
            by_game.setdefault(s.match.game, []).append(value)
    out = []
    for game, values in by_game.items():
        values = values[-TREND_GAMES:]
        drawn = values if len(values) > 1 else values * 2  # one game: a level line
        step = (SPARK_W - 8) / (len(drawn) - 1)
        points = " ".join(
            f"{round(4 + i * step, 1)},{round(4 + (SPARK_H - 8) * (100 - v) / 100, 1)}"
            for i, v in enumerate(drawn)
        )
        found_game = registry.game(game)
        mean = sum(values) / len(values)
        out.append(
            {
                "game": found_game.name if found_game is not None else game,
                "last": round(values[-1]),
                "mean": round(mean),
                "count": len(values),
                "points": points,
                "w": SPARK_W,
                "h": SPARK_H,
                "text": ngettext(
                    "Genauigkeit in der letzten analysierten Partie: %(last)s %%.",
                    "Genauigkeit in den letzten %(n)s analysierten Partien: von %(first)s %% "
                    "auf %(last)s %%, im Schnitt %(mean)s %%.",
                    len(values),
                )
                % {
                    "n": len(values),
                    "first": round(values[0]),
                    "last": round(values[-1]),
                    "mean": round(mean),
                },
            }
        )
    return out
