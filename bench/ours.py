"""Our app as a side of the HTTP comparison (bench/http.py), and the hands it makes up.

A user made in a copy of the migrated database, the app served as `make serve` serves it
(DEBUG off, no rate limits), then its games over the API: the game the detail scenario
reads, and a fresh game for each client of each write run.
"""

import json
import os
import random
import secrets
import sys
from pathlib import Path

from bench.load import (
    PLAYERS,
    SEED,
    WRITE_RUNS,
    Gunicorn,
    Side,
    Sizes,
    client_rngs,
    expect,
    request,
    run_child,
)

BASE_DIR = Path(__file__).resolve().parent.parent
RULES = {"eliminate_at": 10000, "rebuy_from": 9000}  # nobody goes out in a long game


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
    rngs = client_rngs(size)

    def read_game(conn) -> int:
        status, _ = request(conn, "GET", read_path, headers=auth)
        return status

    def write(conn, run: int, index: int) -> int:
        return post_round(conn, tables[run][index], rngs[run][index])

    return Side("ours", server, read_game, write)
