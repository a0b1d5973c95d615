"""ledger.statements.Insert and update: the writes a round POST makes without the ORM's query
machinery store what bulk_create() and update() store, converted by each field as the ORM
converts it (docs/reliability.md 33). Runs on SQLite and PostgreSQL."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction

from ledger.models import Account, Entry
from ledger.services import post
from ledger.statements import Insert, Select, lookup, update
from scorekeeper.models import Hand, IdempotencyKey
from tests.test_ledger_models import BUY_INS

pytestmark = pytest.mark.django_db

FIELDS = ("debit_account", "credit_account", "amount_minor", "currency", "kind", "game_id",
          "round_number", "batch", "created_at", "actor", "reason", "request_id")


def stored(game: int) -> list[dict]:
    return list(Entry.objects.filter(game_id=game).order_by("id").values(
        *(f"{name}_id" if name.endswith("_account") else name for name in FIELDS)))


def entry_rows(game: int, count: int) -> list[dict]:
    """Rows like the ledger's own: accounts as rows, a kind as its enum, a UUID, a time."""
    post(BUY_INS, game_id=1, currency="EUR")
    first = Entry.objects.filter(game_id=1).first()
    return [{**{name: getattr(first, name) for name in FIELDS}, "game_id": game,
             "amount_minor": 100 + n, "kind": Entry.Kind.PAYOUT, "round_number": n}
            for n in range(count)]


def test_inserted_rows_read_back_as_bulk_create_stores_them():
    rows = entry_rows(7, 3)
    Entry.objects.bulk_create([Entry(**{**row, "game_id": 8}) for row in rows])
    with transaction.atomic():
        assert [statement.run() for statement in Insert(Entry, *FIELDS).rows(rows)] == [3]
    mine, orms = stored(7), stored(8)
    assert [{**row, "game_id": 8} for row in mine] == orms
    assert [row["amount_minor"] for row in mine] == [100, 101, 102]


def test_a_column_not_named_gets_its_fields_default(alice):
    with transaction.atomic():
        Insert(IdempotencyKey, "user", "key", "fingerprint").rows(
            [{"user": alice, "key": "k-1", "fingerprint": "f" * 64}])[0].run()
    key = IdempotencyKey.objects.get(key="k-1")
    assert key.user == alice and key.response_headers == {} and key.response_status is None
    assert key.created_at is not None  # default=timezone.now, called for the row


def test_many_rows_go_in_batches_the_database_takes():
    rows = entry_rows(7, 700)
    batch = connection.ops.bulk_batch_size(
        [Entry._meta.get_field(name) for name in FIELDS], rows) or len(rows)
    made = Insert(Entry, *FIELDS).rows(rows)
    assert len(made) == -(-len(rows) // batch)
    with transaction.atomic():
        for statement in made:
            statement.run()
    assert len(stored(7)) == 700


def test_a_row_points_at_one_an_earlier_statement_inserts():
    user = get_user_model().objects.create_user("keeper")
    account_id = Select(lambda key: Account.objects.filter(key=key).values_list("id"), str)
    rows = entry_rows(7, 1)
    with transaction.atomic():
        Insert(Account, "scope", "scope_id", "key").rows(
            [{"scope": "game", "scope_id": 7, "key": "pot-7"}])[0].run()
        Insert(Entry, *FIELDS).rows([{**rows[0], "credit_account": lookup(account_id, "pot-7"),
                                      "actor": user.username}])[0].run()
    assert Entry.objects.get(game_id=7).credit_account.key == "pot-7"


def test_update_changes_the_rows_matched_and_raises_a_column_by_one(alice):
    IdempotencyKey.objects.create(user=alice, key="k", fingerprint="a", response_status=200)
    key = IdempotencyKey.objects.get()
    with transaction.atomic():
        assert update(IdempotencyKey, {"pk": key.pk, "fingerprint": "b"},
                      response_body={"x": 1}).run() == 0  # nothing matches
        assert update(IdempotencyKey, {"pk": key.pk, "fingerprint": "a"},
                      increment="response_status", response_body={"x": 1},
                      user=alice).run() == 1
    key.refresh_from_db()
    assert key.response_status == 201 and key.response_body == {"x": 1}


def test_an_auto_now_field_is_refused_for_the_orm_to_fill():
    from scorekeeper.models import Rebuy

    with pytest.raises(ValueError, match="auto_now field"):
        Insert(Rebuy, "player").rows([{"player": 1}])


def test_a_select_slot_on_a_positive_integer_field_is_kept():
    post(BUY_INS, game_id=7, currency="EUR")
    by_round = Select(lambda number: Entry.objects.filter(round_number=number)
                      .values_list("id"), int)
    assert by_round.rows(1) == list(Entry.objects.filter(round_number=1).values_list("id"))


@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="SQLite's integers all hold 64 bits: every slot fits")
def test_a_select_slot_the_databases_small_integer_cannot_hold_is_refused():
    with pytest.raises(ValueError, match="cannot hold it"):
        Select(lambda at: Hand.objects.filter(position=at).values_list("id"), int).rows(1)
