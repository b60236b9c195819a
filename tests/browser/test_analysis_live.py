"""Post-game analysis (issue 47) in headless Chromium: the replay of an analysed Speedtrödel game
shows the marks, the current move's verdict, the summary and the graph; „Warum?“ (by keyboard)
brings the bot's comparison; the profile shows the accuracy trend – at 360×740 and 1366×900
without sideways scrolling."""

from __future__ import annotations

import pytest

from games import analysis
from games.engines.base import get_engine
from games.models import Match
from tests.browser.serverside import in_thread
from tests.browser.test_rematch_live import snap
from tests.browser.test_replay_live import finished_match
from tests.browser.test_speedone_live import register
from tests.browser.test_speedwerk_live import DESKTOP, no_overflow, shot

pytestmark = [pytest.mark.browser]

SMALL = {"width": 360, "height": 740}


def analysed(name: str) -> tuple[int, int, int]:
    """A finished, analysed game of ``name``: its id, a marked (else judged) move and a forced
    or bot move."""
    pk, _players, _moves = finished_match(name, "speedtroedel")
    row = analysis.analyse(pk)
    assert row is not None
    decisions = row.data["decisions"]
    judged = [d for d in decisions if not d["forced"]]
    marked = [d for d in judged if d["mark"]] or judged
    assert marked
    return pk, marked[0]["number"], len(decisions)


def test_the_replay_shows_the_analysis_and_why(live_site, browser, monkeypatch, subtests):
    """One analysed game (the analysis is the costly part), seen at both sizes: a context each,
    the second with the first one's session cookie."""
    monkeypatch.setattr(type(get_engine("speedtroedel")), "analysis_samples", 6)
    url = live_site.url
    name = "Anja"
    context = browser.new_context(locale="de-DE")
    try:
        register(context.new_page(), url, name)
        pk, number, _count = in_thread(analysed, name)
        session = context.storage_state()
    finally:
        context.close()
    assert in_thread(lambda: Match.objects.get(pk=pk).status) == Match.Status.FINISHED
    for viewport in (SMALL, DESKTOP):
        with subtests.test(width=viewport["width"]):
            context = browser.new_context(
                locale="de-DE",
                viewport=viewport,
                has_touch=viewport == SMALL,
                storage_state=session,
            )
            try:
                see_the_analysis(context.new_page(), url, name, pk, number, viewport)
            finally:
                context.close()


def see_the_analysis(page, url: str, name: str, pk: int, number: int, viewport: dict) -> None:
    page.goto(f"{url}/partie/{pk}/?zug={number}")
    page.locator("#analysis").wait_for()
    summary = page.locator("#analysis").inner_text()
    assert f"{name}: Genauigkeit" in summary
    graph = page.locator("#analysis svg[role=img]")
    assert graph.count() == 1 and page.locator("#graph-desc").count() == 1
    assert page.locator("#analysis-move").count() == 1
    no_overflow(page)
    size = f"{viewport['width']}"
    snap(page, f"analysis-replay-{size}")
    shot(page, f"analysis-replay-{size}-full")
    button = page.locator("#why-button")
    button.focus()
    page.keyboard.press("Enter")
    table = page.locator("#why-answer .why-table")
    table.wait_for()
    assert page.locator("#why-answer tr.chosen").count() == 1
    assert "dein Zug" in table.inner_text()
    no_overflow(page)
    shot(page, f"analysis-why-{size}-full")
    page.goto(f"{url}/konto/profil/")
    section = page.locator("#accuracy")
    assert "Speedtrödel" in section.inner_text()
    assert section.locator("svg[role=img]").count() == 1
    no_overflow(page)
    shot(page, f"analysis-profile-{size}-full")
