from enum import StrEnum


class MemberInvitedStatusEnum(StrEnum):
    INVITED = "invited"

    def __str__(self) -> str:
        return str(self.value)
