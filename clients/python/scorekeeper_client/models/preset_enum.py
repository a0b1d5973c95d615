from enum import StrEnum


class PresetEnum(StrEnum):
    BASIC = "basic"
    GIN = "gin"
    GIN_ONLINE = "gin_online"
    RAMI = "rami"
    ROMME = "romme"
    WIENER = "wiener"

    def __str__(self) -> str:
        return str(self.value)
