"""`manage.py backup [--to DIR]`: a consistent copy of the configured database (docs/backups.md).

SQLite is copied with SQLite's online backup API, never as a plain file copy: a copy taken
while the server commits could hold half a transaction, the backup API reads one snapshot.
PostgreSQL is dumped by pg_dump in its custom format, which pg_restore reads (restore.py).
Either way the copy is written under a temporary name in DIR and renamed only when it is
complete, so a file under a final name is always a whole backup.
"""

import os
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.backends.postgresql.client import DatabaseClient

SUFFIXES = {"sqlite": ".sqlite3", "postgresql": ".dump"}
# The first bytes of each kind of backup file: restore tells them apart by content, not name.
MAGIC = {"sqlite": b"SQLite format 3\x00", "postgresql": b"PGDMP"}
PG_TIMEOUT = 3600


class Command(BaseCommand):
    help = ("Write a consistent copy of the database (SQLite: the online backup API; "
            "PostgreSQL: pg_dump --format=custom) into DIR as scorekeeper-<UTC time>.sqlite3 "
            "or .dump, and print its path.")

    def add_arguments(self, parser):
        parser.add_argument("--to", metavar="DIR", help="Where to write it (created 0700 if "
                            "missing). Default: the BACKUP_DIR setting or environment "
                            "variable, else ./backups.")

    def handle(self, *args, to, **options):
        suffix = SUFFIXES.get(connection.vendor)
        if suffix is None:
            raise CommandError(f"Cannot back up a {connection.vendor} database")
        directory = backup_dir(to)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        final = directory / f"scorekeeper-{stamp}{suffix}"
        if final.exists():
            # Two backups in one second: the second must not replace the first.
            raise CommandError(f"{final} exists already; try again in a second")
        with partial_file(directory, final) as partial:
            if connection.vendor == "sqlite":
                _copy_sqlite(connection.settings_dict["NAME"], partial)
            else:
                _dump_postgresql(connection, partial)
        self.stdout.write(str(final))


def backup_dir(to: str | None) -> Path:
    chosen = (to or getattr(settings, "BACKUP_DIR", None) or os.environ.get("BACKUP_DIR")
              or "backups")
    directory = Path(chosen).expanduser().absolute()
    try:
        if not directory.is_dir():
            directory.mkdir(mode=0o700, parents=True)
            directory.chmod(0o700)  # mkdir's mode is masked by the umask
    except OSError as error:
        raise CommandError(f"Cannot create the backup directory {directory}: "
                           f"{error.strerror or error}") from None
    return directory


@contextmanager
def partial_file(directory: Path, final: Path) -> Iterator[Path]:
    """A 0600 file under a temporary name in `directory`, renamed to `final` once written
    and on disk; on any failure removed, with any SQLite journal beside it."""
    try:
        handle, name = tempfile.mkstemp(prefix=".partial-", suffix=final.suffix, dir=directory)
    except OSError as error:
        raise CommandError(f"Cannot write into {directory}: {error.strerror or error}") from None
    os.close(handle)
    partial = Path(name)
    try:
        yield partial
        _sync(partial)
        os.replace(partial, final)
        _sync(directory)
    except (OSError, sqlite3.Error) as error:
        raise CommandError(f"The backup failed, nothing was kept: {error}") from None
    finally:
        for leftover in (partial, *(Path(f"{partial}{end}") for end in
                                    ("-wal", "-shm", "-journal"))):
            leftover.unlink(missing_ok=True)


def _sync(path: Path) -> None:
    handle = os.open(path, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _copy_sqlite(name, target: Path) -> None:
    source_path = Path(name)
    if not source_path.is_file():
        raise CommandError(f"There is no SQLite database at {source_path}")
    source = sqlite3.connect(f"{source_path.absolute().as_uri()}?mode=ro", uri=True)
    copy = sqlite3.connect(target)
    try:
        # One step (pages=-1): the whole copy reads one snapshot of the source, while the
        # server's writers go on (WAL). Stepwise copying would restart at each commit.
        source.backup(copy)
        # The copy inherits WAL from the header; a backup is one self-contained file.
        copy.execute("PRAGMA journal_mode=DELETE")
    finally:
        copy.close()
        source.close()


def _dump_postgresql(connection, target: Path) -> None:
    run_pg_tool(connection, "pg_dump", ["--format=custom", f"--file={target}"])


def pg_tool(connection, name: str) -> str:
    """The path of pg_dump or pg_restore: from PG_BINDIR if set, else the Debian/Ubuntu
    directory of the server's own major version, else the PATH. pg_dump refuses a server
    newer than itself, so the one matching the server is the safe choice."""
    if bindir := os.environ.get("PG_BINDIR", "").strip():
        found = Path(bindir) / name
        if not os.access(found, os.X_OK):
            raise CommandError(f"There is no {name} in PG_BINDIR ({bindir})")
        return str(found)
    connection.ensure_connection()
    matching = Path(f"/usr/lib/postgresql/{connection.pg_version // 10000}/bin") / name
    if os.access(matching, os.X_OK):
        return str(matching)
    if found := shutil.which(name):
        return found
    raise CommandError(f"{name} was not found: install the PostgreSQL client tools (version "
                       f"{connection.pg_version // 10000} or newer) or set PG_BINDIR")


def run_pg_tool(connection, name: str, arguments: list[str], *,
                connect: bool = True) -> subprocess.CompletedProcess:
    """Run pg_dump or pg_restore against the configured database (or, connect=False, on a
    file alone); a failure is a CommandError carrying the tool's own words."""
    command = [pg_tool(connection, name), *arguments]
    if connect:
        command[1:1] = ["--no-password", *connection_options(connection.settings_dict)]
    env = {**os.environ, **connection_env(connection.settings_dict)}
    try:
        result = subprocess.run(command, env=env, capture_output=True, text=True,
                                timeout=PG_TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise CommandError(f"{name} could not run: {error}") from None
    if result.returncode != 0:
        said = result.stderr.strip() or result.stdout.strip() or "no message"
        raise CommandError(f"{name} failed (exit {result.returncode}): {said}")
    return result


def connection_options(settings_dict) -> list[str]:
    """Where to connect, as pg_dump and pg_restore both take it; never the password."""
    options = []
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if value := settings_dict.get(key):
            options.append(f"{flag}={value}")
    if name := settings_dict.get("NAME"):
        options.append(f"--dbname={name}")
    return options


def connection_env(settings_dict) -> dict[str, str]:
    """The password and TLS settings as libpq's environment variables (Django's own dbshell
    mapping), so that no secret appears in the process list."""
    _args, env = DatabaseClient.settings_to_cmd_args_env(settings_dict, [])
    return env or {}
