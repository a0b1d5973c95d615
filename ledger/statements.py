"""SQL made by Django's own compiler once, and only run where it counts.

Writes whose SQL is made before the write lock and only run under it.

SQLite has one write lock, and most of what Django's ORM spends on an INSERT or an
UPDATE is building the statement, not running it. A writer that knows its rows before it
takes the lock (a round POST, docs/reliability.md 33) builds their statements here first,
with the ORM's own compiler, so the lock is held only while the database runs them: the
ledger's entries (services.prepared_post) and the game's version, round and hands
(scorekeeper's services.writing).

The statements are the ones `bulk_create()` and `update()` would send, with two
differences: no ids come back from an INSERT, and no signals are sent (none of the rows
written this way has a receiver).

Reads of one shape made once per process (Select, and Objects for model objects): the
reads every API request makes, its token and the game it names with its seats
(scorekeeper's api.auth and services.game_access, services.reading), and a round POST's
accounts (services.known_accounts) and webhooks. Building a query's SQL costs Django more
than running it costs the database.
"""

from collections.abc import Callable, Sequence
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


# A value of each type that no query is asked for, so that its place among the SQL's
# parameters tells where a caller's value goes.
def _slot_value(kind: type, n: int):
    if kind is int:
        return -(10**15) - n
    if kind is str:
        return f"\x00slot {n}"
    raise TypeError(f"a slot is an int or a str, not {kind.__name__}")


def _is_one_of(param, slots: list) -> bool:
    return isinstance(param, int | str) and not isinstance(param, bool) and param in slots


@dataclass(frozen=True)
class _Made:
    sql: str
    params: tuple  # a caller's value where the slot's index (a _Slot) stands
    using: str
    columns: int
    converters: list  # (column, its converters, its expression), as the ORM applies them


@dataclass(frozen=True)
class _Slot:
    index: int
    kind: type  # the parameter's own type: psycopg's Int8 for a big integer field, say


class Select:
    """A SELECT of one shape whose SQL is made once per process, then run with each
    call's values.

    `make(*slots)` gives the queryset, a values_list() of the columns wanted. Its filters
    compare fields with the slots as they are (exact lookups on int or str fields), so each
    slot appears among the compiled parameters unchanged; `types` names each slot's type.
    rows(*values) is `list(make(*values))` without building and compiling the queryset
    again: the same SQL, and each column converted as the ORM converts it.
    """

    def __init__(self, make: Callable[..., QuerySet], *types: type):
        self._make = make
        self._types = types
        self._made: _Made | None = None

    def rows(self, *values) -> list[tuple]:
        made = self._made or self._compile()
        params = tuple(p.kind(values[p.index]) if isinstance(p, _Slot) else p
                       for p in made.params)
        connection = connections[made.using]
        with connection.cursor() as cursor:
            cursor.execute(made.sql, params)
            rows = [list(row[:made.columns]) for row in cursor.fetchall()]
        for row in rows:
            for column, converters, expression in made.converters:
                for converter in converters:
                    row[column] = converter(row[column], expression, connection)
        return [tuple(row) for row in rows]

    def _compile(self) -> _Made:
        slots = [_slot_value(kind, n) for n, kind in enumerate(self._types)]
        queryset = self._make(*slots)
        compiler = queryset.query.get_compiler(queryset.db)
        text, params = compiler.as_sql()
        marked = tuple(_Slot(slots.index(p), type(p)) if _is_one_of(p, slots) else p
                       for p in params)
        if {p.index for p in marked if isinstance(p, _Slot)} != set(range(len(slots))):
            raise ValueError(f"{queryset.model.__name__}: a slot is not a plain parameter of "
                             "the query; only exact lookups on int or str fields keep it so")
        columns = [expression for expression, _, _ in compiler.select[:compiler.col_count]]
        converters = [(column, found, expression) for column, (found, expression)
                      in compiler.get_converters(columns).items()]
        self._made = _Made(text, marked, queryset.db, len(columns), converters)
        return self._made


class Objects:
    """Model objects read by a Select: `model`'s rows as `make(*slots)` filters them
    (every column but `leave_out`, which stays deferred), each with the rows its foreign
    keys named in `related` point to (keys never null; select_related's work) and with
    the values of `extra` (attribute: the path of a column, annotate()'s work)."""

    def __init__(self, model: type[Model], make: Callable[..., QuerySet], *types: type,
                 related: Sequence[str] = (), extra: dict[str, str] | None = None,
                 leave_out: Sequence[str] = ()):
        self._model = model
        self._columns = _columns_of(model, leave_out)
        self._related = [(name, other, _columns_of(other)) for name, other in (
            (name, model._meta.get_field(name).related_model) for name in related)]
        self._extra = list(extra or {})
        paths = [*self._columns,
                 *(f"{name}__{column}" for name, _, columns in self._related
                   for column in columns),
                 *(extra or {}).values()]
        self._select = Select(lambda *slots: make(*slots).values_list(*paths), *types)

    def read(self, *values) -> list[Model]:
        using = router.db_for_read(self._model)
        found = []
        for row in self._select.rows(*values):
            start = len(self._columns)
            row_object = self._model.from_db(using, self._columns, row[:start])
            for name, other, columns in self._related:
                setattr(row_object, name,
                        other.from_db(using, columns, row[start:start + len(columns)]))
                start += len(columns)
            for name, value in zip(self._extra, row[start:], strict=True):
                setattr(row_object, name, value)
            found.append(row_object)
        return found


def _columns_of(model: type[Model], leave_out: Sequence[str] = ()) -> list[str]:
    return [field.attname for field in model._meta.concrete_fields
            if field.name not in leave_out]
