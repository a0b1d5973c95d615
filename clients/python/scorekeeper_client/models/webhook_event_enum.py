from enum import StrEnum


class WebhookEventEnum(StrEnum):
    GAME_CREATED = "game.created"
    GAME_FINISHED = "game.finished"
    GAME_VOIDED = "game.voided"
    REBUY_TAKEN = "rebuy.taken"
    REBUY_UNDONE = "rebuy.undone"
    ROUND_CORRECTED = "round.corrected"
    ROUND_RECORDED = "round.recorded"
    SESSION_SETTLED = "session.settled"

    def __str__(self) -> str:
        return str(self.value)
