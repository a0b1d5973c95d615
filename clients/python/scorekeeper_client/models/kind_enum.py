from enum import StrEnum


class KindEnum(StrEnum):
    BUY_IN = "buy_in"
    CARRY_OVER = "carry_over"
    KITTY_FINAL = "kitty_final"
    KITTY_IN = "kitty_in"
    KITTY_WIN = "kitty_win"
    KNOCK_PREMIUM = "knock_premium"
    PAYOUT = "payout"
    POINT_SETTLEMENT = "point_settlement"
    REBUY = "rebuy"
    RUMMY_PREMIUM = "rummy_premium"
    UNDERCUT_TIE = "undercut_tie"

    def __str__(self) -> str:
        return str(self.value)
