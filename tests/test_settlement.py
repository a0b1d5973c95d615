"""Settling up: the fewest payments that even out the players' net results. Pure, no database."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.settlement import EXACT_LIMIT, Payment, settle


def test_ben_pays_anna():
    assert settle({"Anna": 350, "Ben": -350}) == [Payment("Ben", "Anna", 350)]


def test_a_payment_is_a_plain_tuple():
    debtor, creditor, amount = settle({"Anna": 350, "Ben": -350})[0]

    assert (debtor, creditor, amount) == ("Ben", "Anna", 350)


def test_everyone_even_needs_no_payment():
    assert settle({}) == []
    assert settle({"Anna": 0, "Ben": 0}) == []


def test_players_who_are_even_are_left_out():
    assert settle({"Anna": 500, "Ben": 0, "Carl": -500}) == [Payment("Carl", "Anna", 500)]


def test_nets_that_do_not_sum_to_zero_are_refused():
    with pytest.raises(ValueError, match="sum to 1"):
        settle({"Anna": 350, "Ben": -349})


@pytest.mark.parametrize("net", [3.5, "350", True, None])
def test_a_net_that_is_not_integer_minor_units_is_refused(net):
    with pytest.raises(ValueError, match="integer minor units"):
        settle({"Anna": net, "Ben": -350})


def test_a_matching_pair_settles_between_themselves():
    # Largest-to-largest pays Emil 6.00 from Anna and then needs three more payments;
    # Anna and Dora even out alone, so three payments in all are enough.
    nets = {"Anna": -600, "Ben": -500, "Carl": -300, "Dora": 600, "Emil": 800}

    assert settle(nets) == [
        Payment("Anna", "Dora", 600),
        Payment("Ben", "Emil", 500),
        Payment("Carl", "Emil", 300),
    ]


def test_payments_come_in_input_order_by_debtor_then_creditor():
    nets = {"Dora": -100, "Carl": 300, "Ben": -300, "Anna": 100}

    assert settle(nets) == [Payment("Dora", "Anna", 100), Payment("Ben", "Carl", 300)]


def test_the_result_is_deterministic():
    nets = {f"p{i}": net for i, net in enumerate([7, -3, -4, 5, -5, 2, -2, 1, -1])}

    assert {tuple(settle(nets)) for _ in range(5)} == {tuple(settle(nets))}


def test_beyond_the_exact_limit_it_still_settles():
    nets = {f"p{i}": (i + 1) * 10 for i in range(EXACT_LIMIT + 4)}
    nets["bank"] = -sum(nets.values())

    payments = settle(nets)

    assert _left_over(nets, payments) == {}
    assert len(payments) == len(nets) - 1


def test_the_exact_search_runs_at_its_limit_and_settles():
    values = [(-1) ** i * (37 * i % 101 + 1) for i in range(EXACT_LIMIT - 1)]
    nets = {f"p{i}": value for i, value in enumerate(values)}
    nets["last"] = -sum(values)

    payments = settle(nets)

    assert _left_over(nets, payments) == {}


# Properties -------------------------------------------------------------------------------


def _left_over(nets, payments):
    """What each player is still owed (+) or owes (-) after the payments; {} when settled."""
    balance = Counter(nets)
    for debtor, creditor, amount in payments:
        balance[debtor] += amount
        balance[creditor] -= amount
    return {player: net for player, net in balance.items() if net != 0}


@st.composite
def zero_sum_nets(draw, max_players=10, max_amount=10_000):
    """Nets for 1..max_players players summing to zero; small amounts make zero-sum groups."""
    amount = st.integers(-max_amount, max_amount)
    values = draw(st.lists(amount, min_size=0, max_size=max_players - 1))
    values.append(-sum(values))
    return {f"p{i}": value for i, value in enumerate(values)}


def _fewest_payments(nets):
    """Brute force: players with a non-zero net minus the most zero-sum groups of any partition."""
    values = [net for net in nets.values() if net != 0]

    def partitions(items):
        if not items:
            yield []
            return
        first, rest = items[0], items[1:]
        for partition in partitions(rest):
            yield [[first], *partition]
            for i in range(len(partition)):
                yield [*partition[:i], [first, *partition[i]], *partition[i + 1 :]]

    most_groups = max(
        len(partition)
        for partition in partitions(values)
        if all(sum(group) == 0 for group in partition)
    )
    return len(values) - most_groups


@given(zero_sum_nets())
def test_payments_settle_every_net_exactly(nets):
    assert _left_over(nets, settle(nets)) == {}


@given(zero_sum_nets())
def test_payments_are_positive_and_between_two_players(nets):
    for debtor, creditor, amount in settle(nets):
        assert amount > 0
        assert debtor != creditor
        assert nets[debtor] < 0 < nets[creditor]


@given(zero_sum_nets())
def test_at_most_one_payment_fewer_than_players_who_are_not_even(nets):
    open_players = sum(1 for net in nets.values() if net != 0)

    assert len(settle(nets)) <= max(open_players - 1, 0)


@given(zero_sum_nets(max_players=7, max_amount=6))
def test_no_settlement_has_fewer_payments(nets):
    assert len(settle(nets)) == _fewest_payments(nets)


@given(zero_sum_nets(max_players=EXACT_LIMIT + 6, max_amount=50))
def test_any_table_size_settles(nets):
    payments = settle(nets)

    assert _left_over(nets, payments) == {}
    assert len(payments) <= max(len(nets) - 1, 0)
