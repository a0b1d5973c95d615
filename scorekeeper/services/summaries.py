"""What a finished game or an evening comes to: decided here once, for the sheet, the API,
the exports and the reports.

A game settles alone when its players' nets sum to zero. A game that took in a pot
carried over from an earlier game of its session, or left its pot standing for a
later one, does not: its money settles with the evening (docs/rules.md 5.7).
"""

from dataclasses import dataclass
from typing import NamedTuple

from ledger import services as ledger
from ledger.settlement import Payment, settle

from .. import rules as engine
from ..models import Game, Seat, TableSession
from ..rules import GameStatus
from .reading import GameView, load_game


class Net(NamedTuple):
    """A player's money result: minor units received minus paid."""

    player: int
    amount: int


@dataclass(frozen=True)
class Settlement:
    """A game's money: each player's net and, once it settles alone, who pays whom."""

    final: bool  # the game is over and paid out
    nets: dict[int, int]  # player id -> minor units, received minus paid
    payments: list[Payment]
    with_session: bool  # a carried pot came in or stays: the evening settles it

    @property
    def net_lines(self) -> list[Net]:
        return [Net(player, amount) for player, amount in self.nets.items()]


def player_nets(view: GameView) -> dict[int, int]:
    """Each seated player's money result in this game (received minus paid)."""
    balances = {} if view.void else view.state.balances
    return {pid: balances.get(engine.account(pid), 0) for pid in view.player_ids}


def settlement_for(view: GameView) -> Settlement:
    """The game's nets and, when it is over and settles alone, the fewest payments."""
    nets = player_nets(view)
    final = view.state.status == GameStatus.FINISHED
    with_session = sum(nets.values()) != 0
    payments = settle(_open(nets)) if final and not with_session else []
    return Settlement(final, nets, payments, with_session)


@dataclass(frozen=True)
class SessionSummary:
    """An evening: its games in order, the pot carried between them, and the settling up."""

    session: TableSession
    games: list[Game]
    carried: int  # what the session's carried pot holds now
    nets: dict[int, int]  # player id -> minor units over every game of the evening
    payments: list[Payment]
    final: bool  # every game ended and no pot is left standing

    @property
    def net_lines(self) -> list[Net]:
        return [Net(player, amount) for player, amount in self.nets.items()]


def session_summary(session: TableSession) -> SessionSummary:
    """The evening's games, carried pot, each player's net and who pays whom."""
    games = list(session.games.order_by("id"))
    game_ids = [game.pk for game in games]
    # In seat order, game by game: the balances come in whatever order the database sums
    # them, and who pays whom follows the order of the nets.
    players = (Seat.objects.filter(game_id__in=game_ids).order_by("game_id", "number")
               .values_list("player_id", flat=True))
    balances = ledger.balances_of_games(game_ids)
    nets: dict[int, int] = {}
    for player in players:
        key = engine.account(player)
        if player not in nets and key in balances:
            nets[player] = balances[key]
    carried = ledger.carried(session.pk)
    # A game whose pot was carried over is done once a later game took the pot (carried 0).
    # A void game (deleted or voided) is done too: its money was all given back.
    final = bool(games) and not carried and all(
        GameStatus(game.status).ended or game.status == GameStatus.VOID for game in games)
    payments = settle(_open(nets)) if final else []
    return SessionSummary(session, games, carried, nets, payments, final)


def _open(nets: dict[int, int]) -> dict[int, int]:
    return {player: amount for player, amount in nets.items() if amount}


def verify_game(game: Game | GameView) -> list[str]:
    """Differences between the game's ledger and what its facts call for; [] when it agrees."""
    view = game if isinstance(game, GameView) else load_game(game)
    # A void game's every movement was reversed: it should hold nothing, net.
    return ledger.verify(view.game.pk, [] if view.void else view.history.transfers)
