"""English as the second language (issue 46): which language a page is in, the footer's
switcher, the profile's setting, a guest's cookie, the same URL for both languages, the rules
pages, the manual, e-mails in the recipient's language, and numbers and dates in the language's
formats."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import formats, translation

from accounts.identity import GUEST_SESSION_KEY
from accounts.language import language_of, negotiate, seat_languages
from accounts.models import Guest, User

ROOT = Path(__file__).resolve().parents[1]
COOKIE = settings.LANGUAGE_COOKIE_NAME
GAMES = ["speedtroedel", "speedone", "speedbasar", "speedwerk"]
pytestmark = pytest.mark.django_db


def page(c: Client, url: str = "/", **headers: str) -> str:
    response = c.get(url, **headers)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def switch(c: Client, language: str, next_url: str = "/") -> None:
    response = c.post(reverse("accounts:language"), {"language": language, "next": next_url})
    assert response.status_code == 302 and response["Location"] == next_url


# -- which language -------------------------------------------------------------------------


def test_german_without_a_wish():
    html = page(Client())
    assert '<html lang="de">' in html and "Kartenspiele live im Browser" in html


def test_accept_language_english_gives_english():
    c = Client()
    response = c.get("/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9,de;q=0.5")
    html = response.content.decode()
    assert '<html lang="en">' in html
    assert "Card games live in your browser" in html and "How to play" in html
    assert "Kartenspiele live im Browser" not in html
    assert response["Content-Language"] == "en"
    vary = {v.strip().lower() for v in response["Vary"].split(",")}
    assert {"accept-language", "cookie"} <= vary  # one URL, two languages: caches must know


def test_a_language_we_do_not_have_falls_back_to_german():
    html = page(Client(), HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert '<html lang="de">' in html


def test_the_same_url_says_x_default_and_no_per_language_alternates():
    """Both languages live at one URL: no hreflang alternate per language (they would all point
    at the same address), only x-default – "this URL adapts to its reader"."""
    html = page(Client(), "/regeln/speedone/", HTTP_ACCEPT_LANGUAGE="en")
    assert 'hreflang="x-default" href="http://testserver/regeln/speedone/"' in html
    assert 'hreflang="de"' not in html and 'hreflang="en"' not in html


# -- the footer's switcher ------------------------------------------------------------------


def test_the_footer_switcher_switches_and_the_cookie_sticks():
    c = Client()
    html = page(c, "/hilfe/")
    assert f'action="{reverse("accounts:language")}"' in html
    assert 'name="language" value="en"' in html and 'value="/hilfe/"' in html
    switch(c, "en", "/hilfe/")
    assert c.cookies[COOKIE].value == "en"
    html = page(c, "/hilfe/", HTTP_ACCEPT_LANGUAGE="de-DE,de")  # the choice beats the browser
    assert '<html lang="en">' in html and "Your language has been saved." in html
    # the switcher marks the current language and offers the other one
    assert 'value="en" lang="en" aria-current="true" disabled>English</button>' in html
    assert 'value="de" lang="de">Deutsch</button>' in html  # each language in its own name
    switch(c, "de")
    assert '<html lang="de">' in page(c, HTTP_ACCEPT_LANGUAGE="en")


def test_the_switcher_refuses_a_language_we_do_not_have():
    c = Client()
    c.post(reverse("accounts:language"), {"language": "xx", "next": "/"})
    assert COOKIE not in c.cookies or not c.cookies[COOKIE].value
    html = page(c)
    assert '<html lang="de">' in html and "Diese Sprache gibt es hier nicht." in html


def test_the_switcher_goes_back_only_to_our_own_pages():
    c = Client()
    response = c.post(
        reverse("accounts:language"), {"language": "en", "next": "https://evil.example/"}
    )
    assert response["Location"] == "/"


def test_a_guest_keeps_the_choice_and_it_is_remembered_for_pushed_boards():
    guest = Guest.objects.create(display_name="Gustav")
    c = Client()
    session = c.session
    session[GUEST_SESSION_KEY] = guest.pk
    session.save()
    c.cookies["sessionid"] = session.session_key
    switch(c, "en")
    assert '<html lang="en">' in page(c)
    assert '<html lang="en">' in page(c, "/hilfe/")
    guest.refresh_from_db()
    assert guest.language == "en"  # what a board pushed to the guest is rendered in
    assert language_of(guest=guest) == "en"


# -- the account's setting ------------------------------------------------------------------


def test_the_accounts_setting_follows_it_to_another_browser():
    alice = User.objects.create_user("Alice", password="kartenglück-42")
    c = Client()
    c.force_login(alice)
    html = page(c, reverse("accounts:profile"))
    assert 'id="language-select"' in html and "wie der Browser" in html
    switch(c, "en", reverse("accounts:profile") + "#language")
    alice.refresh_from_db()
    assert alice.language == "en"
    other = Client()  # another device: German browser, no cookie
    other.force_login(alice)
    assert '<html lang="en">' in page(other, HTTP_ACCEPT_LANGUAGE="de")
    # back to „wie der Browser“: the browser decides again
    switch(c, "", reverse("accounts:profile"))
    alice.refresh_from_db()
    assert alice.language == ""
    assert '<html lang="de">' in page(other, HTTP_ACCEPT_LANGUAGE="de")
    assert '<html lang="en">' in page(other, HTTP_ACCEPT_LANGUAGE="en")
    alice.refresh_from_db()
    assert alice.last_language == "en"  # remembered for what is rendered without a request


def test_language_order_setting_cookie_browser_german():
    class Person:
        is_authenticated = True
        language = "en"

    assert negotiate(Person(), {COOKIE: "de"}, "de") == "en"
    assert negotiate(None, {COOKIE: "en"}, "de") == "en"
    assert negotiate(None, {}, "fr, en-US;q=0.8") == "en"
    assert negotiate(None, {}, "") == "de"


def test_each_seat_keeps_its_persons_language_for_pushed_boards():
    """A pushed board is rendered in its seat's person's language (``Seat.language``, so a move
    reads no account): set when the match starts, changed with the person's choice while it
    runs; bots have none."""
    from accounts.identity import Player
    from lobby import services

    alice = User.objects.create_user("Alice", password="kartenglück-42", language="en")
    match = services.start_solo(Player(user=alice), "speedone", 2, "normal", {})
    seats = list(match.seats.all())
    mine = next(s.index for s in seats if s.user_id == alice.pk)
    assert seat_languages(seats) == {mine: "en"}  # the computers' seats are nobody's
    c = Client()
    c.force_login(alice)
    switch(c, "de")
    assert set(match.seats.filter(user=alice).values_list("language", flat=True)) == {"de"}
    # a person with no choice: the language of their last page
    c.cookies.pop(COOKIE, None)
    switch(c, "")  # „wie der Browser“
    page(c, HTTP_ACCEPT_LANGUAGE="en")
    assert set(match.seats.filter(user=alice).values_list("language", flat=True)) == {"en"}
    assert all(s.language == "" for s in match.seats.filter(is_human=False))


# -- documents, e-mails, formats ------------------------------------------------------------


@pytest.mark.parametrize("slug", GAMES)
def test_rules_pages_in_english(slug):
    assert (ROOT / "docs" / "rules" / f"{slug}.en.md").exists()
    english = page(Client(), f"/regeln/{slug}/", HTTP_ACCEPT_LANGUAGE="en")
    german = page(Client(), f"/regeln/{slug}/")
    assert "Rules" in english and "Contents" in english and "Inhalt" not in english
    assert "Spielregeln" in german and "Inhalt" in german


def test_the_manual_in_english():
    english = page(Client(), "/hilfe/", HTTP_ACCEPT_LANGUAGE="en")
    assert "<h1" in english and "How to play" in english and "So spielst du" not in english


def test_a_turn_mail_goes_out_in_the_recipients_language():
    from alerts.mail import send_confirmation

    alice = User.objects.create_user("Alice", password="kartenglück-42", language="en")
    bob = User.objects.create_user("Bob", password="kartenglück-42")
    with translation.override("de"):  # whoever triggers it reads German
        send_confirmation(alice, "alice@example.org")
        send_confirmation(bob, "bob@example.org")
    english, german = mail.outbox[-2], mail.outbox[-1]
    assert english.subject == "Speedgames: Please confirm your e-mail address"
    assert "Hello Alice" in english.body and "No more mails like this" in english.body
    assert german.subject == "Speedgames: Bitte bestätige deine E-Mail-Adresse"


def test_numbers_and_dates_follow_the_language():
    import datetime

    day = datetime.date(2026, 12, 7)
    with translation.override("de"):
        assert formats.number_format(1.5, 1) == "1,5"
        assert formats.date_format(day, "SHORT_DATE_FORMAT") == "07.12.2026"
        assert formats.date_format(day, "DATE_FORMAT") == "7. Dezember 2026"
    with translation.override("en"):
        assert formats.number_format(1.5, 1) == "1.5"
        assert formats.date_format(day, "SHORT_DATE_FORMAT") == "07/12/2026"
        assert formats.date_format(day, "DATE_FORMAT") == "7 December 2026"


def test_plurals_follow_the_language():
    from django.utils.translation import ngettext

    with translation.override("en"):
        assert ngettext("%(n)s Partie", "%(n)s Partien", 1) % {"n": 1} == "1 game"
        assert ngettext("%(n)s Partie", "%(n)s Partien", 3) % {"n": 3} == "3 games"
    with translation.override("de"):
        assert ngettext("%(n)s Partie", "%(n)s Partien", 1) % {"n": 1} == "1 Partie"


def test_only_a_page_tells_the_language_a_person_reads(alice):
    """A browser fetches its service worker's script and the manifest with its own default
    Accept-Language (Chromium does so under a German page): those requests must not turn the
    person's pushed boards and mails English; a page read in English does."""
    c = Client()
    c.force_login(alice)
    for url in ("/sw.js", reverse("manifest")):
        assert c.get(url, HTTP_ACCEPT_LANGUAGE="en-US").status_code == 200
    alice.refresh_from_db()
    assert alice.last_language in ("", "de") and language_of(alice) == "de"
    page(c, "/", HTTP_ACCEPT_LANGUAGE="en-US")
    alice.refresh_from_db()
    assert alice.last_language == "en" and language_of(alice) == "en"
