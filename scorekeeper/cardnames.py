"""Cards named as the card picker shows them: rank then suit symbol ("Q♠", "10♥") and
"Joker", with the face ranks in the reader's language (German: B, D, K, A).

The pages name cards this way, in the picker and in messages alike; the REST API and the
engine keep the canonical card text ("QS", "JK", docs/rules.md 1.2).
"""

from django.utils.translation import gettext, pgettext_lazy

from .rules import CANONICAL_CARDS, JOKER, from_table, unmarked

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_LABELS = {"J": pgettext_lazy("card rank", "J"), "Q": pgettext_lazy("card rank", "Q"),
               "K": pgettext_lazy("card rank", "K"), "A": pgettext_lazy("card rank", "A")}
_CARDS = frozenset(CANONICAL_CARDS)


def rank_label(rank: str) -> str:
    """A rank as the picker shows it: "10", and J Q K A in the active language."""
    return str(RANK_LABELS.get(rank, rank))


def card_label(card: str) -> str:
    """One canonical card as shown: "QS" -> "Q♠" (German "D♠"), "JK" -> "Joker"."""
    if card == JOKER:
        return gettext("Joker")
    return rank_label(card[:-1]) + SUIT_SYMBOLS[card[-1]]


def cards_shown(text: str) -> str:
    """Canonical cards in a text ("QH", or a meld "7H 8H JK") named as shown, a Rami card
    taken from the table in its brackets ("[4D]" -> "[4♦]", docs/rules.md 10.6); any other
    text (a card that was mistyped) stays as it is."""
    words = text.split(" ")
    if not words or not all(unmarked(word) in _CARDS for word in words):
        return text
    return " ".join(f"[{card_label(unmarked(word))}]" if from_table(word) else card_label(word)
                    for word in words)
