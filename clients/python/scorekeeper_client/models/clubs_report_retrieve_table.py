from enum import StrEnum


class ClubsReportRetrieveTable(StrEnum):
    GAMES = "games"
    PLAYERS = "players"

    def __str__(self) -> str:
        return str(self.value)
