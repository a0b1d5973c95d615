from enum import StrEnum


class WebhookEventEnum(StrEnum):
    GAME_CREATED = "game.created"
    GAME_FINISHED = "game.finished"
    GAME_VOIDED = "game.voided"
    REBUY_TAKEN = "rebuy.taken"
    REBUY_UNDONE = "rebuy.undone"
    ROUND_CORRECTED = "round.corrected"
    ROUND_RECORDED = "round.recorded"
    ROUND_UNDONE = "round.undone"
    SESSION_SETTLED = "session.settled"
    TOURNAMENT_FINISHED = "tournament.finished"
    TOURNAMENT_MATCH_FINISHED = "tournament.match_finished"

    def __str__(self) -> str:
        return str(self.value)
