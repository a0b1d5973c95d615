"""The rules engine: pure Python, no Django. Facts in, standings and money out.

    from scorekeeper.rules import Rules, evaluate_hand, best_discard, parse_cards, replay
    game = replay(Rules.preset("wiener"), players, rounds, rebuys)
    possible_hand_value(1, Rules.preset("wiener"))  # False: the smallest card counts 2
    game = play_on(game, next_round)            # one more round, without a replay
    data = snapshot(game)                       # plain data, as large as the seating
    game = resume(rules, players, data)         # the same game, ready to play on
    entry = round_entry(rules, ender=1, hands=[HandEntry(1, deadwood=0), ...])
                                                # a round of the family's own type

This module is the only import path for callers outside the engine.
"""

from . import bracket
from .basic import BasicRound
from .cards import (
    CANONICAL_CARDS,
    JOKER,
    RANKS,
    SUITS,
    check_deck,
    from_table,
    marked_from_table,
    parse_card,
    parse_cards,
    parse_laid_meld,
    unmarked,
)
from .core import (
    CARRY,
    KITTY,
    POT,
    Game,
    HandEntry,
    LaidHand,
    PenaltyEntry,
    PlayerResult,
    RebuyEntry,
    RebuyOffer,
    RoundEntry,
    RoundResult,
    Standing,
    Transfer,
    account,
)
from .errors import (
    CardError,
    FalseKnock,
    GameOver,
    ImpossibleHandValue,
    InvalidRound,
    InvalidRules,
    Message,
    MoneyError,
    RebuyNotAllowed,
    RulesError,
    SnapshotError,
    TooManyCopies,
)
from .family import (
    DEFAULT_PRESET,
    Family,
    family_for,
    play_on,
    replay,
    resume,
    round_entry,
    snapshot,
)
from .gin import GinRound, match_account_parts, tournament_bye
from .gin_hollywood import games_written_in
from .gin_variants import Deal, deal_terms
from .handvalues import hand_values, largest_deadwood, nearest_hand_values, possible_hand_value
from .knock import (
    SNAPSHOT_FORMAT,
    KnockRound,
    can_rebuy,
    check_rebuy,
    rebuy,
    rebuy_rule,
    take_rebuy,
)
from .layoff import LoneHand, lone_lay_off
from .melds import HandResult, best_discard, evaluate_hand
from .money import allocate, format_money, parse_money
from .own_hand import check_own_hand
from .presets import MONEY_PARAMETERS, PRESETS, RULE_CHOICES, Rules
from .rami import RamiRound, meld_value
from .status import ENDED, PLAYING, GameStatus, PlayerState
from .tally import hand_value

__all__ = [
    "bracket",
    "CANONICAL_CARDS",
    "CARRY",
    "DEFAULT_PRESET",
    "ENDED",
    "KITTY",
    "MONEY_PARAMETERS",
    "PLAYING",
    "POT",
    "PRESETS",
    "RULE_CHOICES",
    "SNAPSHOT_FORMAT",
    "SUITS",
    "BasicRound",
    "CardError",
    "Deal",
    "FalseKnock",
    "Family",
    "Game",
    "GameOver",
    "GameStatus",
    "GinRound",
    "HandEntry",
    "HandResult",
    "ImpossibleHandValue",
    "JOKER",
    "InvalidRound",
    "InvalidRules",
    "KnockRound",
    "LaidHand",
    "LoneHand",
    "Message",
    "MoneyError",
    "PenaltyEntry",
    "PlayerResult",
    "PlayerState",
    "RANKS",
    "RamiRound",
    "RebuyEntry",
    "RebuyNotAllowed",
    "RebuyOffer",
    "RoundEntry",
    "RoundResult",
    "Rules",
    "RulesError",
    "SnapshotError",
    "Standing",
    "TooManyCopies",
    "Transfer",
    "account",
    "allocate",
    "best_discard",
    "can_rebuy",
    "check_deck",
    "check_own_hand",
    "check_rebuy",
    "deal_terms",
    "evaluate_hand",
    "family_for",
    "format_money",
    "from_table",
    "hand_value",
    "hand_values",
    "largest_deadwood",
    "lone_lay_off",
    "match_account_parts",
    "tournament_bye",
    "games_written_in",
    "meld_value",
    "nearest_hand_values",
    "parse_card",
    "parse_cards",
    "marked_from_table",
    "parse_laid_meld",
    "parse_money",
    "play_on",
    "possible_hand_value",
    "rebuy",
    "rebuy_rule",
    "replay",
    "resume",
    "round_entry",
    "snapshot",
    "take_rebuy",
    "unmarked",
]
