import threading

import pytest
from django.db import close_old_connections

from accounts import wallet
from accounts.models import User, WalletEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    user = User.objects.create_user("Alice", password="x")
    wallet.grant_start(user)
    return user


def test_balance_is_the_sum_of_entries(alice, settings):
    wallet.hold(alice, 100, ref="m1")
    wallet.pay_out(alice, 250, ref="m1")
    assert wallet.balance(alice) == settings.STARTING_GRANT - 100 + 250
    assert list(WalletEntry.objects.filter(user=alice).values_list("amount", flat=True)) == [
        250,
        -100,
        settings.STARTING_GRANT,
    ]


def test_start_grant_is_booked_once(alice, settings):
    assert wallet.grant_start(alice) is None
    assert wallet.balance(alice) == settings.STARTING_GRANT


def test_wallet_never_goes_negative(alice, settings):
    with pytest.raises(wallet.InsufficientFunds) as info:
        wallet.hold(alice, settings.STARTING_GRANT + 1, ref="m1")
    assert "Nicht genug Taler" in str(info.value)
    assert wallet.balance(alice) == settings.STARTING_GRANT


def test_refund_returns_a_stake(alice, settings):
    wallet.hold(alice, 40, ref="m2")
    wallet.refund(alice, 40, ref="m2")
    assert wallet.balance(alice) == settings.STARTING_GRANT


def test_adjustment_needs_a_reason(alice):
    with pytest.raises(ValueError):
        wallet.adjust(alice, 10, "  ", by=None)


def test_bots_have_no_wallet():
    bot = User.objects.create(username="Robo", is_bot=True)
    with pytest.raises(ValueError):
        wallet.grant_start(bot) or wallet.hold(bot, 1, ref="x")


@pytest.mark.parametrize(
    ("pot", "winners", "shares"),
    [
        (100, [0], {0: 100}),
        (100, [1, 3], {1: 50, 3: 50}),
        (101, [2, 0, 1], {2: 34, 0: 34, 1: 33}),
        (7, [0, 1, 2], {0: 3, 1: 2, 2: 2}),
    ],
)
def test_pot_split_gives_odd_taler_to_the_first(pot, winners, shares):
    assert wallet.split_pot(pot, winners) == shares
    assert sum(wallet.split_pot(pot, winners).values()) == pot


@pytest.mark.django_db(transaction=True)
def test_concurrent_holds_never_overdraw(settings):
    user = User.objects.create_user("Bob", password="x")
    wallet.grant_start(user)
    stake = settings.STARTING_GRANT // 3 + 1  # only two of five fit
    outcomes: list[str] = []

    def take() -> None:
        try:
            wallet.hold(user, stake, ref="race")
            outcomes.append("ok")
        except wallet.InsufficientFunds:
            outcomes.append("refused")
        finally:
            close_old_connections()

    threads = [threading.Thread(target=take) for _ in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes.count("ok") == 2
    assert wallet.balance(user) == settings.STARTING_GRANT - 2 * stake >= 0
