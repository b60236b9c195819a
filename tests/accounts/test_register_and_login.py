import pytest
from django.urls import reverse

from accounts.models import User, WalletEntry
from accounts.wallet import balance

pytestmark = pytest.mark.django_db


def register(client, name="Alice", password="kartenglück-42"):
    return client.post(
        reverse("accounts:register"),
        {"username": name, "email": "", "password1": password, "password2": password},
    )


def test_register_creates_account_logs_in_and_grants_start_taler(client, settings):
    response = register(client)
    assert response.status_code == 302
    user = User.objects.get(username="Alice")
    assert balance(user) == settings.STARTING_GRANT
    assert WalletEntry.objects.filter(user=user, kind="grant").count() == 1
    page = client.get("/").content.decode()
    assert "Alice" in page and f"{settings.STARTING_GRANT} Taler" in page


def test_display_name_is_unique_ignoring_case(client):
    register(client, "Alice")
    client.logout()
    response = register(client, "aLiCe")
    assert "Dieser Anzeigename ist schon vergeben." in response.content.decode()
    assert User.objects.filter(username__iexact="alice").count() == 1


@pytest.mark.parametrize("name", ["Al", "x" * 21, "Bob!", "<script>", "a/b"])
def test_display_name_rules_are_enforced_in_german(client, name):
    response = register(client, name)
    assert response.status_code == 200
    assert "3 bis 20 Zeichen" in response.content.decode()
    assert not User.objects.filter(username=name).exists()


@pytest.mark.parametrize("name", ["Bob", "Anna-Lena", "Zoë_2", "Der Kartenhai"])
def test_display_name_allows_letters_digits_space_dash_underscore(client, name):
    assert register(client, name).status_code == 302


def test_login_accepts_the_name_in_any_case(client):
    register(client, "Alice")
    client.logout()
    response = client.post(
        reverse("accounts:login"), {"username": "ALICE", "password": "kartenglück-42"}
    )
    assert response.status_code == 302


def test_login_is_rate_limited_after_repeated_failures(client, settings):
    from django.core.cache import cache

    settings.LOGIN_RATE_LIMIT = 3
    from accounts.forms import login_limit_keys

    cache.delete_many([k for k, _ in login_limit_keys("127.0.0.1", "alice")])
    register(client, "Alice")
    client.logout()
    url = reverse("accounts:login")
    for _ in range(3):
        r = client.post(url, {"username": "Alice", "password": "falsch"})
        assert "Anzeigename oder Passwort ist falsch." in r.content.decode()
    r = client.post(url, {"username": "Alice", "password": "kartenglück-42"})
    assert "Zu viele Fehlversuche" in r.content.decode()
    assert "_auth_user_id" not in client.session


def test_logout_needs_post(client):
    register(client)
    assert client.get(reverse("accounts:logout")).status_code == 405
    assert client.post(reverse("accounts:logout")).status_code == 302
    assert "_auth_user_id" not in client.session


def test_password_change_and_reset_pages_render(client, mailoutbox):
    register(client, "Alice")
    user = User.objects.get(username="Alice")
    user.email = "alice@example.org"
    user.save()
    assert client.get(reverse("accounts:password_change")).status_code == 200
    client.logout()
    r = client.post(reverse("accounts:password_reset"), {"email": "alice@example.org"})
    assert r.status_code == 302
    assert len(mailoutbox) == 1
    assert "/konto/passwort/neu/" in mailoutbox[0].body


def test_csrf_is_enforced_on_forms():
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    r = strict.post(
        reverse("accounts:register"),
        {"username": "Mallory", "password1": "x-very-long-1", "password2": "x-very-long-1"},
    )
    assert r.status_code == 403
    assert not User.objects.filter(username="Mallory").exists()


@pytest.mark.parametrize(
    "url", ["accounts:register", "accounts:guest", "accounts:login", "accounts:password_reset"]
)
def test_account_forms_describe_fields_by_help_texts_that_exist(client, url):
    """Every aria-describedby names an element of the page, and no list sits inside a p or small
    (the password rules are a list: inside <small> in a <p> they broke the form's HTML)."""
    import re
    from html.parser import HTMLParser

    page = client.get(reverse(url)).content.decode()
    ids = set(re.findall(r'\bid="([^"]+)"', page))
    described = [i for v in re.findall(r'aria-describedby="([^"]*)"', page) for i in v.split()]
    assert all(i in ids for i in described), sorted(set(described) - ids)

    class Nesting(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.open: list[str] = []
            self.bad: list[str] = []

        def handle_starttag(self, tag, attrs):
            if tag in ("ul", "ol", "div") and {"p", "small"} & set(self.open):
                self.bad.append(tag)
            if tag not in ("input", "br", "meta", "link", "img"):
                self.open.append(tag)

        def handle_endtag(self, tag):
            if tag in self.open:
                del self.open[len(self.open) - 1 - self.open[::-1].index(tag) :]

    nesting = Nesting()
    nesting.feed(page.split("<main", 1)[1])
    assert nesting.bad == []
