from enum import StrEnum


class FinishEnum(StrEnum):
    NONE = "none"
    OWN_CARDS = "own_cards"
    RUMMY = "rummy"

    def __str__(self) -> str:
        return str(self.value)
