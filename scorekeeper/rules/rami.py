"""Rami (docs/rules.md 10): every player scores the cards they laid; the one who finishes
also scores the cards left in the others' hands, and a bonus. In elimination mode it is
the other way round: the finisher scores nothing and the others their hands, multiplied
when the finish was a Rummy.

One function per rule: `meld_value` (the table of laid cards, by mode), `finish_bonus`,
`elimination_multiplier`, `score_round`. The game around the rounds (totals, target,
limit, closing, money) is tally.py's.
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .cards import JOKER, RANKS, from_table, parse_laid_meld, unmarked
from .core import HandEntry, PenaltyEntry, PlayerId, RoundEntry
from .errors import CardError, Collected, InvalidRound, InvalidRules, Part
from .layoff import meld_shape
from .presets import FamilyRules, Rules, check_between, face_values
from .tally import (
    TALLY,
    Held,
    Parts,
    Round,
    Scored,
    TallyRules,
    check_ender,
    check_hands,
    check_no_pot,
    eliminates,
)

FINISHES = ("none", "rummy", "own_cards")


@dataclass(frozen=True)
class RamiRound(RoundEntry):
    """A round of Rami: who finished and how (`finish`: none, rummy, own_cards), each
    player's hand with what they laid (LaidHand), and the round's penalties."""

    finish: str | None = None
    penalties: tuple[PenaltyEntry, ...] = ()
    laid_hands: ClassVar[bool] = True
_POSITION = {rank: number for number, rank in enumerate(RANKS, start=1)}  # A 1 .. K 13

# docs/rules.md 10.2 and 10.3: what one laid card scores, by its place.
_NORMAL = {"low_ace": 5, "pip": 5, "ten": 10, "high_ace": 15}
_TRADITIONAL = {"low_ace": 1, "pip": None, "ten": 10, "high_ace": 11}


def _card_points(position: int, traditional: bool) -> int:
    """A laid card in a run or a set, by position (1 the low ace, 14 the high one)."""
    table = _TRADITIONAL if traditional else _NORMAL
    if position == 1:
        return table["low_ace"]
    if position == 14:
        return table["high_ace"]
    if position >= 10:
        return table["ten"]
    return position if traditional else table["pip"]


def _identity_points(position: int, traditional: bool) -> int:
    """A card of an identity (3 or more copies of one card): 15 / 20 / 25, traditional
    12-19 / 20 / 21."""
    if position in (1, 14):
        return 21 if traditional else 25
    if position >= 10:
        return 20
    return position + 10 if traditional else 15


def _traditional(rules: Rules) -> bool:
    return rules.mode == "traditional"


def meld_value(cards: Sequence[str], rules: Rules) -> int | None:
    """The points a meld as laid scores for the player who laid it, by the mode's table;
    None when it is no meld.

    A joker counts as the card it stands for: in a set the set's rank, in a run the place
    the order given puts it (docs/rules.md 10.6). A card taken from the table ('[4D]') is
    part of the meld but scores nothing (docs/rules.md 10.6, a manipulation).
    """
    points = card_points(cards, rules)
    if points is None:
        return None
    return sum(value for value, card in zip(points, cards, strict=True) if not from_table(card))


def card_points(cards: Sequence[str], rules: Rules) -> list[int] | None:
    """What each card of a meld scores on the table, in the order given, whoever laid it;
    None when the cards (marks taken off) make no meld."""
    cards = [unmarked(card) for card in cards]
    traditional = _traditional(rules)
    naturals = [card for card in cards if card != JOKER]
    jokers = len(cards) - len(naturals)
    if rules.identities and len(cards) >= 3 and len(set(naturals)) == 1 and (
            rules.max_jokers_per_meld is None or jokers <= rules.max_jokers_per_meld):
        rank = naturals[0][:-1]
        return [_identity_points(_POSITION[rank], traditional)] * len(cards)
    shape = meld_shape(cards, rules)
    if shape is None:
        return None
    if shape[0] == "set":
        position = 14 if shape[1] == "A" else _POSITION[shape[1]]  # an ace in a set is high
        return [_card_points(position, traditional)] * len(cards)
    _, _, low, high, _ = shape
    return [_card_points(position, traditional)
            for position in _run_positions(cards, low, high)]


def _run_positions(cards: Sequence[str], low: int, high: int) -> list[int]:
    """Each card's place in a run from `low` to `high` (1 the low ace, 14 the high one):
    the order given, read up or down, when it fits; else the natural cards at their own
    places and the jokers in the gaps, lowest first (docs/rules.md 10.6, reading 51)."""
    ace = 1 if low == 1 else 14
    placed = {index: ace if card[:-1] == "A" else _POSITION[card[:-1]]
              for index, card in enumerate(cards) if card != JOKER}
    first = min(placed)
    for step in (1, -1):
        start = placed[first] - step * first
        positions = [start + step * index for index in range(len(cards))]
        if sorted(positions) == list(range(low, high + 1)) and all(
                positions[index] == position for index, position in placed.items()):
            return positions
    gaps = iter(sorted(set(range(low, high + 1)) - set(placed.values())))
    return [placed[index] if index in placed else next(gaps) for index in range(len(cards))]


def finish_bonus(finish: str, nobody_else_laid: bool) -> int:
    """+100 when nobody else laid, +200 for a Rummy, +300 for one with own cards only;
    the Rummy bonus adds to the 100."""
    return (100 if nobody_else_laid else 0) + {"none": 0, "rummy": 200, "own_cards": 300}[finish]


def elimination_multiplier(finish: str, nobody_else_laid: bool) -> int:
    """Elimination mode: x2 for a Rummy, x3 with own cards only, x4 for a Rummy while nobody
    else had laid."""
    if finish == "none":
        return 1
    if nobody_else_laid:
        return 4
    return 2 if finish == "rummy" else 3


# --- A round ------------------------------------------------------------------------------


def _laid_bound(rules: Rules) -> int:
    """More than every card in play could score when laid (25 the dearest identity card)."""
    return (rules.decks * 52 + rules.jokers) * 25


def _checker(round_: Round):
    rules, name = round_.rules, round_.name

    def laid(hand: HandEntry, held: Held, where: tuple[Part, ...]) -> None:
        check_laid(hand, held, where, rules, name)

    return laid


def check_laid(hand: HandEntry, held: Held, where: tuple[Part, ...], rules: Rules,
               name: Callable[[PlayerId], str]) -> None:
    """What a player laid in the round: points (a whole multiple of what laid cards score,
    within what the cards in play could) or melds (check_laid_melds); given, unless players
    are eliminated (docs/rules.md 10.2 to 10.5). One hand alone needs no more of the round
    (rules/own_hand.py)."""
    at = (*where, "laid")
    if hand.laid is not None and hand.laid_melds is not None:
        raise InvalidRound("laid_and_laid_melds", {"name": name(hand.player)}, where=at)
    if hand.laid is not None:
        if isinstance(hand.laid, bool) or not isinstance(hand.laid, int) or hand.laid < 0:
            raise InvalidRound("laid_not_whole", {"name": name(hand.player)}, where=at)
        if hand.laid > _laid_bound(rules):
            raise InvalidRound("laid_too_large", {"name": name(hand.player),
                                                  "laid": hand.laid,
                                                  "most": _laid_bound(rules)},
                               where=at)
        step = laid_step(rules)
        if hand.laid % step:
            below = hand.laid - hand.laid % step
            raise InvalidRound("laid_impossible", {"name": name(hand.player),
                                                   "laid": hand.laid, "step": step,
                                                   "below": below, "above": below + step},
                               where=at, code="impossible_hand_value")
        held.laid = hand.laid
    elif hand.laid_melds is not None:
        check_laid_melds(hand, held, where, rules, name)
    elif not eliminates(rules):
        raise InvalidRound("laid_missing", {"name": name(hand.player)}, where=at)


def check_laid_melds(hand: HandEntry, held: Held, where: tuple[Part, ...], rules: Rules,
                     name: Callable[[PlayerId], str]) -> None:
    """Melds laid as cards (docs/rules.md 10.6): each a meld, with a card of the player's
    own at least (cards taken from the table score nothing), and together worth the first
    meld's minimum (10.4)."""
    # The first meld's minimum is counted by the scoring table; elimination mode scores no
    # laid cards and counts them as in normal mode.
    counting = rules if rules.mode != "elimination" else _as_normal(rules)
    melds, points = [], 0
    found = Collected()
    for index, meld in enumerate(hand.laid_melds):
        spot = (*where, "laid_melds", index)
        with found:
            try:
                cards = tuple(parse_laid_meld(meld))
            except CardError as error:
                raise error.at(*spot) from None
            value = meld_value(cards, counting)
            if value is None:
                raise InvalidRound("not_a_meld", {"cards": " ".join(cards)}, where=spot)
            if all(from_table(card) for card in cards):
                raise InvalidRound("meld_from_table_only", {"name": name(hand.player),
                                                            "cards": " ".join(cards)},
                                   where=spot)
            melds.append(cards)
            points += value
    found.raise_any()
    # docs/rules.md 10.4: each round is dealt anew, so every player comes out anew.
    if melds and points < rules.first_meld_min:
        raise InvalidRound("first_meld_too_low", {"name": name(hand.player), "points": points,
                                                  "minimum": rules.first_meld_min},
                           where=(*where, "laid_melds"))
    held.melds = tuple(melds)
    held.laid = sum(meld_value(cards, rules) for cards in melds)


def check_own_cards(round_: Round, finisher: Held) -> None:
    """A Rummy with own cards only (docs/rules.md 10.2) takes no card from the table."""
    if round_.entry.finish != "own_cards":
        return
    for index, meld in enumerate(finisher.melds):
        taken = [card for card in meld if from_table(card)]
        if taken:
            raise InvalidRound("own_cards_from_table",
                               {"name": round_.name(finisher.player), "cards": " ".join(taken)},
                               where=("hands", finisher.index, "laid_melds", index))


def laid_step(rules: Rules) -> int:
    """What every laid card scores a multiple of, so every laid total too: 5 in normal and
    elimination mode (which counts laid cards by the normal table), 1 in traditional mode
    (docs/rules.md 10.2, 10.3)."""
    traditional = _traditional(rules)
    points = [_card_points(position, traditional) for position in range(1, 15)]
    if rules.identities:
        points += [_identity_points(position, traditional) for position in range(1, 15)]
    return math.gcd(*points)


def _as_normal(rules: Rules) -> Rules:
    return replace(rules, mode="normal")


def check_penalties(round_: Round) -> dict:
    """Each penalty a whole number of the rules' `penalty`, one line per player."""
    penalties: dict = {}
    found = Collected()
    for index, penalty in enumerate(round_.entry.penalties):
        with found:
            _check_penalty(round_, index, penalty, penalties)
    found.raise_any()
    return penalties


def _check_penalty(round_: Round, index: int, penalty, penalties: dict) -> None:
    """One penalty line, kept in `penalties` when it holds."""
    rules, name = round_.rules, round_.name
    where = ("penalties", index)
    player, points = penalty.player, penalty.points
    if rules.penalty == 0:
        raise InvalidRound("penalty_off", where=(*where, "points"))
    if player not in round_.out_round:
        raise InvalidRound("not_a_player", {"name": name(player)}, where=(*where, "player"))
    if player not in round_.playing:
        raise InvalidRound("player_out", {"name": name(player),
                                          "round": round_.out_round[player]},
                           where=(*where, "player"))
    if player in penalties:
        raise InvalidRound("penalty_twice", {"name": name(player)},
                           where=(*where, "player"))
    if (isinstance(points, bool) or not isinstance(points, int) or points <= 0
            or points % rules.penalty):
        raise InvalidRound("penalty_not_multiple", {"name": name(player), "points": points,
                                                    "penalty": rules.penalty},
                           where=(*where, "points"))
    penalties[player] = points


def score_round(round_: Round) -> Scored:
    """Each player's points in parts (docs/rules.md 10.2 to 10.5)."""
    entry, rules = round_.entry, round_.rules
    ender = check_ender(round_)
    if entry.finish is None:
        raise InvalidRound("finish_missing", {"name": round_.name(ender)}, where=("finish",))
    if entry.finish not in FINISHES:
        raise InvalidRound("finish_unknown", {"finish": str(entry.finish)},
                           where=("finish",))
    # The finisher's laid cards score, except in elimination mode.
    found = Collected()
    with found:
        held = check_hands(round_, ender, laid=_checker(round_),
                           ender_entered=not eliminates(rules))
    with found:
        penalties = check_penalties(round_)
    found.raise_any()
    check_own_cards(round_, held[ender])
    others = [p for p in round_.playing if p != ender]
    # "Nobody else laid" follows from the entries: every other player laid 0 (not unknown).
    nobody_else_laid = all(held[p].laid == 0 for p in others)
    parts = {}
    if eliminates(rules):
        times = elimination_multiplier(entry.finish, nobody_else_laid)
        for player in round_.playing:
            penalty = penalties.get(player, 0)
            laid = held[player].laid or 0
            if player == ender:
                parts[player] = Parts(points=penalty, laid=laid, penalty=penalty)
            else:
                hand = held[player].value
                parts[player] = Parts(points=hand * times + penalty, laid=laid, hand=hand,
                                      penalty=penalty, multiplier=times)
    else:
        for player in round_.playing:
            penalty = penalties.get(player, 0)
            laid = held[player].laid or 0
            hand = bonus = 0
            if player == ender:
                hand = sum(held[p].value for p in others)
                bonus = finish_bonus(entry.finish, nobody_else_laid)
            parts[player] = Parts(points=laid + hand + bonus - penalty, laid=laid, hand=hand,
                                  bonus=bonus, penalty=penalty)
    return Scored(parts, held, entry.finish, nobody_else_laid)


RAMI = TallyRules(family="rami", title="Rami", most_players=8, scorer=score_round,
                  round_entry=RamiRound, pays_each_round=False)


# --- The rule set (docs/rules.md 10.1, 10.2, 6.6) -------------------------------------------

MODES = ("normal", "traditional", "elimination")
PRESET = {
    **TALLY,
    "family": "rami",
    "mode": "normal",
    "decks": 2,
    "jokers": 4,
    "hand_size": 14,
    "ace_in_runs": "high_or_low",
    "max_jokers_per_meld": 1,
    "game_target": 1000,
    "point_value": "0.00",
    "eliminate_at": 500,
    "rebuy_from": 0,
}
# The hand values at the end of a round and the money, by mode (docs/rules.md 10.2).
_NORMAL_VALUES = {**face_values(A=15, JK=20), **dict.fromkeys("23456789", 5)}
BY_MODE: dict[str, dict[str, Any]] = {
    "normal": {"card_values": _NORMAL_VALUES},
    "traditional": {"card_values": face_values(A=11, JK=20)},
    "elimination": {"card_values": dict(_NORMAL_VALUES), "buy_in": "5.00"},
}


def rami_decks(players: int, identities: bool) -> int:
    """Rami's decks (docs/rules.md 10.1): 2 up to 4 players, 3 for 5-6, 4 for 7-8, and
    always 4 with identities."""
    if identities or players > 6:
        return 4
    return 2 if players <= 4 else 3


def check_rules(rules: Rules) -> None:
    """docs/rules.md 10.1: 2 to 4 decks, always 4 with identities; a pot only in
    elimination mode."""
    check_between(rules, "decks", 2, 4)
    if rules.identities and rules.decks != 4:
        raise InvalidRules("identities_need_four_decks", where=("rules", "decks"),
                           code="out_of_range")
    check_no_pot(rules)


def defaults(base: dict[str, Any], overrides: dict[str, Any],
             players: int | None) -> dict[str, Any]:
    """The mode's card values and money; the decks by the number of players (or
    identities), two jokers a deck (docs/rules.md 10.1)."""
    chosen = {**base, **overrides}
    found: dict[str, Any] = dict(BY_MODE.get(chosen.get("mode"), {}))
    decks = chosen["decks"]
    if isinstance(players, int) and "decks" not in overrides:
        decks = found["decks"] = rami_decks(players, chosen.get("identities") is True)
    elif chosen.get("identities") is True and "decks" not in overrides:
        decks = found["decks"] = 4
    if "jokers" not in overrides and isinstance(decks, int):
        found["jokers"] = 2 * decks
    return found


RULE_SETS = FamilyRules(name="rami", modes=MODES, presets={"rami": ("Rami", PRESET)},
                        check=check_rules, defaults=defaults)
