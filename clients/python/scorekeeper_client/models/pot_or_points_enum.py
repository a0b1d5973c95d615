from enum import StrEnum


class PotOrPointsEnum(StrEnum):
    POINTS = "points"
    POT = "pot"

    def __str__(self) -> str:
        return str(self.value)
