from enum import StrEnum


class DealerRuleEnum(StrEnum):
    ROTATE = "rotate"
    WINNER_DEALS = "winner_deals"

    def __str__(self) -> str:
        return str(self.value)
