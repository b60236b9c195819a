import pytest
from django.urls import reverse

from accounts.identity import GUEST_COOKIE, guest_claimed
from accounts.models import Guest, User

pytestmark = pytest.mark.django_db


def test_guest_picks_a_name_and_is_marked_as_guest(client):
    r = client.post(reverse("accounts:guest"), {"display_name": "Gustav", "next": "/"})
    assert r.status_code == 302 and r["Location"] == "/"
    assert GUEST_COOKIE in r.cookies
    page = client.get("/").content.decode()
    assert "Gustav" in page and "Gast" in page


def test_guest_identity_survives_a_new_session_through_the_signed_cookie(client):
    r = client.post(reverse("accounts:guest"), {"display_name": "Gustav"})
    cookie = r.cookies[GUEST_COOKIE].value
    client.session.flush()
    client.cookies.clear()
    client.cookies[GUEST_COOKIE] = cookie
    assert "Gustav" in client.get("/").content.decode()


def test_a_forged_guest_cookie_is_ignored(client):
    guest = Guest.objects.create(display_name="Opfer")
    client.cookies[GUEST_COOKIE] = f"{guest.pk}:forged"
    assert "Opfer" not in client.get("/").content.decode()


def test_guest_cannot_take_a_registered_name(client):
    User.objects.create_user("Alice", password="x")
    r = client.post(reverse("accounts:guest"), {"display_name": "alice"})
    assert "registrierter Spieler" in r.content.decode()
    assert not Guest.objects.exists()


def test_guest_who_registers_keeps_their_identity(client):
    client.post(reverse("accounts:guest"), {"display_name": "Gustav"})
    guest = Guest.objects.get()
    received = []

    def handler(sender, guest, user, **kwargs):
        received.append((guest.pk, user.username))

    guest_claimed.connect(handler)
    try:
        client.post(
            reverse("accounts:register"),
            {"username": "Gustav", "password1": "kartenglück-42", "password2": "kartenglück-42"},
        )
    finally:
        guest_claimed.disconnect(handler)
    guest.refresh_from_db()
    assert guest.user.username == "Gustav"
    assert received == [(guest.pk, "Gustav")]


def test_unsafe_next_url_is_not_followed(client):
    r = client.post(
        reverse("accounts:guest"), {"display_name": "Gustav", "next": "https://evil.example/"}
    )
    assert r["Location"] == "/"
