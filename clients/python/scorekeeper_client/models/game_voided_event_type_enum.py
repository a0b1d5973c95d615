from enum import StrEnum


class GameVoidedEventTypeEnum(StrEnum):
    GAME_VOIDED = "game.voided"

    def __str__(self) -> str:
        return str(self.value)
