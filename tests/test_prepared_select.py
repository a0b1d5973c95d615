"""ledger.statements.Select and Objects: a read whose SQL is made once and run with each
call's values gives what the queryset itself gives, converted as the ORM converts it, and
Objects builds the model objects select_related, annotate and defer would (docs/reliability.md
33: the token, the game and its seats every API request reads). Runs on SQLite and
PostgreSQL."""

from datetime import datetime
from uuid import UUID

import pytest
from django.db import connection
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext

from ledger.models import Account, Entry
from ledger.services import post
from ledger.statements import Objects, Select
from tests.test_ledger_models import BUY_INS

pytestmark = pytest.mark.django_db

COLUMNS = ["id", "batch", "debit_account__key", "amount_minor", "created_at", "kind", "game_id"]


def entries_of(game: int, kind: str):
    return Entry.objects.filter(game_id=game, kind=kind).order_by("id").values_list(*COLUMNS)


def test_rows_are_the_querysets_own_with_each_calls_values():
    post(BUY_INS, game_id=7, currency="EUR")
    post(BUY_INS[:1], game_id=8, currency="EUR")
    made = []
    select = Select(lambda game, kind: made.append(1) or entries_of(game, kind), int, str)
    for game, kind in [(7, "buy_in"), (8, "buy_in"), (7, "payout"), (9, "buy_in")]:
        assert select.rows(game, kind) == list(entries_of(game, kind))
    assert len(made) == 1  # built and compiled once, then only run
    row = select.rows(7, "buy_in")[0]
    # The columns are converted as the ORM converts them, on either database.
    assert isinstance(row[1], UUID) and row[2] == "player:11"
    assert isinstance(row[4], datetime) and row[4].tzinfo is not None


def test_each_run_is_one_query():
    post(BUY_INS, game_id=7, currency="EUR")
    select = Select(entries_of, int, str)
    select.rows(7, "buy_in")
    with CaptureQueriesContext(connection) as queries:
        assert len(select.rows(7, "buy_in")) == 2
    assert len(queries) == 1


def test_a_value_the_query_would_change_is_refused_when_it_is_first_made():
    select = Select(lambda key: Account.objects.filter(key__icontains=key).values_list("id"),
                    str)
    with pytest.raises(ValueError, match="only exact lookups on int or str fields"):
        select.rows("pot")


def test_a_slot_of_another_type_is_refused():
    with pytest.raises(TypeError, match="an int or a str, not float"):
        Select(lambda amount: Entry.objects.filter(amount_minor=amount).values_list("id"),
               float).rows(1.5)


def test_objects_are_the_rows_with_their_related_row_extra_values_and_deferred_columns():
    post(BUY_INS, game_id=7, currency="EUR")
    read = Objects(Entry, lambda game: Entry.objects.filter(game_id=game).order_by("id"), int,
                   related=["debit_account"], extra={"to": "credit_account__key"},
                   leave_out=["reason"])
    entries = read.read(7)
    expected = list(Entry.objects.filter(game_id=7).select_related("debit_account")
                    .order_by("id"))
    assert [entry.pk for entry in entries] == [entry.pk for entry in expected]
    for entry, same in zip(entries, expected, strict=True):
        assert entry.amount_minor == same.amount_minor and entry.batch == same.batch
        with CaptureQueriesContext(connection) as queries:
            assert entry.debit_account.key == same.debit_account.key  # came with the row
        assert len(queries) == 0
        assert entry.to == "pot"
        assert "reason" in entry.get_deferred_fields()


def test_objects_are_built_as_from_db_builds_them():
    post(BUY_INS, game_id=7, currency="EUR")
    read = Objects(Entry, lambda game: Entry.objects.filter(game_id=game).order_by("id"), int,
                   related=["debit_account"], leave_out=["reason"])
    expected = list(Entry.objects.filter(game_id=7).defer("reason")
                    .select_related("debit_account").order_by("id"))
    for entry, same in zip(read.read(7), expected, strict=True):
        for built, made in ((entry, same), (entry.debit_account, same.debit_account)):
            assert type(built) is type(made)
            assert ({k: v for k, v in vars(built).items() if k != "_state"}
                    == {k: v for k, v in vars(made).items() if k != "_state"})
            assert (built._state.adding, built._state.db) == (False, made._state.db)
            assert built.get_deferred_fields() == made.get_deferred_fields()


def test_a_receiver_of_the_models_signals_gets_every_object_read():
    post(BUY_INS, game_id=7, currency="EUR")
    read = Objects(Entry, lambda game: Entry.objects.filter(game_id=game).order_by("id"), int,
                   related=["debit_account"])
    initialised = []

    def receiver(sender, instance, **kwargs):
        initialised.append((sender, instance.pk))

    post_init.connect(receiver, sender=Account)
    try:
        entries = read.read(7)
    finally:
        post_init.disconnect(receiver, sender=Account)
    assert initialised == [(Account, entry.debit_account.pk) for entry in entries]
    assert len(entries) == len(BUY_INS)


def test_a_shared_related_row_is_built_once_and_is_the_one_every_object_points_to():
    # given entries that all move money into one account (the pot)
    post(BUY_INS, game_id=7, currency="EUR")
    read = Objects(Entry, lambda game: Entry.objects.filter(game_id=game).order_by("id"), int,
                   related=["debit_account", "credit_account"], shared=["credit_account"])
    expected = list(Entry.objects.filter(game_id=7)
                    .select_related("debit_account", "credit_account").order_by("id"))

    entries = read.read(7)

    # then every entry points to one object, built as the ORM builds that row
    pot = entries[0].credit_account
    assert len(entries) == len(BUY_INS) > 1
    assert all(entry.credit_account is pot for entry in entries)
    assert ({k: v for k, v in vars(pot).items() if k != "_state"}
            == {k: v for k, v in vars(expected[0].credit_account).items() if k != "_state"})
    # and the rows that are not shared are each their own
    assert [entry.debit_account.key for entry in entries] == [
        entry.debit_account.key for entry in expected]
    assert len({id(entry.debit_account) for entry in entries}) == len(entries)


def test_only_a_related_row_can_be_shared():
    with pytest.raises(ValueError, match="must be among related"):
        Objects(Entry, lambda game: Entry.objects.filter(game_id=game), int,
                related=["debit_account"], shared=["credit_account"])
