from enum import StrEnum


class BasicRulesFamilyEnum(StrEnum):
    BASIC = "basic"

    def __str__(self) -> str:
        return str(self.value)
