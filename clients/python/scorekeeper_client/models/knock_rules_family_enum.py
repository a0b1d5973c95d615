from enum import StrEnum


class KnockRulesFamilyEnum(StrEnum):
    KNOCK = "knock"

    def __str__(self) -> str:
        return str(self.value)
