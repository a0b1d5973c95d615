"""The service layer: the pages and the REST API call these and nothing else.

- every write to a game, one transaction each, applied through a unit of work (`writing`):
  `commands` (a round, a correction, undoing the last round), `rebuys` (taking and undoing
  a re-buy), `lifecycle` (starting, closing, deleting or voiding a game);
- `reading`: the read model (`GameView`: facts, engine state, snapshots), and `lines`, what
  a game shows; `game_access`: a game's row with the caller's role, access asked
  (`lock_game`, and `read_game`, the one read of a game's row a round POST makes);
- `summaries`: what a game or an evening comes to (settlement, session summary);
- `clubs`: clubs, members (by consent: invitations), sessions, share links;
- `claims`: players' own phones: seats claimed, hands sent for the scorekeeper to confirm;
- `preview`, `evenings`, `audit`, `reports`, `season`, `exports` (with `documents`),
  `tokens`, `webhooks`: the what-if, the organiser's desk and the integrations.
"""

from .clubs import (
    accept_invitation,
    clubs_of,
    create_club,
    create_session,
    decline_invitation,
    invitations_for,
    leave_club,
    membership,
    set_member,
)
from .commands import (
    HandInput,
    PlannedRound,
    correct_round,
    corrected_state,
    plan_round,
    record_round,
    store_round,
    undo_last_round,
)
from .errors import (
    GameFinished,
    GameHasNoRounds,
    GameHasRounds,
    GameVoid,
    NotFound,
    RebuyNotUndoable,
    RoundNotUndoable,
    ServiceError,
    StaleRound,
    VersionMismatch,
    VersionRequired,
)
from .game_access import game_with_role, lock_game, read_game
from .kept import RecentGames, recent_games, rules_of, state_key
from .lifecycle import MAX_NAME, MAX_PLAYERS, close_game, delete_game, start_game, void_game
from .reading import STATE_CACHE_SECONDS, GameView, game_queryset, load_game, round_history
from .rebuys import take_rebuy, undo_rebuy
from .summaries import (
    SessionSummary,
    Settlement,
    player_nets,
    session_summary,
    settlement_for,
    verify_game,
)
from .writing import bump_version

__all__ = [
    "MAX_NAME", "MAX_PLAYERS", "STATE_CACHE_SECONDS", "GameFinished", "GameView", "HandInput",
    "NotFound", "RecentGames", "ServiceError", "SessionSummary", "Settlement", "StaleRound",
    "VersionMismatch", "VersionRequired", "bump_version", "close_game", "clubs_of",
    "correct_round", "create_club", "create_session", "game_queryset", "load_game", "lock_game",
    "game_with_role", "membership", "player_nets", "record_round", "recent_games", "round_history",
    "rules_of",
    "session_summary", "set_member", "settlement_for", "start_game", "state_key",
    "take_rebuy", "verify_game",
    # A round worked out before the lock, stored under it (docs/reliability.md)
    "PlannedRound", "plan_round", "read_game", "store_round",
    # Undoing (docs/api.md, "Undoing")
    "GameHasNoRounds", "GameHasRounds", "GameVoid", "RebuyNotUndoable", "corrected_state",
    "delete_game", "undo_rebuy", "void_game", "RoundNotUndoable", "undo_last_round",
    # Membership by consent (docs/api.md, "Clubs and roles")
    "accept_invitation", "decline_invitation", "invitations_for", "leave_club",
]  # fmt: skip
