from enum import StrEnum


class GameStatusEnum(StrEnum):
    CARRIED_OVER = "carried_over"
    DECIDER = "decider"
    FINISHED = "finished"
    RUNNING = "running"
    VOID = "void"

    def __str__(self) -> str:
        return str(self.value)
