from enum import StrEnum


class TournamentFinishedEventTypeEnum(StrEnum):
    TOURNAMENT_FINISHED = "tournament.finished"

    def __str__(self) -> str:
        return str(self.value)
