"""`manage.py restore FILE [--replace]`: a backup brought back, then audited (docs/backups.md).

The target must be empty unless --replace says otherwise. Empty means that no table of an
installed model holds a row, apart from the content types and permissions that `migrate`
writes by itself: a database just created, or just migrated, is empty; one that holds a
single user, session or game is not. So a restore aimed at the wrong DATABASE_URL stops
before it writes anything. After restoring, the ledger is audited by the same code as
`manage.py verifyledger`, and a backup whose books do not agree fails the command.
"""

import fcntl
import re
import sqlite3
from contextlib import closing
from pathlib import Path

from django.apps import apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scorekeeper.management.commands.backup import MAGIC, run_pg_tool
from scorekeeper.management.commands.verifyledger import verify_books

KIND_NAMES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
A_KIND = {"sqlite": "an SQLite", "postgresql": "a PostgreSQL"}
# Filled by `migrate` on its own: a freshly migrated database holds rows there.
MIGRATE_FILLS = {ContentType, Permission}
# pg_restore --list names each table of the dump as "TABLE <schema> <name> <owner>".
LEDGER_IN_DUMP = re.compile(r"^\d+; \d+ \d+ TABLE \S+ ledger_entry ", re.M)


class Command(BaseCommand):
    help = ("Restore a file written by `manage.py backup` into the configured database, "
            "which must be empty unless --replace is given; then check the ledger as "
            "verifyledger does and exit 1 if it does not agree.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="A scorekeeper-*.sqlite3 (SQLite) or "
                            "scorekeeper-*.dump (PostgreSQL) backup.")
        parser.add_argument("--replace", action="store_true",
                            help="Overwrite a database that holds data. Everything in it is "
                                 "replaced by the backup.")

    def handle(self, *args, file, replace, **options):
        path = Path(file)
        vendor = connection.vendor
        if vendor not in MAGIC:
            raise CommandError(f"Cannot restore into a {vendor} database")
        _check_kind(path, vendor)
        if vendor == "sqlite":
            _check_sqlite_backup(path)
        else:
            _check_postgresql_backup(path)
        if not replace and (holding := tables_with_rows()):
            raise CommandError(
                f"The database is not empty ({', '.join(holding[:5])}"
                f"{', ...' if len(holding) > 5 else ''} hold rows): nothing was restored. "
                "Restore into an empty database, or give --replace to overwrite this one.")
        if vendor == "sqlite":
            _restore_sqlite(path, connection.settings_dict["NAME"])
        else:
            _restore_postgresql(path)
        self.stdout.write(f"Restored {path} into the {KIND_NAMES[vendor]} database "
                          f"{connection.settings_dict['NAME']}.")
        pending = _pending_migrations()
        if pending:
            raise CommandError(
                f"The backup predates {len(pending)} migration(s) of this code, so the "
                "ledger was not checked: run `manage.py migrate`, then "
                "`manage.py verifyledger`.")
        self.stdout.write("Checking the ledger (as verifyledger does):")
        if not verify_books(self.stdout.write):
            raise CommandError("The restored ledger does not agree with its games (above). "
                               "Keep the server stopped and try an earlier backup.")
        self.stdout.write("The restored ledger agrees with its games.")


def _check_kind(path: Path, vendor: str) -> None:
    try:
        with path.open("rb") as handle:
            head = handle.read(16)
    except OSError as error:
        raise CommandError(f"Cannot read {path}: {error.strerror or error}") from None
    kind = next((name for name, magic in MAGIC.items() if head.startswith(magic)), None)
    if kind is None:
        raise CommandError(f"{path} is neither an SQLite database nor a pg_dump custom-format "
                           "file: not a backup this command reads.")
    if kind != vendor:
        raise CommandError(
            f"{path} is {A_KIND[kind]} backup, but the configured database is "
            f"{KIND_NAMES[vendor]}: restore it where DATABASE_URL names {A_KIND[kind]} "
            "database. Nothing was restored.")


def tables_with_rows() -> list[str]:
    """The tables of installed models that hold a row (those migrate fills aside)."""
    existing = set(connection.introspection.table_names())
    tables = sorted({
        model._meta.db_table for model in apps.get_models(include_auto_created=True)
        if model not in MIGRATE_FILLS and not model._meta.proxy
    } & existing)
    holding = []
    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f"SELECT 1 FROM {connection.ops.quote_name(table)} LIMIT 1")
            if cursor.fetchone() is not None:
                holding.append(table)
    return holding


def _check_sqlite_backup(path: Path) -> None:
    try:
        with closing(_read_only(path)) as backup:
            tables = {row[0] for row in backup.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as error:
        raise CommandError(f"Cannot read {path}: {error}") from None
    if not {"django_migrations", "ledger_entry"} <= tables:
        raise CommandError(f"{path} is an SQLite database but not a Scorekeeper backup (it "
                           "has no ledger): nothing was restored.")


def _check_postgresql_backup(path: Path) -> None:
    listing = run_pg_tool(connection, "pg_restore", ["--list", str(path)],
                          connect=False).stdout
    if not LEDGER_IN_DUMP.search(listing):
        raise CommandError(f"{path} is a pg_dump file but not a Scorekeeper backup (it has "
                           "no ledger): nothing was restored.")


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)


def _restore_sqlite(path: Path, name) -> None:
    connection.close()
    try:
        with closing(_read_only(path)) as source, open(f"{name}.writers", "a+b") as queue:
            # The server's writers queue on this lock (scorekeeper/sqlite/base.py): holding
            # it, the pages are replaced between two of their transactions, never in one.
            fcntl.flock(queue, fcntl.LOCK_EX)
            with closing(sqlite3.connect(name, timeout=20)) as target:
                # One step: the target's pages are all replaced in one transaction, or none.
                source.backup(target)
                target.execute("PRAGMA journal_mode=WAL")
    except sqlite3.Error as error:
        raise CommandError(f"The restore failed: {error}") from None


def _restore_postgresql(path: Path) -> None:
    # One transaction: a failure leaves the database as it was. --clean --if-exists drops
    # the backup's tables first where they exist (a migrated empty database, or --replace).
    # --no-owner and --no-privileges: the roles of the backed-up server need not exist here.
    run_pg_tool(connection, "pg_restore", [
        "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction",
        "--clean", "--if-exists", str(path)])


def _pending_migrations() -> list:
    executor = MigrationExecutor(connection)
    return executor.migration_plan(executor.loader.graph.leaf_nodes())
