"""SQL made once, and only run where it counts.

Writes whose SQL is made before the write lock and only run under it.

SQLite has one write lock, and most of what Django's ORM spends on an INSERT or an
UPDATE is building the statement, not running it. A writer that knows its rows before it
takes the lock (a round POST, docs/reliability.md 33) builds their statements here first,
so the lock is held only while the database runs them: the ledger's entries
(services.prepared_post), the game's version, round and hands (scorekeeper's
services.writing) and the idempotency key. They are built without the ORM's query
machinery (Insert, update): the SQL is plain, and each value is converted by its field's
own `get_db_prep_save`, as `bulk_create()` and `update()` convert it. Two differences from
those: no ids come back from an INSERT, and no signals are sent (none of the rows written
this way has a receiver).

Reads of one shape made once per process (Select, and Objects for model objects), with
Django's own compiler: the reads every API request makes, its token and the game it names
with its seats (scorekeeper's api.auth and services.game_access, services.reading), and a
round POST's accounts (services.known_accounts), webhooks and its round's id (the hands'
INSERT finds their round by it). Building a query's SQL costs Django more than running it
costs the database; Objects also builds each object as `from_db` would, without sending
the two signals of an object's creation, when nobody receives them.
"""

import functools
import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db import connections, router
from django.db.models import Model, QuerySet
from django.db.models.base import ModelState
from django.db.models.fields.related_descriptors import ForeignKeyDeferredAttribute
from django.db.models.query_utils import DeferredAttribute
from django.db.models.signals import post_init, pre_init


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


class Insert:
    """The INSERTs of new rows of `model` (ids left to the database), each row a mapping of
    the `fields` named here to their values, in batches the database takes.

    Made without the ORM's query machinery, which cost a round POST more than running the
    statements: the columns, and each field's own conversion of a value for the database
    (`get_db_prep_save`, as `bulk_create()` uses), are worked out once per process. A column
    not named gets its field's default, as a new model object would. A value may be a
    lookup(): a row then points at one that an earlier statement inserts, without knowing
    its id. A foreign key's value is the id, or the row it points to.
    """

    def __init__(self, model: type[Model], *fields: str):
        self._model = model
        self._names = fields
        self._made: tuple | None = None

    def rows(self, rows: Sequence[Mapping[str, Any]]) -> list[Statement]:
        if not rows:
            return []
        using, head, named, defaults = self._made or self._make()
        connection = connections[using]
        size = connection.ops.bulk_batch_size([*named.values(), *defaults], rows) or len(rows)
        made = []
        for start in range(0, len(rows), size):
            groups, params = [], []
            for row in rows[start:start + size]:
                values = [(field, row[name]) for name, field in named.items()]
                values += [(field, field.get_default()) for field in defaults]
                marks = []
                for field, value in values:
                    if isinstance(value, Lookup):
                        marks.append(f"({value.sql})")
                        params += value.params
                        continue
                    if isinstance(value, Model):
                        value = getattr(value, field.target_field.attname)
                    marks.append("%s")
                    params.append(field.get_db_prep_save(value, connection))
                groups.append(f"({', '.join(marks)})")
            made.append(Statement(head + ", ".join(groups), tuple(params), using))
        return made

    def _make(self) -> tuple:
        meta = self._model._meta
        named = {name: meta.get_field(name) for name in self._names}
        defaults = [field for field in meta.concrete_fields
                    if field not in named.values() and not field.generated
                    and field is not meta.auto_field]
        if any(getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)
               for field in [*named.values(), *defaults]):
            # Their value is set by Model.save(), which this INSERT does not go through.
            raise ValueError(f"{self._model.__name__} has an auto_now field: use the ORM")
        using = router.db_for_write(self._model)
        quote = connections[using].ops.quote_name
        columns = ", ".join(quote(field.column) for field in [*named.values(), *defaults])
        head = f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES "
        self._made = (using, head, named, defaults)
        return self._made


@dataclass(frozen=True)
class Lookup:
    """A subquery that reads one value, to insert with a row (Insert): its SQL and its
    parameters."""

    sql: str
    params: tuple


def lookup(select: "Select", *values) -> Lookup:
    """The one value `select` reads with these values, as a subquery to insert (Insert)."""
    return Lookup(*select.sql(*values))


def update(model: type[Model], where: Mapping[str, Any], *, increment: str = "",
           **values) -> Statement:
    """The UPDATE that `model.objects.filter(**where).update(**values)` sends, for exact
    matches on `where`'s fields, with the column `increment` (if named) raised by one; its
    run() tells how many rows it changed. Made without the ORM's query machinery, the values
    converted by each field as the ORM converts them."""
    meta = model._meta
    using = router.db_for_write(model)
    connection = connections[using]
    quote = connection.ops.quote_name
    sets, params = [], []
    if increment:
        column = quote(meta.get_field(increment).column)
        sets.append(f"{column} = {column} + 1")
    for name, value in values.items():
        field = meta.get_field(name)
        if isinstance(value, Model):
            value = getattr(value, field.target_field.attname)
        sets.append(f"{quote(field.column)} = %s")
        params.append(field.get_db_prep_save(value, connection))
    tests = []
    for name, value in where.items():
        field = meta.pk if name == "pk" else meta.get_field(name)
        tests.append(f"{quote(field.column)} = %s")
        params.append(field.get_db_prep_value(value, connection, prepared=False))
    text = (f"UPDATE {quote(meta.db_table)} SET {', '.join(sets)}"
            f" WHERE {' AND '.join(tests)}")
    return Statement(text, tuple(params), using)


# A value of each type that no query is asked for, so that its place among the SQL's
# parameters tells where a caller's value goes. An int slot is a value every integer field
# but a small one can hold: Django drops a comparison with a value out of the field's
# range as one that matches nothing (EmptyResultSet), and so loses the slot.
def _slot_value(kind: type, n: int):
    if kind is int:
        return 2**31 - 1 - n
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

    def sql(self, *values) -> tuple[str, tuple]:
        """The SELECT's SQL and its parameters for these values, not run."""
        made = self._made or self._compile()
        return made.sql, tuple(p.kind(values[p.index]) if isinstance(p, _Slot) else p
                               for p in made.params)

    def rows(self, *values, same: frozenset[int] = frozenset()) -> list[tuple]:
        """The rows for these values. `same` names columns that hold one value on every
        row (those of a join to one row): converted on the first row only, the others
        take its value."""
        text, params = self.sql(*values)
        made = self._made
        connection = connections[made.using]
        with connection.cursor() as cursor:
            cursor.execute(text, params)
            rows = [list(row[:made.columns]) for row in cursor.fetchall()]
        for index, row in enumerate(rows):
            for column, converters, expression in made.converters:
                if index and column in same:
                    row[column] = rows[0][column]
                    continue
                for converter in converters:
                    row[column] = converter(row[column], expression, connection)
        return [tuple(row) for row in rows]

    def _compile(self) -> _Made:
        slots = [_slot_value(kind, n) for n, kind in enumerate(self._types)]
        queryset = self._make(*slots)
        compiler = queryset.query.get_compiler(queryset.db)
        try:
            text, params = compiler.as_sql()
        except EmptyResultSet:
            raise ValueError(f"{queryset.model.__name__}: a slot compares a field that cannot "
                             "hold it (a small integer field, say)") from None
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
    the values of `extra` (attribute: the path of a column, annotate()'s work).

    A name of `related` also in `shared` points to one row for all the rows read (the
    game of a game's seats): that object is built once, from the first row, and every
    row's object points to it."""

    def __init__(self, model: type[Model], make: Callable[..., QuerySet], *types: type,
                 related: Sequence[str] = (), extra: dict[str, str] | None = None,
                 leave_out: Sequence[str] = (), shared: Sequence[str] = ()):
        if not set(shared) <= set(related):
            raise ValueError(f"shared {list(shared)} must be among related {list(related)}")
        self._model = model
        self._columns = _columns_of(model, leave_out)
        self._related = [(name, other, _columns_of(other)) for name, other in (
            (name, model._meta.get_field(name).related_model) for name in related)]
        self._shared = frozenset(shared)
        same, start = set(), len(self._columns)
        for name, _, columns in self._related:
            if name in self._shared:
                same.update(range(start, start + len(columns)))
            start += len(columns)
        self._same = frozenset(same)
        self._extra = list(extra or {})
        paths = [*self._columns,
                 *(f"{name}__{column}" for name, _, columns in self._related
                   for column in columns),
                 *(extra or {}).values()]
        self._select = Select(lambda *slots: make(*slots).values_list(*paths), *types)

    def read(self, *values) -> list[Model]:
        using = router.db_for_read(self._model)
        build = _builder(self._model)
        related = [(name, _builder(other), columns) for name, other, columns in self._related]
        found, shared = [], {}
        for row in self._select.rows(*values, same=self._same):
            start = len(self._columns)
            row_object = build(using, self._columns, row[:start])
            for name, build_related, columns in related:
                other = shared.get(name)
                if other is None:
                    other = build_related(using, columns, row[start:start + len(columns)])
                    if name in self._shared:
                        shared[name] = other
                setattr(row_object, name, other)
                start += len(columns)
            for name, value in zip(self._extra, row[start:], strict=True):
                setattr(row_object, name, value)
            found.append(row_object)
        return found


def _builder(model: type[Model]) -> Callable[[str, Sequence[str], Sequence], Model]:
    """What builds `model`'s objects from a row: its own `from_db`, or, where that would
    only send two signals nobody receives and set each column through a descriptor that
    stores it as it is, the object `from_db` would build, made directly (a twelfth of a
    round POST's CPU went into the 16 objects its reads build)."""
    if not _plain(model) or pre_init.has_listeners(model) or post_init.has_listeners(model):
        return model.from_db
    return functools.partial(_built, model)


@functools.cache
def _plain(model: type[Model]) -> bool:
    """True when `model` builds its objects as Model does: no `__init__` or `from_db` of
    its own, and every column's attribute one of the ORM's own that stores the value as it
    is given."""
    return (model.__init__ is Model.__init__
            and model.from_db.__func__ is Model.from_db.__func__
            and all(type(inspect.getattr_static(model, field.attname, None))
                    in (DeferredAttribute, ForeignKeyDeferredAttribute)
                    for field in model._meta.concrete_fields))


def _built(model: type[Model], using: str, columns: Sequence[str], values: Sequence) -> Model:
    """The object `model.from_db(using, columns, values)` builds (a column left out is
    deferred), for a model `_plain` accepts and nothing listens to."""
    built = model.__new__(model)
    state = built._state = ModelState()
    state.adding = False
    state.db = using
    built.__dict__.update(zip(columns, values, strict=True))
    return built


def _columns_of(model: type[Model], leave_out: Sequence[str] = ()) -> list[str]:
    return [field.attname for field in model._meta.concrete_fields
            if field.name not in leave_out]
