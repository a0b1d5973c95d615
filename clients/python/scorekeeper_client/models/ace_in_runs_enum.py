from enum import StrEnum


class AceInRunsEnum(StrEnum):
    HIGH_OR_LOW = "high_or_low"
    LOW = "low"

    def __str__(self) -> str:
        return str(self.value)
