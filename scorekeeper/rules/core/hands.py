"""Refusing a round's hands that cannot be, for the families that score deadwood (the
knock family, Gin): every participant once, each with a deadwood or a hand of cards, and
the ender's melds as laid (docs/rules.md 1.4, 1.5, 3.1, 3.7).

Error positions are inside the round: `ender`, `hands[2].deadwood`, `hands[2].cards`,
`ender_melds[0]`. `check_deadwood` and `check_hand_value` serve every family's typed
hand values.
"""

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..cards import JOKER, check_deck, parse_cards
from ..errors import CardError, Collected, ImpossibleHandValue, InvalidRound, Part
from ..handvalues import nearest_hand_values, possible_hand_value, smallest_card
from ..layoff import Evaluator, meld_shape
from ..presets import Rules
from .entries import HandEntry, RoundEntry
from .results import PlayerId

Name = Callable[[PlayerId], str]


@dataclass(slots=True)
class Hand:
    """A participant's hand as checked: its cards (None when typed), deadwood and arrangement,
    which the lay-off may still change."""

    index: int
    player: PlayerId
    cards: tuple[str, ...] | None
    deadwood: int
    melds: tuple = ()
    unmatched: tuple = ()
    laid_off: tuple = ()

    @property
    def where(self) -> tuple[Part, ...]:
        return ("hands", self.index, "deadwood" if self.cards is None else "cards")


@dataclass(frozen=True)
class Seating:
    """Who a round's hands are checked against: `out_round` holds every seated player,
    `playing` the round's participants; `refuse` says why a seated player does not play
    this round."""

    out_round: Mapping[PlayerId, int | None]
    playing: tuple[PlayerId, ...]
    refuse: Callable[[PlayerId, tuple[Part, ...]], InvalidRound]


def check_hands(entry: RoundEntry, seating: Seating, *, rules: Rules, name: Name,
                bound: int, evaluate: Evaluator) -> dict[PlayerId, Hand]:
    """Every participant exactly once, each with a valid deadwood or hand of cards."""
    if entry.ender not in seating.out_round:
        raise InvalidRound("not_a_player", {"name": name(entry.ender)}, where=("ender",))
    if entry.ender not in seating.playing:
        raise seating.refuse(entry.ender, ("ender",))
    hands: dict[PlayerId, Hand] = {}
    # Each hand is checked on its own, so every bad hand is said at once; a player who is
    # no participant makes "missing" meaningless, so that check waits for a clean seating.
    found = Collected()
    seated_right = True
    for index, hand in enumerate(entry.hands):
        player = hand.player
        if player not in seating.playing or player in hands:
            found.add(_seat_refusal(player, index, hands, seating, name))
            seated_right = False
            continue
        # Entered, even when wrong: not missing.
        checked = hands[player] = Hand(index, player, None, 0)
        with found:
            _check_hand(hand, checked, rules, bound, name)
    missing = [p for p in seating.playing if p not in hands]
    if missing and seated_right:
        found.add(InvalidRound("hand_missing", {"names": ", ".join(map(name, missing)),
                                                "count": len(missing)}, where=("hands",)))
    with_cards = [hand for hand in hands.values() if hand.cards is not None]
    if with_cards:
        # Indexed by the entry, so that the error names the hand as entered.
        groups: list[tuple[str, ...]] = [()] * len(entry.hands)
        for hand in with_cards:
            groups[hand.index] = hand.cards
        with found:
            check_deck(groups, decks=rules.decks, jokers=rules.jokers)
    found.raise_any()
    for hand in with_cards:
        hand.deadwood, hand.melds, hand.unmatched = evaluate(hand.cards)
    return hands


def _seat_refusal(player: PlayerId, index: int, hands: Mapping[PlayerId, Hand],
                  seating: Seating, name: Name) -> InvalidRound:
    """Why the hand at `index` has no place in the round."""
    where = ("hands", index, "player")
    if player not in seating.out_round:
        return InvalidRound("not_a_player", {"name": name(player)}, where=where)
    if player in hands:
        return InvalidRound("player_entered_twice", {"name": name(player)}, where=where)
    return seating.refuse(player, where)


def _check_hand(hand: HandEntry, checked: Hand, rules: Rules, bound: int,
                name: Name) -> None:
    """One hand: a deadwood or its cards, not both, not neither."""
    where = ("hands", checked.index)
    if hand.cards is None and hand.deadwood is None:
        raise InvalidRound("deadwood_or_cards", {"name": name(hand.player)}, where=where)
    if hand.cards is not None and hand.deadwood is not None:
        raise InvalidRound("deadwood_and_cards", {"name": name(hand.player)}, where=where)
    if hand.cards is None:
        checked.deadwood = check_deadwood(hand, rules, bound, where=where, name=name)
    else:
        checked.cards = check_cards(hand, rules, where=where, name=name)


def check_deadwood(hand: HandEntry, rules: Rules, bound: int, *, where: tuple[Part, ...],
                   name: Name) -> int:
    """A typed deadwood: a whole number from 0 to what a hand can hold (`bound`)."""
    deadwood = hand.deadwood
    at = (*where, "deadwood")
    if isinstance(deadwood, bool) or not isinstance(deadwood, int):
        raise InvalidRound("deadwood_not_whole", {"name": name(hand.player)}, where=at)
    if deadwood < 0:
        raise InvalidRound("deadwood_negative", {"name": name(hand.player)}, where=at)
    if deadwood > bound:
        params = {"name": name(hand.player), "deadwood": deadwood, "most": bound}
        if rules.free_hand_size:
            raise InvalidRound("deadwood_too_large_free", params, where=at)
        raise InvalidRound("deadwood_too_large", {**params, "hand_size": rules.hand_size},
                           where=at)
    check_hand_value(deadwood, rules, name=name(hand.player), where=at)
    return deadwood


def check_hand_value(points: int, rules: Rules, *, name: str,
                     where: tuple[Part, ...]) -> None:
    """Refuse typed points no hand of these rules can count (docs/rules.md 3.1)."""
    if possible_hand_value(points, rules):
        return
    smallest = smallest_card(rules)
    if smallest is not None and points < smallest:
        raise ImpossibleHandValue("hand_value_below_smallest_card",
                                  {"name": name, "value": points, "smallest": smallest},
                                  where=where)
    below, above = nearest_hand_values(points, rules)
    raise ImpossibleHandValue("impossible_hand_value", {"name": name, "value": points,
                                                        "below": below, "above": above},
                              where=where)


def check_cards(hand: HandEntry, rules: Rules, *, where: tuple[Part, ...],
                name: Name) -> tuple[str, ...]:
    """Entered cards: canonical text, and hand_size of them unless sizes are free."""
    at = (*where, "cards")
    try:
        cards = tuple(parse_cards(hand.cards))
    except CardError as error:
        raise error.at(*at) from None
    if not rules.free_hand_size and len(cards) != rules.hand_size:
        raise InvalidRound("wrong_hand_size", {"name": name(hand.player), "count": len(cards),
                                               "hand_size": rules.hand_size}, where=at)
    if not cards:
        raise InvalidRound("no_cards", {"name": name(hand.player)}, where=at)
    return cards


def check_ender_melds(entry: RoundEntry, hand: Hand, rules: Rules) -> None:
    """Use the melds the ender laid, which lay-offs go onto (docs/rules.md 3.7)."""
    if entry.ender_melds is None:
        return
    if rules.lay_off == "none":
        raise InvalidRound("ender_melds_without_lay_off", where=("ender_melds",))
    if hand.cards is None:
        raise InvalidRound("ender_melds_without_cards", where=("ender_melds",))
    left = Counter(hand.cards)
    melds = []
    for index, meld in enumerate(entry.ender_melds):
        where = ("ender_melds", index)
        try:
            cards = tuple(parse_cards(meld))
        except CardError as error:
            raise error.at(*where) from None
        if meld_shape(cards, rules) is None:
            raise InvalidRound("not_a_meld", {"cards": " ".join(cards)}, where=where)
        for card in cards:
            if left[card] <= 0:
                raise InvalidRound("meld_card_not_in_hand", {"card": card}, where=where)
            left[card] -= 1
        melds.append(cards)
    unmatched = []
    for card in hand.cards:
        if left[card] > 0:
            left[card] -= 1
            unmatched.append(card)
    values = rules.card_values
    # docs/rules.md 3.7: the melds as laid are the facts; the ender's deadwood is what
    # they leave.
    hand.deadwood = sum(values["JK" if c == JOKER else c[:-1]] for c in unmatched)
    hand.melds, hand.unmatched = tuple(melds), tuple(unmatched)
