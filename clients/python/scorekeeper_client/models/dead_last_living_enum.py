from enum import StrEnum


class DeadLastLivingEnum(StrEnum):
    PLAYS_ON = "plays_on"
    WINS = "wins"

    def __str__(self) -> str:
        return str(self.value)
