"""Hollywood Gin's sheet (docs/rules.md 8.12): the three games side by side, as on paper.
Each game has a pair of columns; a round's points are written in the games the round went
into, with each game's running total; under a game that is over stands its final account.
gin_sheet.py builds it into the Gin sheet of a Hollywood game."""

from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from ... import rules as engine

GAME_TITLE = gettext_lazy("Game %(number)s")


@dataclass
class GameColumn:
    """One player in one game: the total and boxes so far and, once over, the account."""

    name: str
    seat: int
    total: int
    boxes: int
    won: bool
    final: int | None
    account: str  # "100 + 100 + 20", as the match sheet writes it


@dataclass
class HollywoodGame:
    number: int
    title: str
    columns: list[GameColumn]
    over: bool
    winner: str | None


@dataclass
class HollywoodCell:
    """A player's cell of one game in one round: the points written there, if any, and the
    game's running total after the round."""

    points: int | None
    total: int
    first: bool  # the game's left column, where the sheet draws the line between games


@dataclass
class HollywoodRow:
    row: object  # the round's GinRow: how it ended, the link to correct it
    cells: list[HollywoodCell]
    games: str  # the games the round went into, "1, 2", or "" for none
    count: int  # how many


@dataclass
class HollywoodSheet:
    games: list[HollywoodGame]
    rows: list[HollywoodRow]
    ended: list[HollywoodGame]  # the games the last round ended
    winner: str | None  # the match's, once all three games are over
    games_won: int  # the winner's games, of three


def build_hollywood_sheet(view, match, rows, account) -> HollywoodSheet:
    """The three games of `match` with the rounds of `view.history` written in them;
    `rows` the rounds' GinRows by number, `account(match, side)` a final account's parts."""
    seat_of = {seat.player_id: index for index, seat in enumerate(view.seats)}
    games = [
        HollywoodGame(
            game.number, str(GAME_TITLE) % {"number": game.number},
            [GameColumn(view.name(player), seat_of[player], game.totals[side],
                        game.boxes[side], game.winner == player,
                        None if game.finals is None else game.finals[side],
                        "" if game.finals is None else account(game, side))
             for side, player in enumerate(match.players)],
            game.over, view.name(game.winner) if game.over else None,
        )
        for game in match.games
    ]
    results = view.history.rounds
    written_rows = _written(match, results, rows)
    last = results[-1].number if results else None
    return HollywoodSheet(
        games, written_rows,
        [sheet for sheet, game in zip(games, match.games, strict=True)
         if last is not None and game.ended_in == last],
        view.name(match.winner) if match.over else None,
        sum(1 for game in match.games if match.over and game.winner == match.winner),
    )


def _written(match, results, rows) -> list[HollywoodRow]:
    """Each round again in order, its winner's wins counted, so that it is written where
    the engine wrote it (engine.games_written_in) with the running totals after it."""
    wins = dict.fromkeys(match.players, 0)
    running = {game.number: [0, 0] for game in match.games}
    written_rows = []
    for result in results:
        written, side, points = (), 0, 0
        if result.winner is not None:
            wins[result.winner] += 1
            side = match.side(result.winner)
            points = next(line.points for line in result.results
                          if line.player == result.winner)
            written = engine.games_written_in(match.games, wins[result.winner], result.number)
        cells = []
        for game in match.games:
            totals = running[game.number]
            if game.number in written:
                totals[side] += points
            cells += [HollywoodCell(points if game.number in written and column == side
                                    else None, totals[column], column == 0)
                      for column in (0, 1)]
        written_rows.append(HollywoodRow(rows[result.number], cells,
                                         ", ".join(map(str, written)), len(written)))
    return written_rows
