from enum import StrEnum


class StageEnum(StrEnum):
    FINAL = "final"
    MATCH = "match"
    SEMIFINAL = "semifinal"

    def __str__(self) -> str:
        return str(self.value)
