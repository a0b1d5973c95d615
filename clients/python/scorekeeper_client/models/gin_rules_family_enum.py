from enum import StrEnum


class GinRulesFamilyEnum(StrEnum):
    GIN = "gin"

    def __str__(self) -> str:
        return str(self.value)
