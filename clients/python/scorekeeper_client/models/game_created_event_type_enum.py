from enum import StrEnum


class GameCreatedEventTypeEnum(StrEnum):
    GAME_CREATED = "game.created"

    def __str__(self) -> str:
        return str(self.value)
