"""Domain errors: each carries a code, a message a player understands and,
where the engine knows it, the path of the input field that is wrong."""


class RulesError(Exception):
    """Base of every error the rules engine raises for bad input."""

    code = "invalid"

    def __init__(self, message: str, *, field: str | None = None, code: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        if code is not None:
            self.code = code

    def at(self, prefix: str) -> "RulesError":
        """The same error with its field path placed under `prefix`."""
        self.field = f"{prefix}.{self.field}" if self.field else prefix
        return self


class InvalidRules(RulesError):
    code = "invalid_rule"


class CardError(RulesError):
    code = "invalid_card"


class TooManyCopies(CardError):
    code = "too_many_copies"


class MoneyError(RulesError):
    code = "invalid_amount"


class InvalidRound(RulesError):
    code = "invalid_round"


class FalseKnock(InvalidRound):
    code = "false_knock"


class RebuyNotAllowed(RulesError):
    code = "rebuy_not_allowed"


class GameOver(RulesError):
    code = "game_finished"
