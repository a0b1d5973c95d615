from enum import StrEnum


class RoundRecordedEventTypeEnum(StrEnum):
    ROUND_RECORDED = "round.recorded"

    def __str__(self) -> str:
        return str(self.value)
