"""HTTP benchmark: the whole app under gunicorn, on SQLite and then on PostgreSQL.

Run by `make bench` after the solver benchmarks (or alone: `python -m bench.http`).
For each database it migrates a throwaway database (a temporary SQLite file; a
PostgreSQL database `bench_http`, created here and dropped again), creates a user,
a token and the games through the services, starts gunicorn on a free loopback port
with the workers of `make serve`, and sends a bounded load from 16 client threads,
each with its own http.client connection (kept alive where the server allows; gunicorn's
sync workers close it after each answer, as behind a proxy). Every scenario has a
fixed number of requests and a time cap; nothing but 127.0.0.1 is ever addressed.

Scenarios:
  trivial   GET /health/?probe=live: a JSON answer through the whole middleware
            stack without a database query (the baseline)
  health    GET /health/: the same plus a connection and `SELECT 1` (for information)
  detail    GET /api/v1/games/{id}/ with the token, on a game of 30 rounds
  round     POST /api/v1/games/{id}/rounds/ with the token and an Idempotency-Key,
            each the game's next round; every client keeps score of its own game (16
            tables at once: one game shared by 16 writers would only measure conflicts);
            a 409 makes the client refetch next_round. The games start empty, with
            rules that keep everyone in (eliminate_at 10000, rebuy_from 9000).

Trivial, detail and round are also sent by one client alone (ALONE requests): the
cost of one request without any queueing, next to the latencies under load.

Rate limits are off in the server (THROTTLING=0): this measures capacity, not the
limiter. The goals are reported and never fail the run.
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
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from bench.databases import on_both

BASE_DIR = Path(__file__).resolve().parent.parent
CLIENTS = 16
TIME_CAP = 6.0  # seconds per scenario, whatever the count reached
REQUESTS = {"trivial": 3000, "health": 1500, "detail": 1500, "round": 1200}
ALONE = 30  # requests of one client alone, for the cost of a request without queueing
WARM_UP = 3  # untimed requests per client before each scenario
ROUNDS_BEFORE = 30
PLAYERS = ["Anna", "Bert", "Cleo", "Dora"]
RULES = {"eliminate_at": 10000, "rebuy_from": 9000}
SEED = 20251123

DETAIL_SHARE = 0.50  # detail throughput at least this share of the trivial one
ROUND_SHARE = 0.25
P99_MS = 100.0
PG_DATABASE = "bench_http"


def workers() -> int:
    """As `make serve`: WEB_CONCURRENCY, else 2 x cores + 1, at most 8."""
    if os.environ.get("WEB_CONCURRENCY", "").isdigit():
        return int(os.environ["WEB_CONCURRENCY"])
    return min(2 * (os.cpu_count() or 1) + 1, 8)


# --- The data, made through the services in a child process ------------------------------------


def hands_for(rng: random.Random, players: list[int], ender: int) -> list[dict]:
    """The ender knocks with 0..5 (Wiener's knock limit), the others hold more: no undercut."""
    low = rng.randint(0, 5)
    return [{"player": p, "deadwood": low if p == ender else rng.randint(low + 1, 60)}
            for p in players]


def setup_data() -> None:
    """In the child: a user with a token, the read game and one game per client (JSON out)."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    django.setup()
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from scorekeeper import services

    user = get_user_model().objects.create_user("bench", password=secrets.token_urlsafe(16))
    token = Token.objects.create(user=user).key
    club = services.create_club(name="Bench", user=user)
    rng = random.Random(SEED)

    def game(name: str, rounds: int) -> dict:
        view = services.start_game(club=club, name=name, preset="wiener", players=PLAYERS,
                                   rules=RULES, user=user)
        ids = [seat.player_id for seat in view.seats]
        for number in range(1, rounds + 1):
            ender = ids[number % len(ids)]
            services.record_round(
                game_id=view.game.pk, number=number, ender=ender, user=user,
                hands=[services.HandInput(h["player"], deadwood=h["deadwood"])
                       for h in hands_for(rng, ids, ender)],
            )
        return {"id": view.game.pk, "players": ids, "next_round": rounds + 1}

    print(json.dumps({"token": token, "read_game": game("Read", ROUNDS_BEFORE),
                      "write_games": [game(f"Table {n + 1}", 0) for n in range(CLIENTS)]}))


# --- Server ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(database_url: str) -> dict:
    env = {key: value for key, value in os.environ.items() if key != "PYTEST_VERSION"}
    env.update(DATABASE_URL=database_url, DEBUG="0", SECURE_SSL_REDIRECT="0", THROTTLING="0",
               ALLOWED_HOSTS="127.0.0.1", SECRET_KEY=secrets.token_urlsafe(50),
               LOG_LEVEL="WARNING", PYTHONPATH=str(BASE_DIR))
    return env


def manage(env: dict, *args: str) -> str:
    result = subprocess.run([sys.executable, *args], cwd=BASE_DIR, env=env, capture_output=True,
                            text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed:\n{result.stderr[-2000:]}")
    return result.stdout


class Gunicorn:
    """gunicorn in its own process group, stopped for sure on leaving the `with`."""

    def __init__(self, env: dict, count: int):
        self.port = free_port()
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "scorekeeper.wsgi",
             "--bind", f"127.0.0.1:{self.port}", "--workers", str(count),
             "--access-logfile", "/dev/null", "--no-control-socket", "--timeout", "30"],
            cwd=BASE_DIR, env=env, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def __enter__(self):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.log.seek(0)
                raise RuntimeError(f"gunicorn exited:\n{self.log.read().decode()[-2000:]}")
            try:
                status, _ = request(self.connect(), "GET", "/health/?probe=live")
                if status == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError("gunicorn did not answer within 30 s")

    def __exit__(self, *exc):
        self.stop()

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
        self.log.close()


# --- Load --------------------------------------------------------------------------------------


def request(conn, method, path, body=None, headers=None) -> tuple[int, bytes]:
    data = json.dumps(body).encode() if body is not None else None
    all_headers = {"Accept": "application/json", **(headers or {})}
    if data is not None:
        all_headers["Content-Type"] = "application/json"
    try:
        conn.request(method, path, body=data, headers=all_headers)
        response = conn.getresponse()
        return response.status, response.read()
    except (http.client.HTTPException, OSError):
        conn.close()  # a connection closed under us: the next request opens a new one
        raise


@dataclass
class Result:
    name: str
    latencies: list[float] = field(default_factory=list)  # seconds, successful requests
    statuses: dict[int, int] = field(default_factory=dict)
    failures: int = 0  # connection errors
    elapsed: float = 0.0

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


def load(server: Gunicorn, name: str, total: int, make_call, clients: int = CLIENTS) -> Result:
    """`clients` threads send `total` requests in all (or stop at TIME_CAP).

    make_call(client_index, conn) -> a function that sends one request and returns
    (status, ok); each thread first sends WARM_UP untimed ones.
    """
    result = Result(name)
    lock = threading.Lock()
    remaining = [total]
    start_line = threading.Barrier(clients + 1, timeout=120)
    stop_at = [0.0]

    def client(index: int) -> None:
        conn = server.connect()
        call = make_call(index, conn)
        for _ in range(WARM_UP):
            try:
                call()
            except (http.client.HTTPException, OSError):
                pass
        start_line.wait()
        latencies, statuses, failures = [], {}, 0
        while time.perf_counter() < stop_at[0]:
            with lock:
                if remaining[0] <= 0:
                    break
                remaining[0] -= 1
            began = time.perf_counter()
            try:
                status, ok = call()
            except (http.client.HTTPException, OSError):
                failures += 1
                continue
            took = time.perf_counter() - began
            statuses[status] = statuses.get(status, 0) + 1
            if ok:
                latencies.append(took)
        conn.close()
        with lock:
            result.latencies.extend(latencies)
            result.failures += failures
            for status, n in statuses.items():
                result.statuses[status] = result.statuses.get(status, 0) + n

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    for thread in threads:
        thread.start()
    stop_at[0] = time.perf_counter() + 3600  # set for real once all have warmed up
    start_line.wait()
    began = time.perf_counter()
    stop_at[0] = began + TIME_CAP
    for thread in threads:
        thread.join(TIME_CAP + 60)
    result.elapsed = time.perf_counter() - began
    return result


def scenarios(server: Gunicorn, data: dict) -> list[Result]:
    auth = {"Authorization": f"Token {data['token']}"}

    def get(path, headers=None):
        def make(index, conn):
            def call():
                status, _ = request(conn, "GET", path, headers=headers)
                return status, status == 200
            return call
        return make

    read_path = f"/api/v1/games/{data['read_game']['id']}/"
    rng_by_client = [random.Random(SEED + n) for n in range(CLIENTS)]

    def post_round(index, conn):
        game = data["write_games"][index]
        path = f"/api/v1/games/{game['id']}/rounds/"
        rng = rng_by_client[index]

        def call():
            number = game["next_round"]
            ender = game["players"][number % len(game["players"])]
            body = {"number": number, "ender": ender,
                    "hands": hands_for(rng, game["players"], ender)}
            status, payload = request(conn, "POST", path, body,
                                      {**auth, "Idempotency-Key": secrets.token_hex(16)})
            if status == 201:
                game["next_round"] = number + 1
            elif status == 409:  # someone else entered it: ask the game for its next round
                _, detail = request(conn, "GET", f"/api/v1/games/{game['id']}/", headers=auth)
                game["next_round"] = json.loads(detail)["next_round"]
            return status, status == 201
        return call

    calls = {"trivial": get("/health/?probe=live"), "health": get("/health/"),
             "detail": get(read_path, auth), "round": post_round}
    alone = {name: load(server, name, ALONE, calls[name], clients=1)
             for name in ("trivial", "detail", "round")}
    return [load(server, name, REQUESTS[name], call) for name, call in calls.items()], alone


LABELS = {
    "trivial": "GET /health/?probe=live (trivial)",
    "health": "GET /health/ (SELECT 1)",
    "detail": f"GET /api/v1/games/{{id}}/ ({ROUNDS_BEFORE} rnd)",
    "round": "POST /api/v1/games/{id}/rounds/",
}


def report(database: str, results: list[Result], alone: dict[str, Result]
           ) -> list[tuple[bool, str]]:
    by_name = {result.name: result for result in results}
    base = by_name["trivial"].rps or float("nan")
    for result in results:
        statuses = ", ".join(f"{status}: {n}" for status, n in sorted(result.statuses.items())
                             if not 200 <= status < 300)
        extra = f"  [{statuses}{', ' if statuses and result.failures else ''}" \
                f"{f'{result.failures} failed' if result.failures else ''}]" \
            if statuses or result.failures else ""
        print(f"  {database:<10} {LABELS[result.name]:<36} {result.count:>6} {result.elapsed:>6.1f}"
              f" {result.rps:>8.0f} {result.percentile_ms(0.5):>7.1f}"
              f" {result.percentile_ms(0.99):>7.1f} {result.rps / base:>6.0%}{extra}")
    print(f"  {'':<10} one client alone (median of {ALONE}): trivial"
          f" {alone['trivial'].percentile_ms(0.5):.1f} ms, detail"
          f" {alone['detail'].percentile_ms(0.5):.1f} ms, round POST"
          f" {alone['round'].percentile_ms(0.5):.1f} ms")
    detail, rounds = by_name["detail"], by_name["round"]
    return [
        (detail.rps >= DETAIL_SHARE * base,
         f"{database}: game detail {detail.rps:.0f} req/s = {detail.rps / base:.0%} of trivial"
         f" {base:.0f} req/s, goal >= {DETAIL_SHARE:.0%}"),
        (rounds.rps >= ROUND_SHARE * base,
         f"{database}: round POST {rounds.rps:.0f} req/s = {rounds.rps / base:.0%} of trivial,"
         f" goal >= {ROUND_SHARE:.0%}"),
        (max(detail.percentile_ms(0.99), rounds.percentile_ms(0.99)) < P99_MS,
         f"{database}: p99 at {CLIENTS} clients: detail {detail.percentile_ms(0.99):.1f} ms,"
         f" round POST {rounds.percentile_ms(0.99):.1f} ms, goal < {P99_MS:.0f} ms"),
        (all(r.errors == 0 for r in results),
         f"{database}: no errors ({sum(r.errors for r in results)} non-2xx or failed)"),
    ]


def bench_database(database: str, url: str) -> list[tuple[bool, str]]:
    env = server_env(url)
    began = time.monotonic()
    manage(env, "manage.py", "migrate", "--noinput")
    data = json.loads(manage(env, "-m", "bench.http", "--setup").strip().splitlines()[-1])
    prepared = time.monotonic() - began
    with Gunicorn(env, workers()) as server:
        results, alone = scenarios(server, data)
    goals = report(database, results, alone)
    entered = sum(game["next_round"] - 1 for game in data["write_games"])
    print(f"  {'':<10} (setup: migrate, and a game of {ROUNDS_BEFORE} rounds and {CLIENTS} empty"
          f" ones through the services, {prepared:.1f} s; {entered} rounds then entered over"
          f" HTTP)")
    return goals


# --- Databases ---------------------------------------------------------------------------------


def run() -> list[tuple[bool, str]]:
    """Both databases; returns the goals as (ok, text). Never raises for a slow run."""
    count = workers()
    print()
    print(f"HTTP: gunicorn {metadata.version('gunicorn')}, {count} sync workers, {CLIENTS}"
          f" client threads on loopback; at most {TIME_CAP:.0f} s per scenario;"
          f" throttling off")
    print(f"  {'database':<10} {'endpoint':<36} {'reqs':>6} {'s':>6} {'req/s':>8}"
          f" {'p50 ms':>7} {'p99 ms':>7} {'vs triv':>6}")
    began = time.monotonic()
    goals = on_both("HTTP bench", bench_database, PG_DATABASE)
    print(f"  (whole HTTP bench: {time.monotonic() - began:.0f} s)")
    return goals


def main() -> int:
    if "--setup" in sys.argv:
        setup_data()
        return 0
    goals = run()
    print()
    print("HTTP goals (reported, they do not fail the run)")
    for ok, text in goals:
        print(f"  [{'PASS' if ok else 'FAIL'}] {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
