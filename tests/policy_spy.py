"""Whether a request asked the access policy (scorekeeper.services.policy): the access
matrices check that every route does, not only that it answers as the table says."""

from contextlib import contextmanager
from unittest import mock

from scorekeeper.services import policy

# What a route asks: a check, or the lists and the share link the policy alone draws.
QUESTIONS = ("check", "visible_clubs", "visible_games", "clubs_where", "shared_game")


@contextmanager
def asking():
    """A list that each question to the policy appends its name to, while inside."""
    asked: list[str] = []

    def spy(name, real):
        def asked_then_real(*args, **kwargs):
            asked.append(name)
            return real(*args, **kwargs)
        return asked_then_real

    spies = {name: spy(name, getattr(policy, name)) for name in QUESTIONS}
    with mock.patch.multiple(policy, **spies):
        yield asked
