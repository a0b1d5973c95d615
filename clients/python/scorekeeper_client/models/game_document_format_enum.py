from enum import StrEnum


class GameDocumentFormatEnum(StrEnum):
    SCOREKEEPER_GAME = "scorekeeper-game"

    def __str__(self) -> str:
        return str(self.value)
