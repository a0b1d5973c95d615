"""Property-based fuzzing of the whole OpenAPI schema (docs/reliability.md 19).

schemathesis reads /api/v1/schema/ from the WSGI application in-process and,
for every operation, sends generated requests, valid ones and invalid ones, as
the organiser of a club that has a running game, so that ids sometimes hit real
objects. Every answer must be free of server errors, conform to the schema and
to the status codes the operation declares, and invalid input must be refused.

/api/v2/ serves the same operations through the same views (tests/test_api_v2.py); what it
does its own way, its lists, is fuzzed against /api/v2/schema/ too: every GET that answers
a page, with its `page` and `page_size`.
"""

import zlib

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connection
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    ignored_auth,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    use_after_free,
)

from scorekeeper.models import ApiToken, TableSession
from scorekeeper.wsgi import application
from tests.api_table import Table

# The fuzzing phase's random cases: a seed for each database, so that the two passes of
# `make test` (SQLite, then PostgreSQL) send different ones, 26 an operation between them
# where each sent the same 25 before; the coverage phase's cases (the edges of every field,
# where the two databases differ most) go to both. Seeded: the same cases on every run of a
# database, so CI is stable; new findings come from changing a seed or the number on a
# developer's machine.
SEEDS = {"sqlite": 20261019, "postgresql": 20261020}
EXAMPLES_PER_DATABASE = 13
SETTINGS = {
    "seed": SEEDS[connection.vendor],
    "generation": {"max-examples": EXAMPLES_PER_DATABASE, "deterministic": True,
                   "with-security-parameters": False},
    "operations": [{
        # The import document has so many fields that the coverage phase alone would send
        # some 2,000 requests (40 s); the fuzzing phase still sends it valid and invalid
        # documents.
        "include-path": "/api/v1/clubs/{club_id}/import/",
        "phases": {"coverage": {"enabled": False}},
    }],
}
CONFIG = schemathesis.Config.from_dict(SETTINGS)
# /v2: its lists only, the operations whose id ends in _list. (schemathesis 4.32's
# `schema.include()` selects nothing here: every operation stays in; this setting does.)
V2_LISTS = schemathesis.Config.from_dict({**SETTINGS, "operations": [
    {"exclude-operation-id-regex": "_list$", "enabled": False}]})
schema = schemathesis.openapi.from_wsgi("/api/v1/schema/", application, config=CONFIG)
v2_lists = schemathesis.openapi.from_wsgi("/api/v2/schema/", application, config=V2_LISTS)

# The checks of docs/reliability.md 19. ignored_auth sends each request again without the token
# and with a wrong one (it must then be refused); use_after_free watches DELETEs.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
    negative_data_rejection,
    ignored_auth,
    use_after_free,
]


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


@schema.parametrize()
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_api_conforms_to_its_schema(case, world, wsgi_in_test_transaction):
    aim(case, world)
    case.call_and_validate(headers={"Authorization": f"Token {world['token']}"}, checks=CHECKS)


@v2_lists.parametrize()
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_v2_lists_conform_to_their_schema(case, world, wsgi_in_test_transaction):
    aim(case, world)
    case.call_and_validate(headers={"Authorization": f"Token {world['token']}"}, checks=CHECKS)
