from enum import StrEnum


class SeedingEnum(StrEnum):
    ORDERED = "ordered"
    RANDOM = "random"

    def __str__(self) -> str:
        return str(self.value)
