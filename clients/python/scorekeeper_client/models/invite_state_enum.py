from enum import StrEnum


class InviteStateEnum(StrEnum):
    DECLINED = "declined"
    EXPIRED = "expired"
    OPEN = "open"
    REVOKED = "revoked"
    USED_UP = "used_up"

    def __str__(self) -> str:
        return str(self.value)
