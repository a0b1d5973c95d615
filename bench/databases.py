"""The two databases a benchmark runs on: a throwaway SQLite file, then a throwaway
PostgreSQL database on the server of BENCH_PG_URL (else DATABASE_URL, else local)."""

import os
import shutil
import tempfile
from collections.abc import Callable
from urllib.parse import urlsplit, urlunsplit

PG_DEFAULT = "postgres://postgres@127.0.0.1:5432/test"

Goals = list[tuple[bool, str]]


def pg_admin_url() -> str:
    url = os.environ.get("BENCH_PG_URL") or os.environ.get("DATABASE_URL") or PG_DEFAULT
    if not url.startswith(("postgres://", "postgresql://")):
        url = PG_DEFAULT
    return url


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


def pg_execute(url: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(with_database(url, "postgres"), autocommit=True,
                         connect_timeout=5) as conn:
        conn.execute(sql)


def on_both(what: str, bench_database: Callable[[str, str], Goals], pg_database: str) -> Goals:
    """Run `bench_database(label, url)` on SQLite and PostgreSQL; a broken setup is a FAIL
    line in the report, never an exception, and the throwaway databases are removed."""
    goals: Goals = []
    directory = tempfile.mkdtemp(prefix="bench-")
    try:
        goals += bench_database("SQLite", f"sqlite:///{directory}/bench.sqlite3")
    except Exception as error:
        goals.append((False, f"SQLite: the {what} could not run: {error}"))
    finally:
        shutil.rmtree(directory, ignore_errors=True)

    admin = pg_admin_url()
    try:
        pg_execute(admin, f"DROP DATABASE IF EXISTS {pg_database} WITH (FORCE)")
        pg_execute(admin, f"CREATE DATABASE {pg_database}")
    except Exception as error:
        print(f"  PostgreSQL does not answer at {urlsplit(admin).netloc}: skipped ({error})")
        return goals
    try:
        goals += bench_database("PostgreSQL", with_database(admin, pg_database))
    except Exception as error:
        goals.append((False, f"PostgreSQL: the {what} could not run: {error}"))
    finally:
        try:
            pg_execute(admin, f"DROP DATABASE IF EXISTS {pg_database} WITH (FORCE)")
        except Exception as error:
            print(f"  could not drop {pg_database}: {error}")
    return goals
