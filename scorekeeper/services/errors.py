"""The errors of the service layer; `status` is the HTTP status each one answers with."""

from django.core.exceptions import PermissionDenied
from django.http import Http404

from ..rules import RulesError


class ServiceError(RulesError):
    """Bad input the engine does not judge (a name, a club, a player not seated)."""

    status = 400


class NotFound(ServiceError):
    code = "not_found"
    status = 404


class StaleRound(ServiceError):
    """The round number is not the game's next round (someone was faster)."""

    code = "stale_round"
    status = 409

    def __init__(self, message: str, *, next_round: int):
        super().__init__(message, field="number")
        self.next_round = next_round


class GameFinished(ServiceError):
    code = "game_finished"
    status = 409


class VersionMismatch(ServiceError):
    """If-Match names another version than the game's: `current` is the game's version,
    which the API's 412 sends as its ETag."""

    code = "version_mismatch"
    status = 412

    def __init__(self, message: str, *, current: int | None = None):
        super().__init__(message)
        self.current = current


class VersionRequired(ServiceError):
    code = "version_required"
    status = 428


class GameVoid(ServiceError):
    """The game was deleted or voided: nothing more can be entered."""

    code = "game_void"
    status = 409


class RebuyNotUndoable(ServiceError):
    """No re-buy of that player holds, or a round was saved after it."""

    code = "rebuy_not_undoable"
    status = 409


class RoundNotUndoable(ServiceError):
    """Only the last round is undone at the table: another round was saved after it, or a
    re-buy taken after it still holds (docs/table.md, "Undo last round")."""

    code = "round_not_undoable"
    status = 409

    def __init__(self, message: str, *, rebought: tuple[str, ...] = ()):
        super().__init__(message, field="number")
        self.rebought = rebought  # who re-bought after the round: their re-buys go first


class GameHasNoRounds(ServiceError):
    """A game without rounds is deleted, not voided."""

    code = "game_has_no_rounds"
    status = 409


class GameHasRounds(ServiceError):
    """Only a game without rounds can be deleted; one with rounds is voided."""

    code = "game_has_rounds"
    status = 409


# --- Access (scorekeeper.services.policy) ---------------------------------------------------
# Each is also Django's own exception, so a page answers with its 404 or 403 page and the API
# with its JSON error; and an idempotent replay can tell a refusal from a failed write.


class AccessDenied(ServiceError):
    """The access policy refused the actor (docs/security.md, "Who may do what")."""


class Hidden(AccessDenied, Http404):
    """The object does not exist for the actor: never tell a stranger what exists."""

    code = "not_found"
    status = 404


class Refused(AccessDenied, PermissionDenied):
    """The actor sees the object but its role (or its token) may not do this."""

    code = "permission_denied"
    status = 403
