"""Ledger entries are append-only: the database refuses UPDATE and DELETE of ledger_entry.

Both engines raise an integrity error, so callers see django.db.IntegrityError
either way. Corrections are reversing entries (services.reverse).

Flushing the database still works: PostgreSQL empties tables with TRUNCATE,
which row triggers do not see, and on SQLite ledger/management/commands/flush.py
pauses triggers for the flush.

Caution for later migrations on SQLite: altering ledger_entry in a way that
makes Django rebuild the table (copy, DROP, rename) drops these triggers
silently. Such a migration must run create_triggers again; the ledger tests
fail if it does not.
"""

from django.db import migrations

MESSAGE = "ledger entries are append-only"

SQLITE_CREATE = [
    f"""
    CREATE TRIGGER ledger_entry_no_update BEFORE UPDATE ON ledger_entry
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END
    """,
    f"""
    CREATE TRIGGER ledger_entry_no_delete BEFORE DELETE ON ledger_entry
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END
    """,
]
SQLITE_DROP = [
    "DROP TRIGGER IF EXISTS ledger_entry_no_update",
    "DROP TRIGGER IF EXISTS ledger_entry_no_delete",
]

# restrict_violation (SQLSTATE 23001) is an integrity error, as SQLite's RAISE(ABORT) is.
POSTGRESQL_CREATE = [
    f"""
    CREATE OR REPLACE FUNCTION ledger_entry_append_only() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'restrict_violation';
    END
    $$
    """,
    """
    CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON ledger_entry
    FOR EACH ROW EXECUTE FUNCTION ledger_entry_append_only()
    """,
]
POSTGRESQL_DROP = [
    "DROP TRIGGER IF EXISTS ledger_entry_append_only ON ledger_entry",
    "DROP FUNCTION IF EXISTS ledger_entry_append_only()",
]

SQL = {
    "sqlite": (SQLITE_CREATE, SQLITE_DROP),
    "postgresql": (POSTGRESQL_CREATE, POSTGRESQL_DROP),
}


def _statements(schema_editor, which):
    vendor = schema_editor.connection.vendor
    if vendor not in SQL:
        # Without the triggers the ledger would not be append-only: refuse to migrate.
        raise NotImplementedError(f"no append-only triggers for {vendor}")
    return SQL[vendor][which]


def create_triggers(apps, schema_editor):
    for statement in _statements(schema_editor, 0):
        schema_editor.execute(statement)


def drop_triggers(apps, schema_editor):
    for statement in _statements(schema_editor, 1):
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(create_triggers, drop_triggers),
    ]
