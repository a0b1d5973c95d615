from enum import StrEnum


class SessionDocumentFormatEnum(StrEnum):
    SCOREKEEPER_SESSION = "scorekeeper-session"

    def __str__(self) -> str:
        return str(self.value)
