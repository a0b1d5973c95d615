"""Gin Rummy's snapshot (docs/rules.md 8): the state of a game as plain data, as large as
its matches, and the game resumed from it. Kept apart from the rules in gin.py, which
it reads through GinTable and Match."""

from collections.abc import Mapping, Sequence
from typing import Any

from .core import Game, PlayerId, rules_digest
from .errors import InvalidRules, SnapshotError
from .gin import GinTable, Match
from .presets import Rules

SNAPSHOT_FORMAT = 1


def snapshot(game: Game) -> dict[str, Any]:
    """The state of a Gin game as JSON-able data, as large as its matches."""
    table = GinTable.of(game)
    seat_of = {player: index for index, player in enumerate(table.order)}

    def seat(player):
        return None if player is None else seat_of[player]

    def row(m: Match) -> list:
        # A Hollywood match's three games follow as an eleventh item, each a row of its own
        # (docs/rules.md 8.12); other matches keep the ten items they always had.
        games = [[row(game) for game in m.games]] if m.games else []
        return [m.number, [seat_of[p] for p in m.players], list(m.totals), list(m.boxes),
                m.rounds, seat(m.dealer), seat(m.reached),
                None if m.finals is None else list(m.finals), seat(m.winner), m.ended_in,
                *games]

    return {
        "format": SNAPSHOT_FORMAT,
        "family": "gin",
        "rules": rules_digest(table.rules),
        "players": list(table.order),
        "rounds": table.played,
        "matches": [row(m) for m in table.matches],
        "balances": table.balance_list(),
        "payouts": None if table.payouts is None else [
            [seat_of[p], amount] for p, amount in table.payouts],
    }


def resume(rules: Rules, players: Sequence[PlayerId], data: Mapping[str, Any], *,
           carried_in: int = 0, closed: bool = False,
           names: Mapping[PlayerId, str] | None = None) -> Game:
    """The Game a snapshot was taken of; SnapshotError for another format, rule set or
    seating."""
    table = GinTable(rules, players, carried_in, names or {})
    if closed:  # as replay: a Gin game is never closed by hand
        raise InvalidRules("closed_with_pot", where=("closed",))
    if not isinstance(data, Mapping) or data.get("format") != SNAPSHOT_FORMAT:
        raise SnapshotError("the snapshot is of another format: replay the game")
    if data.get("family") != "gin" or data.get("rules") != rules_digest(rules):
        raise SnapshotError("the snapshot is of other rules: replay the game")
    if data.get("players") != list(table.order):
        raise SnapshotError("the snapshot is of another seating: replay the game")
    order = table.order

    def player(seat):
        return None if seat is None else order[seat]

    def match(row) -> Match:
        (number, (a, b), t, x, rounds, dealer, reached, finals, winner, ended_in,
         *games) = row
        return Match(int(number), (order[a], order[b]), (int(t[0]), int(t[1])),
                     (int(x[0]), int(x[1])), int(rounds), player(dealer), player(reached),
                     None if finals is None else (int(finals[0]), int(finals[1])),
                     player(winner), ended_in,
                     tuple(match(game) for game in games[0]) if games else ())

    try:
        table.played = int(data["rounds"])
        table.matches = [match(row) for row in data["matches"]]
        table.restore_balances(data["balances"])
        payouts = data["payouts"]
        table.payouts = None if payouts is None else [(order[s], int(a)) for s, a in payouts]
    except (KeyError, IndexError, TypeError, ValueError) as error:
        raise SnapshotError(f"the snapshot cannot be read ({error!r}): replay the game") \
            from None
    table.whole = False
    return table.finish()
