"""The rules engine: pure Python, no Django. Facts in, standings and money out.

    from scorekeeper.rules import Rules, evaluate_hand, best_discard, parse_cards
    game = replay(Rules.preset("wiener"), players, rounds, rebuys)
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
from .knock import (
    Game,
    HandEntry,
    RebuyEntry,
    RebuyOffer,
    RoundEntry,
    RoundResult,
    Standing,
    Transfer,
    check_rebuy,
    play_on,
    replay,
)
from .melds import HandResult, best_discard, evaluate_hand
from .money import allocate, format_money, parse_money
from .presets import PRESETS, Rules

__all__ = [
    "PRESETS",
    "Game",
    "HandEntry",
    "RebuyEntry",
    "RebuyOffer",
    "RoundEntry",
    "RoundResult",
    "Standing",
    "Transfer",
    "check_rebuy",
    "play_on",
    "replay",
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
