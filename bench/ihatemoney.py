"""ihatemoney (requirements-bench.txt) for the HTTP comparison of bench/http.py: its
settings, its data, and the side it is there (start_theirs).

Configured as its docs say, through a settings file named by IHATEMONEY_SETTINGS_FILE_PATH
(read by ihatemoney.run.load_configuration over its default_settings):

  SQLALCHEMY_DATABASE_URI  its own throwaway database: a SQLite file in the throwaway
                           directory, or a PostgreSQL database through psycopg 3
                           (postgresql+psycopg://, the driver requirements.txt installs)
  SECRET_KEY               a fresh random one (the default one only warns)
  ACTIVATE_DEMO_PROJECT    False: no demo project
  ALLOW_PUBLIC_PROJECT_CREATION  True: POST /api/projects creates projects
  MAIL_SUPPRESS_SEND       True: Flask-Mail sends nothing (a created project mails its
                           contact, emails.send_creation_email); MAIL_SERVER and MAIL_PORT
                           also point at a closed loopback port, should it ever try
  RATELIMIT_ENABLED        False, as our THROTTLING=0 (its limits are on web pages only)

Currency rates: ihatemoney fetches them (currency_convertor.CurrencyConverter.get_rates,
with `requests`) only to convert a bill whose currency differs from the project's; the
projects here have no currency ("XXX", the default) and so have their bills, so it never
asks. Should it ever, HTTP_PROXY and HTTPS_PROXY send `requests` to a closed loopback
port, and the call fails at once (ihatemoney then uses no rates).

Its SQLite file is opened as Flask-SQLAlchemy opens one by default (rollback journal,
pysqlite's 5 s busy timeout): ihatemoney sets no pragma of its own, and neither does
this bench. On PostgreSQL SQLAlchemy's default pool keeps a worker's connections open
between requests, as CONN_MAX_AGE keeps ours (settings.py). Its database schema is made
before gunicorn starts (create_app runs its Alembic migrations; every worker runs them
again on start, finding nothing to do). Its API:
POST /api/projects (a form) creates a project, POST /api/projects/{id}/members adds a
member, GET /api/projects/{id}/token (HTTP basic, the project id and its code) gives a
token; every other call sends `Authorization: Bearer <token>`, the cheapest of its two
ways in (an HMAC check against basic auth's password hash on every request).
"""

import os
import random
import secrets
import sys
from base64 import b64encode
from datetime import date
from importlib import metadata
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
    free_port,
    request,
    run_child,
)

WSGI_APP = "ihatemoney.wsgi:application"
PROBE = "/api/currencies"  # a static list: no database, no network
CURRENCY = "XXX"  # ihatemoney's "no currency": nothing to convert, no rates to fetch


def prepare(directory: Path, database_uri: str) -> tuple[dict, Path]:
    """Write the settings, make the schema in `database_uri` (SQLAlchemy's form); returns
    the server's environment and its cwd."""
    directory.mkdir(parents=True, exist_ok=True)
    dead = free_port()  # closed once free_port returns: nothing listens there
    settings = directory / "ihatemoney.cfg"
    settings.write_text(
        f"SQLALCHEMY_DATABASE_URI = {database_uri!r}\n"
        f"SECRET_KEY = {secrets.token_urlsafe(50)!r}\n"
        "DEBUG = False\n"
        "ACTIVATE_DEMO_PROJECT = False\n"
        "ALLOW_PUBLIC_PROJECT_CREATION = True\n"
        "ACTIVATE_ADMIN_DASHBOARD = False\n"
        "ENABLE_CAPTCHA = False\n"
        "MAIL_SUPPRESS_SEND = True\n"
        f"MAIL_SERVER = '127.0.0.1'\nMAIL_PORT = {dead}\n"
        "RATELIMIT_ENABLED = False\n"
    )
    env = {key: value for key, value in os.environ.items()
           if key.lower() not in ("no_proxy", "pythonpath", "all_proxy")}
    env.update(IHATEMONEY_SETTINGS_FILE_PATH=str(settings),
               HTTP_PROXY=f"http://127.0.0.1:{dead}", HTTPS_PROXY=f"http://127.0.0.1:{dead}",
               http_proxy=f"http://127.0.0.1:{dead}", https_proxy=f"http://127.0.0.1:{dead}",
               PYTHONWARNINGS="ignore")
    run_child([sys.executable, "-P", "-c",
               "from ihatemoney.run import create_app; create_app()"], directory, env)
    return env, directory


def new_project(conn, slug: str, members: list[str]) -> dict:
    """A project with its members and a token: {"id", "auth", "members"}."""
    code = secrets.token_urlsafe(12)
    project = expect(conn, 201, "POST", "/api/projects",
                     form={"name": slug, "id": slug, "password": code,
                           "contact_email": "bench@example.com", "default_currency": CURRENCY})
    basic = b64encode(f"{project}:{code}".encode()).decode()
    token = expect(conn, 200, "GET", f"/api/projects/{project}/token",
                   headers={"Authorization": f"Basic {basic}"})["token"]
    auth = {"Authorization": f"Bearer {token}"}
    ids = [expect(conn, 201, "POST", f"/api/projects/{project}/members", form={"name": name},
                  headers=auth) for name in members]
    return {"id": project, "auth": auth, "members": ids, "bills": 0}


def post_bill(conn, project: dict, rng: random.Random) -> int:
    """The next bill: one member pays for all of them. Returns the status."""
    members = project["members"]
    number = project["bills"] + 1
    status, _ = request(conn, "POST", f"/api/projects/{project['id']}/bills",
                        headers=project["auth"],
                        form={"date": date.today().isoformat(), "what": f"Bill {number}",
                              "payer": members[number % len(members)], "payed_for": members,
                              "amount": f"{rng.randint(100, 20000) / 100:.2f}"})
    if status == 201:
        project["bills"] = number
    return status


# --- The side --------------------------------------------------------------------------------


def start_theirs(directory: Path, database_uri: str, count: int, size: Sizes, stack) -> Side:
    """Write ihatemoney's settings, make its schema, serve it; then the projects."""
    env, cwd = prepare(directory / "ihatemoney", database_uri)
    server = stack(Gunicorn(WSGI_APP, cwd, env, count, PROBE))
    conn = server.connect()
    rng = random.Random(SEED)
    read = new_project(conn, "read", PLAYERS)
    for _ in range(size.rounds_before):
        status = post_bill(conn, read, rng)
        if status != 201:
            raise RuntimeError(f"ihatemoney's read project: a bill answered {status}")
    tables = [[new_project(conn, f"table-{n + 1}-run-{run + 1}", PLAYERS)
               for n in range(size.clients)] for run in range(WRITE_RUNS)]
    conn.close()
    rngs = client_rngs(size)

    read_path = f"/api/projects/{read['id']}"

    def read_project(conn) -> int:
        status, _ = request(conn, "GET", read_path, headers=read["auth"])
        return status

    def write(conn, run: int, index: int) -> int:
        return post_bill(conn, tables[run][index], rngs[run][index])

    return Side(f"ihatemoney {metadata.version('ihatemoney')}", server, read_project, write)
