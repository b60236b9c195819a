import pytest

from accounts.bots import ensure_bots
from accounts.identity import Player
from accounts.models import User


@pytest.fixture
def bots(db):
    return ensure_bots()


@pytest.fixture
def alice(db):
    return User.objects.create_user("Alice", password="kartenglück-42")


@pytest.fixture
def bob(db):
    return User.objects.create_user("Bob", password="kartenglück-42")


@pytest.fixture
def alice_player(alice):
    return Player(user=alice)
