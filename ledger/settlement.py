"""Settling up: the fewest payments that bring every player's net result to zero.

Pure Python, no Django. A net is in minor units: positive for a player who is
owed money (a creditor), negative for one who owes (a debtor).

The fewest payments for n players with a non-zero net is n minus the largest
number of disjoint groups whose nets sum to zero: each group settles within
itself in (size - 1) payments. Finding those groups is NP-hard in general, but a
table is small enough for an exact search over subsets.
"""

from collections.abc import Hashable, Mapping
from typing import NamedTuple

# 2**16 subsets take well under a second in CPython; beyond that we settle greedily.
EXACT_LIMIT = 16


class Payment(NamedTuple):
    """`debtor` pays `creditor` `amount` minor units: ("Ben", "Anna", 350)."""

    debtor: Hashable
    creditor: Hashable
    amount: int


def settle(nets: Mapping[Hashable, int]) -> list[Payment]:
    """Net results (summing to zero) -> the fewest payments that settle them.

    Exact for up to EXACT_LIMIT players with a non-zero net, greedy beyond.
    Payments come in the players' input order: by debtor, then by creditor.
    """
    for player, net in nets.items():
        if not isinstance(net, int) or isinstance(net, bool):
            raise ValueError(f"the net of {player!r} is {net!r}: nets are integer minor units")
    total = sum(nets.values())
    if total != 0:
        raise ValueError(f"nets must sum to zero, these sum to {total}")

    position = {player: index for index, player in enumerate(nets)}
    open_nets = [(player, net) for player, net in nets.items() if net != 0]
    if len(open_nets) <= EXACT_LIMIT:
        groups = _zero_sum_groups(open_nets)
    else:
        groups = [open_nets]
    payments = [payment for group in groups for payment in _greedy(group)]
    return sorted(payments, key=lambda p: (position[p.debtor], position[p.creditor]))


def _zero_sum_groups(open_nets: list[tuple[Hashable, int]]) -> list[list[tuple[Hashable, int]]]:
    """Split the nets into as many disjoint zero-sum groups as possible (exact, 2**n subsets).

    Every ordering of the players, cut wherever its running sum returns to zero,
    yields such groups; `most[mask]` is the most cuts any ordering of `mask` makes.
    """
    size = len(open_nets)
    values = [net for _, net in open_nets]
    subsets = 1 << size
    total = [0] * subsets
    most = [0] * subsets
    last = [0] * subsets  # the player an optimal ordering of `mask` puts last
    for mask in range(1, subsets):
        lowest = mask & -mask
        total[mask] = total[mask ^ lowest] + values[lowest.bit_length() - 1]
        best, best_index = -1, 0
        rest = mask
        while rest:
            bit = rest & -rest
            if most[mask ^ bit] > best:
                best, best_index = most[mask ^ bit], bit.bit_length() - 1
            rest ^= bit
        most[mask] = best + (total[mask] == 0)
        last[mask] = best_index

    groups, group = [], []
    mask = subsets - 1
    while mask:
        index = last[mask]
        group.append(open_nets[index])
        mask ^= 1 << index
        if total[mask] == 0:
            groups.append(group[::-1])
            group = []
    return groups[::-1]


def _greedy(group: list[tuple[Hashable, int]]) -> list[Payment]:
    """The largest debtor pays the largest creditor until all are even (ties: input order).

    Each payment evens out at least one player and the last evens out two, so a
    zero-sum group of k players needs at most k - 1 payments.
    """
    balance = dict(group)
    order = {player: index for index, (player, _) in enumerate(group)}
    payments = []
    while any(balance.values()):
        debtors = [player for player, net in balance.items() if net < 0]
        creditors = [player for player, net in balance.items() if net > 0]
        debtor = min(debtors, key=lambda p: (balance[p], order[p]))
        creditor = min(creditors, key=lambda p: (-balance[p], order[p]))
        amount = min(-balance[debtor], balance[creditor])
        payments.append(Payment(debtor, creditor, amount))
        balance[debtor] += amount
        balance[creditor] -= amount
    return payments
