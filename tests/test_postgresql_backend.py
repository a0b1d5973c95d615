"""The health check of a kept PostgreSQL connection asks its socket first
(scorekeeper/postgresql/base.py): a quiet connection is used without a round trip, one the
server has ended is replaced before the request's first query (docs/deploy.md).
test_scale_out.py checks the same through gunicorn, with the server ending every connection."""

import pytest
from django.db import connection, connections

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's own"),
]


@pytest.fixture
def kept():
    """A second connection to the test database, as a worker keeps one between requests,
    with the server asked (`is_usable`) counted."""
    wrapper = connections.create_connection("default")
    asked = []
    real = wrapper.is_usable

    def is_usable():
        asked.append(True)
        return real()

    wrapper.is_usable = is_usable
    wrapper.ensure_connection()
    assert wrapper.health_check_enabled
    yield wrapper, asked
    wrapper.close()


def next_request(wrapper) -> None:
    """What a new request does first: the check is due again (Django's request_started)."""
    wrapper.close_if_unusable_or_obsolete()
    wrapper.close_if_health_check_failed()


def backend_pid(wrapper) -> int:
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def test_a_quiet_kept_connection_is_used_without_asking_the_server(kept):
    wrapper, asked = kept
    pid = backend_pid(wrapper)
    next_request(wrapper)
    assert asked == []
    assert backend_pid(wrapper) == pid  # the same connection, kept


def test_a_connection_the_server_ended_is_replaced_before_the_requests_first_query(kept):
    wrapper, asked = kept
    pid = backend_pid(wrapper)
    with connection.cursor() as cursor:  # as a restart of PostgreSQL would
        cursor.execute("SELECT pg_terminate_backend(%s, 5000)", [pid])
        assert cursor.fetchone()[0] is True
    next_request(wrapper)
    assert asked == [True]  # the socket had something to say: the server was asked
    assert wrapper.connection is None  # and the dead connection let go
    assert backend_pid(wrapper) != pid  # the request's query runs on a new one
