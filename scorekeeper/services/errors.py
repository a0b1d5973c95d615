"""The errors of the service layer; `status` is the HTTP status each one answers with."""

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
    code = "version_mismatch"
    status = 412


class VersionRequired(ServiceError):
    code = "version_required"
    status = 428
