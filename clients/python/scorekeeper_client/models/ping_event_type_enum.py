from enum import StrEnum


class PingEventTypeEnum(StrEnum):
    PING = "ping"

    def __str__(self) -> str:
        return str(self.value)
