"""Refusing knock facts that cannot be played: a game's seating, a round's hands, the
ender's melds as laid (docs/rules.md 1.4, 1.5, 3.1, 3.7).

Error fields are paths inside the checked argument: `players[2]`, `carried_in`, `closed`
for a game; `ender`, `hands[2].deadwood`, `hands[2].cards`, `ender_melds[0]` for a round.
"""

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..cards import JOKER, check_deck, parse_cards
from ..errors import CardError, Collected, ImpossibleHandValue, InvalidRound, InvalidRules
from ..handvalues import nearest_hand_values, possible_hand_value, smallest_card
from ..layoff import Evaluator, meld_shape
from ..presets import Rules
from .types import HandEntry, PlayerId, RoundEntry, player_name


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
    def field(self) -> str:
        return f"hands[{self.index}].{'deadwood' if self.cards is None else 'cards'}"


def check_game(rules: Rules, players: Sequence[PlayerId], carried_in: int,
               closed: bool) -> None:
    """Refuse a game that cannot be played: wrong family, seating, carried pot or closing."""
    if rules.family != "knock":
        raise InvalidRules("not_knock_family", field="rules.family")
    if len(players) < 2:
        raise InvalidRules("too_few_players", {"count": 2}, field="players")
    check_player_ids(players)
    if isinstance(carried_in, bool) or not isinstance(carried_in, int) or carried_in < 0:
        raise InvalidRules("carried_pot_negative", field="carried_in")
    if carried_in and rules.mode == "points":
        raise InvalidRules("carried_pot_points_game", field="carried_in")
    if closed and rules.mode != "points":
        raise InvalidRules("closed_with_pot", field="closed")


def check_player_ids(players: Sequence[PlayerId]) -> None:
    """Every seated player is named by a number or a text, and seated once."""
    seen = set()
    for index, player in enumerate(players):
        if isinstance(player, bool) or not isinstance(player, int | str):
            raise InvalidRules("player_id_type", field=f"players[{index}]")
        if player in seen:
            raise InvalidRules("player_seated_twice", {"name": player_name(player, {})},
                               field=f"players[{index}]")
        seen.add(player)


def check_hands(
    entry: RoundEntry,
    *,
    rules: Rules,
    out_round: Mapping[PlayerId, int | None],
    playing: tuple[PlayerId, ...],
    decider: bool,
    name: Callable[[PlayerId], str],
    bound: int,
    evaluate: Evaluator,
    refuse: Callable[[PlayerId, str], InvalidRound] | None = None,
) -> dict[PlayerId, Hand]:
    """Every participant exactly once, each with a valid deadwood or hand of cards.

    `out_round` holds every seated player; `playing` the round's participants; `refuse`
    says why a seated player does not play this round, when another family words it.
    """

    def not_playing(player: PlayerId, where: str) -> InvalidRound:
        if refuse is not None:
            return refuse(player, where)
        if decider:
            return InvalidRound("not_in_decider", {"name": name(player)}, field=where)
        return InvalidRound("player_out", {"name": name(player), "round": out_round[player]},
                            field=where)

    if entry.ender not in out_round:
        raise InvalidRound("not_a_player", {"name": name(entry.ender)}, field="ender")
    if entry.ender not in playing:
        raise not_playing(entry.ender, "ender")
    hands: dict[PlayerId, Hand] = {}
    # Each hand is checked on its own, so every bad hand is said at once; a player who is
    # no participant makes "missing" meaningless, so that check waits for a clean seating.
    found = Collected()
    seated_right = True
    any_cards = False
    for index, hand in enumerate(entry.hands):
        player = hand.player
        where = f"hands[{index}]"
        refusal = None
        if player not in out_round:
            refusal = InvalidRound("not_a_player", {"name": name(player)},
                                   field=f"{where}.player")
        elif player in hands:
            refusal = InvalidRound("player_entered_twice", {"name": name(player)},
                                   field=f"{where}.player")
        elif player not in playing:
            refusal = not_playing(player, f"{where}.player")
        if refusal is not None:
            found.add(refusal)
            seated_right = False
            continue
        with found:
            # Entered, even when wrong: not missing.
            hands[player] = Hand(index, player, None, 0)
            if hand.cards is None and hand.deadwood is None:
                raise InvalidRound("deadwood_or_cards", {"name": name(player)}, field=where)
            if hand.cards is not None and hand.deadwood is not None:
                raise InvalidRound("deadwood_and_cards", {"name": name(player)}, field=where)
            if hand.cards is None:
                hands[player].deadwood = check_deadwood(hand, rules, bound, where=where,
                                                        name=name)
            else:
                any_cards = True
                hands[player].cards = check_cards(hand, rules, where=where, name=name)
    missing = [p for p in playing if p not in hands]
    if missing and seated_right:
        found.add(InvalidRound("hand_missing", {"names": ", ".join(map(name, missing)),
                                                "count": len(missing)}, field="hands"))
    if any_cards:
        # Indexed by the entry, so that the error names the hand as entered.
        groups: list[tuple[str, ...]] = [()] * len(entry.hands)
        for hand in hands.values():
            groups[hand.index] = hand.cards or ()
        with found:
            check_deck(groups, decks=rules.decks, jokers=rules.jokers)
    found.raise_any()
    if any_cards:
        for hand in hands.values():
            if hand.cards is not None:
                hand.deadwood, hand.melds, hand.unmatched = evaluate(hand.cards)
    return hands


def check_deadwood(hand: HandEntry, rules: Rules, bound: int, *, where: str,
                   name: Callable[[PlayerId], str]) -> int:
    """A typed deadwood: a whole number from 0 to what a hand can hold (`bound`)."""
    deadwood = hand.deadwood
    field = f"{where}.deadwood"
    if isinstance(deadwood, bool) or not isinstance(deadwood, int):
        raise InvalidRound("deadwood_not_whole", {"name": name(hand.player)}, field=field)
    if deadwood < 0:
        raise InvalidRound("deadwood_negative", {"name": name(hand.player)}, field=field)
    if deadwood > bound:
        params = {"name": name(hand.player), "deadwood": deadwood, "most": bound}
        if rules.free_hand_size:
            raise InvalidRound("deadwood_too_large_free", params, field=field)
        raise InvalidRound("deadwood_too_large", {**params, "hand_size": rules.hand_size},
                           field=field)
    check_hand_value(deadwood, rules, name=name(hand.player), field=field)
    return deadwood


def check_hand_value(points: int, rules: Rules, *, name: str, field: str) -> None:
    """Refuse typed points no hand of these rules can count (docs/rules.md 3.1)."""
    if possible_hand_value(points, rules):
        return
    smallest = smallest_card(rules)
    if smallest is not None and points < smallest:
        raise ImpossibleHandValue("hand_value_below_smallest_card",
                                  {"name": name, "value": points, "smallest": smallest},
                                  field=field)
    below, above = nearest_hand_values(points, rules)
    raise ImpossibleHandValue("impossible_hand_value", {"name": name, "value": points,
                                                        "below": below, "above": above},
                              field=field)


def check_cards(hand: HandEntry, rules: Rules, *, where: str,
                name: Callable[[PlayerId], str]) -> tuple[str, ...]:
    """Entered cards: canonical text, and hand_size of them unless sizes are free."""
    field = f"{where}.cards"
    try:
        cards = tuple(parse_cards(hand.cards))
    except CardError as error:
        raise error.at(field) from None
    if not rules.free_hand_size and len(cards) != rules.hand_size:
        raise InvalidRound("wrong_hand_size", {"name": name(hand.player), "count": len(cards),
                                               "hand_size": rules.hand_size}, field=field)
    if not cards:
        raise InvalidRound("no_cards", {"name": name(hand.player)}, field=field)
    return cards


def check_ender_melds(entry: RoundEntry, hand: Hand, rules: Rules) -> None:
    """Use the melds the ender laid, which lay-offs go onto (docs/rules.md 3.7)."""
    if entry.ender_melds is None:
        return
    if rules.lay_off == "none":
        raise InvalidRound("ender_melds_without_lay_off", field="ender_melds")
    if hand.cards is None:
        raise InvalidRound("ender_melds_without_cards", field="ender_melds")
    left = Counter(hand.cards)
    melds = []
    for index, meld in enumerate(entry.ender_melds):
        where = f"ender_melds[{index}]"
        try:
            cards = tuple(parse_cards(meld))
        except CardError as error:
            raise error.at(where) from None
        if meld_shape(cards, rules) is None:
            raise InvalidRound("not_a_meld", {"cards": " ".join(cards)}, field=where)
        for card in cards:
            if left[card] <= 0:
                raise InvalidRound("meld_card_not_in_hand", {"card": card}, field=where)
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
