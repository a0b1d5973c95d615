from enum import StrEnum


class RoundCorrectedEventTypeEnum(StrEnum):
    ROUND_CORRECTED = "round.corrected"

    def __str__(self) -> str:
        return str(self.value)
