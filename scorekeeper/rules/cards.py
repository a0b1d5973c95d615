"""Card text (docs/rules.md 1): parsing every accepted alias, canonical output, deck checks."""

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from .errors import CardError, TooManyCopies

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
JOKER = "JK"

_RANK_ALIASES = {rank: rank for rank in RANKS} | {"T": "10"}
_SUIT_ALIASES = {
    "S": "S", "♠": "S", "♤": "S",
    "H": "H", "♥": "H", "♡": "H",
    "D": "D", "♦": "D", "♢": "D",
    "C": "C", "♣": "C", "♧": "C",
}  # fmt: skip
_JOKER_ALIASES = ("JK", "*", "JOKER")

# Every accepted spelling (upper case) -> canonical text, built once.
_CANONICAL: dict[str, str] = {alias: JOKER for alias in _JOKER_ALIASES}
for _rank_alias, _rank in _RANK_ALIASES.items():
    for _suit_alias, _suit in _SUIT_ALIASES.items():
        _CANONICAL[_rank_alias + _suit_alias] = _rank + _suit
# Canonical spellings map to themselves too, so a lookup never needs upper().
CANONICAL_CARDS = tuple(rank + suit for suit in SUITS for rank in RANKS) + (JOKER,)

_SEPARATORS = re.compile(r"[\s,;]+")


def parse_card(token: str) -> str:
    """One card in any accepted spelling -> its canonical text, e.g. 't♥' -> '10H'."""
    canonical = _CANONICAL.get(token)
    if canonical is not None:
        return canonical
    if not isinstance(token, str):
        raise CardError("card_not_text", {"token": repr(token)})
    canonical = _CANONICAL.get(token.strip().upper())
    if canonical is None:
        shown = token.strip()
        raise CardError("not_a_card", {"card": shown}) if shown else CardError("empty_card")
    return canonical


def parse_cards(cards: str | Iterable[str]) -> list[str]:
    """A hand as text ('AS 2S, 3S; JK') or as a list of card texts -> canonical card texts."""
    return [parse_card(token) for token in _tokens(cards)]


def _tokens(cards: str | Iterable[str]) -> list:
    """Card texts: a text split at spaces, commas and semicolons, or a list's items."""
    if isinstance(cards, str):
        tokens = [token for token in _SEPARATORS.split(cards) if token]
        if not tokens:
            raise CardError("no_cards_given")
        return tokens
    return list(cards)


# docs/rules.md 10.6: in a meld laid in Rami, a card in square brackets ("[4D]") was taken
# from the table (a manipulation). It is the same card laid earlier in the round, so it
# counts nothing for the player who lays it again, and the deck check counts it once, where
# it was first laid.
TABLE_OPEN, TABLE_CLOSE = "[", "]"


def from_table(card: str) -> bool:
    """A card of a laid meld marked as taken from the table: '[4D]'."""
    return card.startswith(TABLE_OPEN)


def unmarked(card: str) -> str:
    """The card itself, without the mark of a card taken from the table: '[4D]' -> '4D'."""
    return card[1:-1] if from_table(card) else card


def parse_laid_meld(cards: str | Iterable[str]) -> list[str]:
    """A meld as laid in Rami ('[4♦] 4h 4c', or a list of card texts) -> canonical card
    texts, each card taken from the table kept in its brackets: ['[4D]', '4H', '4C']."""
    return [_laid_card(token) for token in _tokens(cards)]


def _laid_card(token: str) -> str:
    if not (isinstance(token, str) and token.strip().startswith(TABLE_OPEN)):
        return parse_card(token)
    shown = token.strip()
    inner = shown[1:-1] if shown.endswith(TABLE_CLOSE) else ""
    if not inner.strip() or TABLE_OPEN in inner or TABLE_CLOSE in inner:
        raise CardError("not_a_card", {"card": shown})
    try:
        return TABLE_OPEN + parse_card(inner) + TABLE_CLOSE
    except CardError:
        raise CardError("not_a_card", {"card": shown}) from None


def marked_from_table(melds: Sequence[Sequence[str]], taken: Iterable[str]
                      ) -> tuple[tuple[str, ...], ...]:
    """The melds with each card of `taken` (card texts, as a round's `from_table` lists
    them) marked as taken from the table: its first occurrence not yet marked, in the
    melds' order ('4D' -> '[4D]'). A card no meld holds unmarked is a CardError at its
    index in `taken`."""
    marked = [list(meld) for meld in melds]
    for index, text in enumerate(taken):
        try:
            card = parse_card(text)
        except CardError as error:
            raise error.at(index) from None
        place = next(((m, c) for m, meld in enumerate(marked) for c, laid in enumerate(meld)
                      if laid == card), None)
        if place is None:
            raise CardError("from_table_not_laid", {"card": card}, where=(index,))
        m, c = place
        marked[m][c] = TABLE_OPEN + card + TABLE_CLOSE
    return tuple(tuple(meld) for meld in marked)


def check_deck(hands: Iterable[Iterable[str]], *, decks: int, jokers: int) -> None:
    """Refuse a round whose hands together hold more copies of a card than the decks have.

    `hands` are canonical card lists in input order; the error names the card and
    the hand (`hands[i].cards`) where the limit is first exceeded. A card taken from the
    table ('[4D]') is not counted again.
    """
    seen: Counter[str] = Counter()
    for index, hand in enumerate(hands):
        for card in hand:
            if from_table(card):
                continue
            seen[card] += 1
            if card == JOKER:
                if seen[card] > jokers:
                    raise TooManyCopies("too_many_jokers",
                                        {"card": JOKER, "count": seen[card], "jokers": jokers},
                                        where=("hands", index, "cards"))
            elif seen[card] > decks:
                raise TooManyCopies("too_many_copies",
                                    {"card": card, "count": seen[card], "decks": decks},
                                    where=("hands", index, "cards"))
