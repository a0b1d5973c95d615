from enum import StrEnum


class TournamentStatusEnum(StrEnum):
    FINISHED = "finished"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
