"""Seeded corpora of random hands, as lists of canonical card texts ("AS", "10H", "JK").

Every generator takes its own `random.Random(seed)`, so a corpus is the same on every
machine and every run: a slower figure means a slower solver, not other hands.
"""

import random

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
JOKER = "JK"

ONE_DECK = [rank + suit for suit in SUITS for rank in RANKS]


def shoe(decks: int, jokers: int) -> list[str]:
    """All the cards of `decks` decks plus `jokers` jokers (Wiener: 2 and 2, 106 cards)."""
    return ONE_DECK * decks + [JOKER] * jokers


def wiener_hands(count: int, *, size: int, jokers: int, seed: int) -> list[list[str]]:
    """`size`-card hands dealt from the 106-card Wiener shoe holding exactly `jokers` jokers.

    The naturals come from the 104 natural cards of the shoe, so a hand may hold the
    same card twice, as at a real two-deck table.
    """
    rng = random.Random(seed)
    naturals = shoe(2, 0)
    hands = []
    for _ in range(count):
        hand = rng.sample(naturals, size - jokers) + [JOKER] * jokers
        rng.shuffle(hand)  # the solver must not rely on the jokers coming last
        hands.append(hand)
    return hands


def dealt_hands(count: int, *, size: int, decks: int, jokers: int, seed: int) -> list[list[str]]:
    """`size` cards straight off a shuffled shoe: jokers turn up as often as they would."""
    rng = random.Random(seed)
    cards = shoe(decks, jokers)
    return [rng.sample(cards, size) for _ in range(count)]


def gin_uniform_hands(count: int, *, seed: int) -> list[list[str]]:
    """10 cards from one 52-card deck: what a Gin player is dealt."""
    return dealt_hands(count, size=10, decks=1, jokers=0, seed=seed)


def _block(rng: random.Random, width: int, suits: int, decks: int) -> list[str]:
    """Every card (times `decks`) of `width` consecutive ranks in `suits` random suits.

    Inside such a block every card is in a run of its suit and in a set of its rank at
    once, so the solver has to weigh runs against sets for nearly every card. The ranks
    wrap past the king to the ace so that ace-low and ace-high edges get their share.
    """
    start = rng.randrange(len(RANKS))
    ranks = [RANKS[(start + step) % len(RANKS)] for step in range(width)]
    chosen_suits = rng.sample(SUITS, suits)
    return [rank + suit for rank in ranks for suit in chosen_suits] * decks


def near_meld_hands(
    count: int, *, size: int, seed: int, decks: int = 1, jokers: int = 0
) -> list[list[str]]:
    """Hands made of overlapping run and set fragments, built to stress the solver.

    Most hands (about 3 in 4) take their naturals from one block of 3 to 5 consecutive
    ranks in 3 or 4 suits (see `_block`): a 4x4 block holds 8 overlapping runs and 4
    sets, and a 10-card hand drawn from it has hundreds of meld arrangements, most of
    them within a few points of the best. The rest combine two smaller blocks, so that
    two tangles compete for the same few cards. `jokers` jokers are added on top (the
    stress corpus), and with `decks` = 2 the blocks hold every card twice.
    """
    rng = random.Random(seed)
    hands = []
    naturals_wanted = size - jokers
    while len(hands) < count:
        if rng.random() < 0.75:
            pool = _block(rng, rng.randint(3, 5), rng.choice((3, 4)), decks)
        else:
            pool = _block(rng, rng.randint(2, 3), rng.choice((3, 4)), decks) + _block(
                rng, rng.randint(3, 4), rng.choice((2, 3)), decks
            )
        # Two overlapping blocks can repeat a card beyond what the decks hold; keep each
        # card at most `decks` times so that every hand is one a real shoe can deal.
        pool = [card for index, card in enumerate(pool) if pool[:index].count(card) < decks]
        if len(pool) < naturals_wanted:
            continue
        hand = rng.sample(pool, naturals_wanted) + [JOKER] * jokers
        rng.shuffle(hand)
        hands.append(hand)
    return hands


def long_run_hands(count: int, *, size: int, jokers: int, seed: int) -> list[list[str]]:
    """A run of 4 to 9 consecutive cards in one suit, topped up from the two-deck shoe.

    Jokers can sit in any gap of a long run or extend it at either end, and the run can
    be cut into several shorter runs, so these hands have the most ways to place jokers.
    """
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        naturals = size - jokers
        length = min(rng.randint(4, 9), naturals)
        start = rng.randrange(len(RANKS))
        suit = rng.choice(SUITS)
        run = [RANKS[(start + step) % len(RANKS)] + suit for step in range(length)]
        rest = shoe(2, 0)
        for card in run:
            rest.remove(card)
        hand = run + rng.sample(rest, naturals - length) + [JOKER] * jokers
        rng.shuffle(hand)
        hands.append(hand)
    return hands


def stress_hands(count: int, *, seed: int) -> list[list[str]]:
    """Worst cases for the 20 ms ceiling: up to 11 cards, up to 4 jokers, two decks.

    A third of the hands are dense near-meld tangles, a third hold a long run in one
    suit (the shapes where jokers multiply the arrangements the most), a third are dealt
    from the two-deck shoe with jokers added. Hand sizes run from 7 to 11 and the joker
    count from 0 to 4, weighted towards the hard end (11 cards, 3 or 4 jokers).
    """
    rng = random.Random(seed)
    hands = []
    for index in range(count):
        size = rng.choice((7, 8, 9, 10, 10, 11, 11, 11, 11))
        jokers = rng.choice((0, 1, 2, 3, 3, 4, 4, 4))
        sub_seed = rng.randrange(2**32)
        if index % 3 == 0:
            hands += near_meld_hands(1, size=size, seed=sub_seed, decks=2, jokers=jokers)
        elif index % 3 == 1:
            hands += long_run_hands(1, size=size, jokers=jokers, seed=sub_seed)
        else:
            hands += wiener_hands(1, size=size, jokers=jokers, seed=sub_seed)
    return hands
