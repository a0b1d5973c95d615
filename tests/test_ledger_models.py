"""The ledger in the database: constraints, append-only triggers, batches, balances, checks.

Every test runs on SQLite and on PostgreSQL (DATABASE_URL); the database, not
the ORM, must refuse bad writes, so several tests go around the ORM on purpose.
"""

from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from django.core.management import call_command
from django.db import IntegrityError, OperationalError, connection, transaction

from ledger.models import Account, Entry
from ledger.services import balances, known_accounts, post, prepared_post, reverse, verify
from scorekeeper.models import IdempotencyKey

pytestmark = pytest.mark.django_db

GAME = 7
OTHER_GAME = 8


@dataclass(frozen=True)
class Transfer:
    """Shaped like the rules engine's Transfer, which the services accept."""

    source: str
    target: str
    amount: int
    kind: str
    round: int | None = None


BUY_INS = [
    Transfer("player:11", "pot", 500, "buy_in"),
    Transfer("player:12", "pot", 500, "buy_in"),
]
ROUND_1 = [
    Transfer("player:12", "player:11", 150, "knock_premium", 1),
    Transfer("player:11", "kitty", 50, "kitty_in", 1),
]


def _rows(game_id=GAME):
    return [
        (e.debit_account.key, e.credit_account.key, e.amount_minor, e.kind, e.round_number)
        for e in Entry.objects.for_game(game_id)
    ]


@contextmanager
def _refused(exception=IntegrityError, match=None):
    """Expect the database to refuse; the savepoint keeps PostgreSQL's transaction usable."""
    with pytest.raises(exception, match=match), transaction.atomic():
        yield


@pytest.fixture
def buy_in():
    """The two buy-ins of game 7, written; returns the first entry."""
    return post(BUY_INS, game_id=GAME, currency="EUR", actor="bob")[0]


# Posting ---------------------------------------------------------------------------------


def test_post_writes_the_transfers_as_one_batch():
    entries = post(BUY_INS, game_id=GAME, currency="EUR", actor="bob", request_id="key-1")

    assert _rows() == [
        ("player:11", "pot", 500, "buy_in", None),
        ("player:12", "pot", 500, "buy_in", None),
    ]
    assert [e.pk for e in entries] == list(Entry.objects.values_list("pk", flat=True))
    assert len({e.batch for e in entries}) == 1
    assert {(e.currency, e.game_id, e.actor, e.request_id) for e in entries} == {
        ("EUR", GAME, "bob", "key-1")
    }


def test_post_creates_the_game_accounts_once():
    post(BUY_INS, game_id=GAME, currency="EUR")
    post(ROUND_1, game_id=GAME, currency="EUR")

    assert sorted(Account.objects.values_list("scope", "scope_id", "key")) == [
        ("game", GAME, "kitty"),
        ("game", GAME, "player:11"),
        ("game", GAME, "player:12"),
        ("game", GAME, "pot"),
    ]


def test_the_carried_pot_belongs_to_the_table_session():
    post([Transfer("pot", "carry", 900, "carry_over")], game_id=GAME, currency="EUR", session_id=3)
    post(
        [Transfer("carry", "pot", 900, "carry_over")],
        game_id=OTHER_GAME,
        currency="EUR",
        session_id=3,
    )

    carry = Account.objects.get(key="carry")
    assert (carry.scope, carry.scope_id) == ("session", 3)
    assert balances(OTHER_GAME) == {"carry": -900, "pot": 900}


def test_the_round_number_fills_in_a_transfer_without_one():
    transfer = Transfer("player:12", "player:11", 150, "knock_premium")

    post([transfer], game_id=GAME, currency="EUR", round_number=4)

    assert _rows() == [("player:12", "player:11", 150, "knock_premium", 4)]


@pytest.mark.parametrize(
    ("transfer", "options", "message"),
    [
        (Transfer("player:11", "pot", 0, "buy_in"), {}, "positive"),
        (Transfer("player:11", "pot", -5, "buy_in"), {}, "positive"),
        (Transfer("player:11", "pot", 5.0, "buy_in"), {}, "positive"),
        (Transfer("pot", "pot", 5, "buy_in"), {}, "two accounts"),
        (Transfer("player:11", "pot", 5, "tip"), {}, "unknown kind"),
        (Transfer("player:12", "player:11", 5, "knock_premium", 2), {"round_number": 3}, "round"),
        (Transfer("pot", "carry", 5, "carry_over"), {}, "session"),
    ],
)
def test_post_refuses_a_transfer_the_ledger_cannot_hold(transfer, options, message):
    with pytest.raises(ValueError, match=message):
        post([*BUY_INS, transfer], game_id=GAME, currency="EUR", **options)

    assert Entry.objects.count() == 0


def test_a_prepared_post_writes_what_post_writes_and_nothing_until_it_runs(
        django_assert_num_queries):
    post(BUY_INS, game_id=GAME, currency="EUR")
    round_2 = [Transfer("player:12", "player:11", 150, "knock_premium", 2),
               Transfer("player:11", "pot", 500, "rebuy", 2)]
    accounts = known_accounts(round_2, game_id=GAME)

    # made without a query, the accounts read beforehand; nothing written yet
    with django_assert_num_queries(0):
        statements = prepared_post(round_2, game_id=GAME, currency="EUR", actor="bob",
                                   request_id="key-2", accounts=accounts)
    assert Entry.objects.count() == 2

    with django_assert_num_queries(len(statements)):  # the statements alone: one batch
        for statement in statements:
            statement.run()

    assert _rows()[2:] == [("player:12", "player:11", 150, "knock_premium", 2),
                           ("player:11", "pot", 500, "rebuy", 2)]
    written = Entry.objects.filter(round_number=2)
    assert {(e.batch, e.created_at, e.actor, e.request_id, e.currency) for e in written} == {
        (written[0].batch, written[0].created_at, "bob", "key-2", "EUR")}
    assert verify(GAME, BUY_INS + round_2) == []


def test_a_prepared_post_is_none_while_an_account_is_missing_and_checks_its_transfers():
    post(BUY_INS, game_id=GAME, currency="EUR")
    # the kitty has no account yet: post() creates it, under the writer's lock
    assert prepared_post(ROUND_1, game_id=GAME, currency="EUR",
                         accounts=known_accounts(ROUND_1, game_id=GAME)) is None
    with pytest.raises(ValueError, match="positive"):
        prepared_post([Transfer("player:11", "pot", 0, "buy_in")], game_id=GAME,
                      currency="EUR", accounts=known_accounts(BUY_INS, game_id=GAME))


def test_post_takes_a_constant_number_of_queries(django_assert_max_num_queries):
    many = [Transfer(f"player:{i}", "pot", 500, "buy_in") for i in range(12)]

    # Savepoint, load accounts, insert accounts, load them again, insert entries, release.
    with django_assert_max_num_queries(6):
        post(many, game_id=GAME, currency="EUR")


# Constraints with the ORM bypassed ---------------------------------------------------------

# A copy of an entry written in SQL, with one column replaced.
_COPY_ENTRY = """
    INSERT INTO ledger_entry (debit_account_id, credit_account_id, amount_minor, currency, kind,
        game_id, round_number, batch, reverses_id, created_at, actor, reason, request_id)
    SELECT debit_account_id, {credit}, {amount}, currency, kind,
        game_id, round_number, batch, reverses_id, created_at, actor, reason, request_id
    FROM ledger_entry WHERE id = %s
"""


@pytest.mark.parametrize("amount", [0, -500])
def test_the_database_refuses_a_non_positive_amount(buy_in, amount):
    with _refused(match="ledger_entry_amount_positive"):
        Entry.objects.create(
            debit_account=buy_in.debit_account,
            credit_account=buy_in.credit_account,
            amount_minor=amount,
            currency="EUR",
            kind="buy_in",
            game_id=GAME,
            batch=buy_in.batch,
        )
    with _refused(match="ledger_entry_amount_positive"), connection.cursor() as cursor:
        sql = _COPY_ENTRY.format(amount="%s", credit="credit_account_id")
        cursor.execute(sql, [amount, buy_in.pk])

    assert Entry.objects.count() == 2


def test_the_database_refuses_an_entry_from_an_account_to_itself(buy_in):
    with _refused(match="ledger_entry_accounts_differ"):
        Entry.objects.create(
            debit_account=buy_in.debit_account,
            credit_account=buy_in.debit_account,
            amount_minor=500,
            currency="EUR",
            kind="buy_in",
            game_id=GAME,
            batch=buy_in.batch,
        )
    with _refused(match="ledger_entry_accounts_differ"), connection.cursor() as cursor:
        sql = _COPY_ENTRY.format(amount="amount_minor", credit="debit_account_id")
        cursor.execute(sql, [buy_in.pk])

    assert Entry.objects.count() == 2


# Append-only -----------------------------------------------------------------------------


def _save_changed(entry):
    entry.amount_minor = 1
    entry.save()


def _raw(sql):
    def run(entry):
        with connection.cursor() as cursor:
            cursor.execute(sql, [entry.pk])

    return run


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda e: Entry.objects.filter(pk=e.pk).update(amount_minor=1), id="update"),
        pytest.param(_save_changed, id="save"),
        pytest.param(lambda e: e.delete(), id="delete"),
        pytest.param(lambda e: Entry.objects.all().delete(), id="queryset-delete"),
        pytest.param(
            _raw("UPDATE ledger_entry SET amount_minor = 1 WHERE id = %s"), id="raw-update"
        ),
        pytest.param(_raw("DELETE FROM ledger_entry WHERE id = %s"), id="raw-delete"),
    ],
)
def test_the_database_refuses_to_change_or_remove_an_entry(buy_in, change):
    with _refused(match="ledger entries are append-only"):
        change(buy_in)

    assert _rows() == [
        ("player:11", "pot", 500, "buy_in", None),
        ("player:12", "pot", 500, "buy_in", None),
    ]


def test_a_whole_table_delete_is_refused_too(buy_in):
    with _refused(match="append-only"), connection.cursor() as cursor:
        cursor.execute("DELETE FROM ledger_entry")

    assert Entry.objects.count() == 2


# Reversals -------------------------------------------------------------------------------


def test_a_reversal_mirrors_the_entry_in_a_batch_of_its_own():
    entries = post(ROUND_1, game_id=GAME, currency="EUR", actor="bob")

    reversals = reverse(entries, actor="alice", reason="wrong knocker", request_id="key-9")

    assert [
        (r.debit_account.key, r.credit_account.key, r.amount_minor, r.kind, r.round_number)
        for r in reversals
    ] == [
        ("player:11", "player:12", 150, "knock_premium", 1),
        ("kitty", "player:11", 50, "kitty_in", 1),
    ]
    assert [r.reverses for r in reversals] == entries
    assert len({r.batch for r in reversals} | {e.batch for e in entries}) == 2
    assert {(r.actor, r.reason, r.request_id) for r in reversals} == {
        ("alice", "wrong knocker", "key-9")
    }
    assert balances(GAME) == {"kitty": 0, "player:11": 0, "player:12": 0}


def test_an_entry_is_reversed_at_most_once(buy_in):
    reverse([buy_in], actor="alice", reason="typo")

    with _refused():
        reverse([buy_in], actor="alice", reason="typo, again")

    assert Entry.objects.filter(reverses=buy_in).count() == 1


# Batches ---------------------------------------------------------------------------------


FINAL_SPLIT = [
    Transfer("pot", "player:11", 700, "payout"),
    Transfer("pot", "player:12", 300, "payout"),
]


@pytest.mark.django_db(transaction=True)
def test_a_batch_that_fails_after_its_first_leg_leaves_nothing(buy_in, monkeypatch):
    # A real transaction (no test savepoint around it): what post() commits is what stays.
    before_balances, before_accounts = balances(GAME), Account.objects.count()
    write = Entry.objects.bulk_create

    def first_leg_then_fail(entries, **options):
        write(entries[:1], **options)
        raise OperationalError("the connection broke after the first leg")

    monkeypatch.setattr(Entry.objects, "bulk_create", first_leg_then_fail)

    with pytest.raises(OperationalError):
        post(FINAL_SPLIT, game_id=GAME, currency="EUR")

    assert Entry.objects.count() == 2
    assert balances(GAME) == before_balances
    assert Account.objects.count() == before_accounts


# Balances --------------------------------------------------------------------------------


def test_balances_are_received_minus_paid_and_sum_to_zero(django_assert_num_queries):
    post(BUY_INS, game_id=GAME, currency="EUR")
    post(ROUND_1, game_id=GAME, currency="EUR")
    post(BUY_INS, game_id=OTHER_GAME, currency="EUR")

    with django_assert_num_queries(2):
        result = balances(GAME)

    assert result == {"kitty": 50, "player:11": -400, "player:12": -650, "pot": 1000}
    assert sum(result.values()) == 0


def test_a_game_without_entries_has_no_balances():
    assert balances(GAME) == {}


# Verify ----------------------------------------------------------------------------------


def test_a_ledger_that_holds_the_expected_transfers_verifies():
    post(BUY_INS, game_id=GAME, currency="EUR")
    post(ROUND_1, game_id=GAME, currency="EUR")

    assert verify(GAME, [*BUY_INS, *ROUND_1]) == []


def test_verify_reports_an_expected_transfer_the_ledger_lacks():
    post(BUY_INS, game_id=GAME, currency="EUR")

    assert verify(GAME, [*BUY_INS, ROUND_1[0]]) == [
        "round 1, knock_premium: expected player:12 -> player:11 1.50, the ledger has nothing"
    ]


def test_verify_reports_an_entry_nobody_expected_and_a_wrong_amount():
    post([*BUY_INS, *ROUND_1], game_id=GAME, currency="EUR")
    expected = [*BUY_INS, Transfer("player:12", "player:11", 200, "knock_premium", 1)]

    assert verify(GAME, expected) == [
        "round 1, kitty_in: expected nothing, the ledger has player:11 -> kitty 0.50",
        "round 1, knock_premium: expected player:12 -> player:11 2.00, "
        "the ledger has player:12 -> player:11 1.50",
    ]


def test_verify_counts_reversed_entries_as_gone():
    post(BUY_INS, game_id=GAME, currency="EUR")
    wrong = post(ROUND_1, game_id=GAME, currency="EUR")
    reverse(wrong, actor="alice", reason="the other player knocked")
    right = [Transfer("player:11", "player:12", 150, "knock_premium", 1)]
    post(right, game_id=GAME, currency="EUR")

    assert verify(GAME, [*BUY_INS, *right]) == []
    assert verify(GAME, [*BUY_INS, *ROUND_1]) != []


# Flushing the database (TransactionTestCase, live_server) ---------------------------------


@pytest.mark.django_db(transaction=True)
def test_flush_empties_the_ledger_and_the_triggers_stay(buy_in):
    call_command("flush", interactive=False, verbosity=0)

    assert Entry.objects.count() == 0
    entry = post(BUY_INS, game_id=GAME, currency="EUR")[0]
    with _refused(match="append-only"):
        entry.delete()


# Idempotency keys ------------------------------------------------------------------------


def test_a_user_uses_an_idempotency_key_once(django_user_model):
    bob = django_user_model.objects.create_user("bob")
    IdempotencyKey.objects.create(user=bob, key="key-1", fingerprint="a" * 64)

    with _refused():
        IdempotencyKey.objects.create(user=bob, key="key-1", fingerprint="b" * 64)


# Admin -----------------------------------------------------------------------------------


def test_the_admin_shows_entries_and_changes_none(admin_client, buy_in):
    reverse([buy_in], actor="alice", reason="typo")
    entry_url = f"/admin/ledger/entry/{buy_in.pk}"

    answers = {
        "list": admin_client.get("/admin/ledger/entry/").status_code,
        "search": admin_client.get("/admin/ledger/entry/?q=not-a-number").status_code,
        "view": admin_client.get(f"{entry_url}/change/").status_code,
        "add": admin_client.get("/admin/ledger/entry/add/").status_code,
        "change": admin_client.post(f"{entry_url}/change/", {"amount_minor": 1}).status_code,
        "delete": admin_client.post(f"{entry_url}/delete/", {"post": "yes"}).status_code,
    }

    assert answers == {
        "list": 200,
        "search": 200,
        "view": 200,
        "add": 403,
        "change": 403,
        "delete": 403,
    }
    assert Entry.objects.get(pk=buy_in.pk).amount_minor == 500
