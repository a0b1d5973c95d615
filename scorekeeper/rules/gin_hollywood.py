"""Hollywood Gin (docs/rules.md 8.12): one match of two players scored in three games at
once. A player's first won round is written in game 1, their second in games 1 and 2, and
every later one in each of the three still open. Each game ends at the game target with
its own final account (game bonus, boxes, the shutout) and its own stake; the match ends
when all three have, and its winner is the one who won two of them (the readings of
8.12).

A game is a gin.Match of the same two players (numbered 1 to 3, nobody dealing: the
match's winner of a round deals the next), so that it ends as any match does
(GinTable.end_match). gin.py plays it through HollywoodPlay; this module says what it is.
"""

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .core import PlayerId
from .errors import InvalidRules
from .presets import Rules

# The three games of the paper sheet, left to right.
GAME_NUMBERS = (1, 2, 3)


def check_hollywood(rules: Rules) -> None:
    """Hollywood is one match to the target (docs/rules.md 8.12): refused with a tournament or a
    ring game, naming `hollywood`."""
    if not rules.hollywood:
        return
    if rules.tournament:
        raise InvalidRules("hollywood_tournament", where=("rules", "hollywood"),
                           code="out_of_range")
    if rules.rounds_to_play:
        raise InvalidRules("hollywood_ring_game", where=("rules", "hollywood"),
                           code="out_of_range")


def hollywood_games(match: Any) -> tuple:
    """The three games of a Hollywood match about to start: its players, nothing written."""
    return tuple(replace(match, number=number, dealer=None) for number in GAME_NUMBERS)


def games_written_in(games: Sequence[Any], win: int, number: int) -> tuple[int, ...]:
    """The games a player's `win`-th won round, round `number`, is written in: games 1 to
    `win` (all three from the third win on) that had not ended before the round. A first
    win after game 1 has ended is written nowhere (docs/rules.md 8.12)."""
    return tuple(game.number for game in games
                 if game.number <= win and (game.ended_in is None or game.ended_in >= number))


def games_won(games: Sequence[Any], player: PlayerId) -> int:
    return sum(1 for game in games if game.winner == player)


class HollywoodPlay:
    """GinTable's Hollywood part: a won round written into its games, a game ended at the
    target, the match ended with the third game."""

    rules: Rules

    def end_match(self, match: Any, number: int) -> Any:  # GinTable's: final accounts, stake
        raise NotImplementedError

    def write_hollywood(self, match: Any, winner: PlayerId, points: int, number: int) -> Any:
        """`match` (its boxes already counting this win) with round `number`'s `points`
        written for `winner` in the games it goes into; over once all three games are."""
        side = match.side(winner)
        chosen = games_written_in(match.games, match.boxes[side], number)
        games = tuple(self.write_game(game, side, points, number)
                      if game.number in chosen else game for game in match.games)
        if not all(game.over for game in games):
            return replace(match, games=games)
        # Each game's stake is paid as it ends; the match's finals add them up, so their
        # difference is what changed hands over the three games.
        finals = (sum(game.finals[0] for game in games), sum(game.finals[1] for game in games))
        winner = max(match.players, key=lambda player: games_won(games, player))
        return replace(match, games=games, finals=finals, winner=winner, dealer=None,
                       ended_in=number)

    def write_game(self, game: Any, side: int, points: int, number: int) -> Any:
        """One game with the round written in it: the points on the total, one box; at the
        target the game ends as a match does (docs/rules.md 8.6)."""
        totals, boxes = list(game.totals), list(game.boxes)
        totals[side] += points
        boxes[side] += 1
        game = replace(game, totals=(totals[0], totals[1]), boxes=(boxes[0], boxes[1]),
                       rounds=game.rounds + 1)
        if max(game.totals) >= self.rules.game_target:
            game = self.end_match(game, number)
        return game
