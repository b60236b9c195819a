import re

import pytest

pytestmark = pytest.mark.browser


def test_register_logout_login_and_see_the_four_games(live_site, page):
    page.goto(live_site.url + "/konto/registrieren/")
    page.get_by_label("Anzeigename").fill("Browserbär")
    page.get_by_label("Passwort", exact=True).fill("kartenglück-42")
    page.get_by_label("Passwort bestätigen").fill("kartenglück-42")
    page.get_by_role("button", name="Konto anlegen").click()
    page.wait_for_url(live_site.url + "/")
    assert page.locator(".who").inner_text() == "Browserbär"
    assert re.search(r"\d+ Taler", page.locator(".taler").inner_text())

    page.get_by_role("button", name="Abmelden").click()
    page.wait_for_url(live_site.url + "/")
    assert page.get_by_role("link", name="Anmelden").is_visible()

    page.get_by_role("link", name="Anmelden").click()
    page.get_by_label("Anzeigename").fill("browserbär")
    page.get_by_label("Passwort").fill("kartenglück-42")
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(live_site.url + "/")
    assert page.locator(".who").inner_text() == "Browserbär"
    titles = page.locator(".game-card h2").all_inner_texts()
    assert titles == ["Speedtrödel", "Speedone", "Speedbasar", "Speedwerk"]
