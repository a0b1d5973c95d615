"""The table every family plays a game at, and the checks of a seating.

`Table` is the game while it is played: mutable, private, one round at a time. It keeps
what every family keeps alike: the seating, the one book of money movements
(docs/rules.md 5.1: `move`, the balances, the transfers), the rounds scored, the payout,
and `copy` to play on from a Game without changing it. A family's table extends it with
its own state and its `play` and `finish`.
"""

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Self

from ..errors import InvalidRules
from ..presets import Rules
from .results import (
    CARRY,
    KITTY,
    POT,
    Game,
    PlayerId,
    RoundResult,
    Transfer,
    account,
    player_name,
)


def check_player_ids(players: Sequence[PlayerId]) -> None:
    """Every seated player is named by a number or a text, and seated once."""
    seen = set()
    for index, player in enumerate(players):
        if isinstance(player, bool) or not isinstance(player, int | str):
            raise InvalidRules("player_id_type", where=("players", index))
        if player in seen:
            raise InvalidRules("player_seated_twice", {"name": player_name(player, {})},
                               where=("players", index))
        seen.add(player)


def check_carried_in(carried_in: int) -> None:
    """A pot carried in from an earlier game of the evening is a whole amount, 0 or more."""
    if isinstance(carried_in, bool) or not isinstance(carried_in, int) or carried_in < 0:
        raise InvalidRules("carried_pot_negative", where=("carried_in",))


def rules_digest(rules: Rules) -> str:
    """A short fingerprint of every rule parameter, the same in every process: what a
    snapshot was taken under."""
    return rules.digest


class Table:
    """The game while it is played: the seating, the book of movements, the rounds."""

    def __init__(self, rules: Rules, players: Sequence[PlayerId],
                 names: Mapping[PlayerId, str]):
        self.rules = rules
        self.names = names
        self.order = tuple(players)
        self.accounts = {p: account(p) for p in self.order}
        self.balances = {account(p): 0 for p in self.order} | {POT: 0, KITTY: 0, CARRY: 0}
        self.transfers: list[Transfer] = []
        self.results: list[RoundResult] = []
        self.played = 0
        # Whether `results` and `transfers` hold the whole game (False once resumed).
        self.whole = True
        # None until the game has ended and its pot has been paid out.
        self.payouts: list[tuple[PlayerId, int]] | None = None

    @classmethod
    def of(cls, game: Game) -> Self:
        """The table that made `game`, to play on from."""
        table = game._table
        if not isinstance(table, cls):
            raise ValueError("play_on needs a Game made by replay, resume or play_on")
        return table

    @classmethod
    def play_on(cls, game: Game, entry: Any) -> Game:
        """`game` with the round `entry` played next: the same Game that replaying all its
        facts with `entry` added would give, at the cost of one round. `game` itself does
        not change; errors name fields inside `entry` (`ender`, `hands[2].cards`)."""
        table = cls.of(game).copy()
        table.play(entry)
        return table.finish()

    def play(self, entry: Any) -> None:  # pragma: no cover - every family's table has one
        raise NotImplementedError

    def finish(self) -> Game:  # pragma: no cover - every family's table has one
        raise NotImplementedError

    def copy(self) -> Self:
        """A table to play on that leaves this one (and the Game it made) as it is.

        What a round adds to is copied; the rules, the seating and what is never changed,
        only replaced, are shared. A family's table copies its own state too.
        """
        twin = copy.copy(self)
        twin.results, twin.transfers = list(self.results), list(self.transfers)
        twin.balances = dict(self.balances)
        return twin

    def name(self, player: PlayerId) -> str:
        """What messages call a player."""
        return player_name(player, self.names)

    def move(self, source: str, target: str, amount: int, kind: str, number: int | None):
        """Book one ledger movement; nothing moves for a zero amount."""
        if amount > 0:
            self.transfers.append(Transfer(source, target, amount, kind, number))
            self.balances[source] -= amount
            self.balances[target] += amount

    def buy_in(self, carried_in: int) -> None:
        """Every player's buy-in and a pot an earlier game of the evening left, into the pot
        before round 1 (docs/rules.md 5.2 and 5.7)."""
        for player in self.order:
            self.move(self.accounts[player], POT, self.rules.buy_in, "buy_in", None)
        self.move(CARRY, POT, carried_in, "carry_over", None)

    def pay_pot(self, shares: Iterable[tuple[PlayerId, int]]) -> None:
        """The pot paid out in these shares; the payouts are the shares that pay."""
        self.payouts = []
        for player, amount in shares:
            self.move(POT, self.accounts[player], amount, "payout", None)
            if amount:
                self.payouts.append((player, amount))

    # -- a snapshot's balances: each player's, then the pot and the carried pot ------------

    def balance_list(self) -> list[int]:
        return [self.balances[self.accounts[p]] for p in self.order] + [
            self.balances[POT], self.balances[CARRY]]

    def restore_balances(self, values: Sequence[Any]) -> None:
        *seats, pot, carry = values
        for player, balance in zip(self.order, seats, strict=True):
            self.balances[self.accounts[player]] = int(balance)
        self.balances[POT], self.balances[CARRY] = int(pot), int(carry)
