"""What the schema fuzzing (tests/test_api_fuzz.py) and the stateful walk of linked calls
(tests/test_api_stateful_links.py) share: alice's world of real objects, the aiming of
generated requests at it, and WSGI calls inside the test's transaction.

A module of its own, so that the walk does not load the fuzzing's two schemas.
"""

import zlib

import pytest
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from schemathesis.core.parameters import ParameterLocation

from scorekeeper.models import ApiToken, TableSession
from tests.api_table import Table


@pytest.fixture
def world(as_alice, alice, club):
    """alice's club with a running game (one round in), a table session, and her token."""
    table = Table.start(as_alice, ["Anna", "Ben", "Cem", "Dora"])
    table.knock("Anna", Anna=3, Ben=20, Cem=30, Dora=40)
    return {
        "token": ApiToken.objects.create(user=alice)[1],
        "club_id": club.pk,
        "game_id": table.id,
        "session_id": TableSession.objects.create(club=club, name="Freitag").pk,
        "number": 1,
        "players": list(table.ids.values()),
    }


def _pick(case_part, salt: str) -> int:
    """A stable choice per generated value, so that a failing example replays the same."""
    return zlib.crc32(f"{salt}{case_part!r}".encode())


def aim(case, world) -> None:
    """Point two of three requests at alice's real club, game, session and players.

    Random ids almost never exist, so without this every object URL would only ever
    answer 404. Only the valid parts of a case are aimed: an invalid part stays invalid.
    """
    if case.meta is None:
        return
    params = case.path_parameters or {}
    if params and not case.meta.is_negative_at(ParameterLocation.PATH) and _pick(params, "p") % 3:
        for name in params:
            if name in world:
                params[name] = world[name]
    body = case.body
    if isinstance(body, dict) and not case.meta.is_negative_at(ParameterLocation.BODY) \
            and _pick(body, "b") % 3:
        players = world["players"]
        for key, value in body.items():
            if key in ("player", "ender") and isinstance(value, int):
                body[key] = players[_pick(value, key) % len(players)]
            elif key in ("club", "session") and isinstance(value, int):
                body[key] = world[f"{key}_id"]
        for index, hand in enumerate(body.get("hands") or []):
            if isinstance(hand, dict) and isinstance(hand.get("player"), int):
                hand["player"] = players[index % len(players)]


@pytest.fixture
def wsgi_in_test_transaction():
    """Calls to the bare WSGI app run inside the test's transaction: Django's request
    signals would otherwise close the connection (and roll back the test) per request."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)
