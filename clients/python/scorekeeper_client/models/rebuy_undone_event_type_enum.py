from enum import StrEnum


class RebuyUndoneEventTypeEnum(StrEnum):
    REBUY_UNDONE = "rebuy.undone"

    def __str__(self) -> str:
        return str(self.value)
