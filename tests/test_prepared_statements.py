"""On PostgreSQL a statement that a connection runs again is planned once and kept (psycopg's
prepared statements, server-side binding), unless DATABASE_PREPARED_STATEMENTS=0 turns them
off for a pooler that cannot keep them (scorekeeper/settings.py; docs/deploy.md)."""

import json
import os

import pytest
from django.db import connection

from ledger.models import Account
from tests.test_deploy import run

PROBE = """
import json
from django.conf import settings
print(json.dumps(settings.DATABASES["default"].get("OPTIONS", {})))
"""


def database_options(**env) -> dict:
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("DATABASE_URL", "DATABASE_PREPARED_STATEMENTS")}
    result = run(["-c", PROBE],
                 {**environment, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", **env})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_postgresql_prepares_statements_unless_the_environment_says_no():
    url = "postgres://scorekeeper@db.example:5432/scorekeeper"  # read, never reached
    assert database_options(DATABASE_URL=url) == {
        "server_side_binding": True, "prepare_threshold": 5}
    assert database_options(DATABASE_URL=url, DATABASE_PREPARED_STATEMENTS="0") == {}
    # SQLite has nothing of the kind.
    assert "prepare_threshold" not in database_options()


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's own")
def test_a_statement_run_again_is_kept_planned_by_the_server():
    for _ in range(6):
        assert list(Account.objects.filter(key="nobody's")) == []
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        kept = [row[0] for row in cursor.fetchall()]
    assert any('FROM "ledger_account"' in statement for statement in kept), kept
