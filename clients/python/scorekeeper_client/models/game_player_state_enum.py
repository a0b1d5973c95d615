from enum import StrEnum


class GamePlayerStateEnum(StrEnum):
    DEAD = "dead"
    IN = "in"
    OUT = "out"

    def __str__(self) -> str:
        return str(self.value)
