"""Benchmark spec for ``python -m bench.engines speedtroedel``.

The strong bot in the tournaments is the site's ``stark`` (250 rollouts per decision), so the
tournament figures are those of the web bot; the full run (6 tournaments of 1,000 games) takes
about two hours on two quiet cores at 250 rollouts. ``--quick`` plays only 2 games per strong
tournament (a smoke run: about 45 s in all; its win rates mean nothing).
"""

from games.engines.benchspec import BenchSpec, Tournament

TOURNAMENT_STARK = "stark"

BENCH = BenchSpec(
    random_players=4,
    tournaments=tuple(
        Tournament(hero=h, field=f, players=p, games=1000, quick_games=q, label=f"{h} gegen {f}")
        for h, f, q in ((TOURNAMENT_STARK, "normal", 2), ("normal", "leicht", 30))
        for p in (3, 4, 5)
    ),
    bot_players=4,
    bot_decisions=300,
    bot_decisions_quick=40,
)
