"""A slow, obviously correct deadwood oracle for the property tests.

It tries every partition of the hand into melds and deadwood, checking each
candidate meld against the definition in docs/rules.md 2 directly. It shares no
code with the engine's search.
"""

from functools import cache
from itertools import combinations, product

RANK_POSITION = {"A": 1, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 11)}


def split(card: str) -> tuple[str, str]:
    return card[:-1], card[-1]


def is_meld(cards: tuple[str, ...], rules) -> bool:
    """Whether these cards, jokers included, form one valid set or run."""
    naturals = [card for card in cards if card != "JK"]
    jokers = len(cards) - len(naturals)
    if len(cards) < 3 or not naturals:
        return False
    if rules.max_jokers_per_meld is not None and jokers > rules.max_jokers_per_meld:
        return False
    return is_set(naturals, len(cards), rules) or is_run(naturals, len(cards), rules)


def is_set(naturals, size, rules) -> bool:
    ranks = {split(card)[0] for card in naturals}
    suits = [split(card)[1] for card in naturals]
    if len(ranks) != 1 or size > 4:
        return False
    return not rules.set_distinct_suits or len(set(suits)) == len(suits)


def is_run(naturals, size, rules) -> bool:
    if len({split(card)[1] for card in naturals}) != 1:
        return False
    top = 14 if rules.ace_in_runs == "high_or_low" else 13
    choices = []
    for card in naturals:
        rank = split(card)[0]
        if rank == "A":
            choices.append((1, 14) if top == 14 else (1,))
        else:
            choices.append((RANK_POSITION[rank],))
    for positions in product(*choices):
        if len(set(positions)) != len(positions):
            continue
        low, high = min(positions), max(positions)
        # The run is a window of `size` positions inside 1..top holding every natural.
        for start in range(max(1, high - size + 1), min(low, top - size + 1) + 1):
            if start + size - 1 >= high:
                return True
    return False


def value_of(card: str, rules) -> int:
    return rules.card_values["JK" if card == "JK" else split(card)[0]]


def least_deadwood(cards: list[str], rules) -> int:
    """Minimum deadwood over every partition of the hand into melds and loose cards."""

    @cache
    def least(hand: tuple[str, ...]) -> int:
        if not hand:
            return 0
        first, rest = hand[0], hand[1:]
        best = value_of(first, rules) + least(rest)
        for size in range(2, min(len(rest), 13) + 1):
            for others in set(combinations(rest, size)):
                if is_meld((first, *others), rules):
                    remaining = list(rest)
                    for card in others:
                        remaining.remove(card)
                    best = min(best, least(tuple(remaining)))
        return best

    return least(tuple(sorted(cards)))
