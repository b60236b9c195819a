"""English in headless Chromium (issue 46): a browser asking for English gets English pages and
an English board – the moves the computers make arrive over the socket in English –, the
footer's switcher turns the site German and the choice sticks (the cookie), at 390 px too."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_speedwerk_live import PHONE, no_overflow

pytestmark = [pytest.mark.browser]

#: German that must not show on an English board (whole words)
GERMAN = re.compile(r"\b(der|die|das|und|ist|nicht|Karte|Karten|Runde|Zug|zieht|legt|Letzte)\b")


def test_english_by_browser_then_german_by_the_footer_switcher(live_site, browser):
    url = live_site.url
    context = browser.new_context(locale="en-GB", viewport=PHONE, has_touch=True)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto(url + "/")
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.get_by_role("contentinfo").get_by_role("link", name="How to play").is_visible()
        no_overflow(page)  # the footer's switcher fits a phone

        # registering in English, then a solo game: the board and the computers' pushed moves
        # are English
        page.goto(url + "/konto/registrieren/")
        page.get_by_label("Display name").fill("Gwen")
        page.get_by_label("Password", exact=True).fill("kartenglück-42")
        page.get_by_label("Password confirmation").fill("kartenglück-42")
        page.get_by_role("button", name="Create account").click()
        page.wait_for_url(url + "/")
        page.goto(url + "/spiele/speedone/")
        page.get_by_role("button", name="Start solo").click()
        page.wait_for_url(re.compile(r".*/partie/\d+/$"))
        board = page.locator("#board")
        board.wait_for()
        page.locator("#ticker h2", has_text="Last moves").wait_for()
        # play until a computer's move has come in over the socket (its line names it)
        draw = page.get_by_role("button", name="Draw a card")
        for _ in range(20):
            if page.locator("#ticker li").count() >= 2:
                break
            if draw.is_visible() and draw.is_enabled():
                draw.click()
            page.wait_for_function(
                "n => document.querySelectorAll('#ticker li').length > n",
                arg=page.locator("#ticker li").count(),
            )
        text = board.inner_text()
        assert page.locator("#ticker li").count() >= 2
        assert not GERMAN.search(text), GERMAN.search(text)

        # the footer's switcher: German, and it sticks
        page.locator(".language-switch").get_by_role("button", name="Deutsch").click()
        page.wait_for_function("document.documentElement.lang === 'de'")
        page.locator("#ticker h2", has_text="Letzte Züge").wait_for()
        page.reload()
        assert page.locator("html").get_attribute("lang") == "de"
        page.goto(url + "/")
        assert (
            page.get_by_role("contentinfo").get_by_role("link", name="So spielst du").is_visible()
        )
        english = page.locator(".language-switch").get_by_role("button", name="English")
        assert english.is_enabled()
    finally:
        context.close()
