from enum import StrEnum


class TournamentDocumentFormatEnum(StrEnum):
    SCOREKEEPER_TOURNAMENT = "scorekeeper-tournament"

    def __str__(self) -> str:
        return str(self.value)
