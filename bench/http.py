"""HTTP benchmark: our app next to ihatemoney 7.2.1, both under gunicorn, on SQLite and
then on PostgreSQL, in one run.

Run by `make bench` after the solver benchmarks (or alone: `python -m bench.http`, or
`python -m bench --http-only` with the cold-write figures of bench/cold.py).

ihatemoney (bench/ihatemoney.py) is a public, widely used Flask + SQLAlchemy app that
shares a group's money: a project has members and bills, and its API answers the project
with every member's balance. Its bill is the closest thing it has to our round (one row
and its shares, and balances that change), its project to our game.

Both servers get the same: gunicorn (the version of requirements.txt) with the same
number of sync workers (those of `make serve`), each on a throwaway database of its own
(first a SQLite file each in one temporary directory, then a database each on the
PostgreSQL server of BENCH_PG_URL, created and dropped here; ihatemoney reaches it
through SQLAlchemy and psycopg 3), data made over their own APIs before anything is
timed, the same 16 client threads on loopback (one http.client connection each;
gunicorn's sync workers close it after each answer, as behind a proxy), and untimed
warm-up requests from every client first. Every scenario sends a fixed number of
requests and stops at a time cap whatever it reached; nothing but 127.0.0.1 and the
PostgreSQL server is ever addressed, and ihatemoney's outgoing HTTP (currency rates,
which these requests never ask for) is pointed at a closed loopback port.

Scenarios (ours against theirs):
  detail  GET /api/v1/games/{id}/ (Token auth) on a game of 30 rounds and 4 players,
          against GET /api/projects/{id} (Bearer token) on a project of 30 bills and 4
          members
  write   POST /api/v1/games/{id}/rounds/ (with an Idempotency-Key) against
          POST /api/projects/{id}/bills: every client writes to its own fresh game or
          project (16 tables at once), the same number of requests per client, in two
          runs a side taken in the order ours, theirs, theirs, ours (each run on fresh
          tables), so that a steady drift of the machine's speed weighs on both sides alike

Our server runs as `make serve` runs it (DEBUG off, SECURE_SSL_REDIRECT=0), with rate
limits off (THROTTLING=0; ihatemoney has none on its API). For the write scenario the
rate in the first and in the last third of each run is reported too: a run is cut into
thirds of the time during which all 16 clients were still sending, each request counts
in the third in which it completed, and the goal holds only if it holds in both of ours.
The speed goals are reported, never fail the run; a side that cannot run does
(bench/outcome.py): a server that does not start, a setup request refused, or timed
requests that answer 4xx (the bench no longer speaks the app's API), more than 1% that
fail or answer 5xx, or none that succeed.

BENCH_APP_DIR=/path/to/a/checkout runs our side from another copy of the app (for
example `git worktree add /tmp/sk-head HEAD`); the default is this checkout.
"""

import http.client
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from urllib.parse import urlencode

from bench import databases
from bench.outcome import Outcome, smoke

BASE_DIR = Path(__file__).resolve().parent.parent
DETAIL_CAP = 45.0  # seconds per side and scenario, whatever the count reached
WRITE_CAP = 60.0  # seconds per write run
WRITE_RUNS = 2  # write runs per side: ours, theirs, then theirs, ours (and so on)
PLAYERS = ["Anna", "Bert", "Cleo", "Dora"]
RULES = {"eliminate_at": 10000, "rebuy_from": 9000}  # nobody goes out in a long game
SEED = 20251123

DETAIL_RATIO = 3.5  # ours at least this many times theirs, in requests a second
WRITE_RATIO = {"SQLite": 1.5, "PostgreSQL": 2.0}  # the same, for the round POST
WRITE_P99_SHARE = 0.5  # our round POST's p99 at most this share of their bill POST's
LAST_THIRD = 0.85  # our write rate in the last third at least this share of the first
FAILING_SHARE = 0.01  # more timed requests than this that fail or answer 5xx: broken


@dataclass(frozen=True)
class Sizes:
    clients: int
    warm_up: int  # untimed requests per client before each scenario
    detail_requests: int  # in all, per side
    detail_slices: int  # sent in this many slices, the two sides taking turns
    writes_per_client: int
    rounds_before: int  # rounds of the game read, bills of the project read
    workers: int | None  # gunicorn's; None: as `make serve`


# Full: the detail takes 3-5 s ours and 15-25 s theirs, the writes (960 a run, two runs a
# side) 4-10 s a run on two cores. Smoke: every request kind a few times, nothing timed
# worth reading, and the two databases side by side (their figures then mean even less),
# since a smoke run is mostly servers starting.
FULL = Sizes(clients=16, warm_up=3, detail_requests=1500, detail_slices=3,
             writes_per_client=60, rounds_before=30, workers=None)
SMOKE = Sizes(clients=2, warm_up=1, detail_requests=6, detail_slices=2,
              writes_per_client=3, rounds_before=3, workers=1)


def sizes() -> Sizes:
    return SMOKE if smoke() else FULL


def workers(wanted: Sizes | None = None) -> int:
    """As `make serve`: WEB_CONCURRENCY, else 2 x cores + 1, at most 8."""
    if wanted is not None and wanted.workers is not None:
        return wanted.workers
    if os.environ.get("WEB_CONCURRENCY", "").isdigit():
        return int(os.environ["WEB_CONCURRENCY"])
    return min(2 * (os.cpu_count() or 1) + 1, 8)


def app_dir() -> Path:
    """The checkout whose app is measured: BENCH_APP_DIR, else this one."""
    return Path(os.environ.get("BENCH_APP_DIR") or BASE_DIR).resolve()


# The points a Wiener hand can count (docs/rules.md 3.1): any but 1, since the smallest card
# counts 2. The app refuses the others, so a made-up round uses only these.
def _countable(low: int, high: int) -> list[int]:
    return [value for value in range(low, high + 1) if value != 1]


def hands_for(rng: random.Random, players: list[int], ender: int, most: int = 60) -> list[dict]:
    """The ender knocks with 0..5 (Wiener's knock limit), the others hold more: no undercut."""
    low = rng.choice(_countable(0, 5))
    higher = _countable(low + 1, most)
    return [{"player": p, "deadwood": low if p == ender else rng.choice(higher)}
            for p in players]


# --- Servers -----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run_child(args: list[str], cwd: Path, env: dict, timeout: float = 300) -> str:
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(args[1:3])} failed:\n{result.stderr[-2000:]}")
    return result.stdout


class Gunicorn:
    """gunicorn in its own process group, stopped for sure on leaving the `with`."""

    def __init__(self, app: str, cwd: Path, env: dict, count: int, probe: str):
        self.port = free_port()
        self.probe = probe
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", app,
             "--bind", f"127.0.0.1:{self.port}", "--workers", str(count),
             "--access-logfile", "/dev/null", "--no-control-socket", "--timeout", "30"],
            cwd=cwd, env=env, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def __enter__(self):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                log = self.tail()
                self.stop()
                raise RuntimeError(f"gunicorn exited:\n{log}")
            try:
                status, _ = request(self.connect(), "GET", self.probe)
                if status == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.2)
        log = self.tail()
        self.stop()
        raise RuntimeError(f"gunicorn did not answer within 60 s:\n{log}")

    def __exit__(self, *exc):
        self.stop()

    def tail(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-2000:]

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # graceful: the master stops its workers
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
        try:  # anything of its process group still there (a stuck worker) is killed
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        if self.process.poll() is None:
            self.process.wait(timeout=5)
        if not self.log.closed:
            self.log.close()


# --- Load --------------------------------------------------------------------------------------


def request(conn, method, path, body=None, headers=None, form=None) -> tuple[int, bytes]:
    """One request: `body` is sent as JSON, `form` (a dict, lists repeated) as a form."""
    all_headers = {"Accept": "application/json", **(headers or {})}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        all_headers["Content-Type"] = "application/json"
    elif form is not None:
        data = urlencode(form, doseq=True).encode()
        all_headers["Content-Type"] = "application/x-www-form-urlencoded"
    try:
        conn.request(method, path, body=data, headers=all_headers)
        response = conn.getresponse()
        return response.status, response.read()
    except (http.client.HTTPException, OSError):
        conn.close()  # a connection closed under us: the next request opens a new one
        raise


def expect(conn, status: int, method: str, path: str, **kwargs):
    """A setup request that must answer `status`; returns the decoded JSON."""
    got, payload = request(conn, method, path, **kwargs)
    if got != status:
        raise RuntimeError(f"{method} {path} answered {got}, not {status}: {payload[:300]!r}")
    return json.loads(payload) if payload else None


@dataclass
class Result:
    side: str
    latencies: list[float] = field(default_factory=list)  # seconds, successful requests
    completed: list[float] = field(default_factory=list)  # seconds from the start, the same
    statuses: dict[int, int] = field(default_factory=dict)
    failures: int = 0  # connection errors
    elapsed: float = 0.0
    all_busy: float = 0.0  # seconds from the start until the first client was done

    @property
    def count(self) -> int:
        return sum(self.statuses.values()) + self.failures

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.elapsed if self.elapsed else 0.0

    def percentile_ms(self, share: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000

    @property
    def errors(self) -> int:
        return self.failures + sum(n for status, n in self.statuses.items() if status >= 400)

    def thirds(self) -> tuple[float, float]:
        """Successful requests a second in the first and the last third of the time in
        which all clients were sending, each request in the third it completed in."""
        third = self.all_busy / 3
        if third <= 0:
            return float("nan"), float("nan")
        first = sum(1 for t in self.completed if t <= third)
        last = sum(1 for t in self.completed if 2 * third < t <= self.all_busy)
        return first / third, last / third


def merged(parts: list[Result]) -> Result:
    """Slices of one scenario as one result: their requests and their times added up."""
    whole = Result(parts[0].side)
    for part in parts:
        whole.latencies += part.latencies
        whole.failures += part.failures
        whole.elapsed += part.elapsed
        for status, n in part.statuses.items():
            whole.statuses[status] = whole.statuses.get(status, 0) + n
    return whole


def load(server: Gunicorn, side: str, make_call, *, clients: int, warm_up: int, cap: float,
         total: int | None = None, per_client: int | None = None) -> Result:
    """`clients` threads send `total` requests in all, or `per_client` each, or stop at `cap`.

    make_call(client_index, conn) -> a function that sends one request and returns
    (status, ok); each thread first sends `warm_up` untimed ones. A client that raises
    stops the whole load at once, and the error is raised here.
    """
    result = Result(side)
    lock = threading.Lock()
    remaining = [total if total is not None else clients * per_client]
    start_line = threading.Barrier(clients + 1, timeout=120)
    began = [0.0]
    stop_at = [0.0]
    done_at: list[float] = []
    raised: list[BaseException] = []

    def send_all(index: int) -> None:
        conn = server.connect()
        call = make_call(index, conn)
        for _ in range(warm_up):
            try:
                call()
            except (http.client.HTTPException, OSError):
                pass
        start_line.wait()
        latencies, completed, statuses, failures = [], [], {}, 0
        sent = 0
        while time.perf_counter() < stop_at[0]:
            if per_client is not None:
                if sent >= per_client:
                    break
                sent += 1
            else:
                with lock:
                    if remaining[0] <= 0:
                        break
                    remaining[0] -= 1
            start = time.perf_counter()
            try:
                status, ok = call()
            except (http.client.HTTPException, OSError):
                failures += 1
                continue
            end = time.perf_counter()
            statuses[status] = statuses.get(status, 0) + 1
            if ok:
                latencies.append(end - start)
                completed.append(end - began[0])
        conn.close()
        with lock:
            done_at.append(time.perf_counter() - began[0])
            result.latencies.extend(latencies)
            result.completed.extend(completed)
            result.failures += failures
            for status, n in statuses.items():
                result.statuses[status] = result.statuses.get(status, 0) + n

    def client(index: int) -> None:
        try:
            send_all(index)
        except threading.BrokenBarrierError:
            pass  # another client raised: its error is the one reported
        except BaseException as error:
            raised.append(error)
            start_line.abort()

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    stop_at[0] = time.perf_counter() + 3600  # set for real once all have warmed up
    for thread in threads:
        thread.start()
    try:
        start_line.wait()
    except threading.BrokenBarrierError:
        for thread in threads:
            thread.join(30)
        raise RuntimeError(f"{side}: a client failed before the timed requests:"
                           f" {raised[0]!r}" if raised else f"{side}: the clients never all"
                           " got through their warm-up") from (raised[0] if raised else None)
    began[0] = time.perf_counter()
    stop_at[0] = began[0] + cap
    for thread in threads:
        thread.join(cap + 60)
    if raised:
        raise RuntimeError(f"{side}: a client failed: {raised[0]!r}") from raised[0]
    result.elapsed = time.perf_counter() - began[0]
    result.all_busy = min(done_at) if len(done_at) == clients else result.elapsed
    return result


# --- The two sides -----------------------------------------------------------------------------


@dataclass
class Side:
    """A running server with its data made, and how each scenario calls it."""

    name: str
    server: Gunicorn
    detail: Callable  # make_call for load()
    write: Callable  # write(run) -> make_call for load(), on that run's own tables


def ours_env(database_url: str) -> dict:
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTEST_VERSION", "DJANGO_SETTINGS_MODULE")}
    env.update(DATABASE_URL=database_url, DEBUG="0", SECURE_SSL_REDIRECT="0", THROTTLING="0",
               ALLOWED_HOSTS="127.0.0.1,testserver", SECRET_KEY=secrets.token_urlsafe(50),
               LOG_LEVEL="WARNING", PYTHONPATH=str(app_dir()))
    return env


def start_ours(database_url: str, count: int, size: Sizes, stack) -> Side:
    """Make a user in our database (a copy of the template this app's migrations made),
    serve it; then the games over the API."""
    env = ours_env(database_url)
    app = app_dir()
    password = secrets.token_urlsafe(16)
    run_child([sys.executable, "manage.py", "shell", "-c",
               "from django.contrib.auth import get_user_model; "
               f"get_user_model().objects.create_user('bench', password={password!r})"],
              app, env)
    server = stack(Gunicorn("scorekeeper.wsgi", app, env, count, "/health/?probe=live"))
    conn = server.connect()
    token = expect(conn, 200, "POST", "/api/v1/auth/token/",
                   body={"username": "bench", "password": password})["token"]
    auth = {"Authorization": f"Token {token}"}
    club = expect(conn, 201, "POST", "/api/v1/clubs/", body={"name": "Bench"},
                  headers=auth)["id"]
    rng = random.Random(SEED)

    def new_game(name: str) -> dict:
        game = expect(conn, 201, "POST", "/api/v1/games/", headers=auth,
                      body={"club": club, "name": name, "preset": "wiener", "rules": RULES,
                            "players": PLAYERS})
        return {"id": game["id"], "players": [p["id"] for p in game["players"]],
                "next_round": game["next_round"]}

    def post_round(conn, game: dict, rng: random.Random) -> int:
        number = game["next_round"]
        ender = game["players"][number % len(game["players"])]
        body = {"number": number, "ender": ender,
                "hands": hands_for(rng, game["players"], ender)}
        status, _ = request(conn, "POST", f"/api/v1/games/{game['id']}/rounds/", body,
                            {**auth, "Idempotency-Key": secrets.token_hex(16)})
        if status == 201:
            game["next_round"] = number + 1
        elif status == 409:  # someone else entered it: ask the game for its next round
            _, detail = request(conn, "GET", f"/api/v1/games/{game['id']}/", headers=auth)
            game["next_round"] = json.loads(detail)["next_round"]
        return status

    read = new_game("Read")
    for _ in range(size.rounds_before):
        status = post_round(conn, read, rng)
        if status != 201:
            raise RuntimeError(f"our read game: a round answered {status}, not 201")
    tables = [[new_game(f"Table {n + 1}, run {run + 1}") for n in range(size.clients)]
              for run in range(WRITE_RUNS)]
    conn.close()
    read_path = f"/api/v1/games/{read['id']}/"
    rngs = [[random.Random(SEED + run * size.clients + n) for n in range(size.clients)]
            for run in range(WRITE_RUNS)]

    def detail(index, conn):
        def call():
            status, _ = request(conn, "GET", read_path, headers=auth)
            return status, status == 200
        return call

    def write(run):
        def make_call(index, conn):
            def call():
                status = post_round(conn, tables[run][index], rngs[run][index])
                return status, status == 201
            return call
        return make_call

    return Side("ours", server, detail, write)


def start_theirs(directory: Path, database_uri: str, count: int, size: Sizes, stack) -> Side:
    """Write ihatemoney's settings, make its schema, serve it; then the projects."""
    from bench import ihatemoney

    env, cwd = ihatemoney.prepare(directory / "ihatemoney", database_uri)
    server = stack(Gunicorn(ihatemoney.WSGI_APP, cwd, env, count, ihatemoney.PROBE))
    conn = server.connect()
    rng = random.Random(SEED)
    read = ihatemoney.new_project(conn, "read", PLAYERS)
    for _ in range(size.rounds_before):
        status = ihatemoney.post_bill(conn, read, rng)
        if status != 201:
            raise RuntimeError(f"ihatemoney's read project: a bill answered {status}")
    tables = [[ihatemoney.new_project(conn, f"table-{n + 1}-run-{run + 1}", PLAYERS)
               for n in range(size.clients)] for run in range(WRITE_RUNS)]
    conn.close()
    rngs = [[random.Random(SEED + run * size.clients + n) for n in range(size.clients)]
            for run in range(WRITE_RUNS)]

    def detail(index, conn):
        path, auth = f"/api/projects/{read['id']}", read["auth"]

        def call():
            status, _ = request(conn, "GET", path, headers=auth)
            return status, status == 200
        return call

    def write(run):
        def make_call(index, conn):
            def call():
                status = ihatemoney.post_bill(conn, tables[run][index], rngs[run][index])
                return status, status == 201
            return call
        return make_call

    return Side(f"ihatemoney {metadata.version('ihatemoney')}", server, detail, write)


# --- Report ------------------------------------------------------------------------------------


def ratio(ours: float, theirs: float) -> float:
    return ours / theirs if theirs else float("nan")


def row(label: str, result: Result) -> None:
    odd = ", ".join(f"{status}: {n}" for status, n in sorted(result.statuses.items())
                    if not 200 <= status < 300)
    if result.failures:
        odd = f"{odd}, {result.failures} failed" if odd else f"{result.failures} failed"
    print(f"  {label:<34} {result.side:<16} {result.count:>6} {result.elapsed:>6.1f}"
          f" {result.rps:>8.1f} {result.percentile_ms(0.5):>7.1f}"
          f" {result.percentile_ms(0.99):>7.1f}{f'  [{odd}]' if odd else ''}")


def ratio_row(ours: Result, theirs: Result) -> None:
    print(f"  {'':<34} {'ratio ours/theirs':<16} {'':>6} {'':>6}"
          f" {ratio(ours.rps, theirs.rps):>7.2f}x"
          f" {ratio(ours.percentile_ms(0.5), theirs.percentile_ms(0.5)):>6.2f}x"
          f" {ratio(ours.percentile_ms(0.99), theirs.percentile_ms(0.99)):>6.2f}x")


def cpu_seconds() -> tuple[float, float]:
    """(CPU seconds the whole machine has been busy, those of this process and of the
    children it has waited for); gunicorn's workers count once their master is stopped."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(n) for n in stat.readline().split()[1:9]]
    except (OSError, ValueError):
        return float("nan"), float("nan")
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields
    busy = (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")
    own = os.times()
    return busy, own.user + own.system + own.children_user + own.children_system


@dataclass
class Comparison:
    """Both sides' results on one database: results[scenario, side name]."""

    database: str
    ours: str
    theirs: str
    results: dict[tuple[str, str], Result]  # a side's write runs merged
    write_runs: dict[str, list[Result]]  # each side's write runs, in the order they ran
    prepared: tuple[float, float]  # seconds to set up ours, theirs


def compare(database: str, ours_url: str, theirs_uri: str, directory: Path, count: int,
            size: Sizes) -> Comparison:
    """Both servers, both scenarios, on one database. Raises if a side cannot run."""
    with ExitStack() as stack:
        began = time.monotonic()
        ours = start_ours(ours_url, count, size, stack.enter_context)
        middle = time.monotonic()
        theirs = start_theirs(directory, theirs_uri, count, size, stack.enter_context)
        prepared = (middle - began, time.monotonic() - middle)
        results = {}
        # Reads in alternating slices (ours, theirs, ours, ...), so that a passing load on
        # the machine weighs on both sides alike.
        slices: dict[str, list[Result]] = {ours.name: [], theirs.name: []}
        for _ in range(size.detail_slices):
            for side in (ours, theirs):
                slices[side.name].append(load(
                    side.server, side.name, side.detail, clients=size.clients,
                    warm_up=size.warm_up, cap=DETAIL_CAP / size.detail_slices,
                    total=size.detail_requests // size.detail_slices))
        # The writes in whole runs, since each run's first and last thirds are compared:
        # ours, theirs, then theirs, ours (each run on fresh tables). A machine that slows
        # down or speeds up steadily through the four weighs on both sides alike, where one
        # run a side put every drift on one side's account.
        runs: dict[str, list[Result]] = {ours.name: [], theirs.name: []}
        for run in range(WRITE_RUNS):
            for side in (ours, theirs) if run % 2 == 0 else (theirs, ours):
                runs[side.name].append(load(
                    side.server, side.name, side.write(run), clients=size.clients,
                    warm_up=size.warm_up, cap=WRITE_CAP, per_client=size.writes_per_client))
        for side in (ours, theirs):
            results["detail", side.name] = merged(slices[side.name])
            results["write", side.name] = merged(runs[side.name])
    return Comparison(database, ours.name, theirs.name, results, runs, prepared)


def on_sqlite(count: int, size: Sizes) -> Comparison:
    with databases.scratch_directory("bench-http-") as directory:
        ours_url = databases.migrated_sqlite(directory / "ours.sqlite3", app_dir())
        return compare("SQLite", ours_url, f"sqlite:///{directory}/ihatemoney.sqlite3",
                       directory, count, size)


def on_postgres(count: int, size: Sizes) -> Comparison:
    with (databases.scratch_directory("bench-http-") as directory,
          databases.postgres("http_ours", app_dir()) as ours_url,
          databases.postgres("http_theirs") as theirs_url):
        return compare("PostgreSQL", ours_url, databases.sqlalchemy_url(theirs_url), directory,
                       count, size)


def broken_by(database: str, scenario: str, result: Result) -> list[str]:
    """Why a scenario's timed requests say that the bench could not run that side."""
    where = f"HTTP on {database}, {scenario}, {result.side}"
    refused = {status: n for status, n in result.statuses.items()
               if 400 <= status < 500 and status != 409}  # 409: a retried round, re-asked
    failing = result.failures + sum(n for status, n in result.statuses.items() if status >= 500)
    reasons = []
    if not result.latencies:
        reasons.append(f"{where}: not one of {result.count} requests succeeded")
    if refused:
        reasons.append(f"{where}: answered {refused}: the app refuses what the bench sends")
    if failing > FAILING_SHARE * max(result.count, 1):
        reasons.append(f"{where}: {failing} of {result.count} requests failed or answered"
                       f" 5xx (more than {FAILING_SHARE:.0%})")
    return reasons


def report(comparison: Comparison, size: Sizes) -> Outcome:
    """Print one database's table and notes; its goals, and whatever could not run."""
    results, ours, theirs = comparison.results, comparison.ours, comparison.theirs
    database = comparison.database
    labels = {"detail": f"game / project detail ({size.rounds_before} rnd)",
              "write": f"round / bill POST ({size.writes_per_client}/client)"}
    for scenario in ("detail", "write"):
        a, b = results[scenario, ours], results[scenario, theirs]
        row(labels[scenario], a)
        row("", b)
        ratio_row(a, b)
    detail_a, detail_b = results["detail", ours], results["detail", theirs]
    write_a, write_b = results["write", ours], results["write", theirs]
    notes = []
    for side in (ours, theirs):
        for run, result in enumerate(comparison.write_runs[side], start=1):
            first, last = result.thirds()
            notes.append(
                f"write run {run}, {side}: {result.rps:.1f} req/s; {first:.1f} in the first"
                f" third, {last:.1f} in the last ({ratio(last, first):.0%}), of the"
                f" {result.all_busy:.1f} s in which all {size.clients} clients were sending")
    notes.append(f"setup (migrations, a user or project tokens, the read game or project and"
                 f" {size.clients * WRITE_RUNS} to write to, over the APIs): ours"
                 f" {comparison.prepared[0]:.1f} s, theirs {comparison.prepared[1]:.1f} s")
    wanted = {"detail": size.detail_requests // size.detail_slices * size.detail_slices,
              "write": size.clients * size.writes_per_client * WRITE_RUNS}
    outcome = Outcome()
    for scenario in ("detail", "write"):
        for side in (ours, theirs):
            result = results[scenario, side]
            if result.count < wanted[scenario]:
                notes.append(f"{scenario}, {side}: stopped at the time cap after"
                             f" {result.count} of {wanted[scenario]} requests")
            if result.errors:
                notes.append(f"{scenario}, {side}: {result.errors} requests failed or answered"
                             f" an error: its rate counts only the successful ones")
            outcome.broken += broken_by(database, scenario, result)
    for note in notes:
        print(f"  {note}")
    p99_share = ratio(write_a.percentile_ms(0.99), write_b.percentile_ms(0.99))
    outcome.goal(ratio(detail_a.rps, detail_b.rps) >= DETAIL_RATIO,
                 f"{database}: game detail: ours {detail_a.rps:.0f} req/s ="
                 f" {ratio(detail_a.rps, detail_b.rps):.2f}x {theirs}'s project"
                 f" {detail_b.rps:.0f} req/s, goal >= {DETAIL_RATIO}x")
    outcome.goal(ratio(write_a.rps, write_b.rps) >= WRITE_RATIO[database],
                 f"{database}: round POST: ours {write_a.rps:.0f} req/s ="
                 f" {ratio(write_a.rps, write_b.rps):.2f}x {theirs}'s bill POST"
                 f" {write_b.rps:.0f} req/s, goal >= {WRITE_RATIO[database]}x")
    outcome.goal(p99_share <= WRITE_P99_SHARE,
                 f"{database}: round POST p99: ours {write_a.percentile_ms(0.99):.1f} ms ="
                 f" {p99_share:.2f}x {theirs}'s {write_b.percentile_ms(0.99):.1f} ms, goal <="
                 f" {WRITE_P99_SHARE}x")
    for run, result in enumerate(comparison.write_runs[ours], start=1):
        first, last = result.thirds()
        outcome.goal(ratio(last, first) >= LAST_THIRD,
                     f"{database}: round POST, ours, run {run}: last third {last:.1f} req/s ="
                     f" {ratio(last, first):.0%} of the first {first:.1f} req/s, goal >="
                     f" {LAST_THIRD:.0%}")
    return outcome


def side_by_side(comparisons: list[Comparison]) -> None:
    """Rates and p99s of both sides, one column group per database."""
    print()
    print(f"  {'side by side':<22}" + "".join(f"  {c.database:<31}" for c in comparisons))
    print(f"  {'':<22}" + "".join(f"  {'ours':>9} {'ihatemoney':>11} {'ratio':>9}"
                                  for _ in comparisons))
    for scenario, label in (("detail", "detail"), ("write", "round / bill POST")):
        for what, value in (("req/s", lambda r: r.rps),
                            ("p99 ms", lambda r: r.percentile_ms(0.99))):
            cells = []
            for c in comparisons:
                ours, theirs = (value(c.results[scenario, side]) for side in (c.ours, c.theirs))
                cells.append(f"  {ours:>9.1f} {theirs:>11.1f} {ratio(ours, theirs):>8.2f}x")
            print(f"  {f'{label} {what}':<22}" + "".join(cells))


def run() -> Outcome:
    """The comparison on SQLite and on PostgreSQL, then the cold writes (bench/cold.py).
    Never raises: a database on which a side cannot run is a broken part."""
    from bench import cold

    size = sizes()
    count = workers(size)
    outcome = Outcome()
    print()
    print(f"HTTP: ours against ihatemoney, each under gunicorn {metadata.version('gunicorn')}"
          f" with {count} sync workers on a throwaway database of its own; {size.clients}"
          f" client threads on loopback")
    if app_dir() != BASE_DIR:
        print(f"  (our app from {app_dir()})")
    began = time.monotonic()
    busy, own = cpu_seconds()
    wanted = {"SQLite": on_sqlite}
    if databases.postgres_wanted():
        wanted["PostgreSQL"] = on_postgres
    with ThreadPoolExecutor(max_workers=len(wanted) if smoke() else 1) as pool:
        running = {database: pool.submit(on_database, count, size)
                   for database, on_database in wanted.items()}
        comparisons = []
        for database, future in running.items():
            print()
            where = "two SQLite files" if database == "SQLite" else (
                f"two databases on {databases.pg_server()}")
            print(f"  on {database} ({where})")
            print(f"  {'scenario':<34} {'side':<16} {'reqs':>6} {'s':>6} {'req/s':>8}"
                  f" {'p50 ms':>7} {'p99 ms':>7}")
            sys.stdout.flush()
            try:
                comparison = future.result()
            except Exception as error:
                outcome.could_not_run(f"the HTTP comparison on {database}", error)
                continue
            outcome += report(comparison, size)
            comparisons.append(comparison)
    if "PostgreSQL" not in wanted:
        print()
        print("  PostgreSQL: left out (--no-postgres)")
    if comparisons:
        side_by_side(comparisons)
    print(f"  detail: in {size.detail_slices} slices a side, the sides taking turns; ours GET"
          f" /api/v1/games/{{id}}/, theirs GET /api/projects/{{id}}; write: in {WRITE_RUNS}"
          f" runs a side (ours, theirs, theirs, ours), ours POST /api/v1/games/{{id}}/rounds/,"
          f" theirs POST /api/projects/{{id}}/bills")
    took = time.monotonic() - began
    busy_after, own_after = cpu_seconds()
    others = max((busy_after - busy) - (own_after - own), 0)
    # Other work on the machine (a test run, say) slows both sides, rarely alike.
    print(f"  (whole HTTP comparison: {took:.0f} s; other processes on this machine used"
          f" {others:.0f} CPU-s of it, {others / took:.0%} of one core)")
    sys.stdout.flush()
    outcome += cold.run()
    return outcome


def main() -> int:
    from bench.outcome import print_broken, print_goals

    outcome = run()
    print_goals("HTTP goals", outcome)
    print_broken(outcome)
    return 1 if outcome.broken else 0


if __name__ == "__main__":
    sys.exit(main())
