from enum import StrEnum


class RebuyTakenEventTypeEnum(StrEnum):
    REBUY_TAKEN = "rebuy.taken"

    def __str__(self) -> str:
        return str(self.value)
