"""The two public Gin Rummy deadwood solvers we measure ourselves against.

Each adapter takes the same input as our solver, a list of canonical card texts
("AS", "10H"), and returns the minimum deadwood under standard Gin rules (ace low
only, A = 1, face cards = 10). The conversion from card text to the peer's own card
type happens inside the adapter, so the timed call pays for it, as our timing pays
for parsing card text. The conversion is a dict lookup prepared once at import: the
cheapest a caller could do, so it flatters the peers rather than us.

- rlcard 1.2.0 (pure Python): `melding.get_best_meld_clusters(hand)` enumerates every
  cluster of up to 3 disjoint melds and keeps the ones with the least deadwood;
  `utils.get_deadwood_count(hand, cluster)` then counts the deadwood of one of them.
  It returns no cluster when the hand has no meld at all: then the deadwood is the
  whole hand. It accepts exactly 10 cards.
- OpenSpiel 2.0.2 (C++ via pybind11): `pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)`,
  whose `min_deadwood(card_ints)` searches the meld groups in C++. Card ints are
  suit * 13 + rank with rank 0 = ace .. 12 = king and OpenSpiel's suit order
  s, c, d, h (its `card_string(i)` gives 'As'..'Ks', 'Ac'..'Kc', 'Ad'.., 'Ah'..);
  `check_mapping` verifies that on hand-made hands before any timing. For 10 cards
  it returns the deadwood of all ten (with 11 it would drop the worst card).
"""

import pyspiel
from rlcard.games.gin_rummy.utils import melding as rlcard_melding
from rlcard.games.gin_rummy.utils import utils as rlcard_utils

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")

# rlcard: card_id = suit * 13 + rank with suits S, H, D, C and rank 'T' for ten;
# get_card(card_id) hands out the library's own shared Card objects.
_RLCARD_CARD = {
    rank + suit: rlcard_utils.get_card(rlcard_utils.valid_suit.index(suit) * 13 + index)
    for index, rank in enumerate(RANKS)
    for suit in SUITS
}

_OPENSPIEL_UTILS = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)  # ranks, suits, hand size
_OPENSPIEL_SUIT_ORDER = "SCDH"
_OPENSPIEL_CARD = {
    rank + suit: _OPENSPIEL_SUIT_ORDER.index(suit) * 13 + index
    for index, rank in enumerate(RANKS)
    for suit in SUITS
}


def rlcard_deadwood(cards: list[str]) -> int:
    """rlcard's minimum deadwood of a 10-card Gin hand (conversion included)."""
    hand = [_RLCARD_CARD[card] for card in cards]
    clusters = rlcard_melding.get_best_meld_clusters(hand)
    if not clusters:
        return sum(rlcard_utils.get_deadwood_value(card) for card in hand)
    return rlcard_utils.get_deadwood_count(hand, clusters[0])


def openspiel_deadwood(cards: list[str]) -> int:
    """OpenSpiel's minimum deadwood of a 10-card Gin hand (conversion included)."""
    return _OPENSPIEL_UTILS.min_deadwood([_OPENSPIEL_CARD[card] for card in cards])


# Hand-made hands whose deadwood is known by hand, chosen to catch a wrong card mapping:
# a suit mix-up breaks the runs, a rank off by one breaks the sets and the values.
KNOWN_HANDS = [
    # A-2-3 of spades and J-Q-K of clubs; AH AD 9H 5D left: 1 + 1 + 9 + 5.
    (["AS", "2S", "3S", "AH", "AD", "KC", "QC", "JC", "9H", "5D"], 16),
    # 4H-8H run and 8S 8D 8C set (or 4H-7H and all four 8s); 9C 10S left.
    (["4H", "5H", "6H", "7H", "8H", "8S", "8D", "8C", "9C", "10S"], 19),
    # No meld at all (Q-K-A does not run when the ace is low only): the sum of all ten.
    (["AS", "QS", "KS", "2H", "4D", "6C", "8S", "10H", "JD", "3C"], 64),
    # Sets of kings and queens; 5D 7C 9S AS left: 5 + 7 + 9 + 1.
    (["KS", "KH", "KD", "QS", "QH", "QC", "5D", "7C", "9S", "AS"], 22),
    # 9-10-J of diamonds, 2-3-4 of clubs, three 5s; KH left.
    (["9D", "10D", "JD", "2C", "3C", "4C", "5S", "5H", "5D", "KH"], 10),
]


def check_mapping() -> None:
    """Fail loudly if either adapter maps a card wrongly (checked on KNOWN_HANDS)."""
    for cards, expected in KNOWN_HANDS:
        for name, solve in (("rlcard", rlcard_deadwood), ("OpenSpiel", openspiel_deadwood)):
            got = solve(cards)
            if got != expected:
                raise AssertionError(f"{name} adapter: {cards} gave {got}, expected {expected}")
    # OpenSpiel names its own cards: check our ints against its names for the whole deck.
    for text, code in _OPENSPIEL_CARD.items():
        name = _OPENSPIEL_UTILS.card_string(code)  # e.g. 'Th'
        if name != text.replace("10", "T")[:-1] + text[-1].lower():
            raise AssertionError(f"OpenSpiel card {code} is {name}, not {text}")
