"""The rules engine: pure Python, no Django. Facts in, standings and money out.

    from scorekeeper.rules import Rules, evaluate_hand, best_discard, parse_cards
"""

from .cards import check_deck, parse_card, parse_cards
from .errors import (
    CardError,
    FalseKnock,
    GameOver,
    InvalidRound,
    InvalidRules,
    MoneyError,
    RebuyNotAllowed,
    RulesError,
    TooManyCopies,
)
from .melds import HandResult, best_discard, evaluate_hand
from .money import allocate, format_money, parse_money
from .presets import PRESETS, Rules

__all__ = [
    "PRESETS",
    "CardError",
    "FalseKnock",
    "GameOver",
    "HandResult",
    "InvalidRound",
    "InvalidRules",
    "MoneyError",
    "RebuyNotAllowed",
    "Rules",
    "RulesError",
    "TooManyCopies",
    "allocate",
    "best_discard",
    "check_deck",
    "evaluate_hand",
    "format_money",
    "parse_card",
    "parse_cards",
    "parse_money",
]
