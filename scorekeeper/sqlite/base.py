"""SQLite with its writers queued on an operating-system lock.

Every transaction here begins IMMEDIATE: it takes SQLite's one write lock at BEGIN.
A writer that finds the lock taken is left to SQLite's busy handler, which sleeps
and retries with growing pauses (up to 100 ms each), so under several gunicorn
workers a write could wait a second while the lock stood free most of that time.
Here a writer first waits on an exclusive flock of a file next to the database;
the kernel wakes it the moment the writer before it commits or rolls back.

Reads outside a transaction take no lock (WAL lets them run beside a writer). A
lone statement that writes outside a transaction skips the queue and meets the
busy handler, as before.
"""

import fcntl

from django.db.backends.sqlite3 import base


class DatabaseWrapper(base.DatabaseWrapper):
    _queue_file = None
    _queued = False

    def _start_transaction_under_autocommit(self):
        self._join_queue()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._leave_queue()
            raise

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._leave_queue()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._leave_queue()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._leave_queue()
            if self._queue_file is not None:
                self._queue_file.close()
                self._queue_file = None

    def _join_queue(self) -> None:
        if self.is_in_memory_db() or self._queued:
            return
        if self._queue_file is None:
            self._queue_file = open(f"{self.settings_dict['NAME']}.writers", "a+b")  # noqa: SIM115
        fcntl.flock(self._queue_file, fcntl.LOCK_EX)
        self._queued = True

    def _leave_queue(self) -> None:
        if self._queued:
            fcntl.flock(self._queue_file, fcntl.LOCK_UN)
            self._queued = False
