"""Django's flush, able to empty the append-only ledger on SQLite.

Emptying the whole database is the one deletion of ledger entries we allow:
TransactionTestCase (pytest-django's transactional_db, live_server) flushes
after every test. PostgreSQL flushes with TRUNCATE, which the row triggers do
not see; SQLite flushes with DELETE, which they refuse, so triggers are
switched off on this connection for the flush alone. Other connections keep
them, and SQLite recompiles cached statements when the setting changes.
"""

import sqlite3

from django.core.management.commands import flush
from django.db import connections


class Command(flush.Command):
    def handle(self, **options):
        connection = connections[options["database"]]
        if connection.vendor != "sqlite":
            return super().handle(**options)
        connection.ensure_connection()
        database = connection.connection
        database.setconfig(sqlite3.SQLITE_DBCONFIG_ENABLE_TRIGGER, False)
        try:
            return super().handle(**options)
        finally:
            database.setconfig(sqlite3.SQLITE_DBCONFIG_ENABLE_TRIGGER, True)
