"""What a game shows, as plain values: each seat's line, the payouts, a round's line with
each player's result (services.reading.GameView makes them; the API's serializers and the
pages read them)."""

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from .. import rules as engine

if TYPE_CHECKING:
    from .reading import GameView


@dataclass(frozen=True, slots=True)
class UndoneRebuy:
    """A re-buy a correction undid: its money (`cost`, minor units) went back to the player."""

    player: int
    after_round: int
    cost: int
    by_round: int | None = None  # the round whose correction undid it


@dataclass(frozen=True, slots=True)
class RebuyLine:
    eligible: bool
    target: int | None
    cost: int | None
    reason: object  # the engine's refusal (its code, params and message), or None


@dataclass(frozen=True, slots=True)
class PlayerLine:
    id: int
    name: str
    seat: int
    total: int
    state: str
    rebought: bool
    rebuy: RebuyLine
    balance: int
    place: int | None
    boxes: int | None = None
    final: int | None = None


class Payout(NamedTuple):
    player: int
    amount: int


class ResultLine(NamedTuple):
    """A player's line in a round, each part of its points by name.

    - knock family: `points` from the deadwood;
    - Gin: the winner's `points` = `difference` + `bonus`;
    - Basic Rummy: the one who went out scores `hand`, the others' cards (`points` =
      `hand`); the others score 0 and their `deadwood` is what they held;
    - Rami normal/traditional: `points` = `laid` + `hand` + `bonus` - `penalty` (`hand` and
      `bonus` only for the finisher: the others' cards left, the finishing and Rummy
      bonus);
    - Rami elimination: the finisher's `points` = `penalty`; the others' `points` =
      `hand` x `multiplier` + `penalty`, `hand` their own cards left.

    `melds` are the melds found in the cards entered (knock, Gin) or the melds laid as
    cards (Rami); `cards` the hand's cards as entered, or None.
    """

    player: int
    deadwood: int
    points: int
    total: int
    melds: tuple
    unmatched: tuple
    laid_off: tuple
    difference: int
    bonus: int
    cards: tuple[str, ...] | None
    laid: int = 0
    hand: int = 0
    penalty: int = 0
    multiplier: int = 1


def result_line(line: engine.PlayerResult, cards: tuple[str, ...] | None) -> ResultLine:
    """The engine's PlayerResult as a ResultLine, with the cards the hand was entered with."""
    return ResultLine(
        player=line.player, deadwood=line.deadwood, points=line.points, total=line.total,
        melds=line.melds, unmatched=line.unmatched, laid_off=line.laid_off,
        difference=line.difference, bonus=line.bonus, cards=cards,
        laid=line.laid, hand=line.hand, penalty=line.penalty, multiplier=line.multiplier,
    )


@dataclass(frozen=True, slots=True)
class RoundLine:
    number: int
    revision: int
    reason: str
    ender: int | None
    dealer: int
    winner: int | None
    rummy: bool
    undercut: bool
    decider: bool
    void: bool
    gin: bool
    match: int
    points: int
    # Rami (docs/rules.md 10): how the finisher went out ("" for the other families) and
    # whether nobody else had laid anything in the round.
    finish: str
    nobody_else_laid: bool
    results: list[ResultLine]
    out: list[int]
    rebuy_offers: list
    game: "GameView"
