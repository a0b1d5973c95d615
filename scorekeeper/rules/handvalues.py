"""Which values a hand can count at the end of a round (docs/rules.md 3.1, "Values no hand
can have").

A typed hand is a number of points: the knock family's and Gin's deadwood (the cards left
unmelded), Basic Rummy's and Rami's points left in hand (every card counted whole). Either
way it is the sum of the values of some cards of the decks in play, at most `hand_size` of
them (any number with `free_hand_size`), each card at most as often as the decks hold it.
So the values a hand can take are the subset sums of those cards: in Wiener no hand counts
1 (the smallest card counts 2), in Rami's normal mode every hand counts a multiple of 5.

The set may admit a value no real hand reaches (a sum whose cards would have to form melds
they cannot all avoid), but never refuses one a real hand has: it refuses only what no
choice of cards can add up to. 0 is always admitted: a hand melded whole, or nothing held.
"""

from bisect import bisect_left
from collections import Counter
from functools import lru_cache

from .cards import JOKER, RANKS, SUITS
from .presets import Rules

CardsInPlay = tuple[tuple[int, int], ...]  # (value, how many cards of the decks count it)


def cards_in_play(rules: Rules) -> CardsInPlay:
    """How many cards of the decks count each value, e.g. Wiener's ((2, 8), ..., (20, 2))."""
    known = rules.__dict__.get("_cards_in_play")
    if known is not None:
        return known
    counts: Counter[int] = Counter()
    for rank in RANKS:
        counts[rules.card_values[rank]] += len(SUITS) * rules.decks
    if rules.jokers:
        counts[rules.card_values[JOKER]] += rules.jokers
    known = tuple(sorted(counts.items()))
    # Asked for every typed hand: kept on the rules. Rules is frozen and compared by its
    # fields; this derived cache is neither (as melds.py keeps its own).
    object.__setattr__(rules, "_cards_in_play", known)
    return known


def _most_cards(rules: Rules) -> int | None:
    return None if rules.free_hand_size else rules.hand_size


@lru_cache(maxsize=128)
def _sums(in_play: CardsInPlay, most_cards: int | None) -> tuple[int, ...]:
    """Every sum of at most `most_cards` cards (None: any number), sorted.

    A bit set per number of cards (bit s set: some cards of that number add up to s); a
    value is added with 0 to `count` of its cards at once, so copies are never overused.
    """
    if most_cards is None:
        reach = 1
        for value, count in in_play:
            step, more = reach, reach
            for _ in range(count):
                more <<= value
                step |= more
            reach = step
    else:
        by_count = [1] + [0] * most_cards
        for value, count in in_play:
            by_count = [
                _or_shifted(by_count, cards, value, min(count, cards))
                for cards in range(most_cards + 1)
            ]
        reach = 0
        for sums in by_count:
            reach |= sums
    return tuple(bit for bit in range(reach.bit_length()) if reach >> bit & 1)


def _or_shifted(by_count: list[int], cards: int, value: int, most: int) -> int:
    """The sums of `cards` cards where 0 to `most` of them count `value`."""
    reach = 0
    for taken in range(most + 1):
        reach |= by_count[cards - taken] << (taken * value)
    return reach


def _sorted_values(rules: Rules) -> tuple[int, ...]:
    return _sums(cards_in_play(rules), _most_cards(rules))


def hand_values(rules: Rules) -> frozenset[int]:
    """Every value a hand left at the end of a round can count under `rules`."""
    return _frozen(cards_in_play(rules), _most_cards(rules))


@lru_cache(maxsize=128)
def _frozen(in_play: CardsInPlay, most_cards: int | None) -> frozenset[int]:
    return frozenset(_sums(in_play, most_cards))


def possible_hand_value(points: int, rules: Rules) -> bool:
    """Whether some hand of these rules counts `points`."""
    return points in _frozen(cards_in_play(rules), _most_cards(rules))


def nearest_hand_values(points: int, rules: Rules) -> tuple[int | None, int | None]:
    """The closest possible values below and above `points` (None where there is none);
    `points` itself when it is possible."""
    values = _sorted_values(rules)
    at = bisect_left(values, points)
    if at < len(values) and values[at] == points:
        return points, points
    return (values[at - 1] if at else None), (values[at] if at < len(values) else None)


def smallest_card(rules: Rules) -> int | None:
    """The value of the cheapest card that counts anything (None if none does)."""
    return min((value for value, count in cards_in_play(rules) if value > 0 and count),
               default=None)


def largest_deadwood(rules: Rules) -> int:
    """The most deadwood a hand can hold: its dearest cards, the bound for a typed number."""
    values = [rules.card_values[rank] for rank in RANKS for _ in range(len(SUITS) * rules.decks)]
    values += [rules.card_values[JOKER]] * rules.jokers
    values.sort(reverse=True)
    # Free hand sizes have no fixed count, so only the whole deck bounds them.
    return sum(values) if rules.free_hand_size else sum(values[: rules.hand_size])
