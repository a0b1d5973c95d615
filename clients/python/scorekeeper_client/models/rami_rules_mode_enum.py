from enum import StrEnum


class RamiRulesModeEnum(StrEnum):
    ELIMINATION = "elimination"
    NORMAL = "normal"
    TRADITIONAL = "traditional"

    def __str__(self) -> str:
        return str(self.value)
