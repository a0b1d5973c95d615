"""The season's books: each player's games, placings, money and play over a period, and
each game's money, for the report page (scorekeeper/web/report.py) and its PDF.

A game counts once it has ended, as in the club report (services.reports): finished, or
carried over to the next game of its evening. Its date is the day it started, in the
site's time zone.

Where each figure comes from:

- the money (net, buy-ins, re-buys, what each game took in and paid out) from the
  ledger, summed per game and account (`ledger.flows`), a chunk of games per query;
- the play (places, knocks, Rummies, undercuts, deadwood) from the rules engine: the
  rounds of a chunk of games are read in three queries and each game is replayed in
  memory. What a game comes to is kept in Django's cache "season" (settings.CACHES) under
  the game's version (every write bumps it, so a kept entry is never stale): the next
  report replays only the games written since.

So a report reads a fixed number of queries per 500 games, never one per game.
"""

import json
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from django.core.cache import caches

from ledger import services as ledger

from .. import rules as engine
from ..models import Game, Rebuy, Seat
from ..rules import CARRY, KITTY, POT
from . import tournaments
from .days import started_on_days
from .kept import state_key
from .reading import counting_rounds
from .reports import ENDED

CHUNK = 500  # games read per query
CACHE_SECONDS = 7 * 24 * 3600
TABLE = (POT, KITTY)  # where the players' money goes while a game is played
# The kinds that move money from the players to the table (docs/rules.md 5.1).
PAID_IN = ("buy_in", "rebuy", "kitty_in", "undercut_tie")
_CACHE_FORMAT = 1  # bumped when GamePlay changes shape


def games_between(club_id: int, start: date, end: date):
    """The club's ended games that started from `start` to `end` (both included), oldest
    first."""
    return (Game.objects.filter(started_on_days(start, end), club_id=club_id, status__in=ENDED)
            .defer("snapshot").order_by("created_at", "id"))


# --- What one game comes to ------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerPlay:
    """One player's play in one game (the engine's reading of the facts)."""

    place: int | None
    rebought: bool
    knocks: int  # rounds the player ended: knocked, went Rummy or gin, or went out
    rummies: int  # of those, with 0 deadwood (Rummy; in Gin, gin)
    undercuts: int  # rounds the player won although another ended them
    deadwood: int  # summed over the rounds the player held a hand
    hands: int


@dataclass(frozen=True)
class GamePlay:
    """What the rules engine makes of a game's facts: each seat's play; `readable` False
    when the facts could not be replayed (the report then counts its money only)."""

    players: dict[int, PlayerPlay]
    readable: bool = True


def _play_of(state) -> GamePlay:
    knocks: Counter = Counter()
    rummies: Counter = Counter()
    undercuts: Counter = Counter()
    deadwood: Counter = Counter()
    hands: Counter = Counter()
    for result in state.rounds:
        if result.void:
            continue
        knocks[result.ender] += 1
        if result.rummy or result.gin:
            rummies[result.ender] += 1
        if result.undercut and result.winner is not None and result.winner != result.ender:
            undercuts[result.winner] += 1
        for line in result.results:
            deadwood[line.player] += line.deadwood
            hands[line.player] += 1
    return GamePlay({
        standing.player: PlayerPlay(standing.place, standing.rebought, knocks[standing.player],
                                    rummies[standing.player], undercuts[standing.player],
                                    deadwood[standing.player], hands[standing.player])
        for standing in state.standings
    })


def _cache_key(game: Game) -> str:
    return f"season:{_CACHE_FORMAT}:{state_key(game)}"


def play_of_games(games: list[Game], seats: dict[int, list[Seat]]) -> dict[int, GamePlay]:
    """Each game's play, from the cache or replayed from its facts (a chunk at a time)."""
    keys = {game.pk: _cache_key(game) for game in games}
    kept_plays = caches["season"]
    kept = kept_plays.get_many(list(keys.values()))
    plays = {pk: kept[key] for pk, key in keys.items() if key in kept}
    missing = [game for game in games if game.pk not in plays]
    for offset in range(0, len(missing), CHUNK):
        chunk = missing[offset:offset + CHUNK]
        fresh = {pk: _play_of(state) if state is not None else GamePlay({}, readable=False)
                 for pk, state in replay_games(chunk, seats).items()}
        kept_plays.set_many({keys[pk]: play for pk, play in fresh.items()}, CACHE_SECONDS)
        plays |= fresh
    return plays


def replay_games(games: list[Game], seats: dict[int, list[Seat]]) -> dict[int, object]:
    """The engine's whole game for each of `games` (None where the facts do not replay),
    from three queries for all of them."""
    ids = [game.pk for game in games]
    rounds = counting_rounds(ids)
    rebuys: dict[int, list] = defaultdict(list)
    for game_id, player, after in Rebuy.objects.filter(
            game_id__in=ids, undone_at__isnull=True).values_list(
            "game_id", "player_id", "after_round"):
        rebuys[game_id].append(engine.RebuyEntry(player, after))
    parsed: dict[str, engine.Rules] = {}
    states = {}
    for game in games:
        text = json.dumps(game.rules, sort_keys=True)
        try:
            rules = parsed.get(text) or parsed.setdefault(text, engine.Rules.from_dict(game.rules))
            states[game.pk] = engine.replay(
                rules, [seat.player_id for seat in seats.get(game.pk, [])],
                [facts.entry(rules) for facts in rounds.get(game.pk, ())],
                rebuys.get(game.pk, []),
                carried_in=game.carried_in, closed=game.closed)
        except (ValueError, engine.RulesError):
            states[game.pk] = None  # facts this engine cannot read: shown, never guessed
    return states


# --- The season ------------------------------------------------------------------------------


@dataclass
class Money:
    """A player's money in one currency over the period, minor units."""

    net: int = 0
    buy_ins: int = 0
    rebuys: int = 0
    largest_win: int = 0  # the best net of one game, when above 0
    largest_loss: int = 0  # the worst net of one game, when below 0


@dataclass
class PlayerSeason:
    player: int
    name: str
    games: int = 0
    places: Counter = field(default_factory=Counter)  # place -> games
    rebuy_count: int = 0
    knocks: int = 0
    rummies: int = 0
    undercuts: int = 0
    deadwood: int = 0
    hands: int = 0
    money: dict[str, Money] = field(default_factory=dict)  # by currency
    # Club tournaments finished in the period (services.tournaments): finals won, and the
    # prizes paid out to the player, by currency (the entry fees are not taken off).
    tournament_wins: int = 0
    prizes: dict[str, int] = field(default_factory=dict)

    @property
    def wins(self) -> int:
        return self.places[1]

    @property
    def average_deadwood(self) -> Decimal | None:
        """The deadwood of an average hand, to one decimal; None without a hand."""
        if not self.hands:
            return None
        return (Decimal(self.deadwood) / self.hands).quantize(Decimal("0.1"), ROUND_HALF_UP)


@dataclass
class GameSeason:
    """One game of the period: its players in seat order and its money."""

    game: Game
    names: list[str]
    paid_in: int  # what the players put on the table: buy-ins, re-buys, kitty, undercut ties
    paid_out: int  # what the table paid the players: the pot, the kitty
    carried_in: int
    carried_out: int
    nets: dict[int, int]  # player id -> net in this game


@dataclass
class Season:
    start: date
    end: date
    players: list[PlayerSeason]  # by name
    games: list[GameSeason]  # oldest first
    unreadable: list[int]  # games whose facts did not replay: their play is not counted
    tournaments: list = field(default_factory=list)  # tournaments.TournamentView, finished

    @property
    def currencies(self) -> list[str]:
        return sorted({line.game.currency for line in self.games})


def season(club_id: int, start: date, end: date) -> Season:
    """Every figure of the season's books, from a fixed number of queries per 500 games."""
    games = list(games_between(club_id, start, end))
    seats: dict[int, list[Seat]] = defaultdict(list)
    lines: list[GameSeason] = []
    players: dict[int, PlayerSeason] = {}
    unreadable = []
    for offset in range(0, len(games), CHUNK):
        chunk = games[offset:offset + CHUNK]
        ids = [game.pk for game in chunk]
        for seat in Seat.objects.filter(game_id__in=ids).select_related("player").order_by(
                "game_id", "number"):
            seats[seat.game_id].append(seat)
        flows = ledger.flows(ids)
        plays = play_of_games(chunk, seats)
        for game in chunk:
            line = _game_line(game, seats[game.pk], flows.get(game.pk, []))
            lines.append(line)
            play = plays[game.pk]
            if not play.readable:
                unreadable.append(game.pk)
            for seat in seats[game.pk]:
                who = players.get(seat.player_id) or players.setdefault(
                    seat.player_id, PlayerSeason(seat.player_id, seat.player.name))
                _add(who, game, line, play.players.get(seat.player_id),
                     flows.get(game.pk, []))
    finished = tournaments.finished_between(club_id, start, end)
    tournaments.add_to_season(finished, players, PlayerSeason)
    ordered = sorted(players.values(), key=lambda p: (p.name.casefold(), p.player))
    return Season(start, end, ordered, lines, unreadable, finished)


def _game_line(game: Game, seats: list[Seat], flows: list[tuple]) -> GameSeason:
    accounts = {engine.account(seat.player_id): seat.player_id for seat in seats}
    nets: dict[int, int] = {seat.player_id: 0 for seat in seats}
    paid_in = paid_out = into_carry = 0
    for kind, source, target, total in flows:
        if source in accounts:
            nets[accounts[source]] -= total
        if target in accounts:
            nets[accounts[target]] += total
        # A reversal is booked the other way round under the same kind: it takes its
        # entry back out of the sum it was counted in.
        if source in accounts and target in TABLE:
            if kind in PAID_IN:
                paid_in += total
            else:
                paid_out -= total
        elif source in TABLE and target in accounts:
            if kind in PAID_IN:
                paid_in -= total
            else:
                paid_out += total
        elif target == CARRY:
            into_carry += total
        elif source == CARRY:
            into_carry -= total
    return GameSeason(game, [seat.player.name for seat in seats], paid_in, paid_out,
                      game.carried_in, into_carry + game.carried_in, nets)


def _add(who: PlayerSeason, game: Game, line: GameSeason, play: PlayerPlay | None,
         flows: Iterable[tuple]) -> None:
    who.games += 1
    money = who.money.get(game.currency) or who.money.setdefault(game.currency, Money())
    net = line.nets.get(who.player, 0)
    money.net += net
    money.largest_win = max(money.largest_win, net)
    money.largest_loss = min(money.largest_loss, net)
    key = engine.account(who.player)
    for kind, source, target, total in flows:
        if kind not in ("buy_in", "rebuy"):
            continue
        # Paid in counts positive, a reversal (money given back) negative.
        amount = total if source == key else -total if target == key else 0
        if kind == "buy_in":
            money.buy_ins += amount
        else:
            money.rebuys += amount
    if play is None:
        return
    if play.place is not None:
        who.places[play.place] += 1
    who.rebuy_count += play.rebought
    who.knocks += play.knocks
    who.rummies += play.rummies
    who.undercuts += play.undercuts
    who.deadwood += play.deadwood
    who.hands += play.hands
