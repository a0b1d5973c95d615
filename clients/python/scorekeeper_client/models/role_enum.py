from enum import StrEnum


class RoleEnum(StrEnum):
    ORGANISER = "organiser"
    SCOREKEEPER = "scorekeeper"
    VIEWER = "viewer"

    def __str__(self) -> str:
        return str(self.value)
