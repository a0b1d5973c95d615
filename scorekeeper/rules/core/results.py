"""What every family's game gives out (docs/rules.md 5.1): the rounds scored, the
standings, every money movement as a Transfer, and the Game; the accounts they move between.

Ledger rounds. `Transfer.round` is the round number for what a round moves
(kitty_in paid before it, premiums, undercut_tie, kitty_win, point_settlement)
and for a re-buy (the round after which it was taken); it is None for the game's
start (buy_in, carry_over in) and end (payout, kitty_final, carry_over out).
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from ..errors import Message, RebuyNotAllowed
from ..presets import Rules
from ..status import GameStatus, PlayerState
from .rebuys import rebuy_refusal, refused

if TYPE_CHECKING:
    from .table import Table

PlayerId = int | str

# The accounts of docs/rules.md 5.1: one per player, the pot, the kitty, the carried pot.
POT, KITTY, CARRY = "pot", "kitty", "carry"


def account(player: PlayerId) -> str:
    """The ledger account of a player."""
    return f"player:{player}"


def player_name(player: PlayerId, names: Mapping[PlayerId, str]) -> str:
    """What messages call a player: the name given, else a text id itself, a number as
    "Player 12"."""
    return names.get(player) or (player if isinstance(player, str) else f"Player {player}")


# --- Results out ----------------------------------------------------------------------


# The two results made by the thousand in a long replay are named tuples: immutable
# like the rest, and several times cheaper to build than frozen dataclasses.
class Transfer(NamedTuple):
    """One ledger movement (docs/rules.md 5.1): a positive amount between two accounts."""

    source: str
    target: str
    amount: int
    kind: str
    round: int | None


@dataclass(frozen=True)
class RebuyOffer:
    """A re-buy open to a player: pay `cost` into the pot and have the total set to `target`."""

    player: PlayerId
    target: int
    cost: int


class PlayerResult(NamedTuple):
    """One participant's line in a round."""

    player: PlayerId
    deadwood: int
    points: int
    total: int
    melds: tuple[tuple[str, ...], ...]
    unmatched: tuple[str, ...]
    laid_off: tuple[str, ...] = ()
    # Gin names the parts of the winner's points: points == difference + bonus.
    difference: int = 0
    bonus: int = 0
    # Basic Rummy and Rami (docs/rules.md 9, 10) name theirs: points == laid + hand + bonus
    # - penalty, or in Rami's elimination mode hand * multiplier + penalty. `hand` is what
    # the cards in hand score: the others' for the one who went out, else one's own.
    laid: int = 0
    hand: int = 0
    penalty: int = 0
    multiplier: int = 1


@dataclass(frozen=True)
class RoundResult:
    """A round scored: winner, points, who went out, the re-buys it opened and its money."""

    number: int
    ender: PlayerId
    dealer: PlayerId
    winner: PlayerId | None
    rummy: bool
    undercut: bool
    decider: bool
    results: tuple[PlayerResult, ...]
    out: tuple[PlayerId, ...]
    rebuy_offers: tuple[RebuyOffer, ...]
    transfers: tuple[Transfer, ...]
    # Gin (docs/rules.md 8): a void round, a win by gin, and the match it was played in.
    void: bool = False
    gin: bool = False
    match: int = 0
    # Rami (docs/rules.md 10): how the finisher went out, and whether nobody else had laid.
    finish: str = ""
    nobody_else_laid: bool = False


@dataclass(frozen=True)
class Standing:
    """A player's place in the game right now."""

    player: PlayerId
    seat: int
    total: int
    state: PlayerState
    rebought: bool
    rebuy: RebuyOffer | None
    balance: int
    place: int | None
    out_round: int | None
    # Gin (docs/rules.md 8): rounds won, and the final account once the match is over.
    boxes: int | None = None
    final: int | None = None


@dataclass(frozen=True)
class Game:
    """A game made from its facts: standings, rounds, money, and what comes next.

    `round_count` counts every round played; `rounds` and `transfers` hold those this
    Game was made with: all of them after a replay, only those played on since the
    snapshot after a resume.
    """

    status: GameStatus
    round_count: int
    next_round: int
    next_dealer: PlayerId | None
    next_participants: tuple[PlayerId, ...]
    pot: int
    kitty: int
    carried_out: int
    standings: tuple[Standing, ...]
    rounds: tuple[RoundResult, ...]
    transfers: tuple[Transfer, ...]
    winner: PlayerId | None
    payouts: tuple[tuple[PlayerId, int], ...]
    balances: dict[str, int]
    # Why re-buys are closed for everyone, else each player's offer or why there is none
    # (this break).
    rebuy_closed: Message | None = field(default=None, repr=False)
    rebuy_break: Mapping[PlayerId, RebuyOffer | Message | None] = field(
        default_factory=dict, repr=False
    )
    names: Mapping[PlayerId, str] = field(default_factory=dict, repr=False)
    # Gin (docs/rules.md 8): the matches played and being played, in order.
    matches: tuple = ()
    rules: Rules | None = field(default=None, repr=False, compare=False)
    # Whether `rounds` and `transfers` hold the whole game: a replay's do, a resumed one's
    # only what was played on since the snapshot.
    whole: bool = field(default=True, repr=False, compare=False)
    # The table that made this game, kept so that play_on can go on from here.
    _table: "Table | None" = field(default=None, repr=False, compare=False)

    def standing(self, player: PlayerId) -> Standing:
        """The standing of one player; KeyError for someone not in this game."""
        for standing in self.standings:
            if standing.player == player:
                return standing
        raise KeyError(player)

    def rebuy_offer(self, player: PlayerId) -> RebuyOffer | None:
        """The re-buy open to `player` right now, if any."""
        return None if self.can_rebuy(player) else self.rebuy_break[player]

    def can_rebuy(self, player: PlayerId, after_round: int | None = None
                  ) -> RebuyNotAllowed | None:
        """None when `player` may re-buy now, else the reason (docs/rules.md 4.2)."""
        return can_rebuy(self, player, after_round)


def can_rebuy(game: Game, player: PlayerId, after_round: int | None = None
              ) -> RebuyNotAllowed | None:
    """None when `player` may re-buy now, else the reason as a RebuyNotAllowed (not raised)."""
    standing = next((s for s in game.standings if s.player == player), None)
    reason = rebuy_refusal(
        player_name(player, game.names),
        known=standing is not None,
        closed=game.rebuy_closed,
        round_count=game.round_count,
        rebought=standing is not None and standing.rebought,
        offer=game.rebuy_break.get(player),
        after_round=after_round,
    )
    return None if reason is None else refused(reason, where=("player",))
