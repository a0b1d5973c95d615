"""Requests at the same moment, each on a connection of its own (the tests that commit for
real: `django_db(transaction=True)`), so that the database's locks keep them apart."""

import threading
from concurrent.futures import ThreadPoolExecutor

from django.db import connection


def together(calls):
    """Run each call() in its own thread with its own connection, all released at once;
    their results in order. .result() re-raises what a thread raised: the test client
    raises on a 500, so a deadlock or a lost lock fails the test."""
    barrier = threading.Barrier(len(calls))

    def run(call):
        try:
            barrier.wait(timeout=10)
            return call()
        finally:
            connection.close()

    with ThreadPoolExecutor(len(calls)) as pool:
        futures = [pool.submit(run, call) for call in calls]
        return [future.result(timeout=60) for future in futures]
