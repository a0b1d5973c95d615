from enum import StrEnum


class SessionSettledEventTypeEnum(StrEnum):
    SESSION_SETTLED = "session.settled"

    def __str__(self) -> str:
        return str(self.value)
