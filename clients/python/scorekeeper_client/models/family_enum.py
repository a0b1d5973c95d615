from enum import StrEnum


class FamilyEnum(StrEnum):
    BASIC = "basic"
    GIN = "gin"
    KNOCK = "knock"
    RAMI = "rami"

    def __str__(self) -> str:
        return str(self.value)
