from enum import StrEnum


class RoundUndoneEventTypeEnum(StrEnum):
    ROUND_UNDONE = "round.undone"

    def __str__(self) -> str:
        return str(self.value)
