"""The club's audit report: what every ended game paid out, and each player's result.

Computed with SQL aggregates over the ledger entries and the facts, in a fixed
number of queries whatever the number of games: no game is replayed. (The full
replay check of one game is `verify_game`, GET /games/{id}/verify/.)

A page's games are summed straight from their entries. Each player's result over
the whole club would need every entry of the club (some 40 per game), so it is
summed from ReportLine instead: one row per seat and game, summed from the ledger
once and rewritten only when the game's entries or status changed. Entries are
never updated or deleted, so their count tells exactly when that is; `refresh`
compares it for every game of the club in one query before the report is read.

A game counts once it has ended: "finished" (paid out) or "carried_over" (its pot
went to the next game of the session, whose winner is paid it). A running game's
money is still in its pot and does not count yet.
"""

import csv
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import IntegrityError, connection, transaction
from django.db.models import Count, F, OuterRef, Q, QuerySet, Sum

from ledger import services as ledger

from .. import rules as engine
from ..models import Game, Player, ReportGame, ReportLine, Seat
from ..rules import CARRY, ENDED, KITTY, POT, GameStatus, format_money, parse_money
from . import tournaments

PAID_OUT = ("payout", "kitty_final")  # the kinds that take money off the table to a player
TABLE = (POT, KITTY, CARRY)  # the accounts of a table besides its players'


def ended_games(club_id: int) -> QuerySet:
    """The club's ended games, newest first (the report's order)."""
    return Game.objects.filter(club_id=club_id, status__in=ENDED).order_by("-id")


@dataclass
class PlayerInGame:
    player: int
    name: str
    seat: int
    payout: int = 0  # received at the end: payout and kitty_final, net of reversals
    net: int = 0  # the player's account balance in this game


@dataclass
class GameLine:
    game: Game
    players: list[PlayerInGame]
    paid_out: int
    verified: bool
    problems: list[str] = field(default_factory=list)


def game_lines(games: list[Game]) -> list[GameLine]:
    """One line per game: two queries for any number of games."""
    ids = [game.pk for game in games]
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(game_id__in=ids).select_related("player").order_by(
        "game_id", "number"
    ):
        seats[seat.game_id].append(seat)
    flows = ledger.flows(ids)
    return [_line(game, seats[game.pk], flows.get(game.pk, [])) for game in games]


def _balances(flows: list[tuple]) -> tuple[dict[str, int], dict[str, int]]:
    """Each account's balance, and what each account received as payout (net of reversals)."""
    balance: dict[str, int] = defaultdict(int)
    paid: dict[str, int] = defaultdict(int)
    for kind, source, target, total in flows:
        balance[source] -= total
        balance[target] += total
        if kind in PAID_OUT:
            paid[source] -= total
            paid[target] += total
    return balance, paid


def _line(game: Game, seats: list[Seat], flows: list[tuple]) -> GameLine:
    # Each seat's account key: the ledger's keys are opaque, the seats say whose they are.
    players = {engine.account(seat.player_id): PlayerInGame(seat.player_id, seat.player.name,
                                                            seat.number)
               for seat in seats}  # fmt: skip
    balance, paid = _balances(flows)
    buy_ins = sum(total if target == POT else -total
                  for kind, _, target, total in flows if kind == "buy_in")  # fmt: skip
    problems = []
    for key, amount in balance.items():
        if key in players:
            players[key].net = amount
            players[key].payout = paid.get(key, 0)
        elif key not in TABLE:
            problems.append(f"{key} is not an account of this game's table")
    paid_out = sum(amount for key, amount in paid.items() if key in players)
    if balance.get(POT, 0) or balance.get(KITTY, 0):
        problems.append("the pot or the kitty is not empty")
    carry = balance.get(CARRY, 0)  # what went out to the session minus what came in
    if game.status == GameStatus.FINISHED and carry != -game.carried_in:
        problems.append("the carried pot taken in differs from the game's carried_in")
    if game.status == GameStatus.CARRIED_OVER and carry + game.carried_in <= 0:
        problems.append("nothing was carried over")
    rules = game.rules if isinstance(game.rules, dict) else {}
    if rules.get("mode", "pot") == "pot":
        try:
            expected = parse_money(rules.get("buy_in", "0")) * len(seats)
        except Exception:  # a rule set this code cannot read is reported, not raised
            expected = None
        if buy_ins != expected:
            problems.append("the buy-ins do not match the seats")
    return GameLine(game, list(players.values()), paid_out, not problems, problems)


@dataclass
class PlayerLine:
    player: int
    name: str
    currency: str
    games: int = 0
    paid_out: int = 0
    net: int = 0


def player_lines(club_id: int) -> list[PlayerLine]:
    """Each player's games and money over the club's ended games, per currency.

    One aggregate over the report cache (one row per seat), after `refresh`.
    """
    refresh(club_id)
    names = dict(Player.objects.filter(club_id=club_id).values_list("pk", "name"))
    rows = (
        ReportLine.objects.filter(club_id=club_id, ended=True)
        .values_list("player_id", "currency")
        .annotate(games=Count("id"), net=Sum("net"), paid_out=Sum("paid_out"))
        .order_by()
    )
    lines = [PlayerLine(player, names.get(player, f"Player {player}"), currency, games,
                        paid_out, net)
             for player, currency, games, net, paid_out in rows]  # fmt: skip
    return sorted(lines, key=lambda item: (item.name.casefold(), item.currency))


@dataclass
class TournamentRecord:
    """A player's club tournaments: finals won and the prizes paid, by currency (the entry
    fees are not taken off), as the season's books count them (services.season)."""

    tournament_wins: int = 0
    prizes: dict[str, int] = field(default_factory=dict)


def tournament_records(club_id: int) -> tuple[list, dict[int, TournamentRecord]]:
    """The club's finished tournaments, oldest first (tournaments.TournamentView), and each
    player's record from them, by player id."""
    finished = tournaments.finished_in_club(club_id)
    records: dict[int, TournamentRecord] = {}
    tournaments.add_to_season(finished, records, lambda player, name: TournamentRecord())
    return finished, records


REFRESH_CHUNK = 1000  # games summed per query


def refresh(club_id: int) -> int:
    """Bring the report cache of the club's games up to date; returns how many were stale.

    One query finds the games whose entry count or status differs from what their
    cached lines were summed from (usually none); only those are summed again.
    """
    if _fresh(club_id):
        return 0
    games = Game.objects.filter(club_id=club_id)
    stale = list(
        games.annotate(entries=ledger.entry_count(OuterRef("pk")))
        .filter(Q(report_cache__isnull=True) | ~Q(report_cache__entries=F("entries"))
                | ~Q(report_cache__status=F("status")))
        .values_list("pk", "status", "currency", "entries")
    )
    for offset in range(0, len(stale), REFRESH_CHUNK):
        _store(club_id, stale[offset:offset + REFRESH_CHUNK])
    return len(stale)


def _fresh(club_id: int) -> bool:
    """Whether every game of the club has cached lines of its current status and entries.

    No game's count can have shrunk (entries are only added), so the club's total
    equal to the cached total means equal counts everywhere: one row back.
    """
    game, cache = (model._meta.db_table for model in (Game, ReportGame))
    entry = ledger.entry_table()
    with connection.cursor() as cursor:
        cursor.execute(
            f"""SELECT SUM(CASE WHEN r.game_id IS NULL OR r.status <> g.status
                               THEN 1 ELSE 0 END),
                       COALESCE(SUM(r.entries), 0),
                       COALESCE(SUM((SELECT COUNT(*) FROM {entry} e WHERE e.game_id = g.id)), 0)
                FROM {game} g LEFT JOIN {cache} r ON r.game_id = g.id
                WHERE g.club_id = %s""",
            [club_id],
        )
        unknown, cached, current = cursor.fetchone()
    return not unknown and cached == current


def _store(club_id: int, games: list[tuple]) -> None:
    # The counts were read before the entries: a line summed from more entries than its
    # count says is summed again next time, never kept stale.
    ids = [game[0] for game in games]
    seats: dict[int, list[int]] = defaultdict(list)
    for game_id, player_id in Seat.objects.filter(game_id__in=ids).values_list(
        "game_id", "player_id"
    ):
        seats[game_id].append(player_id)
    flows = ledger.flows(ids)
    lines, headers = [], []
    for game_id, status, currency, entries in games:
        balance, paid = _balances(flows.get(game_id, []))
        for player in seats[game_id]:
            key = engine.account(player)
            lines.append(ReportLine(
                game_id=game_id, club_id=club_id, player_id=player, currency=currency,
                ended=status in ENDED, net=balance.get(key, 0), paid_out=paid.get(key, 0)))
        headers.append(ReportGame(game_id=game_id, entries=entries, status=status))
    try:
        with transaction.atomic():
            ReportLine.objects.filter(game_id__in=ids).delete()
            ReportGame.objects.filter(game_id__in=ids).delete()
            ReportLine.objects.bulk_create(lines)
            ReportGame.objects.bulk_create(headers)
    except IntegrityError:
        pass  # a concurrent report stored these games meanwhile; the next read checks again


# --- The games table as CSV rows (the season's books page; the API's ?format=csv) ----------

GAME_CSV_COLUMNS = ["game_id", "date", "game", "session_id", "status", "currency", "verified",
                    "paid_out", "seat", "player_id", "player", "payout", "net"]
CSV_CHUNK = 500  # games per query while streaming


def game_csv_rows(games: QuerySet) -> Iterator[list]:
    """One row per game and player of `games` (ended games), newest first, after the header:
    the rows of the club report's CSV (docs/api.md), for any selection of games."""
    yield GAME_CSV_COLUMNS
    games = games.order_by("-id")
    last = None
    while True:
        chunk = list((games if last is None else games.filter(pk__lt=last))[:CSV_CHUNK])
        if not chunk:
            return
        for line in game_lines(chunk):
            game = line.game
            for player in line.players:
                yield [game.pk, game.created_at.isoformat(), game.name, game.session_id,
                       game.status, game.currency, "yes" if line.verified else "no",
                       _money_cell(line.paid_out), player.seat, player.player, player.name,
                       _money_cell(player.payout), _money_cell(player.net)]
        last = chunk[-1].pk


def player_csv_rows(club_id: int) -> Iterator[list]:
    """One row per player of the club, after the header: the club report's players CSV."""
    yield ["player_id", "player", "currency", "games", "paid_out", "net"]
    for line in player_lines(club_id):
        yield [line.player, line.name, line.currency, line.games, _money_cell(line.paid_out),
               _money_cell(line.net)]


def _money_cell(minor: int) -> Decimal:
    """An amount in the CSV: the engine's decimal text (format_money, as in the API's JSON),
    held as a Decimal so that the CSV writer takes it for a number, written as it is, and
    does not guard a loss's leading "-" as a formula."""
    return Decimal(format_money(minor))


# --- CSV: one writer for the API's and the pages' reports, so both files agree -----------


CSV_INJECTION = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value):
    """A text cell a spreadsheet would run as a formula gets a leading ' (OWASP CSV injection);
    numbers are written as they are."""
    if isinstance(value, str) and value.startswith(CSV_INJECTION):
        return "'" + value
    return value


class _Echo:
    def write(self, value):
        return value


def csv_lines(rows: Iterable[list]) -> Iterator[str]:
    """Rows as CSV text, line by line (streamed); cells made safe for spreadsheets."""
    writer = csv.writer(_Echo())
    for row in rows:
        yield writer.writerow([csv_cell(cell) for cell in row])
