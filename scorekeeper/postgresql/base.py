"""PostgreSQL whose per-request health check asks the socket before the server.

With CONN_HEALTH_CHECKS, Django sends `SELECT 1` before the first query of every request
that reuses a connection: a round trip, and a statement for the server, in front of each
request (a few percent of the round POSTs a second, docs/performance.md). A connection
the server has ended (a restart, `pg_terminate_backend`, a proxy's idle timeout) has
said so on its socket already: the server's last words and the end of the stream are
waiting to be read. So when the idle connection's socket has nothing to read, the check
is passed without a round trip; when it has anything, Django's own check runs (the
`SELECT 1`) and a connection that fails it is replaced before the request's first query.

A server that vanished without a word (its machine lost power) is not found this way: the
request's first query fails, the request is answered 503 with nothing written, and Django
replaces the connection after it (after an error it asks the server itself, as before:
close_if_unusable_or_obsolete is not changed here). `SELECT 1` finds that case only once
the machine is back and resets the old connection; while it is away, `SELECT 1` waits for
TCP to give up just as the query does.
"""

import select

from django.db.backends.postgresql import base
from psycopg import pq


class DatabaseWrapper(base.DatabaseWrapper):
    def close_if_health_check_failed(self):
        if (self.health_check_enabled and not self.health_check_done
                and self.connection is not None and self._quiet()):
            self.health_check_done = True
            return
        super().close_if_health_check_failed()

    def _quiet(self) -> bool:
        """The connection is open, idle and has nothing waiting to be read."""
        connection = self.connection
        if connection.closed or connection.info.transaction_status != pq.TransactionStatus.IDLE:
            return False
        # poll(), not select(): no limit on the descriptor's number; a hang-up or an error
        # on the socket is reported too, and asks the server as well.
        poller = select.poll()
        try:
            poller.register(connection.fileno(), select.POLLIN)
            return not poller.poll(0)
        except (OSError, ValueError):
            return False
