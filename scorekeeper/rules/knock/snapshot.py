"""A knock game's state as plain data, to go on from without replaying its rounds.

`snapshot(game)` holds what the next round and the next re-buy need, and no more: each
seat's total, state, re-buy and out round; the status, the decider's contenders, the
dealer, the winner; every account's balance; the open re-buy break; the carried pot and
the payouts; the number of rounds played. Its size grows with the players, never with
the rounds. Players are named by their seat (the index in `players`), so ids that are
numbers or texts both come back as they were.

`resume(rules, players, snapshot)` gives the Game that snapshot was taken of, with the
right `round_count` but without the earlier rounds and transfers: `rounds` and
`transfers` hold only what is played on after it. A snapshot of another format, rule
set or seating is refused with SnapshotError: replay the facts instead.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import Game, PlayerId, RebuyOffer, rules_digest
from ..errors import Message, SnapshotError
from ..presets import Rules
from ..status import GameStatus, PlayerState
from .rebuy import Break
from .replay import KnockTable

SNAPSHOT_FORMAT = 1


def snapshot(game: Game) -> dict[str, Any]:
    """The state of `game` as JSON-able data of a size set by the players, not the rounds."""
    table = KnockTable.of(game)
    seat_of = {player: index for index, player in enumerate(table.order)}

    def seat(player: PlayerId | None) -> int | None:
        return None if player is None else seat_of[player]

    rebuys = table.rebuys
    closed = rebuys.closed
    return {
        "format": SNAPSHOT_FORMAT,
        "family": "knock",
        "rules": rules_digest(table.rules),
        "players": list(table.order),
        "rounds": table.played,
        "status": table.status.value,
        "seats": [[s.total, s.state.value, s.rebought, s.out_round]
                  for s in (table.seats[p] for p in table.order)],
        "contenders": [seat_of[p] for p in table.contenders],
        "dealer": seat(table.dealer),
        "winner": seat(table.winner),
        "balances": {
            "players": [table.balances[table.accounts[p]] for p in table.order],
            "pot": table.balances["pot"], "kitty": table.balances["kitty"],
            "carry": table.balances["carry"],
        },
        "carried_out": table.carried_out,
        "payouts": None if table.payouts is None else [
            [seat_of[p], amount] for p, amount in table.payouts],
        "break": {
            "closed": None if closed is None else {"code": closed.code,
                                                   "params": dict(closed.params)},
            "offers": [[seat_of[o.player], o.target, o.cost] for o in rebuys.offers.values()],
            "totals_in": [[seat_of[p], total] for p, total in rebuys.totals_in.items()],
        },
    }


def resume(
    rules: Rules,
    players: Sequence[PlayerId],
    data: Mapping[str, Any],
    *,
    carried_in: int = 0,
    closed: bool = False,
    names: Mapping[PlayerId, str] | None = None,
) -> Game:
    """The Game `data` (a snapshot) was taken of, ready for play_on and take_rebuy.

    The arguments are replay's; SnapshotError when `data` is of another format, family,
    rule set or seating.
    """
    table = KnockTable(rules, players, carried_in, closed, names or {})
    if not isinstance(data, Mapping) or data.get("format") != SNAPSHOT_FORMAT:
        found = data.get("format") if isinstance(data, Mapping) else None
        raise SnapshotError(f"snapshot format {found!r} is not {SNAPSHOT_FORMAT}: replay the "
                            "game from its facts")
    if data.get("family") != "knock" or data.get("rules") != rules_digest(rules):
        raise SnapshotError("the snapshot is of other rules: replay the game from its facts")
    if data.get("players") != list(table.order):
        raise SnapshotError("the snapshot is of another seating: replay the game from its "
                            "facts")
    table.whole = False
    try:
        _restore(table, data)
    except (KeyError, IndexError, TypeError, ValueError) as error:
        raise SnapshotError(f"the snapshot cannot be read ({error!r}): replay the game from "
                            "its facts") from None
    return table.finish()


def _restore(table: KnockTable, data: Mapping[str, Any]) -> None:
    """Put the snapshot's state onto a table just seated."""
    order = table.order

    def player(seat: int | None) -> PlayerId | None:
        return None if seat is None else order[seat]

    table.played = int(data["rounds"])
    table.status = GameStatus(data["status"])
    for seat, (total, state, rebought, out_round) in zip(
            table.seats.values(), data["seats"], strict=True):
        seat.total, seat.state = int(total), PlayerState(state)
        seat.rebought, seat.out_round = bool(rebought), out_round
    table.contenders = tuple(order[seat] for seat in data["contenders"])
    table.dealer, table.winner = player(data["dealer"]), player(data["winner"])
    balances = data["balances"]
    for who, balance in zip(order, balances["players"], strict=True):
        table.balances[table.accounts[who]] = int(balance)
    for key in ("pot", "kitty", "carry"):
        table.balances[key] = int(balances[key])
    table.carried_out = int(data["carried_out"])
    payouts = data["payouts"]
    table.payouts = None if payouts is None else [(order[s], int(a)) for s, a in payouts]
    rebuys = data["break"]
    closed = rebuys["closed"]
    table.rebuys = Break(
        table.played,
        None if closed is None else Message(closed["code"], dict(closed["params"])),
        {order[s]: RebuyOffer(order[s], int(target), int(cost))
         for s, target, cost in rebuys["offers"]},
        {order[s]: int(total) for s, total in rebuys["totals_in"]},
    )
