"""One player's hand checked on its own, with the very checks a round's save puts each
hand through (docs/table.md, "Players' phones"): a phone that sends its own hand is told
at once what the scorekeeper's Save would refuse of it, never later.

What needs the whole round (who ended it, every participant once, the deck across all
hands) stays with the round; this is what one hand can be refused for alone: how many
cards it holds for its family, points no hand of the rules can count.
"""

from .core.entries import HandEntry
from .core.hands import check_cards, check_deadwood
from .errors import InvalidRound
from .family import family_for
from .handvalues import largest_deadwood
from .melds import evaluate_hand
from .presets import Rules
from .rami import check_laid
from .tally import Held, check_held_cards, hand_value


def check_own_hand(rules: Rules, hand: HandEntry, *, name: str) -> int:
    """The points the hand counts under `rules`; raises as the round's save would for this
    hand: a typed number as every family checks one (core.hands.check_deadwood), cards as
    the family counts them: exactly a dealt hand where deadwood is scored (knock family,
    Gin: core.hands.check_cards), one to a dealt hand where the cards left count whole
    (Basic Rummy, Rami: tally.check_held_cards); and where a round records what was laid
    (Rami), that too, as rami.check_laid does (a LaidHand's `laid` or `laid_melds`).
    Errors name `cards`, `deadwood`, `laid` or `laid_melds[i]`."""
    def named(_player) -> str:
        return name

    if family_for(rules).records_laid:
        check_laid(hand, Held(0, hand.player), (), rules, named)
    if hand.cards is None and hand.deadwood is None:
        raise InvalidRound("deadwood_or_cards", {"name": name}, where=())
    if hand.cards is None:
        return check_deadwood(hand, rules, largest_deadwood(rules), where=(), name=named)
    if family_for(rules).whole_hands:
        cards = check_held_cards(hand, rules, where=("cards",), name=named)
        return hand_value(cards, rules)
    cards = check_cards(hand, rules, where=(), name=named)
    return evaluate_hand(cards, rules).deadwood
