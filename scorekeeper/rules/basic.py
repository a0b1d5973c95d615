"""Basic Rummy (docs/rules.md 9): the one who goes out scores every card the others still
hold, and is paid for them at once.

Melds are laid during play, so a hand at the end counts whole: joker 15, J Q K 10, the
ace 1 (11 when Q-K-A runs are allowed), the others their index (the preset's
`card_values`). The game around the rounds (totals, target, closing, money) is
tally.py's.
"""

from dataclasses import dataclass
from typing import Any

from .core import RoundEntry
from .presets import FamilyRules, Rules, check_between, check_choice, face_values
from .tally import (
    TALLY,
    Parts,
    Round,
    Scored,
    TallyRules,
    check_ender,
    check_hands,
    check_no_pot,
)


@dataclass(frozen=True)
class BasicRound(RoundEntry):
    """A round of Basic Rummy: who went out, and what every other player still holds."""


def score_round(round_: Round) -> Scored:
    """The ender scores the sum of the others' hands; the others score nothing."""
    ender = check_ender(round_)
    held = check_hands(round_, ender)
    others = sum(h.value for p, h in held.items() if p != ender)
    parts = {p: Parts(points=others, hand=others) if p == ender else Parts(points=0)
             for p in round_.playing}
    return Scored(parts, held)


BASIC = TallyRules(family="basic", title="Basic Rummy", most_players=7, scorer=score_round,
                   round_entry=BasicRound, pays_each_round=True)


# --- The rule set (docs/rules.md 9.1, 6.6) --------------------------------------------------

PRESET = {
    **TALLY,
    "family": "basic",
    "decks": 1,
    "jokers": 0,
    "hand_size": 10,
    "card_values": face_values(A=1, JK=15),
    "game_target": 500,
}


def basic_setup(players: int) -> dict[str, int]:
    """Basic Rummy's decks and cards dealt for a number of players (docs/rules.md 9.1):
    one deck and 10 cards for 2, one deck and 7 cards for 3 to 5, two decks and 10 cards
    for 6 or more."""
    if players <= 2:
        return {"decks": 1, "hand_size": 10}
    if players <= 5:
        return {"decks": 1, "hand_size": 7}
    return {"decks": 2, "hand_size": 10}


# docs/rules.md 9.1 and reading 54: "zwei oder mehr Joker pro Deck", so the jokers go by
# the decks: the two every pack brings and more, up to 4 a deck. The bound catches a typing
# error (40 for 4), keeps one deck at the 4 it always allowed, and keeps the jokers a small
# part of the cards, so that the largest hand a player can type (the dearest cards in play,
# 9.2) and the deck check (1.4) still catch a mistake.
JOKERS_PER_DECK = 4


def check_rules(rules: Rules) -> None:
    """docs/rules.md 9.1: one or two decks, 7 or 10 cards, up to 4 jokers a deck; no pot."""
    check_between(rules, "decks", 1, 2)
    check_choice(rules, "hand_size", (7, 10))
    check_between(rules, "jokers", 0, JOKERS_PER_DECK * rules.decks)
    check_no_pot(rules)


def defaults(base: dict[str, Any], overrides: dict[str, Any],
             players: int | None) -> dict[str, Any]:
    """The ace counts 11 in hand when Q-K-A runs are allowed; the set-up follows the
    number of players."""
    chosen = {**base, **overrides}
    found: dict[str, Any] = {}
    if chosen.get("ace_in_runs") == "high_or_low":
        found["card_values"] = face_values(A=11, JK=15)
    if isinstance(players, int):
        found.update({key: value for key, value in basic_setup(players).items()
                      if key not in overrides})
    return found


RULE_SETS = FamilyRules(name="basic", modes=("pot", "points"),
                        presets={"basic": ("Basic Rummy", PRESET)}, check=check_rules,
                        defaults=defaults)
