"""Club scale: the pages of a club of 1,000 finished games against one of 10,000.

Run by `make bench` after the others (or alone: `python -m bench.club`), on PostgreSQL
(a throwaway copy of the migrated database, bench/databases.py); with --no-postgres on a
SQLite file instead. A child process fills the database fast: 300 game templates are
played through the rules engine (4 to 6 players, about 10 rounds, typed deadwood,
buy-ins, knock and Rummy premiums, the 70/30 payout), then each club's games are stamped
out of them onto 40 players of that club, one game every 150 minutes from 1 January
2023, and every row of both clubs (sessions, games, seats, rounds, hands, ledger accounts
and entries) goes in at once in one transaction (COPY on PostgreSQL, executemany on
SQLite), ids assigned here. Each club has its own organiser, who sees only that club.

It then times each page for both clubs, through the Django test client (the whole
middleware stack, no network; the pages signed in as the club's organiser, the API with a
token): after one untimed call each, the median of `runs` calls (`heavy_runs` for those
that read every game of the club; Sizes), the two clubs' calls taking turns, so that a
slow minute of the machine does not fall on one club only:

  health     GET /health/?probe=live                a trivial page: no database
  signed in  GET /accounts/password_change/         the cheapest signed-in page
  report     GET /clubs/{id}/report/?from=&to=     the season's books over all its games
  csv        the same with &format=csv               read to its last byte (it streams)
  audit      GET /clubs/{id}/audit/                 the first page (50 games checked)
  home       GET /                                  the organiser's home page
  sheet      GET /games/{id}/                       the club's last game's sheet
  games api  GET /api/v1/games/?club={id}           the first page (50 games)
  report api GET /api/v1/clubs/{id}/report/         the first page, every player's result

Goals (reported, they never fail the run): going from 1,000 to 10,000 games costs the
report, its CSV and the audit at most 12x, the home page and the sheet at most 1.5x; the
two API calls answer in under 200 ms (median) for 10,000 games. The first, untimed call
is shown apart: for the reports it is the one that sums the club's games into the
caches (scorekeeper/services/reports.py and season.py). A smoke run (bench/outcome.py)
builds clubs of 10 and 40 games and calls each page twice.
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
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench import databases
from bench.outcome import Outcome, smoke

BASE_DIR = Path(__file__).resolve().parent.parent
CLUB_PLAYERS = 40
GAME_EVERY = timedelta(minutes=150)
FIRST_GAME = datetime(2023, 1, 1, 18, 0, tzinfo=UTC)
SEED = 20251123
API_GOAL_MS = 200.0
BUILD_CAP_S = 90.0  # the data build of both clubs is expected to stay under this
# page -> (what is asked, the most its 10,000-game time may be of its 1,000-game time)
PAGES = {
    "health": ("GET /health/?probe=live (trivial)", None),
    "signed in": ("GET /accounts/password_change/ (signed in)", None),
    "report": ("GET /clubs/{id}/report/ (all its games)", 12.0),
    "csv": ("the same, ?format=csv (all of it)", 12.0),
    "audit": ("GET /clubs/{id}/audit/ (page 1)", 12.0),
    "home": ("GET / (home)", 1.5),
    "sheet": ("GET /games/{id}/ (its last game)", 1.5),
    "games api": ("GET /api/v1/games/?club={id} (page 1)", None),
    "report api": ("GET /api/v1/clubs/{id}/report/ (page 1)", None),
}
HEAVY = ("report", "csv", "report api")  # read every game of the club


@dataclass(frozen=True)
class Sizes:
    clubs: tuple[int, int]  # games in the small club and in the large one
    templates: int
    runs: int
    heavy_runs: int


FULL = Sizes(clubs=(1_000, 10_000), templates=300, runs=7, heavy_runs=5)
SMOKE = Sizes(clubs=(10, 40), templates=10, runs=1, heavy_runs=1)


def sizes() -> Sizes:
    return SMOKE if smoke() else FULL


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


def build(clubs: list[tuple[object, int]], size: Sizes) -> tuple[list[int], dict]:
    """Each (organiser, games) as a club of that many finished games, all in one
    transaction; returns the club ids and the row counts.

    The rows are tuples written with COPY (PostgreSQL) or executemany (SQLite): the
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
    templates = [play_template(rng) for _ in range(size.templates)]
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

    club_ids = []
    with transaction.atomic():
        for user, games in clubs:
            club = Club.objects.create(name=f"Club of {games} games")
            club_ids.append(club.pk)
            Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANISER)
            players = Player.objects.bulk_create(
                Player(club=club, name=f"Player {n:02d}") for n in range(CLUB_PLAYERS))
            player_ids = [p.pk for p in players]
            for number in range(games):
                rules, seats, rounds, state = templates[rng.randrange(len(templates))]
                who = dict(zip(seats, rng.sample(player_ids, len(seats)), strict=True))
                when = FIRST_GAME + GAME_EVERY * number
                session = new(TableSession, club.pk, f"Evening {number + 1}", moment(when))
                game = new(Game, club.pk, session, f"Game {number + 1}", "wiener", rules, "EUR",
                           0, False, "finished", len(rounds) + 2, user.pk, moment(when))
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
                            real = (f"player:{who[int(key[7:])]}" if key.startswith("player:")
                                    else key)
                            accounts[key] = new(Account, "game", game, real)
                batches: dict = {}
                for transfer in state.transfers:
                    batch = batches.setdefault(transfer.round,
                                               uuid.UUID(int=rng.getrandbits(128)))
                    new(Entry, accounts[transfer.source], accounts[transfer.target],
                        transfer.amount, "EUR", transfer.kind, game, transfer.round,
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
    return club_ids, {model.__name__: len(table) for model, table in rows.items()}


def _defaults(connection, model, fields) -> tuple[list[str], tuple]:
    """The model's other NOT NULL columns and their defaults, as the database takes them.

    A column added to the app later then gets its default here instead of breaking the
    build; one without a default does break it, and the run says so.
    """
    names, values = [], []
    for field in model._meta.concrete_fields:
        if field.name in fields or field.attname in fields or field.null:
            continue
        default = field.get_default()
        if field.get_internal_type() == "JSONField":
            default = json.dumps(default)
        elif default is not None:
            default = field.get_db_prep_save(default, connection)
        names.append(field.name)
        values.append(default)
    return names, tuple(values)


def _insert(connection, cursor, model, fields, table: list[tuple]) -> None:
    """Write `table` (tuples of `fields`' values) into the model's table, all at once."""
    meta = model._meta
    json_at = [i for i, f in enumerate(fields) if meta.get_field(f).get_internal_type()
               == "JSONField"]
    if json_at:
        table = [tuple(json.dumps(v) if i in json_at and v is not None else v
                       for i, v in enumerate(row)) for row in table]
    extra, defaults = _defaults(connection, model, fields)
    if extra:
        fields = (*fields, *extra)
        table = [row + defaults for row in table]
    names = ", ".join(connection.ops.quote_name(meta.get_field(f).column) for f in fields)
    quoted = connection.ops.quote_name(meta.db_table)
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

    from scorekeeper.models import ApiToken, Game

    size = sizes()
    call_command("migrate", verbosity=0, interactive=False)
    began = time.perf_counter()
    users = [get_user_model().objects.create_user(f"organiser{games}",
                                                  password=secrets.token_urlsafe(16))
             for games in size.clubs]
    club_ids, counts = build(list(zip(users, size.clubs, strict=True)), size)
    built = time.perf_counter() - began

    paths = {}
    for user, games, club_id in zip(users, size.clubs, club_ids, strict=True):
        _row, token = ApiToken.objects.create(user=user)
        pages, api = Client(), Client(headers={"authorization": f"Token {token}"})
        pages.force_login(user)
        last = Game.objects.filter(club_id=club_id).latest("created_at", "id")
        period = f"from={FIRST_GAME.date()}&to={last.created_at.date()}"
        paths[games] = {
            "health": (pages, "/health/?probe=live"),
            "signed in": (pages, "/accounts/password_change/"),
            "report": (pages, f"/clubs/{club_id}/report/?{period}"),
            "csv": (pages, f"/clubs/{club_id}/report/?{period}&format=csv"),
            "audit": (pages, f"/clubs/{club_id}/audit/"),
            "home": (pages, "/"),
            "sheet": (pages, f"/games/{last.pk}/"),
            "games api": (api, f"/api/v1/games/?club={club_id}"),
            "report api": (api, f"/api/v1/clubs/{club_id}/report/"),
        }
    clubs = {games: {} for games in size.clubs}
    for name in PAGES:
        runs = size.heavy_runs if name in HEAVY else size.runs
        for games, timing in timed_in_turns({games: paths[games][name] for games in size.clubs},
                                            runs).items():
            clubs[games][name] = timing
    print(json.dumps({"build_s": built, "counts": counts, "clubs": clubs,
                      "sizes": asdict(size)}))


def timed_in_turns(calls: dict, runs: int) -> dict:
    """Each club's page (client, path) called in turns, so that the machine's speed, which
    drifts by a fifth from minute to minute here, weighs on both clubs' figures alike: one
    untimed call each, then `runs` timed rounds of one call each (ms)."""
    samples = {games: [] for games in calls}
    answered = {}  # bytes of each club's last answer
    for _ in range(runs + 1):
        for games, (client, path) in calls.items():
            elapsed, answered[games] = timed_call(client, path)
            samples[games].append(elapsed)
    result = {}
    for games, (first, *rest) in samples.items():
        result[games] = {"median_ms": statistics.median(rest), "max_ms": max(rest),
                         "first_ms": first, "bytes": answered[games]}
    return result


def timed_call(client, path: str) -> tuple[float, int]:
    """One call read to its last byte: (ms, bytes)."""
    began = time.perf_counter()
    response = client.get(path)
    if response.streaming:
        size = sum(len(chunk) for chunk in response.streaming_content)
    else:
        size = len(response.content)
    elapsed = (time.perf_counter() - began) * 1000
    if response.status_code != 200 or not size:
        raise RuntimeError(f"{path} answered {response.status_code} ({size} bytes):"
                           f" {response.content[:300] if not response.streaming else ''!r}")
    return elapsed, size


# --- In the parent: the child, and the report -------------------------------------------------


def child_env(database_url: str) -> dict:
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTEST_VERSION", "DJANGO_SETTINGS_MODULE")}
    env.update(DATABASE_URL=database_url, DEBUG="0", SECURE_SSL_REDIRECT="0", THROTTLING="0",
               ALLOWED_HOSTS="testserver", SECRET_KEY=secrets.token_urlsafe(50),
               LOG_LEVEL="ERROR", PYTHONPATH=str(BASE_DIR))
    return env


def measure_clubs(url: str) -> dict:
    result = subprocess.run([sys.executable, "-m", "bench.club", "--child"], cwd=BASE_DIR,
                            env=child_env(url), capture_output=True, text=True, timeout=1800)
    if result.returncode != 0:
        raise RuntimeError(f"the child failed:\n{result.stderr[-2000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def report(data: dict, size: Sizes) -> Outcome:
    small, large = (data["clubs"][str(games)] for games in size.clubs)
    print(f"  {'page':<44} {size.clubs[0]:>7,} g {size.clubs[1]:>7,} g {'ratio':>7}"
          f" {'goal':>6} {'first ms':>9}")
    outcome = Outcome()
    for name, (label, most) in PAGES.items():
        a, b = small[name]["median_ms"], large[name]["median_ms"]
        ratio = b / a if a else float("nan")
        goal = f"<={most:g}x" if most is not None else ""
        print(f"  {label:<44} {a:>7.1f}ms {b:>7.1f}ms {ratio:>6.2f}x {goal:>6}"
              f" {large[name]['first_ms']:>9.1f}")
        if most is not None:
            outcome.goal(ratio <= most,
                         f"{label}: {b:.1f} ms for {size.clubs[1]:,} games = {ratio:.2f}x"
                         f" {a:.1f} ms for {size.clubs[0]:,}, goal <= {most:g}x")
    for name in ("games api", "report api"):
        median = large[name]["median_ms"]
        outcome.goal(median < API_GOAL_MS,
                     f"{PAGES[name][0]} with {size.clubs[1]:,} games: median {median:.1f} ms"
                     f" < {API_GOAL_MS:.0f} ms")
    counts = data["counts"]
    print(f"  (ms: median of {size.runs} calls, {size.heavy_runs} for the report, its CSV and"
          f" the report api; first: the untimed first call for {size.clubs[1]:,} games,"
          f" which for the reports fills the caches)")
    print(f"  (data: {counts['Game']:,} games, {counts['Seat']:,} seats, {counts['Round']:,}"
          f" rounds, {counts['Hand']:,} hands, {counts['Entry']:,} ledger entries; built in"
          f" {data['build_s']:.1f} s)")
    outcome.goal(data["build_s"] < BUILD_CAP_S,
                 f"the data build took {data['build_s']:.1f} s < {BUILD_CAP_S:.0f} s")
    return outcome


def run() -> Outcome:
    """Both clubs on PostgreSQL (SQLite with --no-postgres); never raises."""
    size = sizes()
    on_postgres = databases.postgres_wanted()
    print()
    print(f"Club scale: a club of {size.clubs[0]:,} finished games and one of"
          f" {size.clubs[1]:,}, on {'PostgreSQL' if on_postgres else 'SQLite (--no-postgres)'},"
          f" through the Django test client")
    began = time.monotonic()
    outcome = Outcome()
    try:
        if on_postgres:
            with databases.postgres("club", BASE_DIR) as url:
                data = measure_clubs(url)
        else:
            with databases.scratch_directory("bench-club-") as directory:
                data = measure_clubs(databases.migrated_sqlite(directory / "club.sqlite3",
                                                               BASE_DIR))
        outcome += report(data, size)
    except Exception as error:
        outcome.could_not_run("the club scale (bench/club.py)", error)
    print(f"  (whole club bench: {time.monotonic() - began:.0f} s)")
    return outcome


def main() -> int:
    from bench.outcome import print_broken, print_goals

    if "--child" in sys.argv:
        child()
        return 0
    outcome = run()
    print_goals("Club goals", outcome)
    print_broken(outcome)
    return 1 if outcome.broken else 0


if __name__ == "__main__":
    sys.exit(main())
