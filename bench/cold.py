"""Cold round POST: what entering a round costs a process that has not kept the game.

Run by bench/http.py after the HTTP comparison (or alone: `python -m bench.cold`). In a
child process, on a throwaway SQLite file, without gunicorn: the whole request through
Django's test client (middleware, DRF, Token auth, Idempotency-Key), timed from the call
to the answer.

The data is made over the API: a user with a token, a game of 9 rounds and one of 199
(4 players, Wiener with elimination out of reach). That database is then copied aside,
and each timed POST starts from the copy: the file is put back, the connection is
opened, everything the process keeps about games is forgotten (forget_kept_games), and
then round 10 of the first game or round 200 of the second is POSTed. So every sample
is the same request on the same data, and the process has to rebuild the game from the
database, as a worker does that has not served the game's current version. The two
kinds alternate; after 3 untimed ones of each, RUNS of each are timed and their medians
compared (goal: round 200 within 1.25x of round 10).
"""

import json
import os
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
RUNS = 30  # timed POSTs of each kind; the medians are compared
WARM_UP = 3
ROUNDS = (10, 200)  # the round POSTed cold
GOAL = 1.25  # round 200 at most this many times round 10
PLAYERS = ["Anna", "Bert", "Cleo", "Dora"]
RULES = {"eliminate_at": 10000, "rebuy_from": 9000}
SEED = 20251124


def forget_kept_games() -> None:
    """Forget every game state this process keeps: the replayed states and the cache.

    The one place that knows where they are: services.recent_games today, and
    services.reading.recent_games once the service layer is split into a package.
    """
    from django.core.cache import cache

    try:
        from scorekeeper.services.reading import recent_games
    except ImportError:
        from scorekeeper.services import recent_games
    recent_games.clear()
    cache.clear()


# --- In the child ------------------------------------------------------------------------------


def child() -> int:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection, connections
    from django.test import Client

    from bench.http import hands_for

    database = Path(connection.settings_dict["NAME"])
    call_command("migrate", verbosity=0, interactive=False)
    password = secrets.token_urlsafe(16)
    get_user_model().objects.create_user("bench", password=password)
    client = Client()

    def post(path: str, body: dict, status: int, **headers) -> dict:
        response = client.post(path, json.dumps(body), content_type="application/json",
                               headers=headers)
        if response.status_code != status:
            raise RuntimeError(f"POST {path} answered {response.status_code}, not {status}:"
                               f" {response.content[:300]!r}")
        return response.json()

    token = post("/api/v1/auth/token/", {"username": "bench", "password": password},
                 200)["token"]
    auth = {"Authorization": f"Token {token}"}
    club = post("/api/v1/clubs/", {"name": "Bench"}, 201, **auth)["id"]
    rng = random.Random(SEED)

    def round_body(game: dict, number: int) -> dict:
        players = game["players"]
        ender = players[number % len(players)]
        # at most 25 points a round: 200 rounds stay below eliminate_at
        return {"number": number, "ender": ender,
                "hands": hands_for(rng, players, ender, most=25)}

    def post_round(game: dict, number: int) -> None:
        post(f"/api/v1/games/{game['id']}/rounds/", round_body(game, number), 201,
             **auth, **{"Idempotency-Key": secrets.token_hex(16)})

    games = {}
    for number in ROUNDS:
        created = post("/api/v1/games/", {"club": club, "name": f"Round {number}",
                                          "preset": "wiener", "rules": RULES,
                                          "players": PLAYERS}, 201, **auth)
        game = {"id": created["id"], "players": [p["id"] for p in created["players"]]}
        for before in range(1, number):
            post_round(game, before)
        games[number] = game

    with connection.cursor() as cursor:  # everything into the main file, then a copy of it
        cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connections.close_all()
    saved = database.with_name("saved.sqlite3")
    shutil.copyfile(database, saved)

    def timed(number: int) -> float:
        connections.close_all()
        for extra in ("-wal", "-shm"):
            Path(f"{database}{extra}").unlink(missing_ok=True)
        shutil.copyfile(saved, database)
        connection.ensure_connection()
        forget_kept_games()
        game = games[number]
        body = json.dumps(round_body(game, number))
        began = time.perf_counter()
        response = client.post(f"/api/v1/games/{game['id']}/rounds/", body,
                               content_type="application/json",
                               headers={**auth, "Idempotency-Key": secrets.token_hex(16)})
        took = time.perf_counter() - began
        if response.status_code != 201:
            raise RuntimeError(f"round {number} answered {response.status_code}:"
                               f" {response.content[:300]!r}")
        return took

    samples: dict[int, list[float]] = {number: [] for number in ROUNDS}
    for index in range(WARM_UP + RUNS):
        for number in ROUNDS:
            took = timed(number)
            if index >= WARM_UP:
                samples[number].append(took)
    connections.close_all()
    print(json.dumps({str(number): times for number, times in samples.items()}))
    return 0


# --- In the parent -----------------------------------------------------------------------------


def run() -> list[tuple[bool, str]]:
    """Print the cold POST figures; returns the goal as (ok, text). Never raises."""
    from bench.http import app_dir, failure, ours_env

    print()
    print(f"Cold round POST, in-process (Django test client, SQLite file, no gunicorn):"
          f" median of {RUNS} each, the game's state forgotten before each")
    directory = tempfile.mkdtemp(prefix="bench-cold-")
    app = app_dir()
    env = ours_env(f"sqlite:///{directory}/cold.sqlite3")
    env["LOG_LEVEL"] = "ERROR"
    # bench from this checkout, the app from app_dir (the same one unless BENCH_APP_DIR
    # says otherwise): `bench` is imported first, then the path is switched to the app.
    boot = (f"import sys; sys.path.insert(0, {str(BASE_DIR)!r}); import bench.cold as cold;"
            f" sys.path[0] = {str(app)!r}; sys.exit(cold.child())")
    began = time.monotonic()
    try:
        result = subprocess.run([sys.executable, "-P", "-c", boot], cwd=app, env=env,
                                capture_output=True, text=True, timeout=600)
        if result.returncode != 0:
            raise RuntimeError(f"the child failed:\n{result.stderr[-2000:]}")
        samples = json.loads(result.stdout.strip().splitlines()[-1])
    except Exception as error:
        return [(False, failure("the cold round POST", error))]
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    low, high = (statistics.median(samples[str(number)]) * 1000 for number in ROUNDS)
    for number in ROUNDS:
        times = sorted(samples[str(number)])
        print(f"  round {number:>3}: median {statistics.median(times) * 1000:6.2f} ms,"
              f" fastest {times[0] * 1000:6.2f} ms, slowest {times[-1] * 1000:6.2f} ms")
    print(f"  round {ROUNDS[1]} / round {ROUNDS[0]}: {high / low:.2f}x"
          f"  (setup and timing: {time.monotonic() - began:.0f} s)")
    return [(high / low <= GOAL,
             f"cold round POST: round {ROUNDS[1]} {high:.1f} ms = {high / low:.2f}x round"
             f" {ROUNDS[0]} {low:.1f} ms (median of {RUNS}), goal <= {GOAL}x")]


def main() -> int:
    for ok, text in run():
        print(f"  [{'PASS' if ok else 'FAIL'}] {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
