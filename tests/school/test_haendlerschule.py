"""The Händlerschule: five lessons with a Prüffrage, progress per account, guest or session."""

from __future__ import annotations

import pytest

from accounts.models import Guest
from games.presenters.base import ui_icon
from games.speedtroedel.school.lessons import LESSONS
from games.speedtroedel.school.models import LessonPassed

URL = "/spiele/speedtroedel/schule/"


def test_five_lessons_each_with_a_question_and_a_valid_answer():
    lessons = LESSONS["speedtroedel"]
    assert [x.title for x in lessons] == [
        "Bedienen",
        "Smaragd, der Trumpf",
        "Kiste und Dachboden",
        "Schnäppchenblick",
        "Sonderkarten",
    ]
    for x in lessons:
        assert x.question and 0 <= x.answer < len(x.choices) and x.why


@pytest.mark.django_db
def test_an_account_passes_a_lesson_with_the_right_answer_only(client, alice):
    client.force_login(alice)
    page = client.get(URL).content.decode()
    assert "Bestanden: 0 von 5" in page
    wrong = client.post(URL + "bedienen/", {"answer": "0"}).content.decode()
    assert "Leider falsch" in wrong
    assert not LessonPassed.objects.exists()
    assert "Wähle eine Antwort" in client.post(URL + "bedienen/", {"answer": "x"}).content.decode()
    right = client.post(URL + "bedienen/", {"answer": "1"}).content.decode()
    assert "Richtig!" in right and "Weiter: Smaragd, der Trumpf" in right
    client.post(URL + "bedienen/", {"answer": "1"})  # once is enough
    assert LessonPassed.objects.filter(user=alice, lesson="bedienen").count() == 1
    page = client.get(URL).content.decode()
    assert "Bestanden: 1 von 5" in page and f"{ui_icon('check')} bestanden" in page
    assert 'id="school-link"' in client.get("/spiele/speedtroedel/").content.decode()


@pytest.mark.django_db
def test_a_guest_keeps_progress_and_takes_it_into_a_new_account(client, alice):
    from accounts import identity

    guest = Guest.objects.create(display_name="Gustav")
    session = client.session
    session[identity.GUEST_SESSION_KEY] = guest.pk
    session.save()
    client.post(URL + "smaragd/", {"answer": "1"})
    assert LessonPassed.objects.filter(guest=guest, lesson="smaragd").exists()
    assert "Bestanden: 1 von 5" in client.get(URL).content.decode()
    guest.user = alice  # registered: the account claims the guest
    guest.save()
    client.force_login(alice)
    assert "Bestanden: 1 von 5" in client.get(URL).content.decode()


@pytest.mark.django_db
def test_without_account_or_guest_the_session_keeps_progress(client):
    client.post(URL + "sonderkarten/", {"answer": "0"})
    assert "Bestanden: 1 von 5" in client.get(URL).content.decode()
    assert not LessonPassed.objects.exists()
    assert client.get("/spiele/speedone/schule/").status_code == 404
    assert client.get(URL + "gibtsnicht/").status_code == 404
