"""Lay-off (docs/rules.md 3.7): which loose cards an opponent lays onto melds on the table.

Three methods, by the rule parameter `lay_off`:

- `knocker_melds` (method 1): every opponent in seat order after the ender lays onto the
  ender's melds; one card per run end for all of them together, never onto an added card;
- `right_neighbour` (method 2): each opponent lays onto the melds of the player before
  them in seat order, without restriction; the ender lays off nowhere;
- `knocker_melds_free` (Gin, docs/rules.md 8.3): onto the ender's melds, any number of
  cards, and a card may extend one laid off before it.

Each opponent takes the lay-off that leaves the least deadwood, fewest cards on a tie
(docs/rules.md 7, readings 8 to 12). Lay-offs only extend melds; they never build one.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from .cards import JOKER, RANKS, SUITS
from .melds import evaluate_hand
from .presets import Rules

_POSITION = {rank: number for number, rank in enumerate(RANKS, start=1)}  # A 1 .. K 13


def _card_at(position: int, suit: str) -> str:
    return ("A" if position == 14 else RANKS[position - 1]) + suit


# A meld's shape for lay-offs: ("set", rank, suits, size, jokers) or
# ("run", suit, low, high, jokers) with positions 1 (ace low) .. 14 (ace high).
Shape = tuple


def meld_shape(cards: Sequence[str], rules: Rules) -> Shape | None:
    """A meld as laid -> its shape (set or run, where a run's ends are), or None if no meld."""
    naturals = [card for card in cards if card != JOKER]
    jokers = len(cards) - len(naturals)
    if len(cards) < 3 or not naturals:
        return None  # docs/rules.md 2.3: a meld needs a natural card
    if rules.max_jokers_per_meld is not None and jokers > rules.max_jokers_per_meld:
        return None
    ranks = {card[:-1] for card in naturals}
    suits = [card[-1] for card in naturals]
    if len(ranks) == 1 and len(cards) <= 4:
        if rules.set_distinct_suits and len(set(suits)) != len(suits):
            return None
        return ("set", naturals[0][:-1], frozenset(suits), len(cards), jokers)
    if len(set(suits)) != 1 or len(ranks) != len(naturals):
        return None
    for ace in (1, 14) if rules.ace_high else (1,):
        span = _run_span(cards, ace, rules)
        if span is not None:
            return ("run", suits[0], span[0], span[1], jokers)
    return None


def _run_span(cards: Sequence[str], ace: int, rules: Rules) -> tuple[int, int] | None:
    """Low and high position of a run, jokers where the laid order puts them."""
    top = 14 if rules.ace_high else 13
    placed = [(index, ace if card[:-1] == "A" else _POSITION[card[:-1]])
              for index, card in enumerate(cards) if card != JOKER]
    length = len(cards)

    def fits(low: int, high: int) -> bool:
        # Never around the corner, and one ace cannot stand at both ends.
        return 1 <= low and high <= top and not (low == 1 and high == 14)

    first_index, first_position = placed[0]
    for step in (1, -1):  # laid upwards or downwards
        start = first_position - step * first_index
        if all(position == start + step * index for index, position in placed):
            low, high = sorted((start, start + step * (length - 1)))
            if fits(low, high):
                return low, high
    positions = sorted(position for _, position in placed)
    low, high = positions[0], positions[-1]
    spare = length - (high - low + 1)
    if spare < 0:
        return None
    # As melds.py writes runs: extra jokers lengthen upwards first, then downwards.
    raised = min(top, high + spare)
    low -= spare - (raised - high)
    return (low, raised) if fits(low, raised) else None


def _joker_fits(jokers: int, rules: Rules) -> bool:
    return rules.max_jokers_per_meld is None or jokers < rules.max_jokers_per_meld


def extensions(shape: Shape, rules: Rules) -> Iterable[tuple[str, str, Shape]]:
    """(end, card, new shape) for every single card that can be laid onto a meld."""
    if shape[0] == "set":
        _, rank, suits, size, jokers = shape
        if size >= 4:
            return
        for suit in SUITS:
            if not (rules.set_distinct_suits and suit in suits):
                yield "set", rank + suit, ("set", rank, suits | {suit}, size + 1, jokers)
        if _joker_fits(jokers, rules):
            yield "set", JOKER, ("set", rank, suits, size + 1, jokers + 1)
        return
    _, suit, low, high, jokers = shape
    top = 14 if rules.ace_high else 13
    ends = []
    if low > 1 and not (low == 2 and high == 14):
        ends.append(("low", low - 1, ("run", suit, low - 1, high, jokers)))
    if high < top and not (high == 13 and low == 1):
        ends.append(("high", high + 1, ("run", suit, low, high + 1, jokers)))
    for end, position, grown in ends:
        yield end, _card_at(position, suit), grown
        if _joker_fits(jokers, rules):
            yield end, JOKER, grown[:4] + (jokers + 1,)


class Evaluator:
    """evaluate_hand with the answers remembered for one replay (lay-off asks often)."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.memo: dict[tuple[str, ...], tuple[int, tuple, tuple]] = {}

    def __call__(self, cards: Sequence[str]) -> tuple[int, tuple, tuple]:
        key = tuple(sorted(cards))
        found = self.memo.get(key)
        if found is None:
            if cards:
                result = evaluate_hand(list(cards), self.rules)
                found = (result.deadwood, tuple(tuple(m) for m in result.melds),
                         tuple(result.unmatched))
            else:
                found = (0, (), ())
            self.memo[key] = found
        return found


def best_lay_off(
    cards: Sequence[str],
    board: tuple[Shape, ...],
    closed: frozenset,
    rules: Rules,
    evaluate: Evaluator,
    *,
    one_per_end: bool,
) -> tuple[tuple[int, tuple, tuple], tuple[str, ...], tuple[Shape, ...], frozenset]:
    """The lay-off that leaves the least deadwood, tried exhaustively.

    Returns (evaluation of the cards kept, cards laid off in hand order, board after,
    ends used). `one_per_end` is method 1 (`knocker_melds`): one card per run end, never
    onto an added card; otherwise (`right_neighbour`, `knocker_melds_free`) runs grow
    without restriction. Among equal results the fewest cards are laid off, leaving the
    ends to later players.
    """
    memo: dict = {}

    def search(hand: tuple[str, ...], board: tuple, closed: frozenset, first: int):
        # Lay-offs onto different melds commute, so they are tried in meld order only.
        key = (hand, board, closed, first)
        if key in memo:
            return memo[key]
        kept = evaluate(hand)
        best = ((kept[0], 0), kept, (), board, closed)
        held = set(hand)
        for index in range(first, len(board)):
            for end, card, grown in extensions(board[index], rules):
                if card not in held or (one_per_end and (index, end) in closed):
                    continue
                rest = list(hand)
                rest.remove(card)
                now = board[:index] + (grown,) + board[index + 1:]
                ends = closed | {(index, end)} if one_per_end else closed
                score, result, laid, after, used = search(tuple(rest), now, ends, index)
                score = (score[0], score[1] + 1)
                if score < best[0]:
                    best = (score, result, (card, *laid), after, used)
        memo[key] = best
        return best

    _, result, laid, after, used = search(tuple(cards), board, closed, 0)
    return result, tuple(sorted(laid, key=cards.index)), after, used


class LaidHand(Protocol):
    """A hand as the lay-off sees it: its cards (None when typed as a number) and its
    arrangement, which the lay-off rewrites."""

    cards: tuple[str, ...] | None
    deadwood: int
    melds: tuple
    unmatched: tuple
    laid_off: tuple


def shapes(melds: Iterable[Sequence[str]], rules: Rules) -> tuple[Shape, ...]:
    """The lay-off shapes of a player's melds."""
    found = (meld_shape(meld, rules) for meld in melds)
    return tuple(shape for shape in found if shape is not None)


def lay_off(rules: Rules, ender, playing: Sequence, hands: Mapping[object, LaidHand],
            evaluate: Evaluator) -> None:
    """Opponents lay cards off in seat order after the ender, by the rules' method.

    Hands typed as a number neither lay off nor take lay-offs (docs/rules.md 7, reading 11).
    """
    method = rules.lay_off
    if method == "none":
        return
    at = playing.index(ender)
    opponents = [*playing[at + 1:], *playing[:at]]
    onto_ender = method != "right_neighbour"
    one_per_end = method == "knocker_melds"
    board: tuple = ()
    closed: frozenset = frozenset()
    right = hands[ender]
    if onto_ender and right.cards is not None:
        board = shapes(right.melds, rules)
    for player in opponents:
        hand = hands[player]
        if not onto_ender:  # method 2: onto the melds of the player to the right
            board = shapes(right.melds, rules) if right.cards is not None else ()
            closed = frozenset()
            right = hand
        if hand.cards is None or not board:
            continue
        (hand.deadwood, hand.melds, hand.unmatched), hand.laid_off, board, closed = (
            best_lay_off(hand.cards, board, closed, rules, evaluate, one_per_end=one_per_end)
        )


@dataclass
class LoneHand:
    """A hand of a two-handed lay-off (lone_lay_off): evaluated, then rewritten by lay_off."""

    cards: tuple[str, ...]
    deadwood: int
    melds: tuple
    unmatched: tuple
    laid_off: tuple = ()


def lone_lay_off(rules: Rules, ender_cards: Sequence[str], cards: Sequence[str]) -> LoneHand:
    """What the one opponent of a two-handed round keeps after laying off onto the ender's
    melds, both hands given as cards (docs/rules.md 3.7, 8.3 and 8.9): the same search a
    Gin round's scoring makes, so the round form can show the defender's deadwood as the
    sheet will. Nothing is laid off against a gin (the ender's deadwood 0, 8.3)."""
    evaluate = Evaluator(rules)
    hands = {}
    for seat, held in enumerate((ender_cards, cards)):
        deadwood, melds, unmatched = evaluate(held)
        hands[seat] = LoneHand(tuple(held), deadwood, melds, unmatched)
    if hands[0].deadwood > 0:
        lay_off(rules, 0, [0, 1], hands, evaluate)
    return hands[1]
