"""The engine's shared core: what every family's game is made of and kept at.

- `results`: the results out (Transfer, PlayerResult, RoundResult, Standing, Game,
  RebuyOffer) and the accounts they move between (`account`, POT, KITTY, CARRY);
- `entries`: the facts in (HandEntry, LaidHand, PenaltyEntry, RebuyEntry, the RoundEntry
  every family's entry type extends) and `build_entry`, which makes a family's entry;
- `table`: the Table every family's table extends (the one book of money movements) and
  the seating checks;
- `hands`: the checks of a round's hands for the families that score deadwood;
- `payout`: placings and the pot's split;
- `rebuys`: why a player may not re-buy now (`results.can_rebuy` asks it of any Game).

A family module imports the core and the engine's shared modules (cards, melds, errors,
presets, status, money, handvalues, layoff), never another family's.
"""

from .entries import (
    HandEntry,
    LaidHand,
    PenaltyEntry,
    RebuyEntry,
    RoundEntry,
    as_kind,
    build_entry,
    takes,
)
from .results import (
    CARRY,
    KITTY,
    POT,
    Game,
    PlayerId,
    PlayerResult,
    RebuyOffer,
    RoundResult,
    Standing,
    Transfer,
    account,
    player_name,
)
from .table import Table, check_carried_in, check_player_ids, rules_digest

__all__ = [
    "CARRY", "KITTY", "POT", "Game", "HandEntry", "LaidHand", "PenaltyEntry", "PlayerId",
    "PlayerResult", "RebuyEntry", "RebuyOffer", "RoundEntry", "RoundResult", "Standing",
    "Table", "Transfer", "account", "as_kind", "build_entry", "check_carried_in",
    "check_player_ids", "player_name", "rules_digest", "takes",
]
