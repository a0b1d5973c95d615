from enum import StrEnum


class LayOffEnum(StrEnum):
    KNOCKER_MELDS = "knocker_melds"
    KNOCKER_MELDS_FREE = "knocker_melds_free"
    NONE = "none"
    RIGHT_NEIGHBOUR = "right_neighbour"

    def __str__(self) -> str:
        return str(self.value)
