"""Writes whose SQL is made before the write lock and only run under it.

SQLite has one write lock, and most of what Django's ORM spends on an INSERT or an
UPDATE is building the statement, not running it. A writer that knows its rows before it
takes the lock (a round POST, docs/reliability.md 33) builds their statements here first,
with the ORM's own compiler, so the lock is held only while the database runs them: the
ledger's entries (services.prepared_post) and the game's version, round and hands
(scorekeeper's services.writing).

The statements are the ones `bulk_create()` and `update()` would send, with two
differences: no ids come back from an INSERT, and no signals are sent (none of the rows
written this way has a receiver).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import connections, router
from django.db.models import Model, QuerySet, sql
from django.db.models.expressions import RawSQL


@dataclass(frozen=True)
class Statement:
    sql: str
    params: tuple
    using: str

    def run(self) -> int:
        """Run it in the current transaction: the number of rows it changed."""
        with connections[self.using].cursor() as cursor:
            cursor.execute(self.sql, self.params)
            return cursor.rowcount


def inserts(rows: Sequence[Model]) -> list[Statement]:
    """The INSERTs of these new rows of one model (ids left to the database), in batches
    the database takes. A field's value may be an expression: a lookup() lets a row point
    at one that an earlier statement inserts, without knowing its id."""
    if not rows:
        return []
    model = type(rows[0])
    using = router.db_for_write(model)
    connection = connections[using]
    fields = [field for field in model._meta.concrete_fields
              if not field.generated and field is not model._meta.auto_field]
    size = connection.ops.bulk_batch_size(fields, rows) or len(rows)
    statements = []
    for start in range(0, len(rows), size):
        query = sql.InsertQuery(model)
        query.insert_values(fields, rows[start:start + size])
        statements += [Statement(text, tuple(params), using)
                       for text, params in query.get_compiler(using=using).as_sql()]
    return statements


def lookup(value: QuerySet) -> RawSQL:
    """The one value `value` selects, as a subquery to insert: its SQL is made once, where
    a Subquery would be compiled again for every row that holds it."""
    text, params = value.query.get_compiler(value.db).as_sql()
    return RawSQL(text, params)


def update(rows: QuerySet, **values) -> Statement:
    """The UPDATE `rows.update(**values)` sends; its run() tells how many rows it changed."""
    query = rows.query.chain(sql.UpdateQuery)
    query.add_update_values(values)
    text, params = query.get_compiler(rows.db).as_sql()
    return Statement(text, tuple(params), rows.db)
