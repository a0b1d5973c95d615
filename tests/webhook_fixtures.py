"""The webhook tests' fixtures, loaded with `pytest_plugins = ["tests.webhook_fixtures"]`: a
running receiver (tests/webhook_support.py) and a block after which on-commit callbacks run."""

import pytest

from tests.webhook_support import Receiver


@pytest.fixture
def receiver():
    running = Receiver()
    yield running
    running.stop()


@pytest.fixture
def committing(django_capture_on_commit_callbacks):
    """A block after which the transaction's on-commit callbacks run, as after a commit."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
