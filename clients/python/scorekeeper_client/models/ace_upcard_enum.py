from enum import StrEnum


class AceUpcardEnum(StrEnum):
    GIN = "gin"
    ONE = "one"

    def __str__(self) -> str:
        return str(self.value)
