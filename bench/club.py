"""Club benchmark: the game list and the audit report of a club with 10,000 finished games.

Run by `make bench` after the others (or alone: `python -m bench.club`). For each
database it migrates a throwaway database (a temporary SQLite file; a PostgreSQL
database `bench_club`, created here and dropped again) and fills it in a child
process, fast: 300 game templates are played through the rules engine (4 to 6
players, about 10 rounds, typed deadwood, buy-ins, knock and Rummy premiums, the
70/30 payout), then 10,000 games are stamped out of them onto 40 players of one
club, and every row (sessions, games, seats, rounds, hands, ledger accounts and
entries) goes in at once in one transaction (executemany on SQLite, COPY on
PostgreSQL), ids assigned here. It then times,
through the Django test client with a token (the whole middleware and DRF stack,
no network), after one untimed call:

  games    GET /api/v1/games/?club={id}          the first page (50 games)
  report   GET /api/v1/clubs/{id}/report/        the first page (50 games), with
                                                 every player's result over the club

The goal is a median under 200 ms each; it is reported and never fails the run.
The first, untimed call is shown apart: for the report it is the one that sums
all 10,000 games into the report cache (scorekeeper/services/reports.py), which later
calls only check.
"""

import json
import os
import random
import secrets
import statistics
import subprocess
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.databases import on_both

BASE_DIR = Path(__file__).resolve().parent.parent
GAMES = 10_000
TEMPLATES = 300
CLUB_PLAYERS = 40
RUNS = 7  # timed calls per endpoint; the median is reported
GOAL_MS = 200.0
BUILD_CAP_S = 60.0  # the data build is expected to stay under this per database
SEED = 20251123
PG_DATABASE = "bench_club"
ENDPOINTS = {
    "games": "GET /api/v1/games/?club={id} (page 1)",
    "report": "GET /api/v1/clubs/{id}/report/ (page 1)",
}


# --- In the child: build and time -------------------------------------------------------------


def play_template(rng: random.Random):
    """One finished Wiener game from the engine: (players, rounds, transfers, standings)."""
    from scorekeeper.rules import Rules, possible_hand_value
    from scorekeeper.rules.knock import HandEntry, KnockRound, replay

    rules = Rules.preset("wiener", rebuy=False)
    # Only values a hand can count (docs/rules.md 3.1: no Wiener hand counts 1).
    values = [value for value in range(25) if possible_hand_value(value, rules)]
    seats = list(range(rng.randint(4, 6)))
    rounds: list[KnockRound] = []
    state = replay(rules, seats, rounds)
    while state.status != "finished":
        playing = state.next_participants
        ender = rng.choice(playing)
        low = rng.choice([value for value in values if value <= 5])
        above = [value for value in values if value > low]
        hands = tuple(HandEntry(p, deadwood=low if p == ender else rng.choice(above))
                      for p in playing)  # fmt: skip
        rounds.append(KnockRound(ender, hands))
        state = replay(rules, seats, rounds)
    return rules.to_dict(), seats, rounds, state


def build(user) -> tuple[int, dict]:
    """The club and its games, in one transaction; returns the club id and the row counts.

    The rows are tuples written with executemany (SQLite) or COPY (PostgreSQL): the
    ORM's bulk_create spends most of its time compiling SQL, which would make the
    build several times slower for the same rows.
    """
    from django.apps import apps
    from django.db import connection, transaction

    from scorekeeper.models import Club, Game, Hand, Membership, Player, Round, Seat, TableSession

    # The ledger's tables are filled directly, as every other table here: a benchmark's
    # fixture, not a write of the app (which goes through ledger.services).
    Account, Entry = (apps.get_model("ledger", name) for name in ("Account", "Entry"))
    rng = random.Random(SEED)
    templates = [play_template(rng) for _ in range(TEMPLATES)]
    ops = connection.ops
    native_uuid = connection.features.has_native_uuid_field

    def moment(value: datetime):
        return ops.adapt_datetimefield_value(value)

    columns = {
        TableSession: ("id", "club", "name", "created_at"),
        Game: ("id", "club", "session", "name", "preset", "rules", "currency", "carried_in",
               "closed", "status", "version", "created_by", "created_at"),
        Seat: ("id", "game", "player", "number"),
        Round: ("id", "game", "number", "revision", "ender", "ender_melds", "reason",
                "entered_by", "entered_at"),
        Hand: ("id", "round", "player", "position", "deadwood", "cards"),
        Account: ("id", "scope", "scope_id", "key"),
        Entry: ("id", "debit_account", "credit_account", "amount_minor", "currency", "kind",
                "game_id", "round_number", "batch", "reverses", "created_at", "actor", "reason",
                "request_id"),
    }
    rows: dict[type, list[tuple]] = {model: [] for model in columns}

    def new(model, *values) -> int:
        table = rows[model]
        table.append((len(table) + 1, *values))
        return len(table)

    with transaction.atomic():
        club = Club.objects.create(name="Bench club")
        Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANISER)
        players = Player.objects.bulk_create(
            Player(club=club, name=f"Player {n:02d}") for n in range(CLUB_PLAYERS))
        player_ids = [p.pk for p in players]
        start = datetime(2023, 1, 1, 18, 0, tzinfo=UTC)
        for number in range(GAMES):
            rules, seats, rounds, state = templates[rng.randrange(TEMPLATES)]
            who = dict(zip(seats, rng.sample(player_ids, len(seats)), strict=True))
            when = start + timedelta(minutes=150 * number)
            session = new(TableSession, club.pk, f"Evening {number + 1}", moment(when))
            game = new(Game, club.pk, session, f"Game {number + 1}", "wiener", rules, "EUR", 0,
                       False, "finished", len(rounds) + 2, user.pk, moment(when))
            for seat in seats:
                new(Seat, game, who[seat], seat)
            for index, entry in enumerate(rounds, start=1):
                round_ = new(Round, game, index, 0, who[entry.ender], None, "", user.pk,
                             moment(when + timedelta(minutes=8 * index)))
                for position, hand in enumerate(entry.hands):
                    new(Hand, round_, who[hand.player], position, hand.deadwood, "")
            accounts = {}
            for transfer in state.transfers:
                for key in (transfer.source, transfer.target):
                    if key not in accounts:
                        real = f"player:{who[int(key[7:])]}" if key.startswith("player:") else key
                        accounts[key] = new(Account, "game", game, real)
            batches: dict = {}
            for transfer in state.transfers:
                batch = batches.setdefault(transfer.round, uuid.UUID(int=rng.getrandbits(128)))
                new(Entry, accounts[transfer.source], accounts[transfer.target], transfer.amount,
                    "EUR", transfer.kind, game, transfer.round,
                    batch if native_uuid else batch.hex, None,
                    moment(when + timedelta(minutes=8 * (transfer.round or len(rounds) + 1))),
                    "bench", "", "")
        with connection.cursor() as cursor:
            for model, table in rows.items():
                _insert(connection, cursor, model, columns[model], table)
            if connection.vendor == "postgresql":
                from django.core.management.color import no_style

                for sql in ops.sequence_reset_sql(no_style(), list(rows)):
                    cursor.execute(sql)
    with connection.cursor() as cursor:
        # As autovacuum would have left a database that holds these games for a while
        # (PostgreSQL's index-only scans need the visibility map).
        cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")
    return club.pk, {model.__name__: len(table) for model, table in rows.items()}


def _insert(connection, cursor, model, fields, table: list[tuple]) -> None:
    """Write `table` (tuples of `fields`' values) into the model's table, all at once."""
    meta = model._meta
    names = ", ".join(connection.ops.quote_name(meta.get_field(f).column) for f in fields)
    quoted = connection.ops.quote_name(meta.db_table)
    json_at = [i for i, f in enumerate(fields) if meta.get_field(f).get_internal_type()
               == "JSONField"]
    if json_at:
        table = [tuple(json.dumps(v) if i in json_at and v is not None else v
                       for i, v in enumerate(row)) for row in table]
    if connection.vendor == "postgresql":
        with cursor.cursor.copy(f"COPY {quoted} ({names}) FROM STDIN") as copy:
            for row in table:
                copy.write_row(row)
    else:
        marks = ", ".join(["%s"] * len(fields))
        cursor.executemany(f"INSERT INTO {quoted} ({names}) VALUES ({marks})", table)


def child() -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from scorekeeper.models import ApiToken

    call_command("migrate", verbosity=0, interactive=False)
    began = time.perf_counter()
    user = get_user_model().objects.create_user("bench", password=secrets.token_urlsafe(16))
    _row, token = ApiToken.objects.create(user=user)
    club_id, counts = build(user)
    built = time.perf_counter() - began

    client = Client(headers={"authorization": f"Token {token}"})
    paths = {"games": f"/api/v1/games/?club={club_id}",
             "report": f"/api/v1/clubs/{club_id}/report/"}
    timings = {}
    for name, path in paths.items():
        samples = []
        for _ in range(RUNS + 1):
            began_call = time.perf_counter()
            response = client.get(path)
            samples.append((time.perf_counter() - began_call) * 1000)
            if response.status_code != 200:
                raise RuntimeError(f"{path} answered {response.status_code}: "
                                   f"{response.content[:300]!r}")
        # The first call is not counted: it opens the connection and, for the report,
        # sums the 10,000 new games into the report cache once (reported apart).
        first, timed = samples[0], samples[1:]
        timings[name] = {"median_ms": statistics.median(timed), "max_ms": max(timed),
                         "first_ms": first, "count": response.json()["count"]}
    print(json.dumps({"build_s": built, "counts": counts, "timings": timings}))


# --- In the parent: one child per database --------------------------------------------------


def child_env(database_url: str) -> dict:
    env = {key: value for key, value in os.environ.items() if key != "PYTEST_VERSION"}
    env.update(DATABASE_URL=database_url, DEBUG="0", SECURE_SSL_REDIRECT="0", THROTTLING="0",
               ALLOWED_HOSTS="testserver", SECRET_KEY=secrets.token_urlsafe(50),
               LOG_LEVEL="ERROR", PYTHONPATH=str(BASE_DIR))
    return env


def bench_database(database: str, url: str) -> list[tuple[bool, str]]:
    result = subprocess.run([sys.executable, "-m", "bench.club", "--child"], cwd=BASE_DIR,
                            env=child_env(url), capture_output=True, text=True, timeout=900)
    if result.returncode != 0:
        raise RuntimeError(result.stderr[-2000:])
    data = json.loads(result.stdout.strip().splitlines()[-1])
    counts = data["counts"]
    for name, timing in data["timings"].items():
        print(f"  {database:<10} {ENDPOINTS[name]:<40} {timing['count']:>6}"
              f" {timing['median_ms']:>9.1f} {timing['max_ms']:>9.1f}"
              f" {timing['first_ms']:>9.1f}")
    print(f"  {'':<10} (data: {counts['Game']} games, {counts['Seat']} seats, {counts['Round']}"
          f" rounds, {counts['Hand']} hands, {counts['Entry']} ledger entries; built in"
          f" {data['build_s']:.1f} s)")
    goals = [
        (timing["median_ms"] < GOAL_MS,
         f"{database}: {ENDPOINTS[name]} with {GAMES} finished games: median"
         f" {timing['median_ms']:.1f} ms < {GOAL_MS:.0f} ms")
        for name, timing in data["timings"].items()
    ]
    goals.append((data["build_s"] < BUILD_CAP_S,
                  f"{database}: the data build took {data['build_s']:.1f} s < {BUILD_CAP_S:.0f} s"))
    return goals


def run() -> list[tuple[bool, str]]:
    """Both databases; returns the goals as (ok, text). Never raises for a slow run."""
    print()
    print(f"Club: {GAMES} finished games in one club; median of {RUNS} calls through the"
          " Django test client")
    print(f"  {'database':<10} {'endpoint':<40} {'games':>6} {'median ms':>9} {'max ms':>9}"
          f" {'first ms':>9}")
    print("  (first: the untimed first call; for the report it sums every game into the"
          " report cache once)")
    began = time.monotonic()
    goals = on_both("club bench", bench_database, PG_DATABASE)
    print(f"  (whole club bench: {time.monotonic() - began:.0f} s)")
    return goals


def main() -> int:
    if "--child" in sys.argv:
        child()
        return 0
    goals = run()
    print()
    print("Club goals (reported, they do not fail the run)")
    for ok, text in goals:
        print(f"  [{'PASS' if ok else 'FAIL'}] {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
