"""A round POST and a correction PUT read the game's row once, under its lock, and bump
its version once (services.lock_game, services/writing.py): the access check and the
write share the row. Counted on the queries themselves, on SQLite and PostgreSQL."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from .api_table import Table

# The game's own table, not scorekeeper_gameimport and the like.
GAME_TABLE = re.compile(r'\b(FROM|JOIN) "scorekeeper_game"(?![\w])')
VERSION_UPDATE = re.compile(r'^UPDATE "scorekeeper_game" SET .*"version" = ')


def game_reads(queries) -> list[str]:
    return [query["sql"] for query in queries
            if query["sql"].startswith("SELECT") and GAME_TABLE.search(query["sql"])]


def version_bumps(queries) -> list[str]:
    return [query["sql"] for query in queries if VERSION_UPDATE.match(query["sql"])]


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


def test_a_round_post_reads_the_game_once_under_its_lock_and_bumps_its_version_once(table):
    # given a game at version v
    version = table.game["version"]
    # when the next round is posted
    with CaptureQueriesContext(connection) as queries:
        response = table.post_round("Ben", Anna=20, Ben=3, Cem=40)
    # then it is entered, the game's row was read once, locked, and its version moved by one
    assert response.status_code == 201, response.json()
    assert response.json()["game"]["version"] == version + 1
    assert response.headers["ETag"] == f'"{version + 1}"'
    assert_read_once_under_lock(queries.captured_queries)


def test_a_round_post_with_an_idempotency_key_reads_the_game_once_too(table):
    with CaptureQueriesContext(connection) as queries:
        response = table.post_round("Ben", Anna=20, Ben=3, Cem=40,
                                    headers={"Idempotency-Key": "round-2"})
    assert response.status_code == 201, response.json()
    assert_read_once_under_lock(queries.captured_queries)


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
    # The role comes with the locked row (services.lock_game); the command's own check of
    # the policy takes it from there instead of reading the membership again.
    with CaptureQueriesContext(connection) as queries:
        response = table.post_round("Ben", Anna=20, Ben=3, Cem=40)
    assert response.status_code == 201, response.json()
    membership_reads = [query["sql"] for query in queries.captured_queries
                        if 'FROM "scorekeeper_membership"' in query["sql"]]
    assert membership_reads == [], membership_reads
