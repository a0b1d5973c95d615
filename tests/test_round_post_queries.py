"""A round POST reads the game's row once, with its seats, before its transaction, and
stores the round in a transaction that bumps the version only while it is the version read
(services.read_game, plan_round, store_round; docs/reliability.md, "Entering a round"). A
correction PUT reads the row once under its lock (services.lock_game). Both bump the
version once. Counted on the queries themselves, on SQLite and PostgreSQL."""

import re
from contextlib import contextmanager

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from .api_table import Table, errors

# The game's own table, not scorekeeper_gameimport and the like.
GAME_TABLE = re.compile(r'\b(FROM|JOIN) "scorekeeper_game"(?![\w])')
SEAT_TABLE = re.compile(r'\b(FROM|JOIN) "scorekeeper_seat"(?![\w])')
VERSION_UPDATE = re.compile(r'^UPDATE "scorekeeper_game" SET .*"version" = ')


def game_reads(queries) -> list[str]:
    return [query["sql"] for query in queries
            if query["sql"].startswith("SELECT") and GAME_TABLE.search(query["sql"])]


def version_bumps(queries) -> list[str]:
    return [query["sql"] for query in queries if VERSION_UPDATE.match(query["sql"])]


@contextmanager
def transaction_depths():
    """(sql, depth) of each query: how many transactions (atomic blocks) were open beyond
    those open when the block began (the test's own)."""
    seen, base = [], len(connection.atomic_blocks)

    def record(execute, sql, params, many, context):
        seen.append((sql, len(connection.atomic_blocks) - base))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        yield seen


@pytest.fixture
def table(as_alice) -> Table:
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    table.knock("Anna", Anna=2, Ben=30, Cem=40)
    return table


def assert_read_once_under_lock(queries):
    reads = game_reads(queries)
    assert len(reads) == 1, reads
    if connection.features.has_select_for_update:
        assert "FOR UPDATE" in reads[0]
    assert len(version_bumps(queries)) == 1


def assert_planned_before_the_transaction(seen, version: int):
    """The game's row read once, outside any transaction; inside, the one UPDATE of it
    names the version read, and nothing reads the row again."""
    reads = [(sql, depth) for sql, depth in seen
             if sql.startswith("SELECT") and GAME_TABLE.search(sql)]
    assert len(reads) == 1, reads
    assert reads[0][1] == 0 and "FOR UPDATE" not in reads[0][0], reads
    # the seats and their players come with the row
    seat_reads = [sql for sql, _ in seen if sql.startswith("SELECT") and SEAT_TABLE.search(sql)]
    assert seat_reads == [reads[0][0]], seat_reads
    bumps = [(sql, depth) for sql, depth in seen if VERSION_UPDATE.match(sql)]
    assert len(bumps) == 1, bumps
    sql, depth = bumps[0]
    assert depth >= 1, "the version is bumped inside the write's transaction"
    assert re.search(r'WHERE .*"version" = ', sql), sql


def test_a_round_post_reads_the_game_once_before_its_transaction_and_bumps_its_version_once(
        table):
    # given a game at version v
    version = table.game["version"]
    # when the next round is posted
    with transaction_depths() as seen:
        response = table.post_round("Ben", Anna=20, Ben=3, Cem=40)
    # then it is entered; the game's row was read once, before the write's transaction,
    # and its version moved by one, only from the version read
    assert response.status_code == 201, response.json()
    assert response.json()["game"]["version"] == version + 1
    assert response.headers["ETag"] == f'"{version + 1}"'
    assert_planned_before_the_transaction(seen, version)


def test_a_round_post_with_an_idempotency_key_reads_the_game_once_too(table):
    version = table.game["version"]
    with transaction_depths() as seen:
        response = table.post_round("Ben", Anna=20, Ben=3, Cem=40,
                                    headers={"Idempotency-Key": "round-2"})
    assert response.status_code == 201, response.json()
    assert_planned_before_the_transaction(seen, version)
    # the key is stored in the write's transaction, not before it
    keys = [depth for sql, depth in seen
            if sql.startswith("INSERT") and "_idempotencykey" in sql]
    assert keys and keys[0] >= 1, keys
    # and the key's transaction is the write's own: the round takes no savepoint inside it
    # (the one here is the key's, nested in the test's transaction; in production, BEGIN)
    savepoints = [sql for sql, _ in seen if sql.startswith("SAVEPOINT")]
    assert len(savepoints) == 1, savepoints


def test_the_answer_is_made_before_the_transaction_and_is_the_game_a_read_then_gives(
        table, monkeypatch):
    # The answer is worked out from the game as the round will leave it (commands.PlannedRound
    # .after()), so that the lock is held only to write (docs/reliability.md, 33).
    from scorekeeper.api import serializers

    base, depths = len(connection.atomic_blocks), []
    made = serializers.data_of

    def watched(serializer_class, instance, **options):
        if serializer_class is serializers.RoundWithGameSerializer:
            depths.append(len(connection.atomic_blocks) - base)
        return made(serializer_class, instance, **options)

    monkeypatch.setattr(serializers, "data_of", watched)
    response = table.post_round("Ben", Anna=20, Ben=3, Cem=40,
                                headers={"Idempotency-Key": "round-2"})
    assert response.status_code == 201, response.json()
    assert depths == [0]
    answer = response.json()
    assert answer["game"] == table.get("")
    assert answer == {**table.get("rounds/2/"), "game": answer["game"]}


def test_the_writes_sql_is_made_before_the_transaction_which_only_runs_it(table, monkeypatch):
    # The version's UPDATE and the INSERTs of the round, its hands and its ledger entries
    # are built before the lock (ledger/statements.py); the transaction runs them.
    from ledger import statements

    base, made = len(connection.atomic_blocks), []

    def watched(build):
        def building(*args, **kwargs):
            built = build(*args, **kwargs)
            made.extend((statement.sql.split()[0], len(connection.atomic_blocks) - base)
                        for statement in (built if isinstance(built, list) else [built]))
            return built
        return building

    monkeypatch.setattr(statements.Insert, "rows", watched(statements.Insert.rows))
    monkeypatch.setattr(statements, "update", watched(statements.update))

    with transaction_depths() as seen:
        response = table.post_round("Ben", Anna=20, Ben=3, Cem=40,
                                    headers={"Idempotency-Key": "round-2"})
    assert response.status_code == 201, response.json()
    # made outside any transaction: the UPDATE, the round's, the hands' and the entries';
    # only the idempotency key's INSERT is made inside, as it stores the answer the write
    # gave (which another write coming first would change)
    assert sorted(made) == [("INSERT", 0)] * 3 + [("INSERT", 1), ("UPDATE", 0)]
    # and each of them ran inside it, once
    ran = [(sql.split()[:3], depth) for sql, depth in seen
           if sql.startswith(("INSERT", "UPDATE")) and "_idempotencykey" not in sql]
    assert [words[2] if words[0] == "INSERT" else words[1] for words, _ in ran] == [
        '"scorekeeper_game"', '"scorekeeper_round"', '"scorekeeper_hand"', '"ledger_entry"']
    assert all(depth >= 1 for _, depth in ran), ran


def test_the_game_foreseen_has_the_planned_round_before_it_is_stored_as_it_is_read_back(
        table, alice):
    from scorekeeper import services
    from scorekeeper.models import Round

    hands = [services.HandInput(hand["player"], hand["deadwood"])
             for hand in table.hands(Anna=20, Ben=3, Cem=40)]
    planned = services.plan_round(services.load_game(table.id), number=2,
                                  ender=table.ids["Ben"], hands=hands, user=alice)
    # the foreseen game's facts, read now, hold round 2; nothing is stored yet
    after = planned.after()
    assert [facts.number for facts in after.rounds] == [1, 2]
    assert Round.objects.filter(game_id=table.id).count() == 1
    services.store_round(planned)
    # stored, the round reads back as it was foreseen (its time, hands and all)
    stored = services.load_game(table.id)
    assert stored.game.version == after.game.version
    assert stored.rounds == after.rounds


def test_a_correction_reads_the_game_once_under_its_lock_and_bumps_its_version_once(table):
    version = table.game["version"]
    body = {"ender": table.ids["Ben"], "reason": "typo",
            "hands": table.hands(Anna=20, Ben=3, Cem=40)}
    with CaptureQueriesContext(connection) as queries:
        response = table.client.put(f"{table.url}rounds/1/", body, format="json",
                                    headers={"If-Match": f'"{version}"'})
    assert response.status_code == 200, response.json()
    assert response.headers["ETag"] == f'"{version + 1}"'
    assert_read_once_under_lock(queries.captured_queries)


def test_a_refused_round_post_writes_nothing_and_bumps_no_version(table, as_carol, as_mallory):
    # a reader is told no (403), a stranger finds nothing (404), as the policy says
    body = {"number": 2, "ender": table.ids["Ben"], "hands": table.hands(Anna=20, Ben=3, Cem=40)}
    for client, status in ((as_carol, 403), (as_mallory, 404)):
        with CaptureQueriesContext(connection) as queries:
            response = client.post(f"{table.url}rounds/", body, format="json")
        assert response.status_code == status
        assert version_bumps(queries.captured_queries) == []


def test_the_access_check_asks_the_callers_role_with_the_games_row_only(table):
    # The role comes with the game's row (services.read_game); the command's own check of
    # the policy takes it from there instead of reading the membership again.
    with CaptureQueriesContext(connection) as queries:
        response = table.post_round("Ben", Anna=20, Ben=3, Cem=40)
    assert response.status_code == 201, response.json()
    membership_reads = [query["sql"] for query in queries.captured_queries
                        if 'FROM "scorekeeper_membership"' in query["sql"]]
    assert membership_reads == [], membership_reads


# --- Another write between the plan and the store -------------------------------------------


@pytest.fixture
def meanwhile(monkeypatch):
    """Run `then()` right after the POST has worked its round out, before it stores it: as
    if another phone's write landed in between."""
    import scorekeeper.services as services

    real = services.plan_round
    pending = []

    def plan_then_interleave(*args, **kwargs):
        planned = real(*args, **kwargs)
        while pending:
            pending.pop()()
        return planned

    monkeypatch.setattr(services, "plan_round", plan_then_interleave)
    return pending.append


# With a key the round is stored inside the key's transaction, without a savepoint of its
# own; without one, in a transaction of its own. Both must fail whole, or work out again.
WITH_AND_WITHOUT_A_KEY = pytest.mark.parametrize("headers", [{}, {"Idempotency-Key": "late"}])


@WITH_AND_WITHOUT_A_KEY
def test_a_round_taken_meanwhile_is_a_409_and_stays_the_first_phones(
        table, as_alice, meanwhile, headers):
    # given another phone that enters round 2 after this POST worked its own round 2 out
    other = Table(as_alice, table.game)
    meanwhile(lambda: other.knock("Ben", Anna=20, Ben=3, Cem=40))
    # when this POST stores its round 2
    response = table.post_round("Cem", Anna=5, Ben=30, Cem=2, headers=headers)
    # then it is told that round 2 is taken, and the other phone's round 2 stands alone
    assert response.status_code == 409, response.json()
    assert errors(response) == [
        ("number", "stale_round", "Round 2 cannot be entered: the next round is 3")]
    rounds = table.get("rounds/")
    assert [r["number"] for r in rounds] == [1, 2]
    assert table.refresh()["version"] == other.game["version"]
    table.check_books()


@WITH_AND_WITHOUT_A_KEY
def test_a_correction_meanwhile_is_counted_before_the_new_round(
        table, as_alice, meanwhile, headers):
    # given a correction of round 1 that lands after this POST worked round 2 out on the
    # uncorrected round 1
    other = Table(as_alice, table.game)
    corrected = []
    meanwhile(lambda: corrected.append(
        other.correct(1, "Anna", reason="typo", Anna=2, Ben=60, Cem=40)))
    # when round 2 is stored
    response = table.post_round("Ben", Anna=20, Ben=3, Cem=40, headers=headers)
    # then it is worked out again under the lock: on the corrected round 1
    assert corrected[0].status_code == 200, corrected[0].json()
    assert response.status_code == 201, response.json()
    game = response.json()["game"]
    assert game["version"] == corrected[0].json()["game"]["version"] + 1
    totals = {player["name"]: player["total"] for player in game["players"]}
    assert totals == {"Anna": 2 + 20, "Ben": 60 + 3, "Cem": 40 + 40}  # not 30 + 3
    table.check_books()
