from enum import StrEnum


class ModeEnum(StrEnum):
    ELIMINATION = "elimination"
    NORMAL = "normal"
    POINTS = "points"
    POT = "pot"
    TRADITIONAL = "traditional"

    def __str__(self) -> str:
        return str(self.value)
