"""Throwaway databases for the bench: a temporary directory for SQLite files, and
databases created and dropped on the PostgreSQL server of BENCH_PG_URL (else
DATABASE_URL, else the local one).

PostgreSQL is part of the bench: a server that does not answer makes the parts that need
it unable to run, and the run fails. BENCH_POSTGRES=0 (`python -m bench --no-postgres`)
leaves those parts out instead, with a line that says so.

Each database name carries this process's id, so that two runs on one server (a smoke
run in `make test` beside a `make bench`) never drop each other's.

Our app's migrations run once per run and kind of database, into a template (a SQLite
file, a PostgreSQL database), and every part copies it: `CREATE DATABASE ... TEMPLATE`
on PostgreSQL, a file copy on SQLite. Migrating takes about 6 CPU-s each time, and a
smoke run would otherwise spend most of its time on it. One template per app checkout
(BENCH_APP_DIR may name another for the HTTP side); the in-process parts (cold, club)
still run `migrate` themselves, which then finds nothing to do.
"""

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

PG_DEFAULT = "postgres://postgres@127.0.0.1:5432/test"


def postgres_wanted() -> bool:
    return os.environ.get("BENCH_POSTGRES", "1") != "0"


def pg_admin_url() -> str:
    url = os.environ.get("BENCH_PG_URL") or os.environ.get("DATABASE_URL") or PG_DEFAULT
    if not url.startswith(("postgres://", "postgresql://")):
        url = PG_DEFAULT
    return url


def pg_server() -> str:
    """host:port of the server, for the report."""
    return urlsplit(pg_admin_url()).netloc.rpartition("@")[2]


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


def sqlalchemy_url(url: str) -> str:
    """The same database for SQLAlchemy, through psycopg 3 (installed by requirements.txt)."""
    return "postgresql+psycopg://" + url.split("://", 1)[1]


def pg_execute(url: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(with_database(url, "postgres"), autocommit=True,
                         connect_timeout=5) as conn:
        conn.execute(sql)


def pg_name(what: str) -> str:
    return f"bench_{what}_{os.getpid()}"


def migrate(database_url: str, app: Path) -> None:
    """Our app's migrations into `database_url`, in a child process."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTEST_VERSION", "DJANGO_SETTINGS_MODULE")}
    env.update(DATABASE_URL=database_url, DEBUG="0", SECRET_KEY="bench-migrations-only",
               PYTHONPATH=str(app))
    result = subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
                            cwd=app, env=env, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise RuntimeError(f"manage.py migrate failed:\n{result.stderr[-2000:]}")


# (kind, app checkout) -> the template's file path or database name
_templates: dict[tuple[str, Path], str] = {}


def _once(kind: str, app: Path, make: Callable[[], str], remove: Callable[[str], None]) -> str:
    if (kind, app) not in _templates:
        _templates[kind, app] = made = make()
        atexit.register(remove, made)
    return _templates[kind, app]


def _create(name: str, template: str | None = None) -> None:
    admin = pg_admin_url()
    try:
        pg_execute(admin, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        pg_execute(admin, f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template
                                                         else ""))
    except Exception as error:
        raise RuntimeError(f"PostgreSQL at {pg_server()} does not answer or refuses to create"
                           f" {name} ({error}); --no-postgres leaves PostgreSQL out") from error


def _drop(name: str) -> None:
    try:
        pg_execute(pg_admin_url(), f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    except Exception as error:
        print(f"  could not drop {name}: {error}")


def _pg_template(app: Path) -> str:
    name = pg_name(f"template{len(_templates)}")
    _create(name)
    try:
        migrate(with_database(pg_admin_url(), name), app)
    except BaseException:
        _drop(name)
        raise
    return name


@contextmanager
def postgres(what: str, app: Path | None = None) -> Iterator[str]:
    """A fresh database on the server, its URL yielded, dropped on leaving; with `app`,
    a copy of a database that app's migrations have made.

    Raises (with the server's address in the message) when the server does not answer.
    """
    template = None
    if app is not None:
        template = _once("postgres", app, lambda: _pg_template(app), _drop)
    name = pg_name(what)
    _create(name, template)
    try:
        yield with_database(pg_admin_url(), name)
    finally:
        _drop(name)


def _sqlite_template(app: Path) -> str:
    directory = tempfile.mkdtemp(prefix="bench-template-")
    path = f"{directory}/migrated.sqlite3"
    try:
        migrate(f"sqlite:///{path}", app)
    except BaseException:
        shutil.rmtree(directory, ignore_errors=True)
        raise
    return path


def migrated_sqlite(path: Path, app: Path) -> str:
    """A SQLite file at `path` that the app's migrations have made; returns its URL."""
    template = _once("sqlite", app, lambda: _sqlite_template(app),
                     lambda done: shutil.rmtree(Path(done).parent, ignore_errors=True))
    shutil.copyfile(template, path)
    return f"sqlite:///{path}"


@contextmanager
def scratch_directory(prefix: str) -> Iterator[Path]:
    """A temporary directory (for SQLite files and settings), removed on leaving."""
    directory = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield directory
    finally:
        shutil.rmtree(directory, ignore_errors=True)
