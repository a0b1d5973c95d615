"""Two app servers on one PostgreSQL agree, and losing one of them loses no round (issue 28).

README, "How it scales": app servers keep nothing another one needs, so a write answered by
one is what the next read on any other sees, and a client whose server dies retries on
another with the same Idempotency-Key. This test measures that promise with real
processes: its own PostgreSQL database (migrated by `manage.py migrate`), two gunicorn
instances on it as `make serve` runs them, 16 tables posting rounds through both at
random, one instance killed (SIGKILL, the whole process group) partway through, and at the
end every round counted through the API and in the database, and `manage.py verifyledger`.
Before the counts PostgreSQL ends every connection, as its restart would, and each read
after that must still be answered.

It runs in the PostgreSQL pass of `make test` (it asks for `django_db_setup`, which
`--database-only` selects on) and is skipped on SQLite, where one file is one machine's
database and there is nothing for two servers to share. `pytest -s` prints its figures.
"""

import http.client
import json
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import psycopg
import pytest
from django.conf import settings
from psycopg import sql

from tests.servers import stop
from tests.test_deploy import BASE_DIR, free_port, production_env

TABLES = 16
ROUNDS = 6  # per table
KILL_AFTER = TABLES * ROUNDS // 3  # rounds answered before one server is killed
WORKERS = 2  # per server
TIMEOUT = 10.0  # seconds, every request
BOOT = 60.0  # seconds for the servers to answer, for the tables to play out
# Each table seats its own four, as a club's player sits at one table at a time. (Games
# started at the same moment with the same new names race to add the same club player, and
# the losers answer 500 on PostgreSQL: the unique name, not a lock, decides.)
PLAYERS = ["Anna", "Bert", "Cleo", "Dora"]
# Nobody reaches a total that puts them out, so every round has all four hands.
RULES = {"eliminate_at": 10000, "rebuy_from": 9000}
SEED = 28

pytestmark = pytest.mark.skipif(
    "postgresql" not in settings.DATABASES["default"]["ENGINE"],
    reason="several app servers share one PostgreSQL database; DATABASE_URL is not "
           "PostgreSQL (on SQLite the database is one machine's file)")


# --- The database ------------------------------------------------------------------------------


def database_url(name: str) -> str:
    """DATABASE_URL with another database of the same server."""
    return urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{name}").geturl()


@contextmanager
def fresh_database():
    """A database of its own on the server of DATABASE_URL, dropped on the way out whatever
    happened (FORCE: a killed server's connections may still be closing)."""
    name = f"scaleout_{os.getpid()}"
    drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
    with psycopg.connect(database_url("postgres"), autocommit=True) as admin:
        admin.execute(drop)  # left by a crashed run that had this process id
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield database_url(name)
    finally:
        with psycopg.connect(database_url("postgres"), autocommit=True) as admin:
            admin.execute(drop)


def manage(env: dict, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=BASE_DIR, env=env,
                          capture_output=True, text=True, timeout=timeout)


def end(process: subprocess.Popen) -> None:
    """A command left running by a failure: killed, so that its database can be dropped."""
    if process.poll() is None:
        process.kill()
        process.wait()


# The organiser and their token, made as an operator would make them in a shell; the token
# itself is printed once, on the last line.
SETUP = """
from django.contrib.auth import get_user_model
from scorekeeper.services.clubs import create_club
from scorekeeper.services.tokens import make_token
organiser = get_user_model().objects.create_user("organiser")
club = create_club(name="Scale-out", user=organiser)
print(club.pk, make_token(user=organiser, name="scale-out")[1])
"""


# --- The servers -------------------------------------------------------------------------------


class AppServer:
    """One gunicorn, as `make serve` starts it, in a process group of its own."""

    def __init__(self, name: str, env: dict):
        self.name = name
        self.port = free_port()
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "scorekeeper.wsgi",
             "--bind", f"127.0.0.1:{self.port}", "--workers", str(WORKERS),
             "--timeout", "30", "--graceful-timeout", "20", "--max-requests", "2000",
             "--max-requests-jitter", "200", "--no-control-socket"],
            cwd=BASE_DIR, env=env, stdout=subprocess.DEVNULL, stderr=self.log,
            start_new_session=True)
        self.killed = False

    def __repr__(self) -> str:
        return f"server {self.name} (port {self.port})"

    def wait_ready(self, deadline: float) -> None:
        """Until the liveness probe answers: a worker has loaded the app and its URLs (on its
        first request), without a question to the database, which may still be migrating."""
        while True:
            assert self.process.poll() is None, f"{self} exited:\n{self.stderr()}"
            try:
                if send(self, "GET", "/health/?probe=live")[0] == 200:
                    return
            except (OSError, http.client.HTTPException):
                pass
            assert time.monotonic() < deadline, f"{self} did not answer:\n{self.stderr()}"
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL to the master and its workers at once: no worker finishes its request."""
        self.killed = True
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def close(self) -> None:
        if not self.killed and self.process.poll() is None:
            stop(self.process)
        self.log.close()

    def stderr(self) -> str:
        if self.log.closed:
            return ""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-3000:]


def send(server: AppServer, method: str, path: str, body=None, headers=None):
    """One request on a connection of its own: (status, headers, the decoded JSON, or the
    start of any other body: a 500's page, say)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=TIMEOUT)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Accept": "application/json", "Content-Type": "application/json",
                              **(headers or {})})
        response = conn.getresponse()
        payload = response.read()
        if not response.headers.get("Content-Type", "").startswith("application/json"):
            return response.status, response.headers, payload.decode(errors="replace")[:500]
        return response.status, response.headers, json.loads(payload)
    finally:
        conn.close()


def refuses_connections(server: AppServer, deadline: float) -> bool:
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", server.port), timeout=1).close()
        except ConnectionRefusedError:
            return True
        time.sleep(0.05)
    return False


# --- The tables --------------------------------------------------------------------------------


@dataclass
class Cluster:
    """The servers as the clients see them: which are up, what is in flight to each, and
    what the run counted."""

    servers: list[AppServer]
    auth: dict
    lock: threading.Condition = field(default_factory=threading.Condition)
    up: list[AppServer] = field(default_factory=list)
    in_flight: dict[str, int] = field(default_factory=dict)
    answered: int = 0  # rounds answered 201, a replay included
    replays: int = 0  # of those, answered from the key's stored answer
    write_retries: int = 0  # rounds sent again to the survivor after the kill
    read_retries: int = 0
    cross_reads: int = 0  # reads on the server that did not take the write

    def __post_init__(self):
        self.up = list(self.servers)
        self.in_flight = {server.name: 0 for server in self.servers}

    def pick(self, rng: random.Random) -> AppServer:
        with self.lock:
            return rng.choice(self.up)

    def other(self, server: AppServer) -> AppServer:
        """The server a read goes to: another one than the writer's while there is one."""
        with self.lock:
            others = [each for each in self.up if each is not server]
            return others[0] if others else server

    def request(self, server: AppServer, method: str, path: str, *, retried: str,
                rng: random.Random, body=None, headers=None):
        """The request, sent again on a server that is up when `server` was killed under it
        (`retried` names the counter); a failure of a server that is up fails the test."""
        while True:
            with self.lock:
                self.in_flight[server.name] += 1
                self.lock.notify_all()
            try:
                return server, *send(server, method, path, body, {**self.auth, **(headers or {})})
            except (OSError, http.client.HTTPException) as error:
                with self.lock:
                    assert server not in self.up, (f"{method} {path} to {server}, which is up,"
                                                   f" failed: {error!r}\n{server.stderr()}")
                    setattr(self, retried, getattr(self, retried) + 1)
            finally:
                with self.lock:
                    self.in_flight[server.name] -= 1
            server = self.pick(rng)

    def kill(self, victim: AppServer) -> None:
        """Marked down first, so that every failure it causes is known as one."""
        with self.lock:
            self.up.remove(victim)
        victim.kill()


def countable(low: int, high: int) -> list[int]:
    """The points a Wiener hand can hold (docs/rules.md 3.1): any but 1, the smallest card
    counting 2."""
    return [points for points in range(low, high + 1) if points != 1]


def round_body(rng: random.Random, number: int, players: list[int]) -> dict:
    """A round the engine accepts: the ender within Wiener's knock limit (5), every other
    hand above the ender's, so that nobody undercuts."""
    ender = players[number % len(players)]
    low = rng.choice(countable(0, 5))
    return {"number": number, "ender": ender,
            "hands": [{"player": player,
                       "deadwood": low if player == ender else rng.choice(countable(low + 1, 60))}
                      for player in players]}


def play_table(cluster: Cluster, club: int, table: int) -> int:
    """Start a game, post its rounds 1..ROUNDS each through a server at random, and after
    each read the game on the other server; returns the game's id."""
    rng = random.Random(SEED + table)
    server, status, _, game = cluster.request(
        cluster.pick(rng), "POST", "/api/v1/games/", retried="write_retries", rng=rng,
        body={"club": club, "name": f"Table {table + 1}", "preset": "wiener", "rules": RULES,
              "players": [f"{name} {table + 1}" for name in PLAYERS]},
        headers={"Idempotency-Key": f"scale-out-game-{table}"})
    assert status == 201, (server, status, game)
    game_id, players = game["id"], [player["id"] for player in game["players"]]
    version = game["version"]
    for number in range(1, ROUNDS + 1):
        path = f"/api/v1/games/{game_id}/rounds/"
        # The round's number is its guard (409 if another got there first): a round POST
        # takes no If-Match (docs/api.md, "Entering a round").
        server, status, headers, answer = cluster.request(
            cluster.pick(rng), "POST", path, retried="write_retries", rng=rng,
            body=round_body(rng, number, players),
            headers={"Idempotency-Key": f"scale-out-{game_id}-round-{number}"})
        assert status == 201, f"round {number} of game {game_id} on {server}: {status} {answer}"
        written = answer["game"]["version"]
        assert written > version, (game_id, number, version, written)
        assert headers["ETag"] == f'"{written}"', (headers["ETag"], written)
        with cluster.lock:
            cluster.answered += 1
            cluster.replays += headers.get("Idempotent-Replayed") == "true"
            cluster.lock.notify_all()
        # The other server at once, polling as a phone does with the ETag it held: a 304
        # or an older version is a stale answer.
        reader = cluster.other(server)
        reader, status, headers, seen = cluster.request(
            reader, "GET", f"/api/v1/games/{game_id}/", retried="read_retries", rng=rng,
            headers={"If-None-Match": f'"{version}"'})
        assert status == 200, f"game {game_id} on {reader} after round {number}: {status}"
        assert (seen["version"], headers["ETag"]) == (written, f'"{written}"'), (
            f"{reader} answered game {game_id} at version {seen['version']} (ETag"
            f" {headers['ETag']}) after {server} wrote round {number} at version {written}")
        assert (seen["round_count"], seen["next_round"]) == (number, number + 1), seen
        with cluster.lock:
            cluster.cross_reads += reader is not server
        version = written
    return game_id


# --- The test ----------------------------------------------------------------------------------


def cpu_seconds() -> float:
    """CPU time of this process and of the children it has waited for (the servers count
    once stopped): what the test cost, whatever else the machine was doing."""
    return sum(usage.ru_utime + usage.ru_stime for usage in (
        resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)))


def test_two_app_servers_on_one_postgresql_agree_and_survive_a_kill(django_db_setup):
    began, cpu = time.monotonic(), cpu_seconds()
    with ExitStack() as stack:
        servers: list[AppServer] = []
        try:
            url = stack.enter_context(fresh_database())
            env = production_env(DATABASE_URL=url, ALLOWED_HOSTS="127.0.0.1",
                                 SECURE_SSL_REDIRECT="0", THROTTLING="0", LOG_LEVEL="WARNING")
            env.pop("DJANGO_SETTINGS_MODULE", None)  # manage.py and the wsgi module set it
            # The servers boot while the database is migrated: they need it only for the
            # first round of requests, after the organiser is made.
            migrate = subprocess.Popen(
                [sys.executable, "manage.py", "migrate", "--noinput"], cwd=BASE_DIR, env=env,
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            stack.callback(end, migrate)
            for name in ("A", "B"):
                servers.append(AppServer(name, env))
                stack.callback(servers[-1].close)
            deadline = time.monotonic() + BOOT
            for server in servers:
                server.wait_ready(deadline)
            booted = time.monotonic()
            _, problems = migrate.communicate(timeout=BOOT)
            assert migrate.returncode == 0, problems
            made = manage(env, "shell", "-c", SETUP)
            assert made.returncode == 0, made.stderr
            club, token = made.stdout.split()[-2:]
            ready = time.monotonic()
            played = run_tables(servers, int(club), token, url, env)
            checked = time.monotonic()
        except BaseException:
            for server in servers:  # pytest shows what a failing test printed
                print(f"--- stderr of {server}:\n{server.stderr()}")
            raise
    print(f"Scale-out timing: {time.monotonic() - began:.1f} s in all: servers up"
          f" {booted - began:.1f} s, database migrated and organiser made {ready - began:.1f} s,"
          f" tables {played:.1f} s, the counts and verifyledger {checked - ready - played:.1f} s;"
          f" about {cpu_seconds() - cpu:.0f} CPU-s (this process, the servers and the commands,"
          f" PostgreSQL not counted)")


def run_tables(servers: list[AppServer], club: int, token: str, url: str, env: dict) -> float:
    """The tables' play, the kill and the counts at the end; returns how long the play took."""
    cluster = Cluster(servers, {"Authorization": f"Bearer {token}"})
    victim, survivor = servers
    errors: list[BaseException] = []
    games: list[int] = []
    done: list[int] = []  # the tables that stopped, played out or failed

    def table(index: int) -> None:
        try:
            game_id = play_table(cluster, club, index)
            with cluster.lock:
                games.append(game_id)
        except Exception as error:  # handed to the main thread, which raises it
            with cluster.lock:
                errors.append(error)
        finally:
            with cluster.lock:
                done.append(index)
                cluster.lock.notify_all()

    began = time.monotonic()
    threads = [threading.Thread(target=table, args=(index,), daemon=True)
               for index in range(TABLES)]
    for thread in threads:
        thread.start()
    # The kill: once a third of the rounds are answered and requests are on their way to
    # the victim, so that some are cut off in the middle.
    def time_to_kill() -> bool:
        return cluster.answered >= KILL_AFTER and cluster.in_flight[victim.name] >= 2

    with cluster.lock:
        cluster.lock.wait_for(lambda: errors or len(done) == TABLES or time_to_kill(),
                              timeout=BOOT)
        if errors:
            raise errors[0]
        assert time_to_kill(), f"never {KILL_AFTER} rounds with requests in flight to {victim}"
        in_flight_at_kill = cluster.in_flight[victim.name]
    cluster.kill(victim)
    killed_at = time.monotonic()
    assert refuses_connections(victim, killed_at + 5), f"{victim} still accepts connections"
    for thread in threads:
        thread.join(max(0.0, began + BOOT - time.monotonic()))
    took = time.monotonic() - began
    assert not any(thread.is_alive() for thread in threads), f"tables still playing after {took} s"
    if errors:
        raise errors[0]

    figures = (f"{cluster.answered} rounds on {TABLES} tables in {took:.1f} s,"
               f" {cluster.answered / took:.0f} rounds/s (each with a read of the game on the"
               f" other server: {cluster.cross_reads} cross-server reads, none stale);"
               f" {victim} killed after {KILL_AFTER} rounds with {in_flight_at_kill} requests"
               f" in flight to it: {cluster.write_retries} writes and {cluster.read_retries}"
               f" reads retried on {survivor}, {cluster.replays} of the rounds answered from"
               f" their Idempotency-Key's stored answer")
    print(f"\nScale-out: {figures}")
    assert cluster.answered == TABLES * ROUNDS, figures
    assert cluster.write_retries + cluster.read_retries >= 1, f"nothing was cut off: {figures}"

    # PostgreSQL ends every connection, as its restart would: each of the survivor's workers
    # finds out before its next request's first query (the health check,
    # scorekeeper/postgresql/base.py) and answers that request on a new connection; a 503
    # below would be a worker that took the dead connection for a live one.
    with psycopg.connect(url, autocommit=True) as conn:
        ended = conn.execute(
            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 5000))"
            " FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid()").fetchone()[0]
    assert ended >= 1, "the survivor kept no connection to end"

    # Nothing lost, nothing twice: through the API on the survivor, and in the database.
    wanted = list(range(1, ROUNDS + 1))
    for game_id in games:
        _, status, _, rounds = cluster.request(
            survivor, "GET", f"/api/v1/games/{game_id}/rounds/", retried="read_retries",
            rng=random.Random())
        assert status == 200, rounds
        assert [(line["number"], line["revision"]) for line in rounds] == [
            (number, 0) for number in wanted], (game_id, rounds)
    with psycopg.connect(url) as conn:
        stored = conn.execute("SELECT game_id, number FROM scorekeeper_round"
                              " ORDER BY game_id, number").fetchall()
    by_game: dict[int, list[int]] = {}
    for game_id, number in stored:
        by_game.setdefault(game_id, []).append(number)
    assert by_game == {game_id: wanted for game_id in games}, f"{by_game}; {figures}"

    audit = manage(env, "verifyledger")
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert f"{TABLES} games checked, 0 with differences." in audit.stdout, audit.stdout
    return took
