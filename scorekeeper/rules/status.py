"""The one vocabulary of a game's and a player's state (docs/rules.md 4.3 and 6.2)."""

from enum import StrEnum


class GameStatus(StrEnum):
    """Where a game stands: still played, in a decider, won, or its pot left standing."""

    RUNNING = "running"
    DECIDER = "decider"
    FINISHED = "finished"
    CARRIED_OVER = "carried_over"
    # Never the engine's: a fact of the game row, a game deleted or voided by hand (its
    # money reversed). `ended` stays the engine's meaning, so it is False here.
    VOID = "void"

    @property
    def ended(self) -> bool:
        """No more rounds: the game was won or its pot carried over (docs/rules.md 5.7)."""
        return self in (GameStatus.FINISHED, GameStatus.CARRIED_OVER)

    @property
    def playing(self) -> bool:
        """Rounds are still played: running, or in a decider (docs/rules.md 4.3)."""
        return self in (GameStatus.RUNNING, GameStatus.DECIDER)


# The statuses by what they mean, for the database's filters (the game row keeps its status).
PLAYING = tuple(status for status in GameStatus if status.playing)
ENDED = tuple(status for status in GameStatus if status.ended)


class PlayerState(StrEnum):
    """A seat's state: still in, out of the game, or dead but still at the table."""

    IN = "in"
    OUT = "out"
    DEAD = "dead"
