from enum import StrEnum


class TournamentMatchFinishedEventTypeEnum(StrEnum):
    TOURNAMENT_MATCH_FINISHED = "tournament.match_finished"

    def __str__(self) -> str:
        return str(self.value)
