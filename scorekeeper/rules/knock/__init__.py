"""The knock family (docs/rules.md 3 to 6): Wiener Rummy and Rommé ohne Auslegen.

- `types`: the facts in and the results out, the account keys;
- `round`: the rules of a round (knock limit, Rummy, undercut, going out, the deal);
- `checks`: refusing facts that cannot be played;
- `rebuy`: every re-buy decision;
- `payout`: placings and the pot's split;
- `replay`: replay, play_on, take_rebuy and the private table that plays rounds;
- `snapshot`: the state as plain data, and resuming from it.

Callers in the app import from `scorekeeper.rules`; the engine's own tests and the
benchmarks also use the family's inner rules (placings, pot_shares, is_out) from here.
"""

from ..layoff import meld_shape
from .payout import placings, pot_shares, pot_split
from .rebuy import can_rebuy, check_rebuy, rebuy, rebuy_rule, rebuy_target
from .replay import play_on, replay, take_rebuy
from .round import is_out, knock_limit, largest_deadwood
from .snapshot import SNAPSHOT_FORMAT, resume, snapshot
from .types import (
    CARRY,
    KITTY,
    POT,
    Game,
    HandEntry,
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

__all__ = [
    "CARRY", "KITTY", "POT", "SNAPSHOT_FORMAT", "Game", "HandEntry", "PenaltyEntry",
    "PlayerResult",
    "RebuyEntry", "RebuyOffer", "RoundEntry", "RoundResult", "Standing", "Transfer", "account",
    "can_rebuy", "check_rebuy", "is_out", "knock_limit", "largest_deadwood", "meld_shape",
    "placings", "play_on", "pot_shares", "pot_split", "rebuy", "rebuy_rule", "rebuy_target",
    "replay", "resume", "snapshot", "take_rebuy",
]
