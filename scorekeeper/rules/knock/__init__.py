"""The knock family (docs/rules.md 3 to 6): Wiener Rummy and Rommé ohne Auslegen.

- `types`: its round as entered (KnockRound);
- `round`: the rules of a round (knock limit, Rummy, undercut, going out, the deal);
- `checks`: refusing a game that cannot be played (its hands: core/hands.py);
- `rebuy`: every re-buy decision;
- `replay`: replay, play_on, take_rebuy and the private table that plays rounds;
- `snapshot`: the state as plain data, and resuming from it.

Callers in the app import from `scorekeeper.rules`; the engine's own tests and the
benchmarks also use the family's inner rules (placings, pot_shares, is_out) from here.
The result types and the payout are the core's, named here too.
"""

from ..core import (
    CARRY,
    KITTY,
    POT,
    Game,
    HandEntry,
    PlayerResult,
    RebuyEntry,
    RebuyOffer,
    RoundResult,
    Standing,
    Transfer,
    account,
)
from ..core.payout import placings, pot_shares, pot_split
from ..handvalues import largest_deadwood
from ..layoff import meld_shape
from .rebuy import can_rebuy, check_rebuy, rebuy, rebuy_rule, rebuy_target
from .replay import play_on, replay, take_rebuy
from .round import is_out, knock_limit
from .snapshot import SNAPSHOT_FORMAT, resume, snapshot
from .types import KnockRound

__all__ = [
    "CARRY", "KITTY", "POT", "SNAPSHOT_FORMAT", "Game", "HandEntry", "KnockRound",
    "PlayerResult", "RebuyEntry", "RebuyOffer", "RoundResult", "Standing", "Transfer",
    "account", "can_rebuy", "check_rebuy", "is_out", "knock_limit", "largest_deadwood",
    "meld_shape", "placings", "play_on", "pot_shares", "pot_split", "rebuy", "rebuy_rule",
    "rebuy_target", "replay", "resume", "snapshot", "take_rebuy",
]
