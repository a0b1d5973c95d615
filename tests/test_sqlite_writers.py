"""SQLite's writers queue on a file lock (scorekeeper/sqlite/base.py), never on the busy loop.

Real connections and real commits (transaction=True); only on SQLite.
"""

import fcntl
import threading

import pytest
from django.db import connection, transaction

from scorekeeper.models import Club

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the writers' queue is SQLite's"),
]


def queue_is_free() -> bool:
    """Whether a writer could join the queue right now (tried without waiting)."""
    with open(f"{connection.settings_dict['NAME']}.writers", "a+b") as queue:
        try:
            fcntl.flock(queue, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(queue, fcntl.LOCK_UN)
        return True


def test_a_transaction_holds_the_queue_until_it_commits():
    assert queue_is_free()
    with transaction.atomic():
        Club.objects.create(name="Ottakring")
        assert not queue_is_free()
    assert queue_is_free()
    assert Club.objects.filter(name="Ottakring").exists()


def test_a_failed_transaction_leaves_the_queue_free_and_writes_nothing():
    with pytest.raises(ZeroDivisionError), transaction.atomic():
        Club.objects.create(name="Ottakring")
        1 / 0  # noqa: B018
    assert queue_is_free()
    assert not Club.objects.exists()


def test_a_second_writer_begins_only_after_the_first_commits():
    # given a writer inside its transaction
    order = []
    inside, go_on = threading.Event(), threading.Event()

    def first():
        try:
            with transaction.atomic():
                Club.objects.create(name="first")
                inside.set()
                go_on.wait(10)
                order.append("first commits")
        finally:
            connection.close()

    def second():
        try:
            inside.wait(10)
            with transaction.atomic():
                order.append("second begins")
                Club.objects.create(name="second")
        finally:
            connection.close()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    # when the second writer has had time to arrive, and the first then commits
    inside.wait(10)
    threads[1].join(0.3)
    assert threads[1].is_alive()  # waiting in the queue, with no error
    go_on.set()
    for thread in threads:
        thread.join(10)
    # then the second began after the first committed, and both are written
    assert order == ["first commits", "second begins"]
    assert set(Club.objects.values_list("name", flat=True)) == {"first", "second"}
