from enum import StrEnum


class RamiRulesFamilyEnum(StrEnum):
    RAMI = "rami"

    def __str__(self) -> str:
        return str(self.value)
